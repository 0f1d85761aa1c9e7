// The import checker's parts, on small trees written for the test. The whole tree still has
// violations that belong to later work (see scripts/check_imports.ts), so no test runs it on
// the project yet; these prove it finds what it reports.
import assert from "node:assert/strict";
import { join } from "node:path";
import { circles, importsOf, violations } from "../../scripts/check_imports.ts";

Deno.test("importsOf() reads static, type-only, re-export and JSDoc imports, not doc examples", () => {
  const source = [
    'import { a } from "./a.ts";',
    'import type { B } from "../b/mod.ts";',
    'export { c } from "./c.js";',
    'export * from "./d.ts";',
    'import "./side.ts";',
    '/** @typedef {import("./e.d.ts").E} E */',
    "/**",
    " * ```ts",
    ' * import { example } from "./example.ts";',
    " * ```",
    " */",
    'const lazy = await import("./lazy.ts");',
  ].join("\n");
  assert.deepEqual(importsOf(source).sort(), [
    "../b/mod.ts",
    "./a.ts",
    "./c.js",
    "./d.ts",
    "./e.d.ts",
    "./lazy.ts",
    "./side.ts",
  ]);
});

Deno.test("circles() finds each set of files that import one another, and nothing else", () => {
  const files = ["a", "b", "c", "d", "e"];
  const edges = [
    { from: "a", to: "b" },
    { from: "b", to: "c" },
    { from: "c", to: "a" },
    { from: "c", to: "d" },
    { from: "d", to: "e" },
  ];
  assert.deepEqual(circles(files, edges), [["a", "b", "c"]]);
  assert.deepEqual(circles(files, edges.slice(3)), []);
});

Deno.test("violations() names a circle, an upward import and a door skipped, one a line", async () => {
  const root = await Deno.makeTempDir({ prefix: "ircbus-imports-" });
  try {
    const write = async (path: string, text: string) => {
      await Deno.mkdir(join(root, path, ".."), { recursive: true });
      await Deno.writeTextFile(join(root, path), text);
    };
    await write("deno.json", JSON.stringify({ exports: { ".": "./mod.ts" } }));
    await write("mod.ts", 'export * from "./bus/mod.ts";\n');
    await write("bus/mod.ts", 'export * from "./x.ts";\n');
    await write("bus/x.ts", 'import "./y.ts";\nimport "../irc/mod.ts";\n');
    await write("bus/y.ts", 'import "./x.ts";\n');
    await write("irc/mod.ts", "export {};\n");
    await write("client/main.ts", 'import "../bus/y.ts";\n');
    await write("client/web/app.js", 'import "../../core/casemapping.js";\n');
    await write("core/casemapping.js", "export {};\n");
    await write("tests/ignored_test.ts", 'import "../client/web/app.js";\n');
    assert.deepEqual(await violations(root), [
      "circle (2 files): bus/x.ts -> bus/y.ts",
      "upward: bus/x.ts (bus, layer 1) imports irc/mod.ts (irc, layer 3)",
      "skips the door: client/main.ts imports bus/y.ts, not bus/mod.ts",
    ]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("the tree itself: no import circle, no upward import, no door skipped", async () => {
  // Run from the project root as `deno task test` does; the whole tree but tests, bench,
  // scripts and examples, type-only and JSDoc imports included.
  const root = new URL("../../", import.meta.url).pathname;
  assert.deepEqual(await violations(root), []);
});
