/**
 * HTTP/1.1 on the wire, as `serve()` speaks it: one request head read (bounded; a body is
 * never read) and one response written with its length.
 *
 * @module
 */
import { writeAll } from "./_write_all.ts";

const REASONS: Record<number, string> = {
  200: "OK",
  204: "No Content",
  303: "See Other",
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  421: "Misdirected Request",
  426: "Upgrade Required",
  431: "Request Header Fields Too Large",
};

/** One request head read off a connection, or the status refusing it. */
export type Head =
  | { request: Request; rest: Uint8Array; keepAlive: boolean }
  | { status: number; message: string };

/**
 * Reads one request head (at most `maxHeadBytes`), starting with the bytes already read past
 * the previous head; `undefined` when the peer went away first. A body is never read: a
 * request that has one closes the connection after its response (`keepAlive` false). The
 * request's URL is `origin` with the request's path.
 */
export async function readHead(
  conn: Deno.Conn,
  options: { pending: Uint8Array; maxHeadBytes: number; origin: string },
): Promise<Head | undefined> {
  const { pending, maxHeadBytes, origin } = options;
  const buffer = new Uint8Array(maxHeadBytes);
  buffer.set(pending.subarray(0, maxHeadBytes));
  let length = Math.min(pending.length, maxHeadBytes);
  let end = -1;
  let scanned = 0;
  for (;;) {
    for (let i = Math.max(0, scanned - 3); i + 3 < length; i++) {
      if (
        buffer[i] === 13 && buffer[i + 1] === 10 && buffer[i + 2] === 13 && buffer[i + 3] === 10
      ) {
        end = i;
        break;
      }
    }
    scanned = length;
    if (end !== -1) break;
    if (length === buffer.length) {
      return { status: 431, message: "Cannot read the request: the head is too large" };
    }
    const n = await conn.read(buffer.subarray(length));
    if (n === null) return undefined;
    length += n;
  }
  const bad = { status: 400, message: "Cannot read the request: malformed head" };
  const [line, ...fields] = new TextDecoder("latin1").decode(buffer.subarray(0, end)).split("\r\n");
  const match = /^([A-Z]{1,16}) (\/\S*) HTTP\/1\.([01])$/.exec(line);
  if (!match) return bad;
  const headers = new Headers();
  try {
    for (const field of fields) {
      const colon = field.indexOf(":");
      if (colon < 1) return bad;
      headers.append(field.slice(0, colon), field.slice(colon + 1).trim());
    }
    const request = new Request(`${origin}${match[2]}`, { method: match[1], headers });
    // HTTP/1.1 keeps the connection unless told otherwise; a body would be the next "head".
    const keepAlive = match[3] === "1" && !/\bclose\b/i.test(headers.get("connection") ?? "") &&
      !headers.has("transfer-encoding") && (headers.get("content-length") ?? "0") === "0";
    return { request, rest: buffer.slice(end + 4, length), keepAlive };
  } catch {
    return bad; // An invalid header name or value, or a method fetch forbids.
  }
}

/**
 * Writes `response` whole, with its `content-length` and a `connection` header saying
 * whether the connection stays open.
 */
export async function writeResponse(
  conn: Deno.Conn,
  response: Response,
  keepAlive: boolean,
): Promise<void> {
  let head = `HTTP/1.1 ${response.status} ${REASONS[response.status] ?? ""}\r\n`;
  for (const [name, value] of response.headers) head += `${name}: ${value}\r\n`;
  const body = new Uint8Array(await response.arrayBuffer());
  head += `content-length: ${body.length}\r\nconnection: ${
    keepAlive ? "keep-alive" : "close"
  }\r\n\r\n`;
  const headBytes = new TextEncoder().encode(head);
  const bytes = new Uint8Array(headBytes.length + body.length);
  bytes.set(headBytes);
  bytes.set(body, headBytes.length);
  await writeAll(conn, bytes);
}

/** A plain-text response: how `serve()` refuses a head it cannot read. */
export function textResponse(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}
