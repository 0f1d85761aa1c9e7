import assert from "node:assert/strict";
import { filesDigest, recordedSources } from "../../common/mod.ts";
import {
  IRC_BUNDLE,
  IRC_BUNDLE_ENTRY,
  IRC_BUNDLE_SOURCES,
  ircBundleIsFresh,
} from "../../deps/irc_framework_client.ts";
import library from "../../deps/irc_framework_client.ts";
import npm from "../../deps/irc_framework.ts";

const ROOT = new URL("../../", import.meta.url);

Deno.test("the irc-framework bundle was made against client.lock as it is (run deno task bundle-irc)", async () => {
  const bundle = await Deno.readTextFile(IRC_BUNDLE);
  assert.deepEqual(recordedSources(bundle), {
    digest: await filesDigest(IRC_BUNDLE_SOURCES, ROOT),
    files: IRC_BUNDLE_SOURCES,
  });
  assert.equal(await ircBundleIsFresh(), true);
  // What it holds is named by package, not by a path on the machine that made it.
  assert.doesNotMatch(bundle, /registry\.npmjs\.org/);
  assert.match(bundle, /^\/\/ npm:irc-framework@4\.14\.0\/src\/client\.js$/m);
});

Deno.test("the loader hands out the bundle's Client while it is fresh: a class of its own, not npm's", () => {
  const client = Reflect.get(Object(library), "Client");
  assert.equal(typeof client, "function");
  assert.notEqual(client, npm.Client);
  assert.equal(typeof client.prototype.connect, "function");
  assert.equal(typeof client.prototype.requestCap, "function");
});

Deno.test("ircBundleIsFresh() turns false once the lock or the entry changes, and when the bundle or a source is gone", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-irc-bundle-" });
  try {
    const root = new URL(`file://${dir}/`);
    const bundle = new URL("bundle.js", root);
    await Deno.mkdir(new URL("scripts/", root));
    for (const file of IRC_BUNDLE_SOURCES) {
      await Deno.copyFile(new URL(file, ROOT), new URL(file, root));
    }
    const lock = new URL("client.lock", root);
    const head = async () =>
      `// sources sha256:${await filesDigest(IRC_BUNDLE_SOURCES, root)}\n// files: ${
        IRC_BUNDLE_SOURCES.join(" ")
      }\nvar x;\n`;
    await Deno.writeTextFile(bundle, await head());
    assert.equal(await ircBundleIsFresh(bundle, root), true);
    // A new version of anything the lock pins.
    const text = await Deno.readTextFile(lock);
    await Deno.writeTextFile(lock, text.replace('"lodash@4.18.1"', '"lodash@4.18.2"'));
    assert.notEqual(await Deno.readTextFile(lock), text, "the lock pins lodash 4.18.1");
    assert.equal(await ircBundleIsFresh(bundle, root), false);
    await Deno.writeTextFile(lock, text);
    assert.equal(await ircBundleIsFresh(bundle, root), true);
    // The entry, which names what is bundled.
    const entry = new URL(IRC_BUNDLE_SOURCES[1], root);
    await Deno.writeTextFile(entry, "// edited\n", { append: true });
    assert.equal(await ircBundleIsFresh(bundle, root), false);
    await Deno.copyFile(new URL(IRC_BUNDLE_SOURCES[1], ROOT), entry);
    assert.equal(await ircBundleIsFresh(bundle, root), true);
    // A head naming other sources than the lock and the entry is not this bundle's.
    await Deno.writeTextFile(
      bundle,
      `// sources sha256:${await filesDigest(["client.lock"], root)}\n// files: client.lock\n`,
    );
    assert.equal(await ircBundleIsFresh(bundle, root), false);
    await Deno.writeTextFile(bundle, await head());
    await Deno.remove(lock);
    assert.equal(await ircBundleIsFresh(bundle, root), false);
    await Deno.writeTextFile(lock, text);
    await Deno.writeTextFile(bundle, "var x;\n");
    assert.equal(await ircBundleIsFresh(bundle, root), false);
    await Deno.remove(bundle);
    assert.equal(await ircBundleIsFresh(bundle, root), false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the test lock pins irc-framework as client.lock does, so tests run what users run", async () => {
  const pinned = async (file: string) => {
    const lock: unknown = JSON.parse(await Deno.readTextFile(new URL(file, ROOT)));
    const npmSection: unknown = typeof lock === "object" && lock !== null
      ? Reflect.get(lock, "npm")
      : undefined;
    assert.ok(typeof npmSection === "object" && npmSection !== null, `${file} has no npm section`);
    const name = IRC_BUNDLE_ENTRY.replace(/^npm:/, "").replace(/\/.*$/, "");
    return JSON.stringify(Reflect.get(npmSection, name));
  };
  const run = await pinned("client.lock");
  assert.notEqual(run, undefined);
  assert.equal(await pinned("deno.lock"), run);
});
