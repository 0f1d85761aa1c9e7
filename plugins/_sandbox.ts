/**
 * The OS boundary under Deno's own (Linux): each plugin subprocess runs through bubblewrap in
 * its own namespaces, with rlimits set by the shell that starts it, so that a plugin for which
 * Deno's checks failed (think `--allow-all`) still reaches only what is listed here.
 *
 * What exists inside the boundary, and why:
 * - the Deno binary (at its real path and at {@linkcode Deno.execPath}) and the shared libraries
 *   `ldd` names for it, each file alone: Deno must start, and the rest of `/lib` and `/usr/lib`
 *   (which holds the host's global `node_modules`) is not its business. Read-only.
 * - the plugin's pinned code root, read-only (bound after the data dir, which may contain it).
 * - the SDK: the client's folders the subprocess runtime and `@ircbus/client/plugin` import
 *   ({@linkcode sdkPaths}) and the `deno.json` that `configFlags()` names. Read-only; it is the
 *   client's published source, no user data.
 * - the pinned dependencies the host names (`readOnly`): files or folders of its npm and jsr
 *   caches, read-only, and nothing else of those caches: `require()` cannot browse them.
 * - its data dir and its own `DENO_DIR`, read-write, at the same paths as outside, so its
 *   granted paths and `file:` URLs mean the same on both sides.
 * - the permission broker's socket, when given, bound alone (a socket in a read-only mount
 *   can still be connected to).
 * - a fresh `/proc` of its own PID namespace (it sees its own processes only), a minimal `/dev`
 *   (null, zero, full, random, urandom, tty, shm, pts), and `/tmp` as a small tmpfs.
 * - with a `net` grant only: the host's network namespace and the files name lookup and TLS
 *   read (`/etc/resolv.conf`, `/etc/hosts`, `/etc/nsswitch.conf`, `/etc/ssl`). Without one, a
 *   network namespace of its own whose loopback reaches no listener of the host.
 * - `/etc/localtime`, so its clock reads as the user's.
 * Nothing else: no home directory, no host caches, no other plugin's files.
 *
 * Environment: the boundary passes on the environment it is started with and adds nothing; the
 * caller starts it with `clearEnv: true` and exactly the variables the plugin may see. (They are
 * not put on the command line: `/proc/<pid>/cmdline` is readable by every user of the machine.)
 *
 * Limits: the shell's `ulimit` caps open descriptors and the size of any file written (a write
 * past it fails with `EFBIG`), and forbids core dumps, hard and soft limits alike, before it
 * becomes bubblewrap (no `prlimit` process: one program less to start). A cap on processes
 * cannot be an rlimit here:
 * `RLIMIT_NPROC` counts every process of the real user (for root, it is ignored outright), and
 * bubblewrap keeps the caller's uid, so it would count the user's whole session. Processes and
 * threads are capped by the plugin's cgroup (`pids.max`) instead, see `_cgroup.ts`.
 *
 * @module
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Whether the OS boundary can be used on this machine, and why not. */
export type SandboxState =
  | { available: true; sandbox: Sandbox }
  | { available: false; reason: string };

/**
 * What the client says, once, at consent and in `plugins list`, when plugins run without the
 * OS boundary. `reason` is {@linkcode SandboxState}'s.
 *
 * @example
 * ```ts
 * import { sandboxUnavailableNotice } from "./_sandbox.ts";
 * console.log(sandboxUnavailableNotice("bwrap not found"));
 * ```
 */
export function sandboxUnavailableNotice(reason: string): string {
  return `Plugins run without an OS boundary on this machine (${reason}): only Deno's own ` +
    "permission checks contain them, and their disk and CPU quotas are watched from outside.";
}

