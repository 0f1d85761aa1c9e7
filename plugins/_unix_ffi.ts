/**
 * The few libc calls the permission broker's thread serves its Unix sockets with, through
 * `Deno.dlopen`: listening and accepted sockets, an epoll set over them, an eventfd to wake the
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
  recv: { parameters: ["i32", "buffer", "usize", "i32"], result: "isize" },
  send: { parameters: ["i32", "buffer", "usize", "i32"], result: "isize" },
  read: { parameters: ["i32", "buffer", "usize"], result: "isize" },
  write: { parameters: ["i32", "buffer", "usize"], result: "isize" },
  close: { parameters: ["i32"], result: "i32" },
  unlink: { parameters: ["buffer"], result: "i32" },
  eventfd: { parameters: ["u32", "i32"], result: "i32" },
  epoll_create1: { parameters: ["i32"], result: "i32" },
  epoll_ctl: { parameters: ["i32", "i32", "i32", "buffer"], result: "i32" },
  epoll_wait: { parameters: ["i32", "buffer", "i32", "i32"], result: "i32" },
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
const EPOLL_CLOEXEC = 0o2000000;
const EPOLL_CTL_ADD = 1;
const EPOLL_CTL_DEL = 2;
const EPOLL_CTL_MOD = 3;
/** `struct epoll_event` is packed on x86-64 (events, then data at 4), padded elsewhere (at 8). */
const EPOLL_EVENT_BYTES = Deno.build.arch === "x86_64" ? 12 : 16;
const EPOLL_DATA_OFFSET = Deno.build.arch === "x86_64" ? 4 : 8;
const EINTR = 4;
const EAGAIN = 11;

/** Readable (`poll()` and epoll share these bits). */
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

  /**
   * A new epoll set's descriptor, close-on-exec: descriptors stay registered in it from one
   * wait to the next, where `poll()` registers and unregisters each of them on every call.
   */
  epollCreate(): number {
    const fd = this.#s.epoll_create1(EPOLL_CLOEXEC);
    if (fd < 0) throw new LibcError("create an epoll set", this.errno());
    return fd;
  }

  /** Watches and waits through the epoll set `fd` (from {@linkcode Libc.epollCreate}). */
  epoll(fd: number): EpollSet {
    return new EpollSet(this.#s, fd, this);
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

/**
 * An epoll set watching descriptors for the {@linkcode POLLIN} and {@linkcode POLLOUT} bits
 * (epoll's are the same), level-triggered as `poll()` is. A descriptor must leave the set
 * ({@linkcode EpollSet.remove}) before it is closed. Closing the set's own descriptor is left
 * to whoever made it.
 *
 * @example
 * ```ts ignore
 * const epollFd = libc.epollCreate();
 * const set = libc.epoll(epollFd);
 * set.watch(fd, POLLIN);
 * const ready = set.wait(-1);
 * for (let i = 0; i < ready; i++) console.log(set.fdAt(i), set.eventsAt(i));
 * libc.close(epollFd);
 * ```
 */
export class EpollSet {
  #s: Symbols;
  #fd: number;
  #libc: Libc;
  /** The events each watched descriptor is watched for. */
  #watched = new Map<number, number>();
  #event = new Uint8Array(EPOLL_EVENT_BYTES);
  #eventView = new DataView(this.#event.buffer);
  #ready = new Uint8Array(EPOLL_EVENT_BYTES * 64);
  #readyView = new DataView(this.#ready.buffer);

  constructor(symbols: Symbols, fd: number, libc: Libc) {
    this.#s = symbols;
    this.#fd = fd;
    this.#libc = libc;
  }

  /** Watches `fd` for `events` (0: only for errors and hang-ups), added or changed. */
  watch(fd: number, events: number): void {
    const was = this.#watched.get(fd);
    if (was === events) return;
    this.#eventView.setUint32(0, events, true);
    this.#eventView.setUint32(EPOLL_DATA_OFFSET, fd, true);
    const op = was === undefined ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
    if (this.#s.epoll_ctl(this.#fd, op, fd, this.#event) !== 0) {
      throw new LibcError(`watch descriptor ${fd}`, this.#libc.errno());
    }
    this.#watched.set(fd, events);
  }

  /** Stops watching `fd`, if it was. */
  remove(fd: number): void {
    if (!this.#watched.delete(fd)) return;
    this.#s.epoll_ctl(this.#fd, EPOLL_CTL_DEL, fd, this.#event);
  }

  /** Waits until a watched descriptor is ready or `timeoutMs` passes; how many are (0: none). */
  wait(timeoutMs: number): number {
    const ready = this.#s.epoll_wait(this.#fd, this.#ready, 64, timeoutMs);
    if (ready >= 0) return ready;
    const errno = this.#libc.errno();
    if (errno === EINTR) return 0;
    throw new LibcError("wait on an epoll set", errno);
  }

  /** The descriptor of the `i`-th ready one of the last wait. */
  fdAt(i: number): number {
    return this.#readyView.getInt32(i * EPOLL_EVENT_BYTES + EPOLL_DATA_OFFSET, true);
  }

  /** What the `i`-th ready descriptor of the last wait is ready for. */
  eventsAt(i: number): number {
    return this.#readyView.getUint32(i * EPOLL_EVENT_BYTES, true);
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
