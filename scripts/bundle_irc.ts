/**
 * `deno task bundle-irc`: writes deps/irc_framework_client.bundle.js, irc-framework's client as
 * one ES module (deps/irc_framework_client.ts says why), its first line the digest of the lock
 * it was made against. Run it after client.lock changes: until then the client loads
 * irc-framework from npm, and tests/irc/framework_bundle_test.ts fails.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { IRC_BUNDLE, IRC_BUNDLE_ENTRY, lockDigest } from "../deps/irc_framework_client.ts";

const LOCK = fileURLToPath(new URL("../client.lock", import.meta.url));
const out = fileURLToPath(IRC_BUNDLE);
const digest = await lockDigest();
const ENTRY = new URL("./_irc_framework_entry.js", import.meta.url);
// The entry names what the digest covers: a copy that drifted would bundle something else.
if (!(await Deno.readTextFile(ENTRY)).includes(`from "${IRC_BUNDLE_ENTRY}"`)) {
  throw new Error(`Cannot bundle irc-framework: the entry does not import ${IRC_BUNDLE_ENTRY}`);
}
const { success, stderr } = await new Deno.Command(Deno.execPath(), {
  args: [
    "bundle",
    "--quiet",
    "--platform",
    "deno",
    `--lock=${LOCK}`,
    "--frozen",
    // Not minified: Deno's minified bundle loses its `require` for node:stream and node:util.
    "-o",
    out,
    fileURLToPath(ENTRY),
  ],
  stdout: "null",
  stderr: "piped",
}).output();
if (!success) {
  throw new Error(`Cannot bundle irc-framework: ${new TextDecoder().decode(stderr).slice(-1000)}`);
}
// The bundler names each file (in comments, and as the key of its module) by its path in this
// machine's npm cache: named by package instead, the same on every machine.
const made = (await Deno.readTextFile(out)).replace(
  /(?:\.\.\/)*[^\s"]*?\/registry\.npmjs\.org\/([^/\s"]+)\/([^/\s"]+)\//g,
  "npm:$1@$2/",
);
await Deno.writeTextFile(
  out,
  `// client.lock sha256:${digest}\n// @ts-nocheck\n// Made by deno task bundle-irc from ${IRC_BUNDLE_ENTRY}: edit nothing here.\n${made}`,
);
