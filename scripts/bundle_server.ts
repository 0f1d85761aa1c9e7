/**
 * `deno task bundle-server`: writes client/server.bundle.js, the client's server side as one
 * ES module (client/server_bundle.ts says why). Run it after changing any module it holds:
 * until then `deno task run` loads the sources, and tests/client/server_bundle_test.ts fails.
 *
 * @module
 */
import { writeServerBundle } from "../client/server_bundle.ts";

await writeServerBundle();
