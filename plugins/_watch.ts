/**
 * Development reloads: a recursive watch on a plugin's folder, debounced.
 *
 * @module
 */

/** Watches `folder` and calls `onChange` once its files stop changing for 100 ms. */
export function watchFolder(folder: string, onChange: () => void): Deno.FsWatcher {
  const watcher = Deno.watchFs(folder, { recursive: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  (async () => {
    for await (const event of watcher) {
      if (event.kind === "access") continue;
      clearTimeout(timer);
      timer = setTimeout(onChange, 100);
    }
    clearTimeout(timer);
  })();
  return watcher;
}
