/**
 * The client's server side as one prebuilt ES module, `client/server.bundle.js`, loaded by
 * `deno task run` in place of its ~190 source modules while it matches them.
 *
 * Why: from sources, a launch spends about 60 ms of a core on the module system alone (each
 * module's file read, hashed, looked up in Deno's caches, compiled from its code cache and
 * instantiated), about a fifth of its work before the page is usable; as one module with one
 * code cache entry, that is gone (docs/client.md, "Why is the server side bundled?").
 *
 * What it holds: `_launch_entry.ts` and everything it imports, but not the front
 * (`client/front.ts` with the web server, the token and the opener, `net/` and `common/`),
 * which the launcher has loaded before: the bundle imports those from their sources, so there
 * is one copy of each. Nor irc-framework (`deps/`), which has its own bundle.
 *
 * Its first line records the SHA-256 of the files it was made from, its second their paths:
 * every local file of the entry's module graph as Deno sees it (with the front's, the barrels'
 * and the type files, which have no code of their own in the bundle). A launch reads those
 * files again and loads the bundle only when the digest matches, the sources otherwise: an
 * edited module runs as edited at the next start, never a stale bundle.
 * `deno task bundle-server` makes it again (tests/client/server_bundle_test.ts fails until then).
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { bundleIsFresh, denoBundle, eagerWrappers, withHead } from "../common/mod.ts";
import type { WebServer } from "./web_server.ts";

/**
 * What a launch loads after the front: `_launch_entry.ts`'s exports, from the bundle or from
 * the sources.
 *
 * @example
 * ```ts ignore
 * import { type LaunchServer, loadServer, serverBundleIsFresh } from "./server_bundle.ts";
 * const server: LaunchServer = await loadServer({ bundled: serverBundleIsFresh() });
 * ```
 */
export type LaunchServer = typeof import("./_launch_entry.ts");

/** The bundle's file. */
export const SERVER_BUNDLE: URL = new URL("./server.bundle.js", import.meta.url);

/** What the bundle is made of: the module it bundles, loaded itself when the bundle is stale. */
export const SERVER_ENTRY: URL = new URL("./_launch_entry.ts", import.meta.url);

/** The checkout's root: the bundle names its files relative to it. */
const ROOT = new URL("../", import.meta.url);

/**
 * The specifiers the bundle leaves to the sources (`deno bundle --external`): the front, which
 * the launcher has loaded already (so that one copy of it runs), and irc-framework.
 */
const EXTERNAL = [
  "*/common/mod.ts",
  "*/net/mod.ts",
  "./web_server.ts",
  "./_web_token.ts",
  "./open_browser.ts",
  "*/irc_framework_client.ts",
];

/**
 * Whether `bundle` matches the sources its head records, relative to `root`
 * (common/prebuilt_bundle.ts): a missing bundle or source, or no head, is not fresh.
 *
 * @example
 * ```ts
 * import { serverBundleIsFresh } from "./server_bundle.ts";
 * const missing = new URL("file:///nonexistent/server.bundle.js");
 * console.log(await serverBundleIsFresh(missing)); // false
 * ```
 */
export function serverBundleIsFresh(
  bundle: URL = SERVER_BUNDLE,
  root: URL = ROOT,
): Promise<boolean> {
  return bundleIsFresh(bundle, root);
}

/**
 * Loads the rest of the client (some 170 modules): from its bundle when `bundled` resolves
 * true ({@linkcode serverBundleIsFresh}, started early, while the browser opens the
 * page), else from its sources. From the sources, with `server` serving the page meanwhile,
 * the folders' doors load one at a time, bottom up, and between two the page's requests that
 * came meanwhile are answered: a dynamic import answers no request until its whole graph has
 * loaded. A request needs a turn of the event loop for each of its steps before the answer
 * (the accept, the head's read, the file's read); `server.idle()` then waits for the answers
 * begun. A timer, because it is what lets a waiting request in: measured, neither
 * `setImmediate` nor a `MessageChannel` message did, though they cost less idle time.
 *
 * Both are imported by a specifier Deno cannot read ahead: a literal import of the entry in
 * the launcher has Deno prepare its whole graph (some 270 modules, each read, hashed and looked
 * up in its caches) before the launcher runs its first line, about 30 ms of a core before the
 * page could be served, spent also when the bundle is used. `deno task run` caches the entry's
 * graph by naming it (deno.json).
 *
 * @example
 * ```ts ignore
 * import { loadServer, serverBundleIsFresh } from "./server_bundle.ts";
 * const { startClient } = await loadServer({ bundled: serverBundleIsFresh() });
 * ```
 */