/**
 * Why a sandboxed plugin ended, when the boundary can tell from its exit code: bubblewrap
 * hands a signal that ended Deno on as `128 + signal`, and `SIGXFSZ` (25) means a write past
 * `RLIMIT_FSIZE`. `undefined` for any other code.
 *
 * @example
 * ```ts
 * import { sandboxExitReason } from "./_sandbox.ts";
 * console.log(sandboxExitReason(153, { fileBytes: 64 * 1024 * 1024 }));
 * ```
 */
export function sandboxExitReason(
  code: number,
  limits: Partial<SandboxLimits> = {},
): string | undefined {
  if (code !== 128 + 25) return undefined;
  const bytes = limits.fileBytes ?? DEFAULT_SANDBOX_LIMITS.fileBytes;
  return `wrote a file past its disk quota of ${Number((bytes / 1024 / 1024).toFixed(1))} MiB`;
}

/** Limits set on every sandboxed plugin process. */
export interface SandboxLimits {
  /** Most open descriptors (`RLIMIT_NOFILE`). */
  openFiles: number;
  /** Largest file it may write, in bytes (`RLIMIT_FSIZE`): its disk quota. */
  fileBytes: number;
  /** Size of its `/tmp` tmpfs, in bytes (memory, not disk). */
  tmpBytes: number;
}

/** Defaults of {@linkcode SandboxLimits}. */
export const DEFAULT_SANDBOX_LIMITS: Readonly<SandboxLimits> = {
  openFiles: 1024,
  fileBytes: 64 * 1024 * 1024,
  tmpBytes: 16 * 1024 * 1024,
};

/** Something the boundary's first process joins before anything else runs (a cgroup). */
export interface SandboxJoin {
  /**
   * The cgroup v1 `tasks` files the first process writes `0` into, once per hierarchy: that
   * moves its only thread, so the whole process, before it starts anything.
   */
  readonly tasksFiles: readonly string[];
}

/** What one plugin's boundary holds; see the module doc. */
export interface SandboxOptions {
  /** Its pinned code root, bound read-only. */
  codeRoot: string;
  /** Its data dir, bound read-write; also the working directory. */
  dataDir: string;
  /** Its own `DENO_DIR`, bound read-write. */
  denoDir: string;
  /**
   * Further read-only paths: the SDK ({@linkcode sdkPaths}) and the pinned npm and jsr
   * dependencies it needs. Missing ones are skipped.
   */
  readOnly: readonly string[];
  /** The permission broker's Unix socket, which must exist already. */
  brokerSocket?: string;
  /** Whether it has a `net` grant: only then does it share the host's network. */
  net: boolean;
  /** Its limits; missing ones are {@linkcode DEFAULT_SANDBOX_LIMITS}. */
  limits?: Partial<SandboxLimits>;
  /** Cgroups its first process joins, so that everything it starts is counted. */
  join?: SandboxJoin;
}

/** A command to spawn: `command` with `args`. */
export interface SandboxCommand {
  command: string;
  args: string[];
}

/** Files read for name lookup and TLS, exposed only with a `net` grant. */
const NET_FILES = ["/etc/resolv.conf", "/etc/hosts", "/etc/nsswitch.conf", "/etc/ssl"];

/**
 * Sets its limits (`$1` descriptors, `$2` blocks of 512 bytes per file, no core dumps), joins
 * the cgroups whose `tasks` files are its next `$3` arguments, then becomes the rest. Paths and
 * numbers come as arguments, never inside the script, so no name is ever parsed by the shell.
 *
 * The join writes `0` ("this thread") to `tasks`, not the shell's pid to `cgroup.procs`. The
 * shell has one thread, so the process moves all the same; and a thread that moves itself
 * skips the kernel's global migration lock (`cgroup_procs_write_start`: "If the thread is
 * `current` ... we can skip the global lock"), whose first taking after a quiet spell waits for
 * an RCU grace period. Measured here: 4–120 ms for the first of four `cgroup.procs` writes,
 * 20–70 µs for each `tasks` write. `echo` is a builtin of every `sh`, so the thread that
 * writes is the shell's own (a test checks every process of the boundary is in the cgroup).
 */
