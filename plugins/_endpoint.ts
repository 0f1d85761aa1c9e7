/**
 * The two ways a plugin runs: a Deno Worker, or its own Deno subprocess. Both look the same
 * to the host: post a message, get messages, learn of an exit, terminate.
 *
 * @module
 */
import { encodeFrame, type HostMessage, readFrames } from "./_protocol.ts";

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
  /** Working directory: the plugin folder. */
  cwd: string;
  /** Environment passed through (only granted names, plus what Deno needs to find its cache). */
  env: Record<string, string>;
  /** Receives stderr lines (the OOM report lands here). */
  onStderr: (line: string) => void;
}

/** Starts a plugin runtime in its own `deno run` process with the same permissions as flags. */
export function startSubprocess(
  permissions: ResolvedPermissions,
  options: SubprocessOptions,
): PluginEndpoint {
  const main = new URL("./_subprocess_main.ts", import.meta.url);
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      ...subprocessFlags(permissions),
      `--v8-flags=--max-old-space-size=${options.heapMb}`,
      main.href,
    ],
    cwd: options.cwd,
    clearEnv: true,
    env: options.env,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stdin = child.stdin.getWriter();
  let writing: Promise<void> = Promise.resolve();
  let exited = false;
  let killed = false;

  const endpoint: PluginEndpoint = {
    post(message) {
      if (exited) return;
      const frame = encodeFrame(message);
      writing = writing.then(() => stdin.write(frame)).catch(() => {});
    },
    onMessage: () => {},
    onExit: () => {},
    async terminate() {
      killed = true;
      if (!exited) {
        try {
          child.kill("SIGKILL");
        } catch {
          // Already gone.
        }
      }
      await Promise.allSettled([child.status, reading, erroring, writing]);
      await stdin.close().catch(() => {});
    },
  };

  const reading = (async () => {
    try {
      for await (const message of readFrames(child.stdout)) endpoint.onMessage(message);
    } catch (error) {
      if (!killed && !exited) endpoint.onMessage({ kind: "(bad frame)", error: String(error) });
    }
  })();
  const erroring = (async () => {
    let rest = "";
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) if (line.trim() !== "") options.onStderr(line);
    }
    if (rest.trim() !== "") options.onStderr(rest);
  })().catch(() => {});

  child.status.then(async (status) => {
    await reading;
    if (killed || exited) return;
    exited = true;
    const how = status.signal ? `signal ${status.signal}` : `code ${status.code}`;
    endpoint.onExit(`subprocess exited with ${how}`);
  });
  return endpoint;
}
