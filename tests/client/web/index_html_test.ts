import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import {
  BUNDLE_FILE,
  bundleIsFresh,
  bundleSources,
  EARLY_SOCKET_FILE,
  inlinedIndex,
  inlineSource,
} from "../../../client/page_bundle.ts";
import { filesDigest, recordedSources } from "../../../common/mod.ts";

const WEB = new URL("../../../client/web/", import.meta.url);
const ROOT = new URL("../../../", import.meta.url);
const PAGE = "http://page/";

/** The file the page's path `path` is served from (`/deeplink/` comes from the repo's deeplink/). */
function fileOf(path: string): URL {
  const web = new URL(`.${path}`, WEB);
  return existsSync(web) ? web : new URL(`.${path}`, ROOT);
}

/** The page's modules `entries` import, directly or not, as the page's paths ("/views/x.js"). */
async function imported(entries: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const visit = async (path: string) => {
    const source = await Deno.readTextFile(fileOf(path));
    for (const [, spec] of source.matchAll(/^\s*(?:import|export)\b[^"']*?from\s+"(\.[^"]+)"/gm)) {
      const target = new URL(spec, new URL(path, PAGE)).pathname;
      if (found.has(target)) continue;
      found.add(target);
      await visit(target);
    }
  };
  for (const entry of entries) await visit(entry);
  return found;
}

Deno.test("index.html preloads every module the page imports, and nothing else", async () => {
  const html = await Deno.readTextFile(new URL("index.html", WEB));
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((m) =>
    m[1]
  );
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) =>
    m[1]
  );
  assert.deepEqual(scripts, ["/app.js"]);
  // The socket's opener is a classic script, the head's first, ahead of the style sheet (a
  // classic script waits for the style sheets before it) and of the modules.
  const head = html.slice(0, html.indexOf("</head>"));
  assert.deepEqual(
    [...head.matchAll(/<script[^>]*>|<link rel="stylesheet"/g)][0]?.[0],
    '<script src="/early_socket.js">',
  );
  assert.equal(head.match(/<script /g)?.length, 2);
  // A module loaded by its own script tag needs no preload.
  const loaded = [...scripts, ...preloaded];
  assert.equal(new Set(loaded).size, loaded.length, "a module is loaded twice");
  const expected = await imported(scripts);
  for (const script of scripts) expected.add(script);
  assert.deepEqual(new Set(loaded), expected);
});

Deno.test("the page bundle was made from the modules as they are (run deno task bundle-web)", async () => {
  const bundle = await Deno.readTextFile(new URL(BUNDLE_FILE, WEB));
  const html = await Deno.readTextFile(new URL("index.html", WEB));
  const sources = bundleSources(html);
  assert.deepEqual(recordedSources(bundle), {
    digest: await filesDigest(sources, WEB),
    files: sources,
  });
  assert.equal(await bundleIsFresh(), true);
  // Every module index.html preloads is in it, socket.js too: the inline page loads no
  // module of its own, and opens one socket, from early_socket.js, not from the bundle.
  assert.ok(sources.includes("app.js") && sources.includes("../../core/protocol.js"));
  assert.ok(sources.includes("socket.js"));
  assert.doesNotMatch(bundle, /from\s*"\.\/|import\s*\(/);
  assert.equal(bundle.match(/new WebSocket\(/g), null);
  const early = await Deno.readTextFile(new URL(EARLY_SOCKET_FILE, WEB));
  assert.equal(early.match(/new WebSocket\(/g)?.length, 1);
});

Deno.test("inlinedIndex() holds the socket's opener, the bundle and the style sheet in index.html's place, and no file loads", async () => {
  const index = await Deno.readTextFile(new URL("index.html", WEB));
  const html = inlinedIndex(index, {
    early: "open($1);",
    script: "go($&);",
    style: "p{color:red}",
  });
  assert.ok(html !== undefined);
  assert.deepEqual([...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]), [
    "<script>",
    '<script type="module">',
  ]);
  assert.match(html, /<script>open\(\$1\);<\/script>\s*<style>/);
  assert.match(html, /<script type="module">go\(\$&\);<\/script>/);
  assert.match(html, /<style>p\{color:red\}<\/style>/);
  assert.doesNotMatch(html, /modulepreload|src="\/|href="\/style\.css"/);
  assert.match(html, /<input id="input"/);
  // A text that would close its element early is not inlined.
  assert.equal(inlinedIndex(index, { early: "", script: "'</SCRIPT>'", style: "" }), undefined);
  assert.equal(inlinedIndex(index, { early: "'</script>'", script: "", style: "" }), undefined);
  assert.equal(inlinedIndex(index, { early: "", script: "", style: "/* </style> */" }), undefined);
});

Deno.test("inlineSource() is the CSP hash source of a text's UTF-8 bytes", async () => {
  assert.equal(await inlineSource(""), "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  assert.equal(await inlineSource("é"), "'sha256-SplVfkAzw1Od4utlRyAXytX5VX96BiWgnxw/biumnEw='");
});

Deno.test("bundleIsFresh() turns false once any module the bundle holds is edited, or it is gone", async () => {
  const root = await Deno.makeTempDir({ prefix: "ircbus-page-bundle-" });
  try {
    // The page's folder and the shared layer, laid out as in the tree (client/web/, core/).
    const web = new URL(`file://${root}/client/web/`);
    await Deno.mkdir(new URL("views/", web), { recursive: true });
    await Deno.mkdir(`${root}/core`);
    for (const dir of ["", "views/"]) {
      for await (const entry of Deno.readDir(new URL(dir, WEB))) {
        if (entry.isFile) {
          await Deno.copyFile(new URL(dir + entry.name, WEB), new URL(dir + entry.name, web));
        }
      }
    }
    for await (const entry of Deno.readDir(new URL("core/", ROOT))) {
      if (entry.name.endsWith(".js")) {
        await Deno.copyFile(new URL(`core/${entry.name}`, ROOT), `${root}/core/${entry.name}`);
      }
    }
    assert.equal(await bundleIsFresh(web), true);
    const view = new URL("views/topic_bar.js", web);
    await Deno.writeTextFile(view, `${await Deno.readTextFile(view)}\n// edited\n`);
    assert.equal(await bundleIsFresh(web), false);
    await Deno.copyFile(new URL("views/topic_bar.js", WEB), view);
    await Deno.writeTextFile(`${root}/core/shape.js`, "// edited\n", { append: true });
    assert.equal(await bundleIsFresh(web), false, "a shared module counts too");
    await Deno.copyFile(new URL("core/shape.js", ROOT), `${root}/core/shape.js`);
    assert.equal(await bundleIsFresh(web), true);
    // index.html naming a module the bundle was not made from.
    const index = new URL("index.html", web);
    const html = await Deno.readTextFile(index);
    await Deno.writeTextFile(
      index,
      html.replace(
        /(<link rel="modulepreload" href="\/store\.js">)/,
        '$1\n    <link rel="modulepreload" href="/extra.js">',
      ),
    );
    assert.equal(await bundleIsFresh(web), false, "a module added to index.html counts too");
    await Deno.writeTextFile(index, html);
    assert.equal(await bundleIsFresh(web), true);
    await Deno.remove(new URL(BUNDLE_FILE, web));
    assert.equal(await bundleIsFresh(web), false);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
