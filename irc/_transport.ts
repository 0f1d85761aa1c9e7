/**
 * The socket under irc-framework: TCP or TLS through `node:net` / `node:tls`, with a bounded,
 * linear line splitter in place of irc-framework's own (which re-concatenates its whole
 * buffer on every read and never bounds it). irc-framework still does the protocol.
 *
 * irc-framework drives a transport through `connect()`, `writeLine()`, `close()`,
 * `disposeSocket()` and `setEncoding()`, and listens to its `open`, `line` and `close` events.
 *
 * @module
 */
import { EventEmitter } from "node:events";
import { connect as netConnect, isIP, type Socket } from "node:net";
import { connect as tlsConnect } from "node:tls";
import { type DroppedLine, LineSplitter } from "./_line_splitter.ts";

/** Where and how to connect. */
export interface TransportOptions {
  host: string;
  port: number;
  tls: boolean;
  rejectUnauthorized: boolean;
  /** A client certificate (PEM), for CertFP or SASL EXTERNAL. */
  certificate?: { certificate: string; privateKey: string };
  /** Root certificates (PEM) to trust. */
  ca?: string[];
  /** Told of each overlong line dropped, in its place among the lines. */
  onDropped(line: DroppedLine): void;
  /**
   * Takes each line read, in place of the `line` event: the adapter parses and routes lines
   * itself, sparing irc-framework's per-line `raw` and `message` events and middleware.
   */
  reader?: LineReader;
}

/**
 * Where the lines of each socket read go. An object with methods, not closures: one class's
 * method is one call target for every connection, where a closure per connection made the
 * read path meet a new target at each connect and drop its optimised code (issue 25).
 */
export interface LineReader {
  /** Takes one line, in wire order. */
  line(line: string): void;
  /** Told once a socket read's lines (and dropped lines) have all been handed over. */
  readEnd(): void;
}

/** One socket's life, as irc-framework's `Connection` expects of a transport. */
export class LineTransport extends EventEmitter {
  readonly #options: TransportOptions;
  #socket: Socket | undefined;
  #open = false;
  #splitter = new LineSplitter();
  #error: Error | undefined;

  /** Creates the transport; nothing happens until `connect()`. */
  constructor(options: TransportOptions) {
    super();
    this.#options = options;
  }

  /** Opens the socket. */
  connect(): void {
    this.disposeSocket();
    const o = this.#options;
    this.#splitter = new LineSplitter();
    this.#error = undefined;
    const socket = o.tls
      ? tlsConnect({
        host: o.host,
        port: o.port,
        servername: isIP(o.host) === 0 ? o.host : undefined,
        rejectUnauthorized: o.rejectUnauthorized,
        key: o.certificate?.privateKey,
        cert: o.certificate?.certificate,
        ca: o.ca,
      })
      : netConnect({ host: o.host, port: o.port });
    // Lines go out as they are written: with Nagle's algorithm a second small write (USER
    // after NICK, CAP END after CAP REQ) waited for the server's delayed ACK of the first,
    // about 40 ms of each registration on the loopback, where the server waits for it.
    socket.setNoDelay(true);
    this.#socket = socket;
    socket.once(o.tls ? "secureConnect" : "connect", () => {
      if (this.#socket !== socket) return;
      this.#open = true;
      this.emit("open");
    });
    socket.on("data", (data: Uint8Array) => this.#readChunk(socket, data));
    socket.on("error", (error: Error) => {
      this.#error ??= error;
    });
    socket.once("close", () => {
      if (this.#socket !== socket) return;
      this.#open = false;
      this.#socket = undefined;
      this.emit("close", this.#error ?? false);
    });
  }

  /** Whether the socket is open. */
  isConnected(): boolean {
    return this.#open;
  }

  /** Writes one line, CR LF added; `callback` runs once it is written (or dropped). */
  writeLine(line: string, callback?: () => void): void {
    const socket = this.#socket;
    if (socket && this.#open && !socket.destroyed) {
      socket.write(`${line}\r\n`, callback && (() => callback()));
    } else if (callback) {
      queueMicrotask(callback);
    }
  }

  /** Ends the socket: at once when `force` or still connecting, else after what is written. */
  close(force: boolean): void {
    const socket = this.#socket;
    if (!socket) return;
    if (force || !this.#open) socket.destroy();
    else socket.end();
  }

  /** Destroys the socket without a `close` event (irc-framework calls it before reconnecting). */
  disposeSocket(): void {
    const socket = this.#socket;
    if (!socket) return;
    this.#socket = undefined;
    this.#open = false;
    socket.removeAllListeners();
    socket.on("error", () => {});
    socket.destroy();
  }

  /** Stops reading from the socket (the kernel's window then holds the server back). */
  pause(): void {
    this.#socket?.pause();
  }

  /** Reads from the socket again. */
  resume(): void {
    this.#socket?.resume();
  }

  /** Only UTF-8 is spoken. */
  setEncoding(encoding: string): boolean {
    return /^utf-?8$/i.test(encoding);
  }

  #readChunk(socket: Socket, data: Uint8Array): void {
    const reader = this.#options.reader;
    for (const line of this.#splitter.push(data)) {
      // A line handler may have closed the link (a server ERROR): the rest is not read.
      if (this.#socket !== socket || socket.destroyed) return;
      if (typeof line !== "string") this.#options.onDropped(line);
      else if (reader) reader.line(line);
      else this.emit("line", line);
    }
    reader?.readEnd();
    const error = this.#splitter.error;
    if (error && this.#socket === socket && !socket.destroyed) {
      this.#error = error;
      socket.destroy();
    }
  }
}

/** Our options, by the irc-framework options object they travel in (see `withTransport`). */
const handedOver = new WeakMap<object, TransportOptions>();

/**
 * The transport irc-framework constructs itself, from its own options object: it finds our
 * typed options by that object. One class for every connection, where a class made per
 * connection gave each socket's transport a map of its own, and the read path, seeing a new
 * one at each connect, was thrown out of its optimised code (issue 25).
 */
class FrameworkTransport extends LineTransport {
  constructor(frameworkOptions: object) {
    const options = handedOver.get(frameworkOptions);
    if (!options) {
      throw new TypeError(
        "Cannot create the transport: irc-framework's options were not made by withTransport()",
      );
    }
    super(options);
  }
}

/**
 * irc-framework's connect options `frameworkOptions`, with our transport bound to `options`.
 * irc-framework hands the object returned (not a copy) to the transport it constructs.
 */
export function withTransport<T extends object>(
  frameworkOptions: T,
  options: TransportOptions,
): T & { transport: typeof FrameworkTransport } {
  const out = { ...frameworkOptions, transport: FrameworkTransport };
  handedOver.set(out, options);
  return out;
}
