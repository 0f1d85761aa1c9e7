/**
 * The line framing of `serve()`: a request is one "\n"-terminated UTF-8 line, the response
 * one line back, one exchange per connection. A web page can reach a loopback port only with
 * HTTP, whose request line is never such a request. {@linkcode requestLine} is its client.
 *
 * @module
 */
import { writeAll } from "./_write_all.ts";

/** Largest request or reply line by default, in bytes. */
export const MAX_LINE_BYTES = 64 * 1024;

/**
 * Reads one "\n"-terminated line (or the text up to EOF), at most `maxBytes`; `undefined`
 * when there is none, it is longer, or it is not UTF-8.
 */
export async function readLine(conn: Deno.Conn, maxBytes: number): Promise<string | undefined> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const buffer = new Uint8Array(4096);
  while (true) {
    const n = await conn.read(buffer);
    if (n === null) break;
    const chunk = buffer.slice(0, n);
    const newline = chunk.indexOf(0x0a);
    if (newline !== -1) {
      chunks.push(chunk.subarray(0, newline));
      total += newline;
      break;
    }
    chunks.push(chunk);
    total += n;
    if (total > maxBytes) return undefined;
  }
  if (total === 0 && chunks.length === 0) return undefined;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Options of {@linkcode requestLine}.
 *
 * @example
 * ```ts
 * import type { RequestLineOptions } from "./mod.ts";
 * const options: RequestLineOptions = { port: 6690, line: '{"ping":true}', timeoutMs: 3_000 };
 * ```
 */
export interface RequestLineOptions {
  /** The loopback port to ask (on 127.0.0.1). */
  port: number;
  /** The request, without its "\n"; it must hold none. */
  line: string;
  /** Time for connecting, sending and the whole reply; then `Deno.errors.TimedOut`. */
  timeoutMs: number;
  /** Longest reply taken, in bytes; a longer one is `undefined`. Default 65,536. */
  maxLineBytes?: number;
}

/**
 * Sends one request line to a `serve()` with the line framing on 127.0.0.1 and returns its
 * reply line: `undefined` when the server closed without one, or the reply is too long or not
 * UTF-8. Throws `Deno.errors.TimedOut` when the whole exchange takes over `timeoutMs`, and the
 * connection's own error (refused, reset) otherwise.
 *
 * @example
 * ```ts
 * import { requestLine, serve } from "./mod.ts";
 * await using server = serve(
 *   { port: 0, framing: "line" },
 *   async (request) => new Response((await request.text()).toUpperCase()),
 * );
 * const reply = await requestLine({ port: server.addr.port, line: "hi", timeoutMs: 3_000 });
 * console.log(reply); // "HI"
 * ```
 */
export async function requestLine(options: RequestLineOptions): Promise<string | undefined> {
  const { port, line, timeoutMs, maxLineBytes = MAX_LINE_BYTES } = options;
  if (line.includes("\n")) {
    throw new TypeError("Cannot send the request line: it holds a line break");
  }
  let conn: Deno.TcpConn | undefined;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    closeQuietly(conn);
  }, timeoutMs);
  const late = () => new Deno.errors.TimedOut(`no answer within ${timeoutMs} ms`);
  try {
    conn = await Deno.connect({ hostname: "127.0.0.1", port, transport: "tcp" });
    if (timedOut) throw late();
    await writeAll(conn, `${line}\n`);
    const reply = await readLine(conn, maxLineBytes);
    // A read the timeout cut short may end as if the server had closed.
    if (timedOut) throw late();
    return reply;
  } catch (error) {
    throw timedOut ? late() : error;
  } finally {
    clearTimeout(timer);
    closeQuietly(conn);
  }
}

function closeQuietly(conn: Deno.Conn | undefined): void {
  try {
    conn?.close();
  } catch {
    // Already closed (by the timeout).
  }
}
