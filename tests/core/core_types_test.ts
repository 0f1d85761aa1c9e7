import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { coreDeclarations, GENERATED_HEADER } from "../../scripts/core_types.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const core = join(root, "core");

Deno.test("every core/*.d.ts is the one scripts/core_types.ts writes from its .js, as it is now", async () => {
  const written = await coreDeclarations(root);
  const stale = [];
  for (const [path, text] of written) {
    if (await Deno.readTextFile(path).catch(() => "") !== text) stale.push(path);
  }
  assert.deepEqual(stale, [], "run: deno run -A scripts/core_types.ts");
});

Deno.test("core/ holds no declaration file written by hand", async () => {
  const byHand = [];
  for await (const entry of Deno.readDir(core)) {
    if (!entry.name.endsWith(".d.ts")) continue;
    const text = await Deno.readTextFile(join(core, entry.name));
    if (!text.startsWith(GENERATED_HEADER)) byHand.push(entry.name);
  }
  assert.deepEqual(byHand, []);
});

Deno.test("coreDeclarations() refuses JSDoc types that do not check", async () => {
  const dir = await Deno.makeTempDir({ prefix: "core_types_test_" });
  try {
    await Deno.mkdir(join(dir, "core"));
    await Deno.writeTextFile(
      join(dir, "core", "bad.js"),
      '/** @type {number} */\nexport const N = "not a number";\n',
    );
    await assert.rejects(() => coreDeclarations(dir), TypeError, "bad.js");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
