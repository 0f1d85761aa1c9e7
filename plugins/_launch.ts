/**
 * Launching a plugin: its granted allow-lists resolved to absolute paths inside its data dir,
 * then a Worker or a subprocess started with exactly those permissions.
 *
 * @module
 */
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { PluginLoadError } from "./errors.ts";
import {
  type PluginEndpoint,
  type ResolvedPermissions,
  startSubprocess,
  startWorker,
} from "./_endpoint.ts";
import type { Slot } from "./_slot.ts";
import { codePlace } from "./_pinned_copy.ts";

const SDK_DIR = dirname(fileURLToPath(import.meta.url));
const SUBPROCESS_ENV = ["DENO_DIR", "HOME", "XDG_CACHE_HOME", "NO_COLOR", "PATH"];

/**
 * Resolves a plugin's allow-lists to absolute paths inside its data dir (under the host's
 * `hostDataDir`), creating that dir. `folder` is where it runs from: its pinned copy, or its
 * source in development mode.
 */
export async function resolvePermissions(
  slot: Slot,
  hostDataDir: string,
): Promise<{ permissions: ResolvedPermissions; dataDir: string; folder: string }> {
  const dataDir = join(hostDataDir, "plugins", slot.name);
  await Deno.mkdir(dataDir, { recursive: true });
  const inside = (path: string) => {
    const full = resolve(dataDir, path);
    if (full !== dataDir && !full.startsWith(dataDir + sep)) {
      throw new PluginLoadError(slot.name, `path ${path} leaves its data dir`);
    }
    return full;
  };
  const granted = slot.grant.permissions;
  // Its own code (and the SDK it imports) is readable; a subprocess needs that to import it.
  const { root, folder } = codePlace(slot.stored, hostDataDir);
  const read = [root, SDK_DIR, ...(granted.read ?? []).map(inside)];
  return {
    dataDir,
    folder,
    permissions: {
      read,
      write: (granted.write ?? []).map(inside),
      net: [...(granted.net ?? [])],
      env: [...(granted.env ?? [])],
    },
  };
}

/** Options of {@linkcode launchEndpoint}. */
export interface LaunchOptions {
  /** The folder the plugin runs from, as {@linkcode resolvePermissions} gave it. */
  folder: string;
  /** Heap limit of a subprocess, in MiB. */
  heapMb: number;
  /** Receives each line a subprocess writes to stderr. */
  onStderr: (line: string) => void;
}

/** Starts the plugin in its slot's isolation mode: a Worker or a subprocess. */
export function launchEndpoint(
  slot: Slot,
  permissions: ResolvedPermissions,
  options: LaunchOptions,
): PluginEndpoint {
  if (slot.mode !== "subprocess") return startWorker(slot.name, permissions);
  const env: Record<string, string> = {};
  for (const key of [...SUBPROCESS_ENV, ...permissions.env]) {
    const value = Deno.env.get(key);
    if (value !== undefined) env[key] = value;
  }
  return startSubprocess(permissions, {
    heapMb: options.heapMb,
    cwd: options.folder,
    env,
    onStderr: options.onStderr,
  });
}
