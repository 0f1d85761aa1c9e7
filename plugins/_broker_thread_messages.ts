/**
 * The messages between the host's main thread and the permission broker's thread, each a
 * `kind`-tagged union, and their checks: each side reads a message only once it has been
 * narrowed here.
 *
 * @module
 */
import type { BrokerGrant } from "./_permission_policy.ts";

/** Main thread to the broker's thread. Every one but `start` is followed by a wake-up. */
export type ToBrokerThread =
  /**
   * The thread's first message: the eventfd it is woken by for control messages, the one it
   * is woken by to send its decisions now, the epoll set it waits in (the main thread closes
   * it), the shared counters (see {@linkcode ACKED}), and the port every message of the
   * thread goes through.
   */
  | {
    kind: "start";
    controlFd: number;
    flushFd: number;
    epollFd: number;
    shared: SharedArrayBuffer;
    port: MessagePort;
  }
  /** Serve `fd`, a listening socket at `path`, for one plugin with this grant. */
  | { kind: "open"; id: number; fd: number; path: string; grant: BrokerGrant }
  /** Stop serving `id`: close its sockets; its plugin's next check finds the broker gone. */
  | { kind: "close"; id: number }
  /** Close everything and leave the loop. */
  | { kind: "stop" };

/**
 * Decisions in the order they were made, one column per field: the i-th decision is
 * `brokers[i]`'s check of `permissions[i]` for `values[i]`, refused for `reasons[i]` (`null`:
 * allowed). Columns of plain values cost a batch's copy to the main thread about half of what
 * an array per decision did.
 */
export interface DecisionColumns {
  brokers: number[];
  permissions: string[];
  values: (string | null)[];
  reasons: (string | null)[];
}

/** The broker's thread to the main thread. */
export type FromBrokerThread =
  /** Decisions in the order they were made; the main thread acknowledges each batch. */
  | { kind: "decisions"; decisions: DecisionColumns }
  /** `id`'s plugin connected on `fd` (kept so it can be closed if the thread dies). */
  | { kind: "accepted"; id: number; fd: number }
  /** `id`'s conversation ended, and why; its decisions were all sent before this. */
  | { kind: "ended"; id: number; why: string }
  /** `id` is closed: none of its sockets is open any more. */
  | { kind: "closed"; id: number }
  /** The thread could not start or serve (libc, a descriptor): it has stopped. */
  | { kind: "failed"; message: string }
  /** Everything is closed and the loop left. */
  | { kind: "stopped" };

/** In the shared counters: batches of decisions the main thread has handled. */
export const ACKED = 0;
/** In the shared counters: decisions the thread has made (each before its answer is sent). */
export const MADE = 1;
/** In the shared counters: the main thread's asks to send every decision now. */
export const FLUSH_ASKED = 2;
/** In the shared counters: the last such ask the thread has answered by sending them. */
export const FLUSHED = 3;
/** The shared counters' length, in 32-bit integers. */
export const SHARED_COUNTERS = 4;

function field(value: object, key: string): unknown {
  const found: unknown = Object.hasOwn(value, key) ? Reflect.get(value, key) : undefined;
  return found;
}

function isInt(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value);
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function isGrant(value: unknown): value is BrokerGrant {
  if (typeof value !== "object" || value === null) return false;
  return ["read", "write", "net", "env", "import"].every((key) => isStrings(field(value, key)));
}

function isTextOrNull(value: unknown): value is string | null {
  return typeof value === "string" || value === null;
}

function isColumns(value: unknown): value is DecisionColumns {
  if (typeof value !== "object" || value === null) return false;
  const brokers = field(value, "brokers");
  const permissions = field(value, "permissions");
  const values = field(value, "values");
  const reasons = field(value, "reasons");
  return Array.isArray(brokers) && brokers.every(isInt) && isStrings(permissions) &&
    Array.isArray(values) && values.every(isTextOrNull) && Array.isArray(reasons) &&
    reasons.every(isTextOrNull) && permissions.length === brokers.length &&
    values.length === brokers.length && reasons.length === brokers.length;
}

/** A message to the broker's thread, or `null` if it is not one. */
export function toBrokerThread(data: unknown): ToBrokerThread | null {
  if (typeof data !== "object" || data === null) return null;
  const kind = field(data, "kind");
  const id = field(data, "id");
  switch (kind) {
    case "start": {
      const controlFd = field(data, "controlFd");
      const flushFd = field(data, "flushFd");
      const epollFd = field(data, "epollFd");
      const shared = field(data, "shared");
      const port = field(data, "port");
      return isInt(controlFd) && isInt(flushFd) && isInt(epollFd) &&
          shared instanceof SharedArrayBuffer && port instanceof MessagePort
        ? { kind, controlFd, flushFd, epollFd, shared, port }
        : null;
    }
    case "open": {
      const fd = field(data, "fd");
      const path = field(data, "path");
      const grant = field(data, "grant");
      return isInt(id) && isInt(fd) && typeof path === "string" && isGrant(grant)
        ? { kind, id, fd, path, grant }
        : null;
    }
    case "close":
      return isInt(id) ? { kind, id } : null;
    case "stop":
      return { kind };
    default:
      return null;
  }
}

/** A message from the broker's thread, or `null` if it is not one. */
export function fromBrokerThread(data: unknown): FromBrokerThread | null {
  if (typeof data !== "object" || data === null) return null;
  const kind = field(data, "kind");
  const id = field(data, "id");
  switch (kind) {
    case "decisions": {
      const decisions = field(data, "decisions");
      return isColumns(decisions) ? { kind, decisions } : null;
    }
    case "accepted": {
      const fd = field(data, "fd");
      return isInt(id) && isInt(fd) ? { kind, id, fd } : null;
    }
    case "ended": {
      const why = field(data, "why");
      return isInt(id) && typeof why === "string" ? { kind, id, why } : null;
    }
    case "closed":
      return isInt(id) ? { kind, id } : null;
    case "failed": {
      const message = field(data, "message");
      return typeof message === "string" ? { kind, message } : null;
    }
    case "stopped":
      return { kind };
    default:
      return null;
  }
}
