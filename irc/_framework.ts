/**
 * Typed wrapper over the parts of `npm:irc-framework` this adapter uses.
 *
 * irc-framework ships no types. Everything crossing from it is narrowed here, so no `any`
 * leaks into the rest of `irc/`.
 *
 * @module
 */
import { parseLine, type RawMessage } from "./_line_parser.ts";
import { type LineReader, withTransport } from "./_transport.ts";
import type { DroppedLine } from "./_line_splitter.ts";

export type { RawMessage };

/** Options we pass to irc-framework's `connect()`. */
export interface FrameworkConnectOptions {
  host: string;
  port: number;
  tls: boolean;
  rejectUnauthorized: boolean;
  nick: string;
  username: string;
  gecos: string;
  password?: string;
  account: { account?: string; password?: string };
  sasl_mechanism?: string;
  client_certificate?: { private_key: string; certificate: string };
  /** Root certificates (PEM) to trust; our transport's, irc-framework never sees it. */
  ca?: string[];
  sasl_disconnect_on_fail: boolean;
  auto_reconnect: false;
  ping_interval: number;
  ping_timeout: number;
  enable_chghost: boolean;
  enable_setname: boolean;
  version: string | null;
  /** Capabilities to request on top of irc-framework's own list (one CAP REQ line). */
  extraCaps: string[];
}

/** irc-framework's command handler, for the lines it is to see. */
export interface FrameworkDispatch {
  /** Hands `message` to irc-framework's command handler. */
  dispatch(message: RawMessage): void;
}

/**
 * A raw-middleware function: runs on the socket read path for every line;
 * `next.dispatch(message)` hands the line on to irc-framework (one object for every line and
 * connection, not a closure per line).
 */
export type RawMiddleware = (message: RawMessage, next: FrameworkDispatch) => void;

/** The narrow, typed face of one irc-framework client. */
export interface FrameworkClient {
  /** Starts connecting. */
  connect(options: FrameworkConnectOptions): void;
  /** Writes one raw line (no CR/LF). */
  write(line: string): void;
  /** Sends QUIT and closes the socket once it is written. */
  quit(message: string): void;
  /** Destroys the socket right away. */
  destroy(): void;
  /** Restarts the ping timeout, for lines we keep away from irc-framework's dispatcher. */
  keepAlive(): void;
  /** Stops reading from the socket until `resume()`. */
  pause(): void;
  /** Reads from the socket again. */
  resume(): void;
  /** Installs the raw middleware (only one). */
  useRaw(fn: RawMiddleware): void;
  /** Called when the socket is open (after TLS). */
  onOpen(fn: () => void): void;
  /** Called once the socket has closed, with the socket error when there was one. */
  onClose(fn: (error: Error | undefined) => void): void;
  /** Called for each overlong line the transport dropped, in wire order with the others. */
  onLineDropped(fn: (line: DroppedLine) => void): void;
  /** Called once each socket read's lines have all been handed to the raw middleware. */
  onReadEnd(fn: () => void): void;
  /** Called when irc-framework gives up on a silent server. */
  onPingTimeout(fn: () => void): void;
  /** Drops every listener. */
  removeAllListeners(): void;
}

interface UntypedClient {
  connect(options: unknown): void;
  command_handler: { dispatch(message: RawMessage): void };
  quit(message: string): void;
  on(event: string, fn: (...args: unknown[]) => void): void;
  removeAllListeners(): void;
  requestCap(caps: string[]): void;
  resetPingTimeoutTimer(): void;
  connection: {
    write(line: string): void;
    on(event: string, fn: (...args: unknown[]) => void): void;
    removeAllListeners(): void;
    clearTimers(): void;
    transport: { close(force: boolean): void; pause(): void; resume(): void } | null;
  };
}

type ClientClass = new () => UntypedClient;

// A URL, not a literal: a literal would put irc-framework in the module graph of every program
// that imports the root door for its bus (`deno info`, `deno cache`), though only a connect
// needs it. The client app names the literal in its own loader, to cache and lock it.
const LIBRARY = new URL("../deps/irc_framework_client.ts", import.meta.url).href;
let library: Promise<ClientClass> | undefined;

/** irc-framework's `Client` class, loaded on the first call. */
function loadClientClass(): Promise<ClientClass> {
  return library ??= import(LIBRARY).then((module: { default: { Client: ClientClass } }) =>
    module.default.Client
  );
}

/**
 * One client's read path: each line off the socket, in wire order, parsed once and handed to
 * the raw middleware, whose `next` gives it to irc-framework's command handler. This is what
 * irc-framework's connection does with a line, less its per-line `raw` event (re-emitted by
 * its client through an arguments copy), its `message` event and its middleware runner, and
 * with our parser in place of its own: together half the adapter's time per PRIVMSG (issue
 * 25). A class, so that every connection's lines go through the same call targets.
 */
class FrameworkLines implements LineReader, FrameworkDispatch {
  readonly #client: UntypedClient;
  raw: RawMiddleware | undefined;
  onReadEnd: () => void = () => {};

  constructor(client: UntypedClient) {
    this.#client = client;
  }

  line(line: string): void {
    const m = parseLine(line);
    const raw = this.raw;
    if (!raw) return this.dispatch(m);
    try {
      raw(m, this);
    } catch (error) {
      // As irc-framework's middleware runner did: the line is lost, the link is not.
      console.error("Cannot handle an IRC line:", error);
    }
  }

  readEnd(): void {
    this.onReadEnd();
  }

  dispatch(message: RawMessage): void {
    this.#client.command_handler.dispatch(message);
  }
}

/** Creates a fresh irc-framework client behind the typed face, loading the library once. */
export async function createFrameworkClient(): Promise<FrameworkClient> {
  const Client = await loadClientClass();
  const client = new Client();
  let onDropped: (line: DroppedLine) => void = () => {};
  const lines = new FrameworkLines(client);
  return {
    connect(options) {
      const { extraCaps, ...rest } = options;
      client.requestCap(extraCaps);
      client.connect(withTransport(rest, {
        host: options.host,
        port: options.port,
        tls: options.tls,
        rejectUnauthorized: options.rejectUnauthorized,
        certificate: options.client_certificate && {
          certificate: options.client_certificate.certificate,
          privateKey: options.client_certificate.private_key,
        },
        ...(options.ca ? { ca: options.ca } : {}),
        onDropped: (line) => onDropped(line),
        reader: lines,
      }));
    },
    keepAlive() {
      client.resetPingTimeoutTimer();
    },
    write(line) {
      client.connection.write(line);
    },
    quit(message) {
      client.quit(message);
    },
    destroy() {
      client.connection.transport?.close(true);
    },
    pause() {
      client.connection.transport?.pause();
    },
    resume() {
      client.connection.transport?.resume();
    },
    useRaw(fn) {
      lines.raw = fn;
    },
    onOpen(fn) {
      client.on("socket connected", () => fn());
    },
    onClose(fn) {
      client.connection.on("socket close", (error: unknown) => {
        fn(error instanceof Error ? error : undefined);
      });
    },
    onLineDropped(fn) {
      onDropped = fn;
    },
    onReadEnd(fn) {
      lines.onReadEnd = fn;
    },
    onPingTimeout(fn) {
      client.on("ping timeout", () => fn());
    },
    removeAllListeners() {
      client.removeAllListeners();
      client.connection.removeAllListeners();
      client.connection.clearTimers();
    },
  };
}
