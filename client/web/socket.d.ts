/**
 * Types of the page's early socket (the implementation is socket.js, which the page loads
 * as-is, before its other modules).
 *
 * @module
 */

/**
 * The page's one WebSocket to the backend, opened as soon as the module runs.
 *
 * @example
 * ```ts ignore
 * import { socket } from "./socket.js";
 * socket.addEventListener("open", () => console.log("connected"));
 * ```
 */
export declare const socket: WebSocket;

/**
 * Stops keeping frames and returns those received before anyone listened, oldest first.
 * Call it in the same task that adds the lasting listener, so no frame is lost.
 *
 * @example
 * ```ts ignore
 * import { socket, takeEarlyFrames } from "./socket.js";
 * const early = takeEarlyFrames();
 * socket.addEventListener("message", (event) => console.log(event.data));
 * for (const frame of early) console.log(frame);
 * ```
 */
export declare function takeEarlyFrames(): unknown[];
