/**
 * Launching a plugin: its granted allow-lists resolved to absolute paths inside its data dir,
 * then a subprocess (or, opted into, a Worker) started with exactly those permissions.
 *
 * @module
 */
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { PluginLoadError } from "./errors.ts";
import type { PluginGrant } from "./grant.ts";
import type { IsolationMode } from "./manifest.ts";
import type { StoredPlugin } from "./_store.ts";
import { Containment, type ContainmentOptions } from "./_containment.ts";
import {
  configFlags,
  importFlags,
  type PluginEndpoint,
  startSubprocess,
  startWorker,
  SUBPROCESS_MAIN,
  type SubprocessOptions,
} from "./_endpoint.ts";
import { codePlace } from "./_pinned_copy.ts";
import { pluginDataDir, pluginDenoDir } from "./_plugin_dirs.ts";
import type { ResolvedPermissions } from "./types.ts";
import { settleAll } from "./_settle_all.ts";

const SDK_DIR = dirname(fileURLToPath(import.meta.url));

/**
 * Resolves a plugin's allow-lists to absolute paths inside its data dir (under the host's
 * `hostDataDir`), creating that dir. `folder` is where it runs from: its pinned copy, or its
 * source in development mode.
 */
export async function resolvePermissions(
  plugin: { name: string; stored: StoredPlugin; grant: PluginGrant },
  hostDataDir: string,
): Promise<
  { permissions: ResolvedPermissions; dataDir: string; folder: string; codeRoot: string }
> {
  const dataDir = pluginDataDir(hostDataDir, plugin.name);
  await Deno.mkdir(dataDir, { recursive: true });
  const inside = (path: string) => {
    const full = resolve(dataDir, path);
    if (full !== dataDir && !full.startsWith(dataDir + sep)) {
      throw new PluginLoadError(plugin.name, `path ${path} leaves its data dir`);
    }
    return full;
  };
  const granted = plugin.grant.permissions;
  // Its own code (and the SDK it imports) is readable; a subprocess needs that to import it.
  const { root, folder } = codePlace(plugin.stored, hostDataDir);
  const read = [root, SDK_DIR, ...(granted.read ?? []).map(inside)];
  return {
    dataDir,
    folder,
    codeRoot: root,
    permissions: {
      read,
      write: (granted.write ?? []).map(inside),
      net: [...(granted.net ?? [])],
      env: [...(granted.env ?? [])],
    },
  };
}

/** Options of {@linkcode launchEndpoint}. */
export type LaunchOptions = Omit<SubprocessOptions, "cwd" | "denoDir" | "env"> & {
  /**
   * What must hold before any of it runs (its copy verified, the SDK it needs): awaited while
   * its containment is made, and the first to fail is thrown, before anything else's failure.
   */
  checks: Promise<void>[];
  /** The host's data dir. */
  hostDataDir: string;
  /**
   * Its containment (subprocess mode), less what the launch works out itself: its name,
   * permissions, import hosts, data dir and `DENO_DIR`.
   */
  containment: Omit<
    ContainmentOptions,
    "name" | "permissions" | "importHosts" | "dataDir" | "denoDir"
  >;
};

/**
 * Starts the plugin in its isolation mode: its own subprocess, or a Worker when opted in. Its
 * checks, its `DENO_DIR` and its containment are made side by side, as none needs another.
 */
export async function launchEndpoint(
  plugin: { name: string; mode: IsolationMode },
  permissions: ResolvedPermissions,
  dataDir: string,
  options: LaunchOptions,
): Promise<PluginEndpoint> {
  const { checks, hostDataDir, containment: contained, ...rest } = options;
  if (plugin.mode === "worker") {
    await settleAll(checks);
    return startWorker(plugin.name, permissions);
  }
  const denoDir = pluginDenoDir(hostDataDir, plugin.name);
  // Nothing before this may throw: the checks must be awaited whatever happens.
  const [held, opened] = await Promise.allSettled([
    settleAll([
      ...checks,
      prepareDenoDir(plugin.name, denoDir).then(() => transpileRuntime(denoDir)),
    ]),
    (async () =>
      await Containment.open({
        ...contained,
        name: plugin.name,
        permissions,
        importHosts: importFlags().hosts,
        dataDir,
        denoDir,
      }))(),
  ]);
  if (held.status === "rejected") {
    if (opened.status === "fulfilled") await opened.value[Symbol.asyncDispose]();
    throw held.reason;
  }
  if (opened.status === "rejected") throw opened.reason;
  const containment = opened.value;
  try {
    const env: Record<string, string> = {};
    for (const key of permissions.env) {
      const value = Deno.env.get(key);
      if (value !== undefined) env[key] = value;
    }
    return startSubprocess(permissions, containment, { ...rest, cwd: dataDir, denoDir, env });
  } catch (error) {
    await containment[Symbol.asyncDispose]();
    throw error;
  }
}

/**
 * A plugin's own `DENO_DIR`, holding the module cache its install made. One an older client
 * made, whose module and npm caches were links to the host's (every module any plugin or the
 * client cached), loses the links and is refused: its install must be run again.
 */
async function prepareDenoDir(name: string, denoDir: string): Promise<void> {
  await Deno.mkdir(denoDir, { recursive: true });
  let shared = false;
  for (const folder of ["remote", "npm"]) {
    const link = join(denoDir, folder);
    if ((await Deno.lstat(link).catch(() => undefined))?.isSymlink) {
      await Deno.remove(link);
      shared = true;
    }
  }
  if (shared) {
    throw new PluginLoadError(
      name,
      "its modules are in the cache an older client shared between plugins: install it again",
    );
  }
}

/** What {@linkcode transpileRuntime} writes once it made the runtime's JavaScript in a `DENO_DIR`. */
const TRANSPILED_MARK = "ircbus-runtime-transpiled";

/** Longest a `deno cache` of the runtime may take before the plugin starts without it. */
const TRANSPILE_BUDGET_MS = 30_000;

/**
 * Makes the JavaScript of the subprocess runtime (its ~50 TypeScript modules: the runtime, the
 * SDK and what they import) in the plugin's own `DENO_DIR`, in a short-lived `deno cache` run
 * before its first start. Left to the plugin's first start, the transpiler's code and memory
 * stay resident in its process for its whole life: measured, 48.5 MiB for an idle plugin
 * whose `DENO_DIR` was empty against 41.5 MiB for one whose was not.
 *
 * Done once per `DENO_DIR` and Deno version (a mark file says so): after an upgrade of the
 * client's own files, the plugin's next start transpiles what changed itself and caches it,
 * as before. A failure here only costs that memory, so it is not an error.
 *
 * Only the client's own modules are transpiled, outside the OS boundary, as the host reads
 * them: no plugin code runs or is read.
 */
async function transpileRuntime(denoDir: string): Promise<void> {
  const mark = join(denoDir, TRANSPILED_MARK);
  const made = `deno ${Deno.version.deno}\n${SUBPROCESS_MAIN.href}\n`;
  if (await Deno.readTextFile(mark).catch(() => "") === made) return;
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["cache", "--quiet", ...configFlags(), SUBPROCESS_MAIN.href],
    clearEnv: true,
    env: { DENO_DIR: denoDir, NO_COLOR: "1" },
    stdin: "null",
    stdout: "null",
    stderr: "null",
    signal: AbortSignal.timeout(TRANSPILE_BUDGET_MS),
  }).output().catch(() => undefined);
  if (output?.success) await Deno.writeTextFile(mark, made);
}
