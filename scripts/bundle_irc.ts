/**
 * `deno task bundle-irc`: writes deps/irc_framework_client.bundle.js, irc-framework's client as
 * one ES module (deps/irc_framework_client.ts says why), its head the digest of the lock and
 * the entry it was made from. Run it after client.lock changes: until then the client loads
 * irc-framework from npm, and tests/irc/framework_bundle_test.ts fails.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { denoBundle, eagerWrappers, withHead } from "../common/mod.ts";
import { IRC_BUNDLE, IRC_BUNDLE_ENTRY, IRC_BUNDLE_SOURCES } from "../deps/irc_framework_client.ts";

const ROOT = new URL("../", import.meta.url);
const [LOCK, ENTRY] = IRC_BUNDLE_SOURCES.map((file) => new URL(file, ROOT));
const out = fileURLToPath(IRC_BUNDLE);
// The entry names what the digest covers: a copy that drifted would bundle something else.
if (!(await Deno.readTextFile(ENTRY)).includes(`from "${IRC_BUNDLE_ENTRY}"`)) {
  throw new Error(`Cannot bundle irc-framework: the entry does not import ${IRC_BUNDLE_ENTRY}`);
}
await denoBundle("irc-framework", [
  "--platform",
  "deno",
  `--lock=${fileURLToPath(LOCK)}`,
  "--frozen",
  // Not minified: Deno's minified bundle loses its `require` for node:stream and node:util.
  "-o",
  out,
  fileURLToPath(ENTRY),
]);
// The bundler names each file (in comments, and as the key of its module) by its path in this
// machine's npm cache: named by package instead, the same on every machine.
const made = (await Deno.readTextFile(out)).replace(
  /(?:\.\.\/)*[^\s"]*?\/registry\.npmjs\.org\/([^/\s"]+)\/([^/\s"]+)\//g,
  "npm:$1@$2/",
);
await Deno.writeTextFile(
  out,
  // Each CommonJS module's wrapper compiled with the bundle, so that the code cache holds it.
  await withHead(eagerWrappers(made), {
    files: IRC_BUNDLE_SOURCES,
    base: ROOT,
    madeBy: `deno task bundle-irc from ${IRC_BUNDLE_ENTRY}`,
  }),
);
