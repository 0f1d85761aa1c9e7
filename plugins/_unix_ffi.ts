/**
 * The few libc calls the permission broker's thread serves its Unix sockets with, through
 * `Deno.dlopen`: listening and accepted sockets, `poll()` over them, an eventfd to wake the
 * thread, and non-blocking reads and writes. The calls block in the kernel on the calling
 * thread, not in Deno's event loop: that is what takes the event loop's two hops off each
 * permission check's round trip.
 *
 * Only Linux with glibc or musl is tried; elsewhere, or without `--allow-ffi`, {@linkcode
 * openLibc} returns why not and the broker answers on the event loop instead.
 *
 * @module
 */

const SYMBOLS = {
  socket: { parameters: ["i32", "i32", "i32"], result: "i32" },
  bind: { parameters: ["i32", "buffer", "u32"], result: "i32" },
  listen: { parameters: ["i32", "i32"], result: "i32" },
  accept4: { parameters: ["i32", "pointer", "pointer", "i32"], result: "i32" },
  poll: { parameters: ["buffer", "u64", "i32"], result: "i32" },
  recv: { parameters: ["i32", "buffer", "usize", "i32"], result: "isize" },
  send: { parameters: ["i32", "buffer", "usize", "i32"], result: "isize" },
  read: { parameters: ["i32", "buffer", "usize"], result: "isize" },
  write: { parameters: ["i32", "buffer", "usize"], result: "isize" },
  close: { parameters: ["i32"], result: "i32" },
  unlink: { parameters: ["buffer"], result: "i32" },
  eventfd: { parameters: ["u32", "i32"], result: "i32" },
  __errno_location: { parameters: [], result: "pointer" },
} as const;

/** The libc symbols, as `Deno.dlopen` types them. */
type Symbols = Deno.DynamicLibrary<typeof SYMBOLS>["symbols"];

const AF_UNIX = 1;
const SOCK_STREAM = 1;
const SOCK_NONBLOCK = 0o4000;
const SOCK_CLOEXEC = 0o2000000;
const EFD_NONBLOCK = 0o4000;
const EFD_CLOEXEC = 0o2000000;
const MSG_DONTWAIT = 0x40;
/** A write to a peer that left must not raise SIGPIPE in the host. */
const MSG_NOSIGNAL = 0x4000;
const SUN_PATH_BYTES = 108;
const EINTR = 4;
const EAGAIN = 11;

/** `poll()` event bits. */
export const POLLIN = 0x1;
/** Writable. */
export const POLLOUT = 0x4;
/** Error, hang-up or a descriptor that is not open. */
export const POLLERR_HUP_NVAL = 0x8 | 0x10 | 0x20;

/** A libc call failed: which, and the errno it left. */
export class LibcError extends Error {
  /** The errno value. */
  readonly errno: number;
  constructor(call: string, errno: number) {
    super(`Cannot ${call}: errno ${errno}`);
    this.name = "LibcError";
    this.errno = errno;
  }
}

/** The result of a non-blocking read or write: bytes moved, would block, or the peer is gone. */
export type IoResult = number | "again" | "gone";

/**
 * libc, opened once per thread, with the calls the broker thread makes.
 *
 * @example
 * ```ts ignore
 * const libc = openLibc();
 * if (libc.ok) {
 *   const fd = libc.libc.listenUnix("/run/me/b.sock");
 *   libc.libc.close(fd);
 * }
 * ```
 */
export class Libc {
  #s: Symbols;
  #encoder = new TextEncoder();

  constructor(symbols: Symbols) {
    this.#s = symbols;
  }

  /** The errno the last failed call on this thread left. */
  errno(): number {
    const where = this.#s.__errno_location();
    return where === null ? 0 : new Deno.UnsafePointerView(where).getInt32();
  }

