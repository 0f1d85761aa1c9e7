import {
  isWebSocketUpgrade,
  serve,
  type ServeOptions,
  type Server,
  upgradeWebSocket,
} from "../../net/mod.ts";

/** What the test server answers for each path; anything else is 404. */
const FILES: Record<string, { type: string; body: string }> = {
  "/app.js": { type: "text/javascript", body: 'import { a } from "./socket.js";' },
  "/style.css": { type: "text/css", body: "body { margin: 0 }" },
  "/socket.js": { type: "text/javascript", body: "export const a = new WebSocket(url);" },
};

/**
 * A server with a few files, a refused path (`/forbidden`, 403) and an echoing WebSocket at
 * `/ws` (messages of at most `maxMessageBytes`, 64 KiB by default).
 */
export function fileServer(
  options: ServeOptions & { maxMessageBytes?: number } = {},
): Server {
  const { maxMessageBytes = 64 * 1024, ...serveOptions } = options;
  return serve({ port: 0, ...serveOptions }, (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/ws" && isWebSocketUpgrade(request)) {
      const { socket, response } = upgradeWebSocket(request, {
        maxMessageBytes,
        maxQueuedBytes: 1 << 20,
      });
      socket.onMessage((text) => socket.send(text));
      return response;
    }
    if (pathname === "/forbidden") return new Response("no", { status: 403 });
    const file = FILES[pathname];
    if (file === undefined) return new Response("Not found", { status: 404 });
    return new Response(file.body, { headers: { "content-type": file.type } });
  });
}

/** A raw GET for `path`. */
export function request(port: number, path: string, extra = "", version = "1.1"): string {
  return `GET ${path} HTTP/${version}\r\nHost: 127.0.0.1:${port}\r\n${extra}\r\n`;
}
