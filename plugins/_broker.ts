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
 * @module
 */
import { sep } from "node:path";

/** One permission check as Deno sends it. */
export interface PermissionCheck {
  /** `read`, `write`, `net`, `env`, `sys`, `run`, `ffi` or `import`. */
  permission: string;
  /** The path, host, variable or kind asked for; `null` when it asks for all of them. */
  value: string | null;
}

/** The broker's answer to one check. */
export type PermissionDecision = { allow: true } | { allow: false; reason: string };

/** What a plugin was granted, in the broker's terms: absolute paths, hosts, names. */
export interface BrokerGrant {
  read: readonly string[];
  write: readonly string[];
  net: readonly string[];
  env: readonly string[];
  /** Hosts (`host` or `host:port`) modules may be imported from. */
  import: readonly string[];
}

const ALLOW: PermissionDecision = { allow: true };

/**
 * Decides checks against a grant, as Deno's own flags would: a path is granted when it is an
 * allowed path or lies under one; a host when it is listed bare, or with the same port; an
 * environment variable by its exact name. `run`, `ffi` and `sys` are never granted to a plugin.
 *
 * @example
 * ```ts ignore
 * const policy = new PermissionPolicy({ read: ["/data/p"], write: [], net: [], env: [], import: [] });
 * policy.decide({ permission: "read", value: "/data/p/notes.txt" }); // { allow: true }
 * policy.decide({ permission: "read", value: "/etc/shadow" }).allow; // false
 * ```
 */
export class PermissionPolicy {
  #grant: BrokerGrant;

  constructor(grant: BrokerGrant) {
    this.#grant = grant;
  }

