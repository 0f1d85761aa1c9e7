/**
 * The saved channel list follows what happens on the wire: our JOIN saves the channel (with
 * the key the user gave for it), our PART forgets it. A KICK keeps it, as irssi and The Lounge
 * do: being kicked is not the user choosing to leave, and the next connect rejoins.
 *
 * @module
 */
import type { EventBus } from "../bus/mod.ts";
import { casefold } from "../core/mod.ts";
import type { NetworkStore } from "../storage/mod.ts";

/** Keys of joins the server has not confirmed yet; the oldest is dropped beyond this. */
const MAX_PENDING_KEYS = 256;

/** What {@linkcode Autojoin} needs. */
export interface AutojoinOptions {
  /** The bus whose `user.joined` and `user.parted` it follows. */
  bus: EventBus;
  /** Where the channels are saved. */
  store: NetworkStore;
  /** Our current nickname on a network, when connected. */
  nickOf(networkId: number): string | undefined;
  /** Reports a channel that could not be saved. */
  onError(error: unknown): void;
}

/** Keeps every network's saved channels in step with our joins and parts. */
export class Autojoin implements Disposable {
  readonly #store: NetworkStore;
  readonly #nickOf: (networkId: number) => string | undefined;
  readonly #keys = new Map<string, string>();
  readonly #off: (() => void)[];

  /** Starts following the bus. */
  constructor(options: AutojoinOptions) {
    this.#store = options.store;
    this.#nickOf = options.nickOf;
    const { bus, onError } = options;
    this.#off = [
      bus.subscribe("user.joined", ({ data }) => {
        if (!this.#isMe(data.networkId, data.nickname)) return;
        const pending = slot(data.networkId, data.channel);
        const key = this.#keys.get(pending);
        this.#keys.delete(pending);
        try {
          this.#store.saveChannel(data.networkId, { name: data.channel, key });
        } catch (error) {
          onError(error);
        }
      }),
      bus.subscribe("user.parted", ({ data }) => {
        if (this.#isMe(data.networkId, data.nickname)) {
          this.#store.removeChannel(data.networkId, data.channel);
        }
      }),
    ];
  }

  /** The user asks to join `channel` with `key`: saved with it once the server confirms. */
  joining(networkId: number, channel: string, key: string | undefined): void {
    if (key === undefined || key === "") return;
    const pending = slot(networkId, channel);
    this.#keys.delete(pending);
    this.#keys.set(pending, key);
    if (this.#keys.size > MAX_PENDING_KEYS) this.#keys.delete(this.#keys.keys().next().value!);
  }

  /** Joins every saved channel of a network, with its key (after it connected). */
  joinSaved(networkId: number, client: { join(channel: string, key?: string): void }): void {
    for (const { name, key } of this.#store.channels(networkId)) client.join(name, key);
  }

  /** Stops following the bus. */
  [Symbol.dispose](): void {
    for (const off of this.#off) off();
  }

  #isMe(networkId: number, nick: string): boolean {
    const me = this.#nickOf(networkId);
    return me !== undefined && casefold(me) === casefold(nick);
  }
}

function slot(networkId: number, channel: string): string {
  return `${networkId} ${casefold(channel)}`;
}
