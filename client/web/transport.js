// @ts-check
/**
 * The page's side of the WebSocket: actions out with an id, replies and errors matched back
 * to the request that asked, and every other frame checked and handed on, in order.
 *
 * @module
 */
import { MAX_PENDING, parseServerMessage } from "../../core/protocol.js";

export { MAX_PENDING };

/**
 * The page's requests over one WebSocket.
 *
 * @example
 * ```ts ignore
 * import { Transport } from "./transport.js";
 * const transport = new Transport(new WebSocket("ws://127.0.0.1:8080/ws"), {
 *   onMessage: (message) => console.log(message.kind),
 * });
 * const result = await transport.request({ kind: "whois", networkId: 1, nick: "bob" });
 * ```
 */
export class Transport {
  /** @type {WebSocket} */
  #socket;
  #nextId = 1;
  /** @type {Map<number, {resolve: (v: unknown) => void, reject: (e: Error) => void}>} */
  #waiting = new Map();
  /** @type {(message: import("../../core/protocol.js").ServerMessage) => void} */
  #onMessage;

  /**
   * @param {WebSocket} socket
   * @param {{ onMessage: (message: import("../../core/protocol.js").ServerMessage) => void,
   *   onMalformed?: (frame: unknown, error: TypeError) => void, early?: unknown[] }} options
   */
  constructor(socket, options) {
    this.#socket = socket;
    this.#onMessage = options.onMessage;
    const onMalformed = options.onMalformed ?? (() => {});
    /** @param {unknown} frame */
    const handle = (frame) => {
      const parsed = parseServerMessage(frame);
      if (!parsed.ok) onMalformed(frame, parsed.error);
      else if (!this.#settle(parsed.message)) this.#onMessage(parsed.message);
    };
    for (const frame of options.early ?? []) handle(frame);
    socket.addEventListener("message", (event) => handle(event.data));
    socket.addEventListener("close", () => {
      for (const waiter of this.#waiting.values()) {
        waiter.reject(new Error("Cannot finish the request: the connection closed"));
      }
      this.#waiting.clear();
    });
  }

  /** How many requests wait for their reply. */
  get pending() {
    return this.#waiting.size;
  }

  /**
   * Sends an action and resolves with its reply's result (rejects with the backend's error).
   * @param {Record<string, unknown> & { kind: string }} action
   * @returns {Promise<unknown>}
   */
  request(action) {
    // A socket that closed before this transport listened never says so again.
    if (this.#socket.readyState >= WebSocket.CLOSING) {
      return Promise.reject(new Error(`Cannot send ${action.kind}: the connection closed`));
    }
    if (this.#waiting.size >= MAX_PENDING) {
      return Promise.reject(
        new Error(`Cannot send ${action.kind}: ${MAX_PENDING} requests are already waiting`),
      );
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#socket.send(JSON.stringify({ ...action, id }));
    });
  }

  /**
   * Sends an action that needs no reply.
   * @param {Record<string, unknown> & { kind: string }} action
   */
  send(action) {
    this.#socket.send(JSON.stringify(action));
  }

  /**
   * Settles the request a reply or error answers; returns whether it did.
   * @param {import("../../core/protocol.js").ServerMessage} message
   */
  #settle(message) {
    if (message.kind !== "reply" && message.kind !== "error") return false;
    const id = message.id;
    const waiter = id === undefined ? undefined : this.#waiting.get(id);
    if (!waiter || id === undefined) return false;
    this.#waiting.delete(id);
    if (message.kind === "reply") waiter.resolve(message.result);
    else waiter.reject(new Error(message.message));
    return true;
  }
}
