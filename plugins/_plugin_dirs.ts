/**
 * Where a plugin's files live under the host's data dir: its data dir (the root of its
 * read/write grants), its pinned copy inside it, and its own `DENO_DIR` beside them.
 *
 * @module
 */
import { join } from "node:path";

/** A plugin's data dir: `<hostDataDir>/plugins/<name>`, the root of its read/write grants. */
export function pluginDataDir(hostDataDir: string, name: string): string {
  return join(hostDataDir, "plugins", name);
}

/** The root of a plugin's pinned copy: `<hostDataDir>/plugins/<name>/code`. */
export function copyRoot(hostDataDir: string, name: string): string {
  return join(pluginDataDir(hostDataDir, name), "code");
}

/**
 * A subprocess plugin's own `DENO_DIR`: its localStorage, Cache API and transpiled code live
 * here, beside its data dir and outside every grant. A replaced plugin must get a new one.
 */
export function pluginDenoDir(hostDataDir: string, name: string): string {
  return join(hostDataDir, "plugins", ".runtime", name);
}