const START_SCRIPT = 'ulimit -n "$1" && ulimit -f "$2" && ulimit -c 0 || exit 125; n=$3; ' +
  'shift 3; while [ "$n" -gt 0 ]; do echo 0 > "$1" || exit 125; shift; n=$((n - 1)); done; ' +
  'exec "$@"';

/** The unit of `ulimit -f`, in bytes (POSIX). */
const ULIMIT_BLOCK = 512;

/** The tools the boundary is made of, found once. */
interface Tools {
  bwrap: string;
  shell: string;
  deno: string;
  /** Files bound read-only at every start, as [where it appears, what is bound there]. */
  files: readonly (readonly [string, string])[];
}

/** The OS boundary on a machine where it works; build one per host with {@linkcode probeSandbox}. */
export class Sandbox {
  #tools: Tools;

  constructor(tools: Tools) {
    this.#tools = tools;
  }

  /**
   * The command that runs `deno` with `denoArgs` (everything after the binary, e.g.
   * `["run", ...flags, main]`) inside the boundary. Spawn it with `clearEnv: true` and the
   * plugin's environment; stdin, stdout and stderr pass through untouched.
   *
   * @example
   * ```ts ignore
   * const state = await probeSandbox();
   * if (state.available) {
   *   const { command, args } = state.sandbox.command(["run", "main.ts"], {
   *     codeRoot, dataDir, denoDir, readOnly: sdkPaths(), net: false,
   *   });
   *   new Deno.Command(command, { args, clearEnv: true, env }).spawn();
   * }
   * ```
   */
  command(denoArgs: readonly string[], options: SandboxOptions): SandboxCommand {
    const tools = this.#tools;
    const limits = { ...DEFAULT_SANDBOX_LIMITS, ...options.limits };
    const readOnly = new Map<string, string>(tools.files);
    if (options.net) {
      for (const path of NET_FILES) readOnly.set(path, path);
    }
    const bwrap = [
      "--unshare-all",
      "--unshare-user",
      // A plugin must not build namespaces of its own to escape its limits.
      "--disable-userns",
      ...(options.net ? ["--share-net"] : []),
      "--die-with-parent",
      // Its own session: it cannot push keystrokes into a terminal it was started from.
      "--new-session",
      "--cap-drop",
      "ALL",
      "--hostname",
      "plugin",
      "--proc",
      "/proc",
      "--dev",
      "/dev",
      "--size",
      String(limits.tmpBytes),
      "--tmpfs",
      "/tmp",
    ];
    // Outer mounts first: the pinned copy sits inside the data dir and must stay read-only.
    const mounts: [string, string, string][] = [];
    for (const [target, source] of readOnly) mounts.push(["--ro-bind-try", source, target]);
    for (const path of options.readOnly) mounts.push(["--ro-bind-try", path, path]);
    mounts.push(["--bind", options.dataDir, options.dataDir]);
    mounts.push(["--bind", options.denoDir, options.denoDir]);
    mounts.push(["--ro-bind", options.codeRoot, options.codeRoot]);
    if (options.brokerSocket !== undefined) {
      mounts.push(["--ro-bind", options.brokerSocket, options.brokerSocket]);
    }
    mounts.sort((a, b) => depth(a[2]) - depth(b[2]));
    for (const mount of mounts) bwrap.push(...mount);
    bwrap.push("--chdir", options.dataDir, "--", tools.deno, ...denoArgs);

    const tasks = options.join?.tasksFiles ?? [];
    return {
      command: tools.shell,
      args: [
        "-c",
        START_SCRIPT,
        "sh",
        String(limits.openFiles),
        // Rounded down: no file may pass the quota.
        String(Math.floor(limits.fileBytes / ULIMIT_BLOCK)),
        String(tasks.length),
        ...tasks,
        tools.bwrap,
        ...bwrap,
      ],
    };
  }
}

