/**
 * Types of the page's transport (the implementation is transport.js, loaded as-is by the page).
 *
 * @module
 */
import type { ServerMessage } from "../../core/protocol.js";

export { MAX_PENDING } from "../../core/protocol.js";

/**
 * The page's requests over one WebSocket: actions out with an id, replies and errors matched
 * back to their request, every other checked frame handed to `onMessage` in order, malformed
 * frames to `onMalformed`. Frames received before it listened (`early`) come first. Waiting
 * requests fail when the socket closes.
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
export declare class Transport {
  constructor(
    socket: WebSocket,
    options: {
      onMessage: (message: ServerMessage) => void;
      /** A frame that is not a well-formed message: dropped, with the reason. */
      onMalformed?: (frame: unknown, error: TypeError) => void;
      /** Frames the socket received before this transport listened, handled first, in order. */
      early?: unknown[];
    },
  );
  /** How many requests wait for their reply. */
  get pending(): number;
  /** Sends an action and resolves with its reply's result (rejects with the backend's error). */
  request(action: Record<string, unknown> & { kind: string }): Promise<unknown>;
  /** Sends an action that needs no reply. */
  send(action: Record<string, unknown> & { kind: string }): void;
}
