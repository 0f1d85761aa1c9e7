/**
 * The permission broker's decisions, apart from how checks reach it: a plugin's grant as a
 * {@linkcode PermissionPolicy}, Deno's request lines read and bounded ({@linkcode CheckLines}),
 * and the answer line for each. The broker on the event loop and the broker's thread both
 * answer through this, so their answers and reasons are the same bytes.
 *
 * @module
 */
import { AnswerBytes, RequestLine } from "./_broker_line.ts";

/**
 * The path separator. Not `node:path`'s: this module runs in the broker's thread too, where
 * loading Node's compatibility layer for one character cost about 10 MiB.
 */
const sep = Deno.build.os === "windows" ? "\\" : "/";

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

  /** The grant it decides by (the broker's thread gets a copy). */
  get grant(): BrokerGrant {
    return this.#grant;
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

/** The plugin's side of the broker conversation broke its rules. */
export class BrokerProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BrokerProtocolError";
  }
}

const NEWLINE = 10;

/**
 * Deno's request lines as they arrive in chunks, answered in order: each complete line is
 * parsed, decided and heard by the listener, and its answer line returned. A line longer than
 * {@linkcode MAX_CHECK_BYTES}, or one that is not a check, throws {@linkcode
 * BrokerProtocolError}: the conversation, and with it the plugin, ends.
 *
 * @example
 * ```ts ignore
 * const lines = new CheckLines(policy, (check, decision) => ledger.record(check, decision));
 * const answers = lines.push(new TextEncoder().encode('{"id":1,"permission":"env","value":"TZ"}\n'));
 * new TextDecoder().decode(answers); // '{"id":1,"result":"allow"}\n'
 * ```
 */
export class CheckLines {
  #policy: PermissionPolicy;
  #onDecision: DecisionListener;
  #decoder = new TextDecoder();
  #line = new RequestLine();
  #answers = new AnswerBytes();
  /** The start of a line the last chunk did not finish; empty when it finished them all. */
  #pending: Uint8Array = NOTHING;

  constructor(policy: PermissionPolicy, onDecision: DecisionListener) {
    this.#policy = policy;
    this.#onDecision = onDecision;
  }

  /**
   * Takes the next bytes read; returns the answers to every line they complete (empty for
   * none), as bytes that stay valid until the next call.
   */
  push(bytes: Uint8Array): Uint8Array {
    let chunk = bytes;
    if (this.#pending.length > 0) {
      chunk = new Uint8Array(this.#pending.length + bytes.length);
      chunk.set(this.#pending);
      chunk.set(bytes, this.#pending.length);
    }
    this.#answers.clear();
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end >= 0; end = chunk.indexOf(NEWLINE, start)) {
      this.#answer(chunk, start, end);
      start = end + 1;
    }
    // A copy: the caller reuses its buffer for the next read.
    this.#pending = start === chunk.length ? NOTHING : chunk.slice(start);
    if (this.#pending.length > MAX_CHECK_BYTES) {
      throw new BrokerProtocolError(
        `sent a permission check over ${MAX_CHECK_BYTES} bytes to its broker`,
      );
    }
    return this.#answers.bytes();
  }

  #answer(chunk: Uint8Array, start: number, end: number): void {
    const line = this.#line;
    if (line.read(chunk, start, end)) {
      const check = { permission: line.permission, value: line.value };
      const decision = this.#policy.decide(check);
      this.#onDecision(check, decision);
      if (decision.allow) this.#answers.allow(chunk, line.idStart, line.idEnd);
      else this.#answers.text(answerLine(line.id(chunk), decision));
      return;
    }
    const request = parseCheck(this.#decoder.decode(chunk.subarray(start, end)));
    const decision = this.#policy.decide(request.check);
    this.#onDecision(request.check, decision);
    this.#answers.text(answerLine(request.id, decision));
  }
}

const NOTHING = new Uint8Array(0);

function answerLine(id: number, decision: PermissionDecision): string {
  return JSON.stringify(
    decision.allow ? { id, result: "allow" } : { id, result: "deny", reason: decision.reason },
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
