/**
 * The two ways a plugin runs: its own Deno subprocess (the default), or a Deno Worker. Both look the same
 * to the host: post a message, get messages, learn of an exit, terminate.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { connSink, FrameWriter } from "./_frame_writer.ts";
import { registryUrl } from "./_jsr.ts";
import { FrameTooLargeError, type HostMessage, readFrames } from "./_protocol.ts";

/** A running plugin as the host sees it. */
export interface PluginEndpoint {
  post(message: HostMessage): void;
  /** Set by the host: each message from the plugin, unchecked. */
  onMessage: (message: unknown) => void;
  /** Set by the host: the plugin died on its own (error, exit, OOM). Called at most once. */
  onExit: (reason: string) => void;
  /** Stops the plugin now; resolves once its resources are released. */
  terminate(): Promise<void>;
}

/** The resolved permission allow-lists for one plugin. */
export interface ResolvedPermissions {
  read: string[];
  write: string[];
  net: string[];
  env: string[];
}

/**
 * The Worker permission object: all eight keys spelled out, never `"inherit"`. An empty list
 * becomes `false`.
 */
export function workerPermissions(permissions: ResolvedPermissions): Deno.PermissionOptionsObject {
  const list = (items: string[]) => items.length > 0 ? [...items] : false as const;
  return {
    read: list(permissions.read),
    write: list(permissions.write),
    net: list(permissions.net),
    env: list(permissions.env),
    run: false,
    ffi: false,
    sys: false,
    import: false,
  };
}

/** The `deno run` permission flags for a subprocess; nothing not listed is allowed. */
export function subprocessFlags(permissions: ResolvedPermissions): string[] {
  const flags = ["--no-prompt", "--cached-only"];
  if (permissions.read.length > 0) flags.push(`--allow-read=${permissions.read.join(",")}`);
  if (permissions.write.length > 0) flags.push(`--allow-write=${permissions.write.join(",")}`);
  if (permissions.net.length > 0) flags.push(`--allow-net=${permissions.net.join(",")}`);
  if (permissions.env.length > 0) flags.push(`--allow-env=${permissions.env.join(",")}`);
  return flags;
}

/** Starts a plugin runtime in a Worker with exactly the given permissions. */
export function startWorker(name: string, permissions: ResolvedPermissions): PluginEndpoint {
  const worker = new Worker(new URL("./_worker_main.ts", import.meta.url), {
    type: "module",
    name: `plugin:${name}`,
    deno: { permissions: workerPermissions(permissions) },
  } as WorkerOptions);
  let exited = false;
  const endpoint: PluginEndpoint = {
    post: (message) => worker.postMessage(message),
    onMessage: () => {},
    onExit: () => {},
    terminate() {
      exited = true;
      worker.terminate();
      return Promise.resolve();
    },
  };
  worker.onmessage = (event) => endpoint.onMessage(event.data);
  worker.onmessageerror = () => endpoint.onMessage({ kind: "(unreadable message)" });
  worker.onerror = (event) => {
    // An uncaught error must never reach the host's own top level.
    event.preventDefault();
    if (exited) return;
    exited = true;
    worker.terminate();
    endpoint.onExit(`uncaught error in worker: ${event.message}`);
  };
  return endpoint;
}

/** Options of a subprocess plugin. */
export interface SubprocessOptions {
  /** V8 old-space limit in MiB. */
  heapMb: number;
  /** Resident memory limit in MiB (heap, ArrayBuffers and all), watched from outside. */
  memoryMb: number;
  /** How often the resident memory is read, in ms. */
  memoryPollMs: number;
  /** Largest frame accepted from the plugin, in bytes. */
  maxFrameBytes: number;
  /** Working directory: the plugin's data dir. */
  cwd: string;
  /** The process's own `DENO_DIR`: its origin storage, caches and transpiled code. */
  denoDir: string;
  /** Environment variables granted to the plugin, with their values. */
  env: Record<string, string>;
  /** Receives each line the process writes to stdout or stderr (an OOM report lands here). */
  onOutput: (stream: "stdout" | "stderr", line: string) => void;
  /** Hears of every byte the process sends: frames, stdout and stderr. */
  onBytes: (bytes: number) => void;
}

