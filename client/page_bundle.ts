/**
 * The page as one script: `client/web/app.bundle.js` holds app.js and every module it
 * imports, made by `deno task bundle-web`. index.html is served with it, the style sheet and
 * the socket's opener (early_socket.js) inside it, so a launch's page asks for one file (after
 * the token's redirect) instead of 38. Each request is a wait on the server, which is still
 * starting when a launch's page asks: the page's last files came after the client's start
 * (bench/launch_usable.ts). The inline scripts and style are allowed by their hashes in the
 * page's Content-Security-Policy, nothing else inline. The modules stay the source: the bundle
 * records the digest of the files it was made from, and the server uses it only while they
 * still match (common/prebuilt_bundle.ts), so an edited module shows at the next start even
 * before anyone bundles again.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { bundleIsFresh as headMatches, denoBundle, withHead } from "../common/mod.ts";

/** The bundle's name in client/web/, served as `/app.bundle.js`. */
export const BUNDLE_FILE = "app.bundle.js";

/**
 * The classic script that opens the page's socket, in client/web/: index.html's first
 * script, before the style sheet and the bundle. A module, even inline, runs only once the
 * whole document is read; a classic script runs as soon as it is read, so the backend's hello
 * travels while the rest of index.html arrives and compiles.
 */
export const EARLY_SOCKET_FILE = "early_socket.js";

const WEB = new URL("./web/", import.meta.url);

/**
 * The files the bundle is made from, relative to client/web/: app.js and the modules
 * index.html preloads (every module app.js imports, index_html_test holds it so). The socket
 * is not among them: {@linkcode EARLY_SOCKET_FILE} opens it, a classic script of its own.
 *
 * @example
 * ```ts
 * import { bundleSources } from "./page_bundle.ts";
 * const html = '<script type="module" src="/app.js"></script>\n' +
 *   '<link rel="modulepreload" href="/store.js">\n<link rel="modulepreload" href="/core/shape.js">';
 * console.log(bundleSources(html)); // ["app.js", "store.js", "../../core/shape.js"]
 * ```
 */
export function bundleSources(indexHtml: string): string[] {
  const preloaded = [...indexHtml.matchAll(/<link rel="modulepreload" href="\/([^"]+)">/g)]
    .map((m) => m[1]);
  return ["app.js", ...preloaded].filter((path, i, all) => all.indexOf(path) === i)
    .map((path) => path.startsWith("core/") ? `../../${path}` : path);
}

/** The files the bundle is made from now, as index.html in `web` names them. */
async function currentSources(web: URL): Promise<string[]> {
  return bundleSources(await Deno.readTextFile(new URL("index.html", web)));
}

/**
 * `indexHtml` with the page inside it: early_socket.js's script becomes an inline classic
 * script holding `early`, the style sheet's link a `<style>` holding `style`, app.js's script
 * one inline module holding `script` (the bundle), and the module preloads go. `undefined`
 * when a text would end its element early (a `</script` or `</style` inside): the server then
 * serves the files.
 *
 * @example
 * ```ts
 * import { inlinedIndex } from "./page_bundle.ts";
 * const html = '<script src="/early_socket.js"></script>\n' +
 *   '    <link rel="stylesheet" href="/style.css">\n' +
 *   '    <script type="module" src="/app.js"></script>\n' +
 *   '    <link rel="modulepreload" href="/store.js">\n';
 * console.log(inlinedIndex(html, { early: "open();", script: "go();", style: "p{}" }));
 * // <script>open();</script>\n    <style>p{}</style>\n    <script type="module">go();</script>\n
 * ```
 */
export function inlinedIndex(
  indexHtml: string,
  page: { early: string; script: string; style: string },
): string | undefined {
  const closes = /<\/script/i;
  if (closes.test(page.early) || closes.test(page.script) || /<\/style/i.test(page.style)) {
    return undefined;
  }
  // Functions as replacements: the texts' own `$&` or `$1` stay as they are.
  return indexHtml
    .replace(
      `<script src="/${EARLY_SOCKET_FILE}"></script>`,
      () => `<script>${page.early}</script>`,
    )
    .replace('<link rel="stylesheet" href="/style.css">', () => `<style>${page.style}</style>`)
    .replace(
      '<script type="module" src="/app.js"></script>',
      () => `<script type="module">${page.script}</script>`,
    )
    .replace(/^[ \t]*<link rel="modulepreload" href="[^"]+">\n/gm, "");
}

/**
 * The Content-Security-Policy source that allows one inline script or style: `'sha256-…'` of
 * its text, as the browser hashes it (UTF-8).
 *
 * @example
 * ```ts
 * import { inlineSource } from "./page_bundle.ts";
 * console.log(await inlineSource("")); // 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='
 * ```
 */
export async function inlineSource(text: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)),
  );
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/**
 * Whether client/web/app.bundle.js (or the one in `web`, a copy of the page's folder) was made
 * from the source files as they are now: false when it is missing, when any module changed
 * since, or when index.html names other modules than it was made from.
 *
 * @example
 * ```ts ignore
 * import { bundleIsFresh } from "./page_bundle.ts";
 * if (!(await bundleIsFresh())) console.log("run deno task bundle-web");
 * ```
 */
export async function bundleIsFresh(web: URL = WEB): Promise<boolean> {
  const files = await currentSources(web).catch(() => undefined);
  return files !== undefined && await headMatches(new URL(BUNDLE_FILE, web), web, files);
}

/**
 * Writes client/web/app.bundle.js with `deno bundle` (minified), its head the digest and the
 * list of its sources. Throws with the bundler's output when it fails.
 *
 * @example
 * ```ts ignore
 * import { writeBundle } from "./page_bundle.ts";
 * await writeBundle(); // what `deno task bundle-web` runs
 * ```
 */
export async function writeBundle(): Promise<void> {
  const out = fileURLToPath(new URL(BUNDLE_FILE, WEB));
  const files = await currentSources(WEB);
  await denoBundle("the page", [
    "--platform",
    "browser",
    // Minified, which also drops the modules' JSDoc: its type imports would name paths
    // relative to files the bundle is not, and `deno check .` would follow them.
    "--minify",
    "--keep-names",
    "-o",
    out,
    fileURLToPath(new URL("app.js", WEB)),
  ]);
  await Deno.writeTextFile(
    out,
    await withHead(await Deno.readTextFile(out), {
      files,
      base: WEB,
      madeBy: "deno task bundle-web from app.js and its modules",
    }),
  );
}
