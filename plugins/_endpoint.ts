/**
 * The two ways a plugin runs: its own Deno subprocess (the default), or a Deno Worker. Both look the same
 * to the host: post a message, get messages, learn of an exit, terminate.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import type { Containment, ContainmentReading } from "./_containment.ts";
import { FrameWriter } from "./_frame_writer.ts";
import { registryUrl } from "./_jsr.ts";
import { FrameTooLargeError, type HostMessage, readFrames } from "./_protocol.ts";
import type { ResolvedPermissions } from "./types.ts";

/** A running plugin as the host sees it. */
export interface PluginEndpoint {
  post(message: HostMessage): void;
  /** Set by the host: each message from the plugin, unchecked. */
  onMessage: (message: unknown) => void;
  /** Set by the host: the plugin died on its own (error, exit, OOM). Called at most once. */
  onExit: (reason: string) => void;
  /** Stops the plugin now; resolves once its resources are released. */
  terminate(): Promise<void>;
  /** What it uses against its quotas, as last read; none for a Worker, which has no quotas. */
  reading?(): ContainmentReading;
  /** Its storage changed: its disk use is counted again now, not at the next poll. */
  storageChanged?(): void;
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
  /** Receives each line the process writes to stderr (an OOM report lands here). */
  onOutput: (stream: "stderr", line: string) => void;
  /** Hears of every byte the process sends: frames, stdout and stderr. */
  onBytes: (bytes: number) => void;
}

const CONFIG = new URL("../deno.json", import.meta.url);

/** The subprocess runtime's entry module. */
export const SUBPROCESS_MAIN: URL = new URL("./_subprocess_main.ts", import.meta.url);

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
export function importFlags(): { flags: string[]; env: Record<string, string>; hosts: string[] } {
  const url = Deno.env.get("JSR_URL");
  const host = new URL(registryUrl()).host;
  return { flags: [`--allow-import=${host}`], env: url ? { JSR_URL: url } : {}, hosts: [host] };
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
 * Starts a plugin runtime in its own `deno run` process with the same permissions as flags,
 * and the host as its permission broker, which decides every check (`broker`). The channel
 * is the process's own stdin (host to plugin) and stdout (plugin to host), length-prefixed
 * frames both ways: no network grant, no port to find, nothing another process can open.
 * Stderr carries text lines. A watchdog reads the process's resident memory from `/proc`
 * and kills it past `memoryMb`.
 */
export function startSubprocess(
  permissions: ResolvedPermissions,
  containment: Containment,
  options: SubprocessOptions,
): PluginEndpoint {
  const imports = importFlags();
  const { command, args } = containment.command([
    "run",
    ...configFlags(),
    ...subprocessFlags(permissions),
    ...imports.flags,
    `--v8-flags=--max-old-space-size=${options.heapMb}`,
    SUBPROCESS_MAIN.href,
  ]);
  const child = new Deno.Command(command, {
    args,
    cwd: options.cwd,
    clearEnv: true,
    env: {
      ...options.env,
      ...imports.env,
      DENO_DIR: options.denoDir,
      ...(containment.brokerPath ? { DENO_PERMISSION_BROKER_PATH: containment.brokerPath } : {}),
      NO_COLOR: "1",
    },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // Its quotas watch it from now on; a plugin gone before they start ends by its status.
  containment.onExceeded = (reason) => end(reason);
  containment.started(child.pid).catch(() => {});
  const input = child.stdin.getWriter();
  // A plugin that stops reading makes writes wait, never fail: the bound below catches it.
  input.closed.catch(() => {});
  const writer = new FrameWriter((bytes) => input.write(bytes), {
    maxPendingBytes: MAX_PENDING_BYTES,
    onFull: (bytes) => end(`stopped reading its channel: ${bytes} bytes waiting to be sent`),
  });
  let exited = false;
  let killed = false;
  let channelClosed = false;

  const end = (reason: string) => {
    if (killed || exited) return;
    exited = true;
    kill();
    endpoint.onExit(reason);
  };
  const kill = () => {
    clearInterval(memoryWatch);
    try {
      child.kill("SIGKILL");
    } catch {
      // Already gone.
    }
    // A plugin its quota froze would never see that signal: its containment thaws and kills
    // everything it runs.
    containment.kill().catch(() => {});
  };
  const endpoint: PluginEndpoint = {
    post(message) {
      if (exited || killed) return;
      writer.write(message);
    },
    onMessage: () => {},
    onExit: () => {},
    async terminate() {
      if (!exited) kill();
      killed = true;
      // Ended already (by a quota, say), it may be frozen still: its exit waits for this.
      await containment.kill().catch(() => {});
      await Promise.allSettled([child.status, reading, output]);
      await input.close().catch(() => {});
      await containment[Symbol.asyncDispose]();
    },
    reading: () => containment.reading(),
    storageChanged: () => containment.storageChanged(),
  };

  const reading = (async () => {
    for await (const message of readFrames(child.stdout, options.maxFrameBytes, options.onBytes)) {
      containment.settle();
      endpoint.onMessage(message);
    }
    // Its side of the channel closed. A process that is dying anyway says why through its
    // status; one that lives on is ended, not kept, and its status then shows this kill.
    channelClosed = true;
    try {
      child.kill("SIGKILL");
    } catch {
      // Already gone.
    }
  })().catch((error) => {
    if (error instanceof FrameTooLargeError) {
      end(`sent a frame of ${error.length} bytes, over the limit of ${error.limit} bytes`);
    } else if (error instanceof SyntaxError) {
      end(`sent a malformed frame: ${error.message}`);
    } else {
      end(`broke its channel: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  const output = readLines(child.stderr, (line) => {
    if (line === BROKER_WARNING) return;
    containment.settle();
    options.onOutput("stderr", line);
  }, options.onBytes).catch(() => {});

  const memoryWatch = setInterval(async () => {
    const rss = (await containment.residentBytes()) / 1024 / 1024;
    if (rss > options.memoryMb) {
      end(`used ${Math.round(rss)} MiB of memory, over its limit of ${options.memoryMb} MiB`);
    }
  }, options.memoryPollMs);

  child.status.then(async (status) => {
    clearInterval(memoryWatch);
    await Promise.allSettled([reading, output]);
    containment.settle(); // what it was answered before it exited is recorded before its end
    if (channelClosed && status.signal === "SIGKILL") return end("closed its channel to the host");
    const known = status.signal ? undefined : containment.exitReason(status.code);
    if (known) return end(known);
    const how = status.signal
      ? `signal ${status.signal}`
      : status.code === BROKER_GONE_CODE
      ? `code ${status.code} (its permission broker went away)`
      : `code ${status.code}`;
    end(`subprocess exited with ${how}`);
  });
  return endpoint;
}

/** What Deno prints on stderr at each start with a broker: not the plugin's to answer for. */
const BROKER_WARNING = "Warning Permission broker is an experimental feature";

/** Deno's exit code when its permission broker connection is lost. */
const BROKER_GONE_CODE = 87;

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
