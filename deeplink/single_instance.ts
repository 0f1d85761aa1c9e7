import { join } from "node:path";
import { IrcUrlError, randomToken, requestLine, sameToken, serve } from "../net/mod.ts";
import { JsrLinkError } from "./jsr_link.ts";
import { errorMessage, readSmallFile } from "../common/mod.ts";

/** Name of the token file inside the data dir. */
const TOKEN_FILE = "deeplink-instance.json";
/** Largest request or reply line, in bytes. A link is at most 8,192 characters. */
const MAX_LINE_BYTES = 64 * 1024;
/**
 * How long the listener gives one connection to send its request. A launch sends it at once;
 * shorter than the handoff's 3 s wait, so a launch queued behind idle connections is still
 * answered.
 */
const REQUEST_TIMEOUT_MS = 2_000;
/** Link connections served at once by default; more wait in the kernel's backlog. */
const MAX_CONNECTIONS = 16;
const TOKEN = /^[0-9a-f]{64}$/;

/**
 * Path of the token file in a data dir: `{ version, pid, port, token }` as JSON, mode 0600.
 *
 * @example
 * ```ts
 * import { tokenFilePath } from "./mod.ts";
 * tokenFilePath("/home/alice/.local/share/ircbus"); // ".../deeplink-instance.json"
 * ```
 */
export function tokenFilePath(dataDir: string): string {
  return join(dataDir, TOKEN_FILE);
}

/**
 * Options of {@linkcode listenForLinks}.
 *
 * @example
 * ```ts
 * import type { LinkListenerOptions } from "./mod.ts";
 * const options: LinkListenerOptions = { dataDir: "/tmp/ircbus", onLink: (link) => console.log(link) };
 * ```
 */
export interface LinkListenerOptions {
  /** The client's data dir; the token file is written there (the dir is created 0700). */
  dataDir: string;
  /**
   * Receives each authenticated link, e.g. `(raw) => handler.handle(raw)`. Throwing an
   * `IrcUrlError` or `JsrLinkError` rejects the link; the sender reports that error.
   */
  onLink: (raw: string) => unknown;
  /**
   * Receives errors of single connections and failed accepts (never fatal: accepting goes on
   * with backoff); defaults to ignoring them.
   */
  onError?: (error: Error) => void;
  /** Connections served at once; more wait until one ends. Default 16. */
  maxConnections?: number;
}

/**
 * The running instance's endpoint for links from later launches.
 *
 * @example
 * ```ts
 * import type { LinkListener } from "./mod.ts";
 * async function stop(listener: LinkListener) {
 *   await listener.close(); // also removes the token file
 * }
 * ```
 */
export interface LinkListener extends AsyncDisposable {
  /** The loopback port it listens on (127.0.0.1). */
  readonly port: number;
  /** The token file it wrote. */
  readonly tokenFile: string;
  /** Stops listening, ends open connections and removes the token file if still ours. */
  close(): Promise<void>;
}

/**
 * What became of a link offered to a running instance.
 * - `delivered`: a live instance accepted it; the caller can exit 0.
 * - `rejected`: a live instance refused it (an invalid link): `code` and `message` say why.
 * - `no-instance`: nobody (valid) is listening: no token file, a stale one, an untrusted
 *   one, or no answer in time. The caller becomes the instance and handles the link at
 *   cold start.
 *
 * @example
 * ```ts
 * import type { HandoffResult } from "./mod.ts";
 * function exitCode(result: HandoffResult): number | undefined {
 *   return result.status === "delivered" ? 0 : result.status === "rejected" ? 2 : undefined;
 * }
 * ```
 */
export type HandoffResult =
  | { status: "delivered" }
  | { status: "rejected"; code: string; message: string }
  | { status: "no-instance"; reason: string };

/**
 * Options of {@linkcode handOffLink}.
 *
 * @example
 * ```ts
 * import type { HandoffOptions } from "./mod.ts";
 * const options: HandoffOptions = { dataDir: "/tmp/ircbus", link: "irc://example.org/#x" };
 * ```
 */
