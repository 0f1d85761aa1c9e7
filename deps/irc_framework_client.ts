/**
 * irc-framework's `Client`, the one part of the library irc/ uses, as the client loads it on its
 * first connect: from `irc_framework_client.bundle.js` while that bundle matches the lock, else
 * from npm (`irc_framework.ts`).
 *
 * Why a bundle: from npm, the client's CommonJS files (some 260, most of them lodash's one-function
 * modules) are each resolved, read and compiled on every start, Deno keeping no code cache for
 * CommonJS. That cost about 110 ms of a core at the first connect, which is also when the page's
 * first requests arrive; the bundle, one ES module with a code cache, about 25 ms
 * (bench/launch_usable.ts). It leaves out index.js and the library's own socket transport (socks,
 * ip-address, iconv-lite): irc/ always brings its own.
 *
 * Why the head (common/prebuilt_bundle.ts): the bundle records the SHA-256 of client.lock, the
 * lock `deno task run` runs with, which pins irc-framework and everything it pulls in, and of
 * the entry it was made from. A lock that changed (a new version) no longer matches, and the
 * client loads the library from npm again until `deno task bundle-irc` makes the bundle anew:
 * nothing stale runs. The published package holds neither the lock nor the bundle, and loads
 * from npm.
 *
 * @module
 */
import { bundleIsFresh } from "../common/mod.ts";

/** The bundle's file, beside this one. */
export const IRC_BUNDLE = new URL("./irc_framework_client.bundle.js", import.meta.url);

/** What the bundle is made from, relative to the checkout's root: the lock and the entry. */
export const IRC_BUNDLE_SOURCES: readonly string[] = [
  "client.lock",
  "scripts/_irc_framework_entry.js",
];

/** What the bundle holds: irc-framework's client module, as the lock resolves it. */
export const IRC_BUNDLE_ENTRY = "npm:irc-framework@4.14.0/src/client.js";

/**
 * Whether the bundle (`bundle`, this folder's by default) was made against the lock and the
 * entry as they are now (in `root`, the checkout by default): false when the bundle or either
 * source is missing or unreadable, or changed since.
 *
 * @example
 * ```ts ignore
 * import { ircBundleIsFresh } from "./irc_framework_client.ts";
 * if (!(await ircBundleIsFresh())) console.log("run deno task bundle-irc");
 * ```
 */
export function ircBundleIsFresh(
  bundle: URL = IRC_BUNDLE,
  root: URL = new URL("../", import.meta.url),
): Promise<boolean> {
  return bundleIsFresh(bundle, root, IRC_BUNDLE_SOURCES);
}

/** The library's module: `default.Client` is the class irc/_framework.ts narrows. */
const library: { default: unknown } = await ircBundleIsFresh()
  ? await import(IRC_BUNDLE.href)
  : await import("./irc_framework.ts");

/** `{ Client }`: irc-framework's client class, from the bundle or from npm. */
export default library.default;
