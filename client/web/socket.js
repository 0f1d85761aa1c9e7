// @ts-check
/**
 * The page's WebSocket, opened the moment this module runs. index.html loads it ahead of
 * app.js, whose many modules are still on their way, so the backend's hello travels
 * meanwhile instead of after them. Frames that arrive before the transport listens are kept
 * in order and handed over once.
 *
 * @module
 */

// The page opens its socket with the launch token when it has one; once loaded from the
// bare address, the cookie authenticates it and `token=` is empty.
const token = new URLSearchParams(location.search).get("token") ?? "";

/**
 * The page's one WebSocket to the backend.
 *
 * @example
 * ```ts ignore
 * import { socket } from "./socket.js";
 * socket.addEventListener("open", () => console.log("connected"));
 * ```
 */
export const socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);

/**
 * Frames kept at most before the transport takes over. More means the page's other modules
 * never ran (one failed to load): the socket is closed rather than grow without bound.
 */
const MAX_EARLY = 10_000;

/** @type {unknown[]} */
const early = [];
/** @param {MessageEvent} event */
const keep = (event) => {
  early.push(event.data);
  if (early.length > MAX_EARLY) {
    socket.removeEventListener("message", keep);
    early.length = 0;
    socket.close(1008, "The page did not start");
  }
};
socket.addEventListener("message", keep);

/**
 * Stops keeping frames and returns those received so far, oldest first. The caller listens
 * from then on: no frame is lost or seen twice, since both happen in one task. (A socket
 * that closed meanwhile fires no more events: the caller checks `socket.readyState`.)
 *
 * @example
 * ```ts ignore
 * import { socket, takeEarlyFrames } from "./socket.js";
 * const early = takeEarlyFrames();
 * socket.addEventListener("message", (event) => console.log(event.data));
 * for (const frame of early) console.log(frame);
 * ```
 * @returns {unknown[]}
 */
export function takeEarlyFrames() {
  socket.removeEventListener("message", keep);
  return early.splice(0);
}