const CONFIG = new URL("../deno.json", import.meta.url);

/**
 * The client's own `deno.json` when it runs from a checkout, so a plugin resolves the SDK
 * (`@ircbus/client/plugin`) and the pinned packages as the client does, without the lock file
 * (which the plugin must not write); no config at all otherwise.
 */
export function configFlags(): string[] {
  if (CONFIG.protocol !== "file:") return ["--no-config"];
  try {
    Deno.statSync(CONFIG);
    return [`--config=${fileURLToPath(CONFIG)}`, "--no-lock"];
  } catch {
    return ["--no-config"];
  }
}

/**
 * Import access, always explicit: only to the JSR registry (`JSR_URL`, else jsr.io), whose
 * modules install cached. Without the flag Deno would allow its own list of hosts (deno.land,
 * esm.sh, ...). `JSR_URL` is passed on because Deno keys its cache by the registry, so the
 * plugin's `jsr:` modules are found `--cached-only` only under the same `JSR_URL`.
 */
export function importFlags(): { flags: string[]; env: Record<string, string> } {
  const url = Deno.env.get("JSR_URL");
  const flags = [`--allow-import=${new URL(registryUrl()).host}`];
  return { flags, env: url ? { JSR_URL: url } : {} };
}

/**
 * Most bytes waiting to be sent to a plugin. Batches in flight are bounded by the window, but a
 * plugin that acknowledges batches it never read, or stops reading while it makes calls, would
 * have them pile up in the host.
 */
const MAX_PENDING_BYTES = 64 * 1024 * 1024;

/** Longest output line passed on whole; a longer one is cut into pieces of this size. */
const MAX_LINE = 64 * 1024;

/**
 * Starts a plugin runtime in its own `deno run` process with the same permissions as flags.
 * Stdin is closed; host and runtime talk over a loopback TCP connection that only the
 * runtime holding the launch token may open. A watchdog reads the process's resident memory
 * from `/proc` and kills it past `memoryMb`.
 */
export function startSubprocess(
  permissions: ResolvedPermissions,
  options: SubprocessOptions,
): PluginEndpoint {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const channel = `127.0.0.1:${listener.addr.port}`;
  const token = crypto.randomUUID();
  const main = new URL("./_subprocess_main.ts", import.meta.url);
  const imports = importFlags();
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      ...configFlags(),
      ...subprocessFlags({ ...permissions, net: [...permissions.net, channel] }),
      ...imports.flags,
      `--v8-flags=--max-old-space-size=${options.heapMb}`,
      main.href,
      channel,
      token,
    ],
    cwd: options.cwd,
    clearEnv: true,
    env: { ...options.env, ...imports.env, DENO_DIR: options.denoDir, NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let conn: Deno.TcpConn | undefined;
  let writer: FrameWriter | undefined;
  const queued: HostMessage[] = [];
  let exited = false;
  let killed = false;

  const end = (reason: string) => {
    if (killed || exited) return;
    exited = true;
    kill();
    endpoint.onExit(reason);
  };
  const kill = () => {
    clearInterval(memoryWatch);
    close(listener);
    try {
      child.kill("SIGKILL");
    } catch {
      // Already gone.
    }
  };
  const endpoint: PluginEndpoint = {
    post(message) {
      if (exited || killed) return;
      // Until the runtime connects, the queue holds only `init`: events start once it is ready.
      if (writer) writer.write(message);
      else queued.push(message);
    },
    onMessage: () => {},
    onExit: () => {},
    async terminate() {
      if (!exited) kill();
      killed = true;
      await Promise.allSettled([child.status, reading, output, writer?.flushed()]);
      if (conn) close(conn);
    },
  };

  const reading = (async () => {
    conn = await acceptRuntime(listener, token);
    if (!conn) return;
    conn.setNoDelay(true);
    writer = new FrameWriter(connSink(conn), {
      maxPendingBytes: MAX_PENDING_BYTES,
      onFull: (bytes) => end(`stopped reading its channel: ${bytes} bytes waiting to be sent`),
    });
    for (const message of queued.splice(0)) writer.write(message);
    for await (const message of readFrames(conn, options.maxFrameBytes, options.onBytes)) {
      endpoint.onMessage(message);
    }
  })().catch((error) => {
    if (error instanceof FrameTooLargeError) {
      end(`sent a frame of ${error.length} bytes, over the limit of ${error.limit} bytes`);
    } else if (error instanceof SyntaxError) {
      end(`sent a malformed frame: ${error.message}`);
    }
    // Otherwise the channel closed with the process, whose exit says why.
  });
  const output = Promise.all([
    readLines(child.stdout, (line) => options.onOutput("stdout", line), options.onBytes),
    readLines(child.stderr, (line) => options.onOutput("stderr", line), options.onBytes),
  ]).catch(() => {});

  const memoryWatch = setInterval(async () => {
    const rss = await residentMb(child.pid);
    if (rss !== undefined && rss > options.memoryMb) {
      end(`used ${Math.round(rss)} MiB of memory, over its limit of ${options.memoryMb} MiB`);
    }
  }, options.memoryPollMs);

  child.status.then(async (status) => {
    clearInterval(memoryWatch);
    await Promise.allSettled([reading, output]);
    const how = status.signal ? `signal ${status.signal}` : `code ${status.code}`;
    end(`subprocess exited with ${how}`);
  });
  return endpoint;
}

