/**
 * Install-time checks and preparation: the entry must be a file, a given grant must have
 * the right shape, the plugin's pinned copy is staged and put in place, and the module graph
 * is cached so the plugin can run `--cached-only`.
 *
 * @module
 */
import { join } from "node:path";
import { PluginLoadError } from "./errors.ts";
import type { PluginGrant } from "./grant.ts";
import type { PluginManifest } from "./manifest.ts";
import { pinCopy, type PinnedCopy, verifyCopy } from "./_pinned_copy.ts";
import { copyRoot, pluginDataDir, pluginDenoDir } from "./_plugin_dirs.ts";
import { configFlags } from "./_endpoint.ts";
import { requireSdkIn } from "./_sdk_range.ts";
import { parseScope } from "./scope.ts";
import { MAX_DISK_QUOTA_MB } from "../core/mod.ts";

/** Throws when a plugin's entry is not a file in its folder. */
export async function checkEntry(folder: string, manifest: PluginManifest): Promise<void> {
  try {
    if (!(await Deno.stat(join(folder, manifest.entry))).isFile) throw new Error("not a file");
  } catch {
    throw new PluginLoadError(manifest.name, `its entry ${manifest.entry} is not a file`);
  }
}

/** A copy of a caller-given grant, after checking its shape and its scope. */
export function checkGrant(grant: PluginGrant): PluginGrant {
  if (
    typeof grant !== "object" || grant === null || !Array.isArray(grant.events) ||
    !Array.isArray(grant.capabilities) || typeof grant.permissions !== "object"
  ) {
    throw new TypeError(
      `Cannot install plugin: the grant must have events, permissions and capabilities, got ${
        JSON.stringify(grant)
      }`,
    );
  }
  const checked = structuredClone(grant);
  if (grant.scope !== undefined) checked.scope = parseScope(grant.scope);
  if (grant.diskQuotaMb !== undefined) checked.diskQuotaMb = parseDiskQuota(grant.diskQuotaMb);
  return checked;
}

/**
 * A disk quota in MiB, as given at consent: a whole number from 1 to
 * {@linkcode MAX_DISK_QUOTA_MB}; a string (from a flag) is read as one.
 */
export function parseDiskQuota(value: unknown): number {
  const mb = typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : value;
  if (typeof mb !== "number" || !Number.isInteger(mb) || mb < 1 || mb > MAX_DISK_QUOTA_MB) {
    throw new RangeError(
      `Cannot set the disk quota: give whole MiB from 1 to ${MAX_DISK_QUOTA_MB}, got ${
        JSON.stringify(value)
      }`,
    );
  }
  return mb;
}

/**
 * Runs `deno cache` on the entry, into `denoDir`, so the plugin can run under `--cached-only`
 * with the config it runs with: the SDK resolves to the client's own, never to a registry.
 * The cache is the plugin's own: it holds exactly the modules its graph resolved at install,
 * so a module another plugin (or the client) cached is not there for it to import.
 * With `lockfile`, the graph's remote modules are checked against it and recorded in it.
 */
async function cacheModuleGraph(
  name: string,
  folder: string,
  entry: string,
  denoDir: string,
  lockfile?: string,
): Promise<void> {
  const lock = lockfile === undefined ? [] : [`--lock=${lockfile}`];
  const config = configFlags().filter((flag) => lockfile === undefined || flag !== "--no-lock");
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["cache", "--quiet", ...config, ...lock, entry],
    cwd: folder,
    env: { DENO_DIR: denoDir },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!output.success) {
    const stderr = new TextDecoder().decode(output.stderr).trim();
    throw new PluginLoadError(name, `caching its modules failed: ${stderr.slice(0, 2000)}`);
  }
}

/** A pinned copy made ready in a staging folder, not yet in place. */
export interface StagedCopy extends PinnedCopy {
  /** The staging folder, under `<hostDataDir>/plugins/`. */
  staging: string;
  /** The module cache made for it, beside the staging folder. */
  modules: string;
}

/**
 * The folders of a `DENO_DIR` that hold the module cache (remote modules, npm packages and
 * what Deno derives from them). A plugin's localStorage and Cache API live in others, which an
 * upgrade keeps.
 */
const MODULE_CACHE = ["remote", "npm", "gen", "dep_analysis_cache_v2", "node_analysis_cache_v2"];

/**
 * Makes a plugin's code ready to install; one needing an SDK this client does not run is
 * refused first. In development mode its folder's module graph is
 * cached and `undefined` returned. Otherwise its pinned copy is made in a staging folder
 * under `<hostDataDir>/plugins/` and the module graph cached from the copy (checked against
 * and recorded in `lockfile` when given); on any error the
 * staging folder is removed, so nothing is left behind.
 */
export async function stageCode(
  manifest: PluginManifest,
  folder: string,
  hostDataDir: string,
  dev: boolean,
  lockfile?: string,
): Promise<StagedCopy | undefined> {
  const name = manifest.name;
  await requireSdkIn(name, folder);
  if (dev) {
    const denoDir = pluginDenoDir(hostDataDir, name);
    await Deno.mkdir(denoDir, { recursive: true });
    await cacheModuleGraph(name, folder, join(folder, manifest.entry), denoDir);
    return undefined;
  }
  const staging = join(hostDataDir, "plugins", `.install-${crypto.randomUUID()}`);
  const modules = `${staging}-modules`;
  try {
    await Deno.mkdir(modules, { recursive: true });
    const pinned = await pinCopy(name, folder, staging);
    const copied = join(staging, pinned.codePath);
    await cacheModuleGraph(name, copied, join(copied, manifest.entry), modules, lockfile);
    // Caching must leave the copy as hashed (a lock file written into it would not be).
    await verifyCopy(name, staging, pinned.files);
    return { ...pinned, staging, modules };
  } catch (error) {
    await Deno.remove(staging, { recursive: true }).catch(() => {});
    await Deno.remove(modules, { recursive: true }).catch(() => {});
    throw error;
  }
}

/**
 * Puts a staged copy in place of a plugin's copy (none in development mode). With `fresh`,
 * the plugin's whole data dir and its own `DENO_DIR` (its localStorage and Cache API) are
 * removed first: a replacement starts empty.
 */
export async function placeCode(
  hostDataDir: string,
  name: string,
  staged: StagedCopy | undefined,
  fresh: boolean,
): Promise<void> {
  const dataDir = pluginDataDir(hostDataDir, name);
  const denoDir = pluginDenoDir(hostDataDir, name);
  const gone = fresh ? [dataDir, denoDir] : [copyRoot(hostDataDir, name)];
  // The new copy comes with the module cache made from it; the old one's goes.
  if (staged) gone.push(...MODULE_CACHE.map((folder) => join(denoDir, folder)));
  for (const path of gone) {
    await Deno.remove(path, { recursive: true }).catch((error) => {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    });
  }
  if (!staged) return;
  await Deno.mkdir(dataDir, { recursive: true });
  await Deno.rename(staged.staging, copyRoot(hostDataDir, name));
  await Deno.mkdir(denoDir, { recursive: true });
  for await (const entry of Deno.readDir(staged.modules)) {
    await Deno.rename(join(staged.modules, entry.name), join(denoDir, entry.name));
  }
  await Deno.remove(staged.modules, { recursive: true });
}
