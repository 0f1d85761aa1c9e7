/**
 * The accept loop under `serve()`: a cap on connections served at once, and accept
 * failures retried with backoff.
 *
 * @module
 */
import { errorMessage } from "../common/mod.ts";

/** First wait after a failed accept; it doubles on each failure in a row. */
const FIRST_BACKOFF_MS = 5;
/** Longest wait between accepts while they keep failing (EMFILE and the like). */
const MAX_BACKOFF_MS = 1_000;

/** How a connection ends when the peer left or a timeout closed it: not worth a report. */
const PEER_GONE = [
  Deno.errors.BadResource,
  Deno.errors.Interrupted,
  Deno.errors.ConnectionReset,
  Deno.errors.BrokenPipe,
];

/**
 * Options of {@linkcode serveBounded}.
 *
 * @example
 * ```ts
 * import type { BoundedServeOptions } from "./_bounded_listener.ts";
 * const options: BoundedServeOptions = { maxConnections: 64, serve: (conn) => conn.close() };
 * ```
 */
export interface BoundedServeOptions {
  /**
   * Most connections served at once. At the cap the loop stops accepting until one ends, so
   * later ones wait in the kernel's backlog and cost no file descriptor here.
   */
  maxConnections: number;
  /**
   * Serves one connection; the connection is closed (if still open) when this settles. It
   * must bound its own time, e.g. with timeouts on reads.
   */
  serve: (conn: Deno.TcpConn) => Promise<void> | void;
  /**
   * Receives an accept error (once per episode of failures; accepting goes on with backoff)
   * and errors thrown by `serve`. Defaults to ignoring them.
   */
  onError?: (error: Error) => void;
}

/**
 * A running accept loop; closing it stops accepting and closes the open connections.
 *
 * @example
 * ```ts
 * import type { BoundedServer } from "./_bounded_listener.ts";
 * async function stop(server: BoundedServer) {
 *   await server.close();
 * }
 * ```
 */
export interface BoundedServer extends AsyncDisposable {
  /** How many connections are being served now. */
  readonly connections: number;
  /** Settles once `close()` is done. */
  readonly finished: Promise<void>;
  /** Stops accepting, closes every open connection and waits for their `serve` to end. */
  close(): Promise<void>;
}

/**
 * Accepts connections from `listener` and serves each with `options.serve`, never more than
 * `options.maxConnections` at once. An accept that fails (EMFILE, ENFILE, ECONNABORTED, ...)
 * is retried after a backoff (5 ms doubling to 1 s), so the listener never dies and the
 * process never crashes on it.
 *
 * @example
 * ```ts
 * import { serveBounded } from "./_bounded_listener.ts";
 * const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
 * await using server = serveBounded(listener, {
 *   maxConnections: 8,
 *   serve: async (conn) => void await conn.write(new TextEncoder().encode("hi\n")),
 * });
 * using conn = await Deno.connect({ hostname: "127.0.0.1", port: listener.addr.port });
 * const buffer = new Uint8Array(3);
 * await conn.read(buffer);
 * console.log(new TextDecoder().decode(buffer)); // "hi\n"
 * ```
 */
export function serveBounded(
  listener: Deno.TcpListener,
  options: BoundedServeOptions,
): BoundedServer {
  // serve() checked maxConnections before it listened.
  const { maxConnections, serve } = options;
  const onError = options.onError ?? (() => {});
  const open = new Map<Deno.TcpConn, Promise<void>>();
  let closed = false;
  let wake: (() => void) | undefined;
  const pause = (ms?: number) =>
    new Promise<void>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      wake = done;
    });

  const loop = (async () => {
    let backoff = 0;
    while (!closed) {
      if (open.size >= maxConnections) {
        await pause(); // Woken when a connection ends, or by close().
        continue;
      }
      let conn: Deno.TcpConn;
      try {
        conn = await listener.accept();
      } catch (error) {
        if (closed) break;
        if (backoff === 0) {
          onError(
            new Error(`Cannot accept a connection, retrying with backoff: ${errorMessage(error)}`),
          );
        }
        backoff = backoff === 0 ? FIRST_BACKOFF_MS : Math.min(backoff * 2, MAX_BACKOFF_MS);
        await pause(backoff);
        continue;
      }
      backoff = 0;
      if (closed) {
        conn.close();
        break;
      }
      const task = (async () => {
        try {
          await serve(conn);
        } catch (error) {
          if (!PEER_GONE.some((type) => error instanceof type)) {
            onError(error instanceof Error ? error : new Error(String(error)));
          }
        } finally {
          closeQuietly(conn);
          open.delete(conn);
          wake?.();
        }
      })();
      open.set(conn, task);
    }
  })();

  const finished = Promise.withResolvers<void>();
  let closing: Promise<void> | undefined;
  const close = () =>
    closing ??= (async () => {
      closed = true;
      closeQuietly(listener);
      wake?.();
      await loop;
      for (const conn of open.keys()) closeQuietly(conn);
      await Promise.allSettled([...open.values()]);
      finished.resolve();
    })();
  return {
    get connections() {
      return open.size;
    },
    finished: finished.promise,
    close,
    [Symbol.asyncDispose]: close,
  };
}

function closeQuietly(resource: { close(): void }): void {
  try {
    resource.close();
  } catch {
    // Already closed.
  }
}
