/**
 * The open pages: each page's socket, what is broadcast to all of them, the frontend events
 * (`deeplink:*`) kept for the first page that says it is ready, and the edge where every
 * frame a page sends is checked before it becomes an action.
 *
 * @module
 */
import type { FrontendTransport } from "../deeplink/mod.ts";
import { type Action, MAX_PENDING, parseAction, type ServerMessage } from "../core/mod.ts";
import type { ServerWebSocket as PageSocket } from "../net/mod.ts";
import { errorMessage } from "../common/mod.ts";

/** Frontend frames kept while no page is open, oldest dropped first beyond this. */
const FRONTEND_QUEUE = 256;
/**
 * Requests (actions with an id) of one page under way at most: the page's own transport never
 * has more waiting, so only a page that is not ours goes past it, and gets an error per
 * action.
 */
const MAX_IN_FLIGHT = MAX_PENDING;
/**
 * Actions without an id (focus, read marks) under way at most, counted apart: the page sends
 * them beside its requests, so they must not be refused because requests wait.
 */
const MAX_NOTICES_IN_FLIGHT = 64;

/** One open page. */
interface Page {
  socket: PageSocket;
  ready: boolean;
}

/**
 * Options of {@linkcode PageHub}.
 *
 * @example
 * ```ts
 * import type { PageHubOptions } from "./page_hub.ts";
 * const perform: PageHubOptions["perform"] = (action) => Promise.resolve(action.kind);
 * ```
 */
export interface PageHubOptions {
  /** The first message a page gets: the whole state. */
  hello: () => ServerMessage;
  /** Runs one checked action; what it resolves to is the reply's `result`. */
  perform: (action: Action) => Promise<unknown>;
}

/**
 * The open pages and the frames between them and the backend. A frame from a page is checked
 * with `parseAction` before anything reads it; a bad frame gets a typed error back.
 *
 * @example
 * ```ts
 * import { PageHub } from "./page_hub.ts";
 * const hub = new PageHub({
 *   hello: () => ({ kind: "networks", networks: [] }),
 *   perform: () => Promise.resolve(null),
 * });
 * hub.broadcast({ kind: "networks", networks: [] }); // no page open: nothing is serialized
 * console.log(hub.size); // 0
 * ```
 */
export class PageHub {
  #pages = new Set<Page>();
  #frontendQueue: string[] = [];
  #options: PageHubOptions;

  /** Frontend events go to the newest page that said ready; kept while none did. */
  readonly transport: FrontendTransport = {
    send: (frame) => {
      const ready = [...this.#pages].filter((p) => p.ready);
      if (ready.length === 0) {
        this.#frontendQueue.push(frame);
        if (this.#frontendQueue.length > FRONTEND_QUEUE) this.#frontendQueue.shift();
        return;
      }
      // One page acts on a link (the newest ready one), so two tabs never join twice.
      ready[ready.length - 1].socket.send(`{"kind":"frontend","event":${frame}}`);
    },
    listen: () => () => {},
  };

  /** Holds no page until {@linkcode PageHub.add} is called. */
  constructor(options: PageHubOptions) {
    this.#options = options;
  }

  /** How many pages are open. */
  get size(): number {
    return this.#pages.size;
  }

  /** Sends `message` to every open page (serialized only when one is open). */
  broadcast(message: ServerMessage): void {
    if (this.#pages.size === 0) return;
    const frame = JSON.stringify(message);
    for (const page of this.#pages) page.socket.send(frame);
  }

  /** Takes a new page: sends it the hello, then answers its actions. */
  add(socket: PageSocket): void {
    const page: Page = { socket, ready: false };
    this.#pages.add(page);
    socket.send(JSON.stringify(this.#options.hello()));
    socket.onClose(() => this.#pages.delete(page));
    let requests = 0;
    let notices = 0;
    const fail = (message: string, id: number | undefined) => {
      if (!socket.isOpen) return;
      socket.send(JSON.stringify(
        id === undefined
          ? { kind: "error", code: "failed", message }
          : { kind: "error", code: "failed", message, id },
      ));
    };
    socket.onMessage((data) => {
      const parsed = parseAction(data);
      if (!parsed.ok) {
        socket.send(JSON.stringify(parsed.error));
        return;
      }
      const action = parsed.action;
      const request = action.id !== undefined;
      const busy = request ? requests : notices;
      if (busy >= (request ? MAX_IN_FLIGHT : MAX_NOTICES_IN_FLIGHT)) {
        return fail(
          `Cannot accept action: ${busy} actions are already in flight, got ${action.kind}`,
          action.id,
        );
      }
      if (action.kind === "ready") this.#ready(page);
      const done = request ? () => requests-- : () => notices--;
      if (request) requests++;
      else notices++;
      this.#options.perform(action).then(
        (result) => {
          done();
          // A page gone needs no reply: nothing is serialized for it.
          if (action.id !== undefined && socket.isOpen) {
            socket.send(JSON.stringify({ kind: "reply", id: action.id, result: result ?? null }));
          }
        },
        (error) => {
          done();
          fail(errorMessage(error), action.id);
        },
      );
    });
  }

  /** A page said it is ready: it gets the frontend events kept for it. */
  #ready(page: Page): void {
    page.ready = true;
    for (const frame of this.#frontendQueue.splice(0)) {
      page.socket.send(`{"kind":"frontend","event":${frame}}`);
    }
  }
}
