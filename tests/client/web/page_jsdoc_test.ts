// The page's types are written once, in each module's JSDoc: `deno check` reads the JavaScript
// itself (`// @ts-check`), and nothing beside it restates it by hand. A `.d.ts` or an
// `@ts-self-types` directive would make `deno check` read the copy instead and leave the
// JavaScript unchecked, and a JSDoc cast would tell the check to stop looking.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const WEB = fileURLToPath(new URL("../../../client/web/", import.meta.url));
/** The network form's one definition is the contracts work's, with its own .d.ts for now. */
const TYPED_ELSEWHERE = new Set(["network_form.js"]);
/** Made from the modules by `deno task bundle-web`, not written: index_html_test holds it. */
const GENERATED = new Set(["app.bundle.js"]);

async function files(dir: string, prefix = ""): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory) found.push(...await files(`${dir}${entry.name}/`, `${name}/`));
    else found.push(name);
  }
  return found.sort();
}

Deno.test("every page module is checked JavaScript, typed by its JSDoc alone", async () => {
  const all = await files(WEB);
  const modules = all.filter((f) =>
    f.endsWith(".js") && !TYPED_ELSEWHERE.has(f) && !GENERATED.has(f)
  );
  assert.ok(modules.includes("app.js") && modules.includes("views/ledger_page.js"), `${all}`);
  for (const file of modules) {
    const text = await Deno.readTextFile(`${WEB}${file}`);
    assert.ok(text.startsWith("// @ts-check\n"), `${file} starts with // @ts-check`);
    assert.doesNotMatch(text, /@ts-(self-types|nocheck|ignore|expect-error)/, file);
    assert.doesNotMatch(text, /\.d\.ts"/, `${file} imports no .d.ts`);
    assert.doesNotMatch(text, /\/\*\*\s*@type\s*\{[^}]*\}\s*\*\/\s*\(/, `${file} has no cast`);
    assert.doesNotMatch(text, /@\w+\s*\{[^}\n]*\bany\b/, `${file} has no any`);
  }
  const declarations = all.filter((f) =>
    f.endsWith(".d.ts") && !TYPED_ELSEWHERE.has(f.replace(/\.d\.ts$/, ".js"))
  );
  assert.deepEqual(declarations, [], "no .d.ts restates a page module");
});
