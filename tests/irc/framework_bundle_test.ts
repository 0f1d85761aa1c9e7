import assert from "node:assert/strict";
import {
  IRC_BUNDLE,
  IRC_BUNDLE_ENTRY,
  ircBundleIsFresh,
  lockDigest,
  recordedLockDigest,
} from "../../deps/irc_framework_client.ts";
import library from "../../deps/irc_framework_client.ts";
import npm from "../../deps/irc_framework.ts";

const ROOT = new URL("../../", import.meta.url);

Deno.test("the irc-framework bundle was made against client.lock as it is (run deno task bundle-irc)", async () => {
  const bundle = await Deno.readTextFile(IRC_BUNDLE);
  assert.equal(recordedLockDigest(bundle), await lockDigest());
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

Deno.test("ircBundleIsFresh() turns false once the lock changes, and when the bundle or lock is gone", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-irc-bundle-" });
  try {
    const bundle = new URL(`file://${dir}/bundle.js`);
    const lock = new URL(`file://${dir}/client.lock`);
    await Deno.copyFile(new URL("client.lock", ROOT), lock);
    await Deno.writeTextFile(bundle, `// client.lock sha256:${await lockDigest(lock)}\nvar x;\n`);
    assert.equal(await ircBundleIsFresh(bundle, lock), true);
    // A new version of anything the lock pins.
    const text = await Deno.readTextFile(lock);
    await Deno.writeTextFile(lock, text.replace('"lodash@4.18.1"', '"lodash@4.18.2"'));
    assert.notEqual(await Deno.readTextFile(lock), text, "the lock pins lodash 4.18.1");
    assert.equal(await ircBundleIsFresh(bundle, lock), false);
    await Deno.writeTextFile(lock, text);
    assert.equal(await ircBundleIsFresh(bundle, lock), true);
    await Deno.remove(lock);
    assert.equal(await ircBundleIsFresh(bundle, lock), false);
    await Deno.writeTextFile(lock, text);
    await Deno.writeTextFile(bundle, "var x;\n");
    assert.equal(await ircBundleIsFresh(bundle, lock), false);
    await Deno.remove(bundle);
    assert.equal(await ircBundleIsFresh(bundle, lock), false);
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