  /** A listening, close-on-exec Unix stream socket bound at `path`. */
  listenUnix(path: string): number {
    const address = new Uint8Array(2 + SUN_PATH_BYTES);
    new DataView(address.buffer).setUint16(0, AF_UNIX, true);
    const name = this.#encoder.encode(path);
    if (name.length >= SUN_PATH_BYTES || name.includes(0)) {
      throw new RangeError(
        `Cannot listen on a Unix socket: its path takes ${name.length} bytes, over ${
          SUN_PATH_BYTES - 1
        }`,
      );
    }
    address.set(name, 2);
    const fd = this.#s.socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) throw new LibcError("create a Unix socket", this.errno());
    if (this.#s.bind(fd, address, address.length) !== 0 || this.#s.listen(fd, 4) !== 0) {
      const errno = this.errno();
      this.#s.close(fd);
      throw new LibcError(`listen on ${JSON.stringify(path)}`, errno);
    }
    return fd;
  }

  /** The next connection on a listening socket, non-blocking; `null` when none is waiting. */
  accept(fd: number): number | null {
    const conn = this.#s.accept4(fd, null, null, SOCK_NONBLOCK | SOCK_CLOEXEC);
    return conn >= 0 ? conn : null;
  }

  /**
   * Waits in the kernel until one of the descriptors in `fds` (`struct pollfd`s) is ready, or
   * `timeoutMs` passes (-1: no limit). Returns how many are ready; 0 when interrupted.
   */
  poll(fds: Uint8Array, count: number, timeoutMs: number): number {
    const ready = this.#s.poll(fds, BigInt(count), timeoutMs);
    if (ready >= 0) return ready;
    const errno = this.errno();
    if (errno === EINTR) return 0;
    throw new LibcError("poll", errno);
  }

  /** Reads what is there without blocking. */
  recv(fd: number, into: Uint8Array): IoResult {
    const n = Number(this.#s.recv(fd, into, BigInt(into.length), MSG_DONTWAIT));
    if (n > 0) return n;
    if (n === 0) return "gone";
    const errno = this.errno();
    return errno === EAGAIN || errno === EINTR ? "again" : "gone";
  }

  /** Writes what the socket takes now, without blocking and without SIGPIPE. */
  send(fd: number, bytes: Uint8Array): IoResult {
    const n = Number(this.#s.send(fd, bytes, BigInt(bytes.length), MSG_DONTWAIT | MSG_NOSIGNAL));
    if (n >= 0) return n;
    const errno = this.errno();
    return errno === EAGAIN || errno === EINTR ? "again" : "gone";
  }

  /** A non-blocking, close-on-exec eventfd, to wake a thread that waits in {@linkcode poll}. */
  eventfd(): number {
    const fd = this.#s.eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (fd < 0) throw new LibcError("create an eventfd", this.errno());
    return fd;
  }

  /** Adds one to an eventfd's counter, waking whoever polls it. */
  signal(fd: number): void {
    const one = new BigUint64Array([1n]);
    this.#s.write(fd, new Uint8Array(one.buffer), 8n);
  }

  /** Reads and resets an eventfd's counter: how many signals came since the last drain. */
  drain(fd: number): number {
    const count = new BigUint64Array(1);
    const n = Number(this.#s.read(fd, new Uint8Array(count.buffer), 8n));
    return n === 8 ? Number(count[0]) : 0;
  }

  /** Closes a descriptor. */
  close(fd: number): void {
    this.#s.close(fd);
  }

  /** Removes a path, whether or not it is there. */
  unlink(path: string): void {
    this.#s.unlink(this.#encoder.encode(`${path}\0`));
  }
}

/** libc, or why this process cannot call it. */
export type LibcOpening = { ok: true; libc: Libc } | { ok: false; reason: string };

let opened: LibcOpening | undefined;

/** Opens libc once per thread, or says why not (another OS, no `--allow-ffi`, no such file). */
export function openLibc(): LibcOpening {
  opened ??= tryOpen();
  return opened;
}

function tryOpen(): LibcOpening {
  if (Deno.build.os !== "linux") {
    return { ok: false, reason: `no FFI broker thread on ${Deno.build.os}` };
  }
  if (Deno.permissions.querySync({ name: "ffi" }).state !== "granted") {
    return { ok: false, reason: "the host runs without --allow-ffi" };
  }
  const names = ["libc.so.6", "libc.so"];
  const failures: string[] = [];
  for (const name of names) {
    try {
      return { ok: true, libc: new Libc(Deno.dlopen(name, SYMBOLS).symbols) };
    } catch (error) {
      failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { ok: false, reason: `cannot open libc (${failures.join("; ")})` };
}
