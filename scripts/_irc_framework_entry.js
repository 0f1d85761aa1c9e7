// What deno task bundle-irc bundles (scripts/bundle_irc.ts): irc-framework's client module,
// without the library's index, which loads its own socket transport (irc/ brings its own).
// deno-lint-ignore no-import-prefix -- a subpath the import map does not name, pinned as deps/ pins it
import Client from "npm:irc-framework@4.14.0/src/client.js";
export default { Client };
