/**
 * The host as each subprocess plugin's Deno permission broker. Deno 2.9 started with
 * `DENO_PERMISSION_BROKER_PATH` connects to that Unix socket before any user code runs and
 * asks it about every permission check, one JSON line each
 * (`{"v":1,"pid":..,"id":..,"datetime":..,"permission":"read","value":"/etc/shadow"}`), from
 * the main isolate, Workers and `node:worker_threads` alike, and waits for
 * `{"id":..,"result":"allow"|"deny","reason":".."}`. A denial raises `NotCapable` with the
 * broker's reason; a broker that goes away ends the process with code 87.
 *
 * What was measured on Deno 2.9.6 (and is why the host relies on it):
 * - The broker replaces the `--allow-*` flags: a check the flags would grant is asked all the
 *   same, and the broker's answer stands. The host still passes flags matching the grant, so
 *   `Deno.permissions.query()` tells the plugin the truth; they decide nothing.
 * - Checks that arrive: `read`, `write` (paths made absolute), `net` (`host:port`), `env` (a
 *   name; `null` for the whole environment), `sys` (its kind), `run`, `ffi` (a path) and
 *   `import` (`host:port` of a remote module, cached or not).
 * - Checks that never arrive: Deno's own reads of the main module, its local imports and its
 *   caches (module loading is not a permission check), `Deno.permissions.query()`, and the
 *   Cache API or localStorage writing into `DENO_DIR`. Those are held by the OS boundary and
 *   the disk quota instead.
 *
 * Every decision is made here, outside the plugin's process, so a plugin can neither silence
 * nor forge it: the denied ones go to the audit, and all of them to the activity ledger.
 *
 * Where the host may call libc (Linux, `--allow-ffi`), the checks are answered on the host's
 * broker thread ({@linkcode BrokerThread}), which waits for them in the kernel: a check's
 * round trip no longer goes through two event loops, nor waits for the host's main thread.
 * Elsewhere they are answered on the main thread's event loop, as {@linkcode brokerThreadState}
 * says.
 *
 * @module
 */
import { type BrokerServing, BrokerThread } from "./_broker_thread.ts";
import {
  BrokerProtocolError,
  CheckLines,
  type DecisionListener,
  type PermissionPolicy,
} from "./_permission_policy.ts";
import { openLibc } from "./_unix_ffi.ts";

export {
  type BrokerGrant,
  BrokerProtocolError,
  type DecisionListener,
  MAX_CHECK_BYTES,
  parseCheck,
  type PermissionCheck,
  type PermissionDecision,
  PermissionPolicy,
} from "./_permission_policy.ts";

/** Where a broker answers its plugin's checks. */
export type BrokerServedBy = "thread" | "event loop";

/** How a broker is served. */
export interface BrokerOptions {
  /**
   * `false` answers on the main thread's event loop even where the broker's thread could run:
   * to measure one beside the other. Default `true`.
   */
  thread?: boolean;
}

/**
 * Whether this process answers permission checks on the broker's thread, and why not: it needs
 * Linux, libc and `--allow-ffi` (the client's `deno task run` has `--allow-all`).
 *
 * @example
 * ```ts ignore
 * const state = brokerThreadState();
 * if (!state.available) console.warn(`permission checks on the event loop: ${state.reason}`);
 * ```
 */
export function brokerThreadState(): { available: true } | { available: false; reason: string } {
  const libc = openLibc();
  return libc.ok ? { available: true } : { available: false, reason: libc.reason };
}

/**
 * Keeps the broker's thread, once started, running from one plugin's broker to the next,
 * until disposed: the plugin host holds one while it is open, so that a plugin loaded after
 * another does not wait for a new thread. Starts nothing by itself.
 *
 * @example
 * ```ts ignore
 * await using _hold = holdBrokerThread();
 * // brokers listened and closed here share one thread
 * ```
 */
export function holdBrokerThread(): AsyncDisposable {
  return BrokerThread.hold();
}

/**
 * Brings every decision any broker has made so far to its listener now. The host calls it
 * before it handles what a plugin sent, and before it shows the audit or the ledger, so a
 * check a plugin made before it sent something is never recorded after it. (Brokers on the
 * event loop record each decision before they answer; the thread's come in batches.)
 *
 * @example
 * ```ts ignore
 * settleBrokerDecisions();
 * console.log(host.audit("greeter"));
 * ```
 */