  /** The decision for one check. */
  decide(check: PermissionCheck): PermissionDecision {
    const { permission } = check;
    switch (permission) {
      case "read":
      case "write":
        return decideAmong(check, this.#grant[permission], underPath);
      case "net":
      case "import":
        return decideAmong(check, this.#grant[permission], sameHost);
      case "env":
        return decideAmong(check, this.#grant.env, (name, entry) => name === entry);
      default:
        return { allow: false, reason: `${refusal(check)}: plugins never get it` };
    }
  }
}

function decideAmong(
  check: PermissionCheck,
  entries: readonly string[],
  covers: (value: string, entry: string) => boolean,
): PermissionDecision {
  const value = check.value;
  if (value !== null && entries.some((entry) => covers(value, entry))) return ALLOW;
  return { allow: false, reason: refusal(check) };
}

/** Deno's own wording for a missing permission, naming who refused it. */
function refusal({ permission, value }: PermissionCheck): string {
  const what = value === null ? `all ${permission} access` : `${permission} access to "${value}"`;
  return `Requires ${what}, which is not granted to this plugin`;
}

function underPath(path: string, entry: string): boolean {
  return path === entry || path.startsWith(entry.endsWith(sep) ? entry : entry + sep);
}

/** `host:port` against `host` (any port) or `host:port`; IPv6 hosts keep their brackets. */
function sameHost(value: string, entry: string): boolean {
  if (value === entry) return true;
  const colon = value.lastIndexOf(":");
  return colon > 0 && !value.endsWith("]") && value.slice(0, colon) === entry;
}

/** The longest request line read; a longer one ends the plugin's broker connection. */
export const MAX_CHECK_BYTES = 16 * 1024;

/** Hears every decision the broker makes, as it makes it. */
export type DecisionListener = (check: PermissionCheck, decision: PermissionDecision) => void;

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
  #listener: Deno.UnixListener;
  #conn?: Deno.UnixConn;
  #serving: Promise<void>;
  #onClose: (reason: string) => void = () => {};

  private constructor(
    path: string,
    listener: Deno.UnixListener,
    policy: PermissionPolicy,
    onDecision: DecisionListener,
  ) {
    this.path = path;
    this.#listener = listener;
    this.#serving = this.#serve(policy, onDecision);
  }

  /** Listens on `path` (removed first if a stale socket is there). */
  static async listen(
    path: string,
    policy: PermissionPolicy,
    onDecision: DecisionListener,
  ): Promise<PermissionBroker> {
    await Deno.remove(path).catch(() => {});
    const listener = Deno.listen({ transport: "unix", path });
    return new PermissionBroker(path, listener, policy, onDecision);
  }

  /** Called once when the plugin's connection ends or misbehaves, with why. */
  set onClose(fn: (reason: string) => void) {
    this.#onClose = fn;
  }

  async #serve(policy: PermissionPolicy, onDecision: DecisionListener): Promise<void> {
    let conn: Deno.UnixConn;
    try {
      conn = await this.#listener.accept();
    } catch {
      return; // Closed before the process connected.
    }
    this.#conn = conn;
    // Only the first process is answered: nobody else has a reason to connect.
    this.#listener.close();
    let why = "closed its permission broker connection";
    try {
      await answerChecks(conn, policy, onDecision);
    } catch (error) {
      why = error instanceof BrokerProtocolError ? error.message : why;
    }
    close(conn);
    this.#onClose(why);
  }

  async [Symbol.asyncDispose](): Promise<void> {
    close(this.#listener);
    if (this.#conn) close(this.#conn);
    await this.#serving;
    await Deno.remove(this.path).catch(() => {});
  }
}

/** The plugin's side of the broker conversation broke its rules. */
export class BrokerProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BrokerProtocolError";
  }
}

const NEWLINE = 10;

/** Reads request lines and writes one answer per line, in order, until the connection ends. */
async function answerChecks(
  conn: Deno.UnixConn,
  policy: PermissionPolicy,
  onDecision: DecisionListener,
): Promise<void> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const buffer = new Uint8Array(64 * 1024);
  let pending = new Uint8Array(0);
  for (;;) {
    const n = await conn.read(buffer);
    if (n === null) return;
    let chunk = buffer.subarray(0, n);
    if (pending.length > 0) {
      const joined = new Uint8Array(pending.length + n);
      joined.set(pending);
      joined.set(chunk, pending.length);
      chunk = joined;
    }
    let answers = "";
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end >= 0; end = chunk.indexOf(NEWLINE, start)) {
      answers += answer(decoder.decode(chunk.subarray(start, end)), policy, onDecision);
      start = end + 1;
    }
    pending = chunk.slice(start);
    if (pending.length > MAX_CHECK_BYTES) {
      throw new BrokerProtocolError(
        `sent a permission check over ${MAX_CHECK_BYTES} bytes to its broker`,
      );
    }
    if (answers !== "") await writeAll(conn, encoder.encode(answers));
  }
}

/** The answer line for one request line. */
function answer(line: string, policy: PermissionPolicy, onDecision: DecisionListener): string {
  const request = parseCheck(line);
  const decision = policy.decide(request.check);
  onDecision(request.check, decision);
  return JSON.stringify(
    decision.allow
      ? { id: request.id, result: "allow" }
      : { id: request.id, result: "deny", reason: decision.reason },
  ) + "\n";
}

/** A request line, validated: Deno wrote it, but through a socket the plugin's process holds. */
export function parseCheck(line: string): { id: number; check: PermissionCheck } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BrokerProtocolError(`sent its broker a line that is not JSON: ${preview(line)}`);
  }
  if (typeof value !== "object" || value === null) {
    throw new BrokerProtocolError(
      `sent its broker a check that is not an object: ${preview(line)}`,
    );
  }
  const id = "id" in value ? value.id : undefined;
  const permission = "permission" in value ? value.permission : undefined;
  const what = "value" in value ? value.value : undefined;
  if (
    typeof id !== "number" || !Number.isSafeInteger(id) || typeof permission !== "string" ||
    (typeof what !== "string" && what !== null)
  ) {
    throw new BrokerProtocolError(
      `sent its broker a check without id, permission and value: ${preview(line)}`,
    );
  }
  return { id, check: { permission, value: what } };
}

function preview(line: string): string {
  return JSON.stringify(line.length > 200 ? `${line.slice(0, 200)}...` : line);
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
