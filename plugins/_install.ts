/**
 * Install-time checks and preparation: the entry must be a file, a given grant must have
 * the right shape, and the module graph is cached so the plugin can run `--cached-only`.
 *
 * @module
 */
import { join } from "node:path";
import { PluginLoadError } from "./errors.ts";
import type { PluginGrant } from "./grant.ts";
import type { PluginManifest } from "./manifest.ts";
import { parseScope } from "./scope.ts";

/** The absolute path of a plugin's entry; throws when it is not a file. */
export async function entryFile(folder: string, manifest: PluginManifest): Promise<string> {
  const entry = join(folder, manifest.entry);
  try {
    if (!(await Deno.stat(entry)).isFile) throw new Error("not a file");
  } catch {
    throw new PluginLoadError(manifest.name, `its entry ${manifest.entry} is not a file`);
  }
  return entry;
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
  return checked;
}

/** Runs `deno cache` on the entry so the plugin can run under `--cached-only`. */
export async function cacheModuleGraph(
  name: string,
  folder: string,
  entry: string,
): Promise<void> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["cache", "--quiet", entry],
    cwd: folder,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!output.success) {
    const stderr = new TextDecoder().decode(output.stderr).trim();
    throw new PluginLoadError(name, `caching its modules failed: ${stderr.slice(0, 2000)}`);
  }
}
