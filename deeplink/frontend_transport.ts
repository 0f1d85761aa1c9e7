/**
 * What carries serialized frontend events between the backend and the page: a WebSocket in
 * the client, a direct call in-process. Frames are JSON text; the transport never looks
 * inside them.
 *
 * @example A WebSocket on the page side
 * ```ts
 * import type { FrontendTransport } from "./frontend_transport.ts";
 * function fromWebSocket(socket: WebSocket): FrontendTransport {
 *   return {
 *     send: (frame) => socket.send(frame),
 *     listen(receive) {
 *       const onMessage = (event: MessageEvent) => {
 *         if (typeof event.data === "string") receive(event.data);
 *       };
 *       socket.addEventListener("message", onMessage);
 *       return () => socket.removeEventListener("message", onMessage);
 *     },
 *   };
 * }
 * ```
 */
export interface FrontendTransport {
  /** Carries one frame toward the other side. It must not throw for a closed peer. */
  send(frame: string): void;
  /** Starts passing frames from the other side to `receive`; returns a function that stops. */
  listen(receive: (frame: string) => void): () => void;
}

/**
 * An in-process transport: every frame sent is handed, synchronously and in order, to
 * every current listener. A frame sent while nobody listens is dropped, like a message to
 * a page that is not open.
 *
 * @example
 * ```ts
 * import { createInProcessTransport } from "./mod.ts";
 * const transport = createInProcessTransport();
 * const stop = transport.listen((frame) => console.log(frame));
 * transport.send('{"name":"ping","payload":{}}'); // logs the frame
 * stop();
 * ```
 */
export function createInProcessTransport(): FrontendTransport {
  const receivers = new Set<(frame: string) => void>();
  return {
    send(frame) {
      for (const receive of [...receivers]) receive(frame);
    },
    listen(receive) {
      // A wrapper per call, so listening twice with one function gives two deliveries.
      const entry = (frame: string) => receive(frame);
      receivers.add(entry);
      return () => {
        receivers.delete(entry);
      };
    },
  };
}
