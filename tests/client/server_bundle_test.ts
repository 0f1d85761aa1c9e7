import assert from "node:assert/strict";
import {
  loadServer,
  SERVER_BUNDLE,
  SERVER_ENTRY,
  serverBundleIsFresh,
} from "../../client/server_bundle.ts";
import { filesDigest, recordedSources } from "../../common/mod.ts";

const ROOT = new URL("../../", import.meta.url);

Deno.test("the server bundle was made from the sources as they are (run deno task bundle-server)", async () => {
  assert.equal(await serverBundleIsFresh(), true);
  const bundle = await Deno.readTextFile(SERVER_BUNDLE);
  const recorded = recordedSources(bundle);
  assert.ok(recorded, "the bundle starts with its digest and its files");
  assert.equal(recorded.digest, await filesDigest(recorded.files, ROOT));
  // It covers the entry, the modules with code in it, the barrels and how it was made.
  for (
    const file of [
      "client/_launch_entry.ts",
      "client/client_app.ts",
      "plugins/mod.ts",
      "irc/_session.ts",
      "deno.json",
      "client/server_bundle.ts",
    ]
  ) {
    assert.ok(recorded.files.includes(file), `the bundle's sources include ${file}`);
  }
});

Deno.test("the server bundle leaves the front to its sources, so one copy of it runs", async () => {
  const bundle = await Deno.readTextFile(SERVER_BUNDLE);
  for (const module of ["client/web_server.ts", "net/serve.ts", "common/queue.ts"]) {
    assert.doesNotMatch(bundle, new RegExp(`^// ${module}$`, "m"), `${module} is not bundled`);
  }
  assert.match(bundle, /^import \{[^}]*\} from "\.\/web_server\.ts";$/m);
  assert.match(bundle, /^import \{[^}]*\} from "\.\.\/net\/mod\.ts";$/m);
});

Deno.test("each bundled module's import.meta.url is its own file's, not the bundle's", async () => {
  const bundle = await Deno.readTextFile(SERVER_BUNDLE);
  const uses = bundle.match(/import\.meta\.url/g) ?? [];
  const relocated = bundle.match(/new URL\("\.\.\/[\w/]+\.ts", import\.meta\.url\)\.href/g) ?? [];
  assert.ok(uses.length >= 5, "the plugins' workers and the IRC library are found by URL");
  assert.equal(relocated.length, uses.length);
  // The plugin worker's entry, as the bundle computes it, is the file beside plugins/_endpoint.ts.
  assert.match(
    bundle,
    /new URL\("\.\/_worker_main\.ts", new URL\("\.\.\/plugins\/_endpoint\.ts", import\.meta\.url\)\.href\)/,
  );
  await Deno.stat(new URL("plugins/_worker_main.ts", ROOT));
});

Deno.test("the bundle and the sources export the same", async () => {
  const fromBundle = await loadServer({ bundled: Promise.resolve(true) });
  const fromSources = await loadServer({ bundled: Promise.resolve(false) });
  assert.deepEqual(Object.keys(fromBundle).sort(), Object.keys(fromSources).sort());
  assert.deepEqual(Object.keys(fromSources).sort(), [
    "LinkDoor",
    "launchWithLink",
    "runExport",
    "runTerminal",
    "startClient",
  ]);
  assert.notEqual(fromBundle.startClient, fromSources.startClient, "two loads, two copies");
  assert.equal(fromSources.startClient, (await import(SERVER_ENTRY.href)).startClient);
});

Deno.test("serverBundleIsFresh() turns false once a source changes or goes, and without a head", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-server-bundle-" });
  try {
    const root = new URL(`file://${dir}/`);
    const bundle = new URL("client/server.bundle.js", root);
    await Deno.mkdir(new URL("client/", root));
    await Deno.mkdir(new URL("bus/", root));
    await Deno.writeTextFile(new URL("bus/a.ts", root), "export const a = 1;\n");
    await Deno.writeTextFile(new URL("bus/mod.ts", root), 'export * from "./a.ts";\n');
    const files = ["bus/a.ts", "bus/mod.ts"];
    const head = async () =>
      `// sources sha256:${await filesDigest(files, root)}\n// files: ${files.join(" ")}\n`;
    await Deno.writeTextFile(bundle, `${await head()}var a = 1;\n`);
    assert.equal(await serverBundleIsFresh(bundle, root), true);
    // A barrel that changes, though it has no code of its own in the bundle.
    await Deno.writeTextFile(new URL("bus/mod.ts", root), 'export * from "./a.ts"; // b\n');
    assert.equal(await serverBundleIsFresh(bundle, root), false);
    await Deno.writeTextFile(bundle, `${await head()}var a = 1;\n`);
    assert.equal(await serverBundleIsFresh(bundle, root), true);
    await Deno.remove(new URL("bus/a.ts", root));
    assert.equal(await serverBundleIsFresh(bundle, root), false);
    await Deno.writeTextFile(new URL("bus/a.ts", root), "export const a = 1;\n");
    assert.equal(await serverBundleIsFresh(bundle, root), true);
    await Deno.writeTextFile(bundle, "var a = 1;\n");
    assert.equal(await serverBundleIsFresh(bundle, root), false);
    await Deno.writeTextFile(bundle, `// sources sha256:${"0".repeat(64)}\n// files: \nvar a;\n`);
    assert.equal(await serverBundleIsFresh(bundle, root), false, "no files: never fresh");
    await Deno.remove(bundle);
    assert.equal(await serverBundleIsFresh(bundle, root), false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
