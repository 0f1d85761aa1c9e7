/**
 * The pin of a plugin installed from JSR, outside every plugin's grants:
 * `<hostDataDir>/plugins/.jsr/<name>.pin.json` records its package, range and the integrity
 * of its exact version the way Deno's lockfile does
 * (`"jsr": {"@scope/name@1.0.0": {"integrity": "sha256-…"}}`), and `<name>.lock`, a Deno
 * lockfile, the integrity of the remote modules its graph imports (the SDK, other packages).
 *
 * @module
 */
import { join } from "node:path";
import { PluginLoadError } from "./errors.ts";

/** What is pinned for one plugin. */
export interface JsrPin {
  /** `@scope/name`. */
  pkg: string;
  /** The range it follows, e.g. `^1.0.0`. */
  range: string;
  /** The exact version installed. */
  version: string;
  /** `sha256-<hex>` of that version's `<version>_meta.json`. */
  integrity: string;
}

/** The folder of JSR pins and fetched sources under the host's data dir. */
export function jsrDir(hostDataDir: string): string {
  return join(hostDataDir, "plugins", ".jsr");
}

function pinPath(hostDataDir: string, name: string): string {
  return join(jsrDir(hostDataDir), `${name}.pin.json`);
}

/** The Deno lockfile of plugin `name`'s module graph. */
export function lockfilePath(hostDataDir: string, name: string): string {
  return join(jsrDir(hostDataDir), `${name}.lock`);
}

/** The pin of plugin `name`, or `undefined` when it was not installed from JSR. */
export async function readPin(hostDataDir: string, name: string): Promise<JsrPin | undefined> {
  const path = pinPath(hostDataDir, name);
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const pin = pinOf(data);
  if (!pin) {
    // A damaged pin must not pass for a folder plugin, whose upgrades skip the registry.
    throw new PluginLoadError(name, `its JSR pin ${path} is damaged; reinstall it`);
  }
  return pin;
}

function pinOf(data: unknown): JsrPin | undefined {
  if (typeof data !== "object" || data === null || !("pkg" in data) || !("range" in data)) {
    return undefined;
  }
  const { pkg, range } = data;
  const jsr = "jsr" in data ? data.jsr : undefined;
  if (typeof pkg !== "string" || typeof range !== "string" || typeof jsr !== "object" || !jsr) {
    return undefined;
  }
  for (const [key, value] of Object.entries(jsr)) {
    if (!key.startsWith(`${pkg}@`) || typeof value !== "object" || value === null) continue;
    const integrity: unknown = "integrity" in value ? value.integrity : undefined;
    if (typeof integrity !== "string") continue;
    return { pkg, range, version: key.slice(pkg.length + 1), integrity };
  }
  return undefined;
}

/** Writes the pin of plugin `name`, replacing any before it in one rename. */
export async function writePin(hostDataDir: string, name: string, pin: JsrPin): Promise<void> {
  const path = pinPath(hostDataDir, name);
  await Deno.mkdir(jsrDir(hostDataDir), { recursive: true });
  const lock = {
    version: "5",
    pkg: pin.pkg,
    range: pin.range,
    jsr: { [`${pin.pkg}@${pin.version}`]: { integrity: pin.integrity } },
  };
  const temp = `${path}.${crypto.randomUUID()}.tmp`;
  await Deno.writeTextFile(temp, `${JSON.stringify(lock, null, 2)}\n`);
  await Deno.rename(temp, path);
}