export function settleBrokerDecisions(): void {
  BrokerThread.settle();
}

/**
 * One plugin's broker: a Unix socket in a folder only the host can reach, answering the one
 * process that connects first. A second connection, a malformed or oversized line, or a
 * closed connection all end the conversation, and with it the plugin (Deno exits 87).
 *
 * @example
 * ```ts ignore
 * await using broker = await PermissionBroker.listen(socketPath, policy, (check, decision) => {
 *   console.log(check.permission, check.value, decision.allow);
 * });
 * // spawn `deno run` with env DENO_PERMISSION_BROKER_PATH=broker.path
 * ```
 */
export class PermissionBroker implements AsyncDisposable {
  /** The socket's path, for `DENO_PERMISSION_BROKER_PATH`. */
  readonly path: string;
  #servedBy: BrokerServedBy = "event loop";
  #serving: BrokerServing = { close: () => Promise.resolve() };
  #onClose: (reason: string) => void = () => {};
  #closedWhy: string | undefined;

  private constructor(path: string) {
    this.path = path;
  }

  /**
   * Listens on `path` (removed first if a stale socket is there): on the broker's thread where
   * this process can run one, else on the event loop.
   */
  static async listen(
    path: string,
    policy: PermissionPolicy,
    onDecision: DecisionListener,
    options: BrokerOptions = {},
  ): Promise<PermissionBroker> {
    const broker = new PermissionBroker(path);
    const onEnd = (why: string) => {
      broker.#closedWhy = why;
      broker.#onClose(why);
    };
    const threaded = options.thread === false
      ? undefined
      : BrokerThread.serve(path, policy, onDecision, onEnd);
    if (threaded?.ok) {
      broker.#servedBy = "thread";
      broker.#serving = threaded.serving;
      return broker;
    }
    await Deno.remove(path).catch(() => {});
    const listener = Deno.listen({ transport: "unix", path });
    broker.#serving = serveOnEventLoop(listener, policy, onDecision, onEnd);
    return broker;
  }

  /** Where its checks are answered. */
  get servedBy(): BrokerServedBy {
    return this.#servedBy;
  }

  /** Called once when the plugin's connection ends or misbehaves, with why. */
  set onClose(fn: (reason: string) => void) {
    this.#onClose = fn;
    if (this.#closedWhy !== undefined) fn(this.#closedWhy);
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.#serving.close();
    await Deno.remove(this.path).catch(() => {});
  }
}

/** Answers the first process that connects to `listener`, on this thread's event loop. */
function serveOnEventLoop(
  listener: Deno.UnixListener,
  policy: PermissionPolicy,
  onDecision: DecisionListener,
  onEnd: (why: string) => void,
): BrokerServing {
  let conn: Deno.UnixConn | undefined;
  const serving = (async () => {
    try {
      conn = await listener.accept();
    } catch {
      return; // Closed before the process connected.
    }
    // Only the first process is answered: nobody else has a reason to connect.
    close(listener);
    let why = "closed its permission broker connection";
    try {
      await answerChecks(conn, new CheckLines(policy, onDecision));
    } catch (error) {
      why = error instanceof BrokerProtocolError ? error.message : why;
    }
    close(conn);
    onEnd(why);
  })();
  return {
    async close() {
      close(listener);
      if (conn) close(conn);
      await serving;
    },
  };
}

/** Reads request lines and writes one answer per line, in order, until the connection ends. */
async function answerChecks(conn: Deno.UnixConn, lines: CheckLines): Promise<void> {
  const buffer = new Uint8Array(64 * 1024);
  for (;;) {
    const n = await conn.read(buffer);
    if (n === null) return;
    const answers = lines.push(buffer.subarray(0, n));
    if (answers.length > 0) await writeAll(conn, answers);
  }
}

async function writeAll(conn: Deno.UnixConn, bytes: Uint8Array): Promise<void> {
  for (let offset = 0; offset < bytes.length;) offset += await conn.write(bytes.subarray(offset));
}

function close(resource: { close(): void }): void {
  try {
    resource.close();
  } catch {
    // Already closed.
  }
}