/** How deep a path is: parents are mounted before what they contain. */
function depth(path: string): number {
  return path.split("/").filter((part) => part !== "").length;
}

const PROJECT = new URL("../", import.meta.url);

/**
 * The client's files a subprocess plugin imports: the folders of the subprocess runtime and of
 * `@ircbus/client/plugin` (a test keeps this in step with their module graph), and the
 * `deno.json` that resolves the SDK. Empty when the client does not run from files.
 */
export function sdkPaths(): string[] {
  if (PROJECT.protocol !== "file:") return [];
  const root = fileURLToPath(PROJECT);
  return [
    ...["bus", "common", "core", "irc", "plugins", "deno.json"].map((part) => join(root, part)),
  ];
}

let probed: Promise<SandboxState> | undefined;

/**
 * Whether bubblewrap can build the boundary here: it must start Deno inside fresh namespaces.
 * Asked once per process; every later call gets the same answer.
 */
export function probeSandbox(): Promise<SandboxState> {
  probed ??= probe();
  return probed;
}

async function probe(): Promise<SandboxState> {
  if (Deno.build.os !== "linux") {
    return { available: false, reason: `namespaces are Linux only, this is ${Deno.build.os}` };
  }
  const bwrap = findTool("bwrap");
  const shell = findTool("sh");
  if (!bwrap) return { available: false, reason: "bubblewrap (bwrap) is not installed" };
  if (!shell) return { available: false, reason: "no /bin/sh" };
  const deno = Deno.execPath();
  const denoReal = await Deno.realPath(deno);
  const files: [string, string][] = [[denoReal, denoReal], [deno, denoReal]];
  for (const library of await sharedLibraries(deno)) {
    files.push([library, await Deno.realPath(library)]);
  }
  if (exists("/etc/localtime")) files.push(["/etc/localtime", "/etc/localtime"]);
  const tools: Tools = { bwrap, shell, deno, files };
  const sandbox = new Sandbox(tools);
  const empty = await Deno.makeTempDir({ prefix: "ircbus-probe-" });
  try {
    const { command, args } = sandbox.command(["--version"], {
      codeRoot: empty,
      dataDir: empty,
      denoDir: empty,
      readOnly: [],
      net: false,
    });
    const output = await new Deno.Command(command, {
      args,
      clearEnv: true,
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).output();
    if (output.success) return { available: true, sandbox };
    const said = new TextDecoder().decode(output.stderr).trim().split("\n")[0];
    return {
      available: false,
      reason: `bubblewrap could not start Deno in new namespaces: ${said || `code ${output.code}`}`,
    };
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
}

/** A tool's absolute path from the usual system folders, or `undefined`. */
function findTool(name: string): string | undefined {
  for (const folder of ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]) {
    const path = join(folder, name);
    if (exists(path, "file")) return path;
  }
  return undefined;
}

/** The shared libraries `ldd` says a binary loads; none for a static one or without `ldd`. */
async function sharedLibraries(binary: string): Promise<string[]> {
  const ldd = findTool("ldd");
  if (!ldd) return [];
  const output = await new Deno.Command(ldd, {
    args: [binary],
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).output().catch(() => undefined);
  if (!output?.success) return [];
  const libraries: string[] = [];
  for (const line of new TextDecoder().decode(output.stdout).split("\n")) {
    // "libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)" or "/lib64/ld-linux... (0x...)"
    const path = /=>\s*(\/\S+)/.exec(line)?.[1] ?? /^\s*(\/\S+)\s+\(/.exec(line)?.[1];
    if (path) libraries.push(path);
  }
  return libraries;
}

/** Whether `path` exists (and, with `"file"`, is a file). */
function exists(path: string, kind: "file" | "any" = "any"): boolean {
  try {
    const info = Deno.statSync(path);
    return kind === "any" || info.isFile;
  } catch {
    return false;
  }
}
