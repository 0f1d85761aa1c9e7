/**
 * Development reloads: a recursive watch on a plugin's folder, debounced.
 *
 * @module
 */
import { debounce } from "../bus/mod.ts";

/** Watches `folder` and calls `onChange` once its files stop changing for 100 ms. */
export function watchFolder(folder: string, onChange: () => void): Deno.FsWatcher {
  const watcher = Deno.watchFs(folder, { recursive: true });
  const changed = debounce(onChange, 100);
  (async () => {
    for await (const event of watcher) if (event.kind !== "access") changed();
    changed.clear();
  })();
  return watcher;
}