export async function loadServer(
  options: { bundled: Promise<boolean>; server?: WebServer },
): Promise<LaunchServer> {
  const { bundled, server } = options;
  if (await bundled) {
    const loaded = await importServer(SERVER_BUNDLE);
    // The page's request that came while the bundle loaded (its index.html, mostly) is
    // answered before the client starts, so that its files load while the client starts.
    if (server) await answerWaiting(server);
    return loaded;
  }
  for (const door of server ? ["../history/mod.ts", "../irc/mod.ts", "../plugins/mod.ts"] : []) {
    await import(new URL(door, import.meta.url).href);
    if (server) await answerWaiting(server);
  }
  return await importServer(SERVER_ENTRY);
}

/** Lets the page's requests that came meanwhile in, and waits for their answers. */
async function answerWaiting(server: WebServer): Promise<void> {
  for (let step = 0; step < 3; step++) await new Promise((resolve) => setTimeout(resolve, 0));
  await server.idle();
}

/** Imports the bundle or the entry, which export the same: the bundle is made from the entry. */
function importServer(url: URL): Promise<LaunchServer>;
function importServer(url: URL): Promise<unknown> {
  return import(url.href);
}

/**
 * Writes the bundle (`deno task bundle-server`): `deno bundle` of {@linkcode SERVER_ENTRY}
 * with the front and irc-framework left out, each module's `import.meta.url` put back to its
 * own file's (the bundle sits in `client/`, the modules in their folders), its modules' wrappers
 * compiled with the bundle (common/prebuilt_bundle.ts, `eagerWrappers`), and the head.
 *
 * @example
 * ```ts ignore
 * import { writeServerBundle } from "./server_bundle.ts";
 * await writeServerBundle();
 * ```
 */
export async function writeServerBundle(): Promise<void> {
  const out = fileURLToPath(SERVER_BUNDLE);
  await denoBundle("the server", [
    "--platform",
    "deno",
    ...EXTERNAL.flatMap((pattern) => ["--external", pattern]),
    "-o",
    out,
    fileURLToPath(SERVER_ENTRY),
  ], fileURLToPath(ROOT));
  const { text, files: bundled } = relocate(await Deno.readTextFile(out));
  const files = await graphFiles();
  const missing = bundled.filter((file) => !files.includes(file));
  if (missing.length > 0) {
    throw new Error(`Cannot bundle the server: not in the entry's graph, got ${missing.join(" ")}`);
  }
  await Deno.writeTextFile(
    out,
    await withHead(eagerWrappers(text), {
      files,
      base: ROOT,
      madeBy: "deno task bundle-server from client/_launch_entry.ts and its modules",
    }),
  );
}

/** Every local file of the entry's module graph (`deno info`), relative to the root. */
async function graphFiles(): Promise<string[]> {
  const { success, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", fileURLToPath(SERVER_ENTRY)],
    cwd: fileURLToPath(ROOT),
    stdout: "piped",
    stderr: "piped",
  }).output();
  const info: unknown = success ? JSON.parse(new TextDecoder().decode(stdout)) : undefined;
  const modules = typeof info === "object" && info !== null ? Reflect.get(info, "modules") : [];
  if (!Array.isArray(modules) || modules.length === 0) {
    throw new Error(
      `Cannot bundle the server: no module graph, got ${new TextDecoder().decode(stderr)}`,
    );
  }
  return modules.flatMap((module: unknown) => {
    const specifier = typeof module === "object" && module !== null
      ? Reflect.get(module, "specifier")
      : undefined;
    return typeof specifier === "string" && specifier.startsWith(ROOT.href)
      ? [specifier.slice(ROOT.href.length)]
      : [];
    // How the bundle is made (what it leaves out) is part of its sources too.
  }).concat("client/server_bundle.ts").sort();
}

/**
 * The bundler's output with each module's `import.meta.url` replaced by its own file's URL,
 * and the files it holds. The bundler marks each module's code with a `// path` line, the
 * path relative to the root; every folder sits one level below it, as the bundle does, so
 * the modules' relative imports of other folders (`../deps/...`) resolve as before.
 */
function relocate(made: string): { text: string; files: string[] } {
  const files: string[] = [];
  const sections = made.split(/^(?=\/\/ [\w./-]+\.(?:ts|js|json)$)/m);
  const text = sections.map((section) => {
    const path = /^\/\/ ([\w./-]+\.(?:ts|js|json))$/m.exec(section.split("\n", 1)[0])?.[1];
    if (path === undefined) {
      if (section.includes("import.meta.url")) {
        throw new Error("Cannot bundle the server: import.meta.url outside a module's code");
      }
      return section;
    }
    // A module's code may come in more than one piece (around the imports it waits for).
    if (!files.includes(path)) files.push(path);
    return section.replaceAll(
      "import.meta.url",
      `new URL(${JSON.stringify(`../${path}`)}, import.meta.url).href`,
    );
  }).join("");
  return { text, files };
}
