// @ts-check
/**
 * The page's WebSocket, for the page's modules: the one early_socket.js opened from
 * index.html's head before the modules came, and the frames it kept meanwhile.
 *
 * @module
 */

/**
 * What early_socket.js left, checked: its socket and the function that hands over its frames.
 * @returns {{ socket: WebSocket, take: () => unknown[] }}
 */
function opened() {
  const early = Reflect.get(globalThis, "ircbusEarlySocket");
  const socket = typeof early === "object" && early !== null
    ? Reflect.get(early, "socket")
    : undefined;
  const take = typeof early === "object" && early !== null ? Reflect.get(early, "take") : undefined;
  if (!(socket instanceof WebSocket) || typeof take !== "function") {
    throw new Error("Cannot start the page: early_socket.js did not open its socket");
  }
  return {
    socket,
    take: () => {
      const frames = take();
      return Array.isArray(frames) ? frames : [];
    },
  };
}

const early = opened();

/**
 * The page's one WebSocket to the backend.
 *
 * @example
 * ```ts ignore
 * import { socket } from "./socket.js";
 * socket.addEventListener("open", () => console.log("connected"));
 * ```
 */
export const socket = early.socket;

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
  return early.take();
}
