// `deno check` reads a module with `// @ts-self-types` through its .d.ts only: the JavaScript
// itself is checked with every import typed `any`, so a reader that builds the wrong message
// type passes unnoticed. This test checks each page module the way a plain JS file is
// checked: a sibling copy without the directive, its imports (the .d.ts files, the event map)
// real.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** What the page modules import, directly or through their .d.ts files. */
const PARTS = [
  "bus",
  "client/web",
  "core",
  "deeplink",
  "history",
  "storage",
  "irc",
  "net",
  "common",
];

async function copyTree(from: string, to: string): Promise<string[]> {
  const selfTyped: string[] = [];
  await Deno.mkdir(to, { recursive: true });
  for await (const entry of Deno.readDir(from)) {
    const source = `${from}/${entry.name}`;
    const target = `${to}/${entry.name}`;
    if (entry.isDirectory) selfTyped.push(...await copyTree(source, target));
    else if (/\.(ts|js)$/.test(entry.name)) {
      const text = await Deno.readTextFile(source);
      await Deno.writeTextFile(target, text);
      const stripped = text.replace(/^\/\/ @ts-self-types=.*\n/m, "");
      if (stripped !== text && entry.name.endsWith(".js")) {
        // A sibling without the directive: its neighbours still see the original's .d.ts.
        const checked = target.replace(/\.js$/, ".as_plain_js.js");
        await Deno.writeTextFile(checked, stripped);
        selfTyped.push(checked);
      }
    }
  }
  return selfTyped;
}

Deno.test("every self-typed page module type-checks against its real imports", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-page-types-" });
  try {
    await Deno.copyFile(`${ROOT}deno.json`, `${dir}/deno.json`);
    const files: string[] = [];
    for (const part of PARTS) files.push(...await copyTree(`${ROOT}${part}`, `${dir}/${part}`));
    assert.ok(
      files.some((f) => f.endsWith("core/protocol.as_plain_js.js")),
      files.join("\n"),
    );
    assert.ok(
      files.some((f) => f.endsWith("core/deeplink_payloads.as_plain_js.js")),
      files.join("\n"),
    );
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["check", "--quiet", "--no-lock", ...files],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const errors = new TextDecoder().decode(output.stderr).replaceAll(dir, "");
    assert.equal(output.code, 0, errors);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
