/**
 * What `deno task run` (main.ts) loads once its front serves the page: the client, the link
 * door and handler, and the history export. One module, so that it can be one prebuilt bundle
 * (client/server.bundle.js, client/server_bundle.ts says why), loaded from these sources
 * whenever the bundle does not match them.
 *
 * @example
 * ```ts ignore
 * const { startClient } = await import("./_launch_entry.ts");
 * ```
 *
 * @module
 */
export { runTerminal, startClient } from "./mod.ts";
export type { RunningClient } from "./mod.ts";
export { launchWithLink, LinkDoor } from "../deeplink/mod.ts";
export { runExport } from "../history/mod.ts";