/**
 * The first connection to `listener` whose first bytes are `token`, checked concurrently so a
 * silent stranger cannot hold the door; the listener and every other connection are closed
 * then. `undefined` when the listener closes first.
 */
function acceptRuntime(
  listener: Deno.TcpListener,
  token: string,
): Promise<Deno.TcpConn | undefined> {
  const expected = new TextEncoder().encode(token);
  const pending = new Set<Deno.TcpConn>();
  return new Promise((resolve) => {
    const settle = (winner: Deno.TcpConn | undefined) => {
      for (const conn of pending) if (conn !== winner) close(conn);
      pending.clear();
      close(listener);
      resolve(winner);
    };
    (async () => {
      for await (const conn of listener) {
        pending.add(conn);
        presents(conn, expected).then((ok) => {
          if (ok && pending.has(conn)) return settle(conn);
          if (pending.delete(conn)) close(conn);
        });
      }
    })().catch(() => {}).finally(() => settle(undefined));
  });
}

/** Closes a connection or listener that may be closed already. */
function close(resource: { close(): void }): void {
  try {
    resource.close();
  } catch {
    // Already closed.
  }
}

/** Whether the next bytes on `conn` are exactly `expected` (reads no more than that). */
async function presents(conn: Deno.Conn, expected: Uint8Array): Promise<boolean> {
  const got = new Uint8Array(expected.length);
  let filled = 0;
  while (filled < got.length) {
    const n = await conn.read(got.subarray(filled)).catch(() => null);
    if (n === null) return false;
    filled += n;
  }
  return got.every((byte, i) => byte === expected[i]);
}

/** The resident memory of a process in MiB, from `/proc`; `undefined` where there is none. */
async function residentMb(pid: number): Promise<number | undefined> {
  try {
    const status = await Deno.readTextFile(`/proc/${pid}/status`);
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** Splits a byte stream into lines of at most {@linkcode MAX_LINE} characters. */
async function readLines(
  stream: ReadableStream<Uint8Array>,
  onLine: (line: string) => void,
  onBytes: (bytes: number) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  let rest = "";
  const emit = (line: string) => {
    if (line.trim() !== "") onLine(line);
  };
  for await (const chunk of stream) {
    onBytes(chunk.length);
    const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      for (let i = 0; i < line.length; i += MAX_LINE) emit(line.slice(i, i + MAX_LINE));
    }
    while (rest.length > MAX_LINE) {
      emit(rest.slice(0, MAX_LINE));
      rest = rest.slice(MAX_LINE);
    }
  }
  emit(rest + decoder.decode());
}