export interface HandoffOptions {
  /** The client's data dir, where a running instance left its token file. */
  dataDir: string;
  /** The link, as given (the instance parses and validates it again). */
  link: string;
  /** Milliseconds to wait for the instance's answer; defaults to 3,000. */
  timeout?: number;
}

/**
 * Becomes the single instance: listens on a random 127.0.0.1 port for links from later
 * launches and writes the port with a fresh random token to the token file in the data dir
 * (mode 0600, so other local users cannot read it). Only requests carrying the token reach
 * `onLink`. Requests are one JSON line each: `{"token": "...", "link": "irc://..."}`.
 *
 * @example
 * ```ts ignore
 * import { DeepLinkHandler, FrontendEvents, listenForLinks, NetworkStore } from "./mod.ts";
 * const handler = new DeepLinkHandler({
 *   store: new NetworkStore("/tmp/ircbus/client.sqlite"),
 *   frontend: new FrontendEvents(),
 * });
 * await using listener = await listenForLinks({
 *   dataDir: "/tmp/ircbus",
 *   onLink: (raw) => handler.handle(raw),
 * });
 * ```
 */
export async function listenForLinks(options: LinkListenerOptions): Promise<LinkListener> {
  const { dataDir, onLink } = options;
  if (typeof dataDir !== "string" || dataDir === "") {
    throw new TypeError(
      `Cannot listen for links: dataDir must be a non-empty string, got ${dataDir}`,
    );
  }
  if (typeof onLink !== "function") {
    throw new TypeError(`Cannot listen for links: onLink must be a function, got ${typeof onLink}`);
  }
  const onError = options.onError ?? (() => {});
  const token = randomToken();
  const tokenFile = tokenFilePath(dataDir);
  await Deno.mkdir(dataDir, { recursive: true, mode: 0o700 });

  // The line framing: a launch sends one JSON line and reads one back (see `net/line.ts`).
  const server = serve({
    framing: "line",
    maxConnections: options.maxConnections ?? MAX_CONNECTIONS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    maxLineBytes: MAX_LINE_BYTES,
    onError,
  }, async (request) => new Response(JSON.stringify(answer(await request.text()))));
  const port = server.addr.port;

  /** The reply to one request line; an unreadable line comes as "" (see `serve()`). */
  function answer(line: string): Record<string, string> {
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch {
      request = undefined;
    }
    if (
      typeof request !== "object" || request === null || !("token" in request) ||
      !("link" in request) || typeof request.token !== "string" ||
      typeof request.link !== "string"
    ) {
      return {
        status: "rejected",
        code: "bad_request",
        message: "Cannot accept link: the request is not {token, link}",
      };
    }
    if (!sameToken(request.token, token)) {
      return { status: "unauthorized", message: "Cannot accept link: wrong token" };
    }
    try {
      onLink(request.link);
      return { status: "delivered" };
    } catch (error) {
      if (error instanceof IrcUrlError || error instanceof JsrLinkError) {
        return { status: "rejected", code: error.code, message: error.message };
      }
      onError(error instanceof Error ? error : new Error(String(error)));
      return {
        status: "rejected",
        code: "internal",
        message: "Cannot accept link: the instance failed to handle it",
      };
    }
  }

  try {
    await writeTokenFile(tokenFile, JSON.stringify({ version: 1, pid: Deno.pid, port, token }));
  } catch (error) {
    await server.shutdown();
    throw error;
  }

  let closing: Promise<void> | undefined;
  async function close(): Promise<void> {
    closing ??= (async () => {
      await server.shutdown();
      await removeTokenFileIfOurs(tokenFile, token);
    })();
    return await closing;
  }

  return { port, tokenFile, close, [Symbol.asyncDispose]: close };
}

/**
 * Offers a link to a running instance through the token file in the data dir. Never hangs
 * and never throws for a missing, stale, garbled or untrusted token file: those are
 * `no-instance`, so the caller handles the link itself at cold start.
 *
 * @example
 * ```ts ignore
 * import { handOffLink } from "./mod.ts";
 * const result = await handOffLink({ dataDir: "/tmp/ircbus", link: "irc://example.org/#x" });
 * if (result.status === "delivered") Deno.exit(0);
 * ```
 */
