/**
 * Fetching a `jsr:` plugin for the CLI: the version is resolved and its files fetched and
 * checked into a scratch folder under `<hostDataDir>/plugins/.jsr/`, away from anything
 * installed; only after consent is it moved to the plugin's source folder there and
 * installed as a pinned copy like a folder plugin.
 *
 * @module
 */
import { join } from "node:path";
import { EventBus } from "../bus/mod.ts";
import type { PluginGrant } from "./grant.ts";
import { PluginHost } from "./host.ts";
import type { IsolationMode } from "./manifest.ts";
import { readManifest } from "./manifest.ts";
import type { PluginManifest } from "./manifest.ts";
import { PluginRegistryError } from "./errors.ts";
import { fetchVersion, type JsrVersion, listVersions, pickVersion } from "./_jsr.ts";
import { jsrDir, type JsrPin } from "./_jsr_pin.ts";
import { errorMessage } from "../common/mod.ts";

/** A fetched, checked version waiting in a scratch folder. */
export interface FetchedPlugin extends AsyncDisposable {
  /** The scratch folder holding its files. */
  folder: string;
  /** Its validated manifest. */
  manifest: PluginManifest;
  /** The version and its integrity. */
  pinned: JsrVersion;
  /** Moves the files to the plugin's source folder and returns that folder. */
  place(): Promise<string>;
}

/**
 * Resolves `range` of `pkg` and fetches that version into a scratch folder. When `pins`
 * holds the same version, its integrity must match. Removed on dispose unless placed.
 */
export async function fetchPlugin(
  hostDataDir: string,
  specifier: string,
  pkg: string,
  range: string,
  pins: JsrPin[],
): Promise<FetchedPlugin> {
  const version = pickVersion(specifier, await listVersions(specifier, pkg), range);
  const pinned = pins.find((pin) => pin.pkg === pkg && pin.version === version)?.integrity;
  const root = jsrDir(hostDataDir);
  const folder = join(root, `.fetch-${crypto.randomUUID()}`);
  const remove = () => Deno.remove(folder, { recursive: true }).catch(() => {});
  try {
    const got = await fetchVersion(specifier, pkg, version, folder, pinned);
    const manifest = await readManifest(folder).catch((error: unknown) => {
      const reason = errorMessage(error);
      throw new PluginRegistryError(specifier, `its plugin.json is invalid: ${reason}`, version);
    });
    let placed = false;
    return {
      folder,
      manifest,
      pinned: got,
      async place() {
        const target = join(root, manifest.name);
        await Deno.remove(target, { recursive: true }).catch(() => {});
        await Deno.rename(folder, target);
        placed = true;
        return target;
      },
      async [Symbol.asyncDispose]() {
        if (!placed) await remove();
      },
    };
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * Installs and starts the plugin in `folder` in a scratch host (its own data dir under
 * `<hostDataDir>/plugins/.jsr/`), then removes it all: an upgrade that cannot start is
 * refused before it replaces anything. Throws what the install or start threw.
 */
export async function trialStart(
  hostDataDir: string,
  folder: string,
  options: { grant: PluginGrant; isolation: IsolationMode; lockfile: string },
): Promise<void> {
  const dataDir = join(jsrDir(hostDataDir), `.trial-${crypto.randomUUID()}`);
  const bus = new EventBus();
  try {
    await using host = new PluginHost({ bus, dataDir, onLog: () => {} });
    const { manifest } = await host.install(folder, options);
    await host.load(manifest.name);
  } finally {
    await bus.close();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}
