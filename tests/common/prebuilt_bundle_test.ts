import assert from "node:assert/strict";
import {
  bundleIsFresh,
  denoBundle,
  eagerWrappers,
  filesDigest,
  recordedSources,
  withHead,
} from "../../common/mod.ts";

/** A folder with two sources, removed after `body`. */
async function withSources(body: (root: URL) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-prebuilt-" });
  try {
    const root = new URL(`file://${dir}/`);
    await Deno.mkdir(new URL("lib/", root));
    await Deno.writeTextFile(new URL("lib/a.ts", root), "export const a = 1;\n");
    await Deno.writeTextFile(new URL("lib/mod.ts", root), 'export * from "./a.ts";\n');
    await body(root);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("recordedSources() reads the digest and the files, and nothing from a text without them", () => {
  const digest = "ab".repeat(32);
  assert.deepEqual(recordedSources(`// sources sha256:${digest}\n// files: a.ts b/c.ts\nx`), {
    digest,
    files: ["a.ts", "b/c.ts"],
  });
  assert.equal(recordedSources(`// sources sha256:${digest}\nx`), undefined);
  assert.equal(
    recordedSources(`// sources sha256:${"AB".repeat(32)}\n// files: a.ts\n`),
    undefined,
  );
  assert.equal(recordedSources("var x;\n"), undefined);
});

Deno.test("filesDigest() covers each file's path and bytes, in order", async () => {
  await withSources(async (root) => {
    const both = await filesDigest(["lib/a.ts", "lib/mod.ts"], root);
    assert.match(both, /^[0-9a-f]{64}$/);
    assert.notEqual(await filesDigest(["lib/mod.ts", "lib/a.ts"], root), both);
    await Deno.rename(new URL("lib/a.ts", root), new URL("lib/b.ts", root));
    await Deno.writeTextFile(new URL("lib/a.ts", root), "export const a = 1;\n");
    assert.equal(await filesDigest(["lib/a.ts", "lib/mod.ts"], root), both);
    assert.notEqual(await filesDigest(["lib/b.ts", "lib/mod.ts"], root), both, "a path counts");
    await assert.rejects(filesDigest(["lib/gone.ts"], root), Deno.errors.NotFound);
  });
});

Deno.test("a bundle written withHead() is fresh until a source changes or goes, and never without a head", async () => {
  await withSources(async (root) => {
    const files = ["lib/a.ts", "lib/mod.ts"];
    const bundle = new URL("out.js", root);
    const write = async () =>
      await Deno.writeTextFile(
        bundle,
        await withHead("var a = 1;\n", { files, base: root, madeBy: "the test" }),
      );
    await write();
    const text = await Deno.readTextFile(bundle);
    assert.deepEqual(recordedSources(text)?.files, files);
    assert.match(text, /^\/\/ @ts-nocheck\n\/\/ Made by the test: .*\nvar a = 1;\n$/m);
    assert.equal(await bundleIsFresh(bundle, root), true);
    assert.equal(await bundleIsFresh(bundle, root, files), true);
    assert.equal(await bundleIsFresh(bundle, root, ["lib/a.ts"]), false, "other files asked");
    // A barrel that changes, though it has no code of its own in the bundle.
    await Deno.writeTextFile(new URL("lib/mod.ts", root), 'export * from "./a.ts"; // b\n');
    assert.equal(await bundleIsFresh(bundle, root), false);
    await write();
    assert.equal(await bundleIsFresh(bundle, root), true);
    await Deno.remove(new URL("lib/a.ts", root));
    assert.equal(await bundleIsFresh(bundle, root), false, "a source gone");
    await Deno.writeTextFile(new URL("lib/a.ts", root), "export const a = 1;\n");
    assert.equal(await bundleIsFresh(bundle, root), true);
    await Deno.writeTextFile(bundle, "var a = 1;\n");
    assert.equal(await bundleIsFresh(bundle, root), false, "no head");
    await Deno.writeTextFile(bundle, `// sources sha256:${"0".repeat(64)}\n// files: \nvar a;\n`);
    assert.equal(await bundleIsFresh(bundle, root), false, "no files: never fresh");
    // A head longer than the bound is no head: the read stops there.
    await Deno.writeTextFile(
      bundle,
      `// sources sha256:${"0".repeat(64)}\n// files: ${"x".repeat(70_000)}\n`,
    );
    assert.equal(await bundleIsFresh(bundle, root), false);
    await Deno.remove(bundle);
    assert.equal(await bundleIsFresh(bundle, root), false, "no bundle");
  });
});

Deno.test("denoBundle() throws a clear error with the bundler's words when it fails", async () => {
  await withSources(async (root) => {
    const entry = new URL("lib/broken.ts", root);
    await Deno.writeTextFile(entry, 'import { x } from "./missing.ts";\nconsole.log(x);\n');
    const out = new URL("out.js", root);
    await assert.rejects(
      denoBundle("the test", ["-o", out.pathname, entry.pathname]),
      (error: unknown) =>
        error instanceof Error && /^Cannot bundle the test: /.test(error.message) &&
        /missing\.ts/.test(error.message),
    );
    await denoBundle("the test", ["-o", out.pathname, new URL("lib/mod.ts", root).pathname]);
    assert.match(await Deno.readTextFile(out), /var a = 1;/);
  });
});

/** A bundle's module wrappers as `deno bundle` writes them: one CommonJS module, one ES module. */
const WRAPPED = `var __getOwnPropNames = Object.getOwnPropertyNames;
var __commonJS = (cb, mod) => function __require2() {
  return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
};
var __esm = (fn, res) => function __init() {
  return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
};
var require_lib = __commonJS({
  "npm:lib@1.0.0/index.js"(exports, module) {
    const inner = { f() {
      return 2;
    } };
    module.exports = { one: 1, two: inner.f(), self: typeof this };
  }
});
var b;
var init_b = __esm({
  "lib/b.ts"() {
    b = require_lib().one + require_lib().two;
  }
});
init_b();
export { b };
`;

Deno.test("eagerWrappers() writes each module wrapper as a function expression that runs the same", async () => {
  const eager = eagerWrappers(WRAPPED);
  assert.match(eager, /^ {2}"npm:lib@1\.0\.0\/index\.js": \(function \(exports, module\) \{$/m);
  assert.match(eager, /^ {2}"lib\/b\.ts": \(function \(\) \{$/m);
  assert.equal(eager.match(/^ {2}\}\)$/gm)?.length, 2);
  // Only the wrappers' lines change: the inner method stays a method.
  assert.equal(eager.split("\n").length, WRAPPED.split("\n").length);
  assert.match(eager, /const inner = \{ f\(\) \{/);
  const dir = await Deno.makeTempDir({ prefix: "ircbus-eager-" });
  try {
    await Deno.writeTextFile(`${dir}/before.js`, WRAPPED);
    await Deno.writeTextFile(`${dir}/after.js`, eager);
    const before = await import(`file://${dir}/before.js`);
    const after = await import(`file://${dir}/after.js`);
    assert.equal(after.b, 3);
    assert.equal(after.b, before.b);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("eagerWrappers() throws rather than half rewrite a wrapper whose end it cannot find", () => {
  const cut = WRAPPED.replace("    b = require_lib().one + require_lib().two;\n  }\n});", "");
  assert.throws(
    () => eagerWrappers(cut),
    /^Error: Cannot rewrite the module wrapper at line \d+: no end/,
  );
  assert.equal(eagerWrappers("var x = 1;\n"), "var x = 1;\n");
});

Deno.test("the committed server and irc-framework bundles have their module wrappers compiled with them", async () => {
  for (
    const bundle of ["../../client/server.bundle.js", "../../deps/irc_framework_client.bundle.js"]
  ) {
    const text = await Deno.readTextFile(new URL(bundle, import.meta.url));
    assert.equal(eagerWrappers(text), text, `${bundle}: made without eagerWrappers()`);
    assert.match(text, /^ {2}"[^"\n]+": \(function \(/m);
  }
});