export async function handOffLink(options: HandoffOptions): Promise<HandoffResult> {
  const { dataDir, link, timeout = 3_000 } = options;
  if (typeof link !== "string") {
    throw new TypeError(`Cannot hand off link: expected a string, got ${typeof link}`);
  }
  const file = tokenFilePath(dataDir);
  let text: string;
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(file);
    // Bounded, and a regular file only: a FIFO put here would hold this launch forever.
    text = new TextDecoder().decode(
      await readSmallFile(file, { maxBytes: 4096, what: "the token file", limit: "4 KiB" }),
    );
  } catch (error) {
    if (
      error instanceof Deno.errors.NotFound ||
      (error instanceof Error && error.cause instanceof Deno.errors.NotFound)
    ) {
      return { status: "no-instance", reason: "no token file" };
    }
    return { status: "no-instance", reason: `unreadable token file: ${errorMessage(error)}` };
  }
  // A token file others could read or that another user wrote is not trusted with a link.
  if (info.mode !== null && (info.mode & 0o077) !== 0) {
    return {
      status: "no-instance",
      reason: `untrusted token file: mode ${(info.mode & 0o777).toString(8)}`,
    };
  }
  const uid = currentUid();
  if (info.uid !== null && uid !== undefined && info.uid !== uid) {
    return { status: "no-instance", reason: `untrusted token file: owned by uid ${info.uid}` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status: "no-instance", reason: "garbled token file" };
  }
  if (
    typeof parsed !== "object" || parsed === null || !("port" in parsed) || !("token" in parsed) ||
    !Number.isInteger(parsed.port) || (parsed.port as number) < 1 ||
    (parsed.port as number) > 65535 || typeof parsed.token !== "string" || !TOKEN.test(parsed.token)
  ) {
    return { status: "no-instance", reason: "garbled token file" };
  }
  const port = parsed.port as number;
  const token = parsed.token;

  let line: string | undefined;
  try {
    line = await requestLine({
      port,
      line: JSON.stringify({ token, link }),
      timeoutMs: timeout,
      maxLineBytes: MAX_LINE_BYTES,
    });
  } catch (error) {
    if (error instanceof Deno.errors.TimedOut) {
      return { status: "no-instance", reason: `stale token file: no answer within ${timeout} ms` };
    }
    return { status: "no-instance", reason: `stale token file: ${errorMessage(error)}` };
  }
  let reply: unknown;
  try {
    reply = line === undefined ? undefined : JSON.parse(line);
  } catch {
    reply = undefined;
  }
  if (typeof reply === "object" && reply !== null && "status" in reply) {
    if (reply.status === "delivered") return { status: "delivered" };
    if (
      reply.status === "rejected" && "code" in reply && typeof reply.code === "string" &&
      "message" in reply && typeof reply.message === "string" && reply.code !== "bad_request"
    ) {
      return { status: "rejected", code: reply.code, message: reply.message };
    }
  }
  return {
    status: "no-instance",
    reason: `stale token file: port ${port} answered ${JSON.stringify(line ?? "nothing")}`,
  };
}

function currentUid(): number | undefined {
  try {
    return Deno.uid() ?? undefined;
  } catch {
    return undefined; // No --allow-sys: the mode check still applies.
  }
}

async function writeTokenFile(file: string, text: string): Promise<void> {
  // Written aside with mode 0600, then renamed over: readers never see half a file, and a
  // stale file of a dead instance is simply replaced.
  const temp = `${file}.${Deno.pid}.${randomToken().slice(0, 8)}.tmp`;
  await Deno.writeTextFile(temp, text, { mode: 0o600, createNew: true });
  try {
    if (Deno.build.os !== "windows") await Deno.chmod(temp, 0o600);
    await Deno.rename(temp, file);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}

async function removeTokenFileIfOurs(file: string, token: string): Promise<void> {
  try {
    const current = JSON.parse(
      new TextDecoder().decode(
        await readSmallFile(file, { maxBytes: 4096, what: "the token file", limit: "4 KiB" }),
      ),
    );
    if (current?.token === token) await Deno.remove(file);
  } catch {
    // Gone already, or replaced by a newer instance: leave it.
  }
}
