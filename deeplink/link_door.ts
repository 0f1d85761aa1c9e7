/**
 * The link door opened before the client that handles its links exists: a launcher opens it
 * with the page's server, before it prints the address, so a later launch that sees the
 * address (or the token file) always finds a running instance to hand its link to, while
 * the rest of the client still loads.
 *
 * @module
 */
import { parseLink } from "./deep_link_handler.ts";
import { type LinkListener, listenForLinks } from "./single_instance.ts";

/** Links a door holds at most before its client takes them; more are refused. */
export const MAX_WAITING_LINKS = 64;

/** Options of {@linkcode LinkDoor.open}. */
export interface LinkDoorOptions {
  /** The client's data dir; the token file is written there. */
  dataDir: string;
  /** Receives errors of single connections, and of waiting links the client refused. */
  onError?: (error: Error) => void;
}

/**
 * Listens for handed-off links at once ({@linkcode listenForLinks}) and holds each valid one,
 * in order, until {@linkcode LinkDoor.accept} names who handles them. An invalid link is
 * refused at once, with its `IrcUrlError` or `JsrLinkError`, as a started client refuses it.
 *
 * @example
 * ```ts ignore
 * await using door = await LinkDoor.open({ dataDir: "/tmp/ircbus" });
 * console.log("ircbus is running"); // a later launch hands its link to this door
 * door.accept((raw) => handler.handle(raw)); // the links that came meanwhile, then the rest
 * ```
 */
export class LinkDoor implements AsyncDisposable {
  #listener?: LinkListener;
  #waiting: string[] = [];
  #onLink?: (raw: string) => unknown;
  #onError: (error: Error) => void;

  private constructor(onError: (error: Error) => void) {
    this.#onError = onError;
  }

  /** Opens the door: the token file names it once this resolves. */
  static async open(options: LinkDoorOptions): Promise<LinkDoor> {
    const door = new LinkDoor(options.onError ?? (() => {}));
    door.#listener = await listenForLinks({
      dataDir: options.dataDir,
      onLink: (raw) => door.#receive(raw),
      onError: door.#onError,
    });
    return door;
  }

  /** The loopback port it listens on. */
  get port(): number {
    return this.#opened().port;
  }

  /** The token file it wrote. */
  get tokenFile(): string {
    return this.#opened().tokenFile;
  }

  #opened(): LinkListener {
    if (!this.#listener) throw new Error("Cannot use the link door: it is not open");
    return this.#listener;
  }

  #receive(raw: string): unknown {
    if (this.#onLink) return this.#onLink(raw);
    // Checked now, so the launch that sent it hears of a bad link as from a started client.
    parseLink(raw);
    if (this.#waiting.length >= MAX_WAITING_LINKS) {
      throw new Error(
        `Cannot accept link: ${MAX_WAITING_LINKS} links already wait for the client to start`,
      );
    }
    this.#waiting.push(raw);
    return undefined;
  }

  /**
   * Names who handles the links: those that waited first, in order, then each as it comes.
   * Throws if the door already has a handler.
   */
  accept(onLink: (raw: string) => unknown): void {
    if (this.#onLink) throw new Error("Cannot accept links twice on one link door");
    this.#onLink = onLink;
    for (const raw of this.#waiting.splice(0)) {
      try {
        onLink(raw);
      } catch (error) {
        this.#onError(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  /** Stops listening and removes the token file (if still ours). */
  async close(): Promise<void> {
    await this.#listener?.close();
  }

  /** Closes it, as {@linkcode LinkDoor.close}. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
