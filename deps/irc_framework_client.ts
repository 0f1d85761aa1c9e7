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
 * Why the digest: the bundle records the SHA-256 of client.lock, the lock `deno task run` runs
 * with, which pins irc-framework and everything it pulls in. A lock that changed (a new version)
 * no longer matches, and the client loads the library from npm again until `deno task
 * bundle-irc` makes the bundle anew: nothing stale runs. The published package holds neither the
 * lock nor the bundle, and loads from npm.
 *
 * @module
 */

/** The bundle's file, beside this one. */
export const IRC_BUNDLE = new URL("./irc_framework_client.bundle.js", import.meta.url);

/** The lock the bundle was made against. */
const LOCK = new URL("../client.lock", import.meta.url);

/** What the bundle holds: irc-framework's client module, as the lock resolves it. */
export const IRC_BUNDLE_ENTRY = "npm:irc-framework@4.14.0/src/client.js";

/** The bundle's first line: `// client.lock sha256:HEX`. */
const DIGEST_LINE = /^\/\/ client\.lock sha256:([0-9a-f]{64})\n/;

/**
 * The SHA-256 (hex) the bundle must record: of the entry and client.lock as they are now.
 *
 * @example
 * ```ts ignore
 * import { lockDigest } from "./irc_framework_client.ts";
 * console.log((await lockDigest()).length); // 64
 * ```
 */
export async function lockDigest(lock: URL = LOCK): Promise<string> {
  const bytes = await Deno.readFile(lock);
  const entry = new TextEncoder().encode(`${IRC_BUNDLE_ENTRY}\0`);
  const all = new Uint8Array(entry.length + bytes.length);
  all.set(entry);
  all.set(bytes, entry.length);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The digest a bundle's text records, or `undefined` when its first line has none.
 *
 * @example
 * ```ts
 * import { recordedLockDigest } from "./irc_framework_client.ts";
 * console.log(recordedLockDigest(`// client.lock sha256:${"ab".repeat(32)}\nvar x;`)?.length); // 64
 * console.log(recordedLockDigest("var x;")); // undefined
 * ```
 */
export function recordedLockDigest(bundle: string): string | undefined {
  return DIGEST_LINE.exec(bundle)?.[1];
}

/**
 * Whether the bundle (`bundle`, this folder's by default) was made against the lock as it is
 * now (`lock`, client.lock by default): false when either is missing or unreadable, or the lock
 * changed since.
 *
 * @example
 * ```ts ignore
 * import { ircBundleIsFresh } from "./irc_framework_client.ts";
 * if (!(await ircBundleIsFresh())) console.log("run deno task bundle-irc");
 * ```
 */
export async function ircBundleIsFresh(
  bundle: URL = IRC_BUNDLE,
  lock: URL = LOCK,
): Promise<boolean> {
  try {
    // The digest line is all that is read: the first bytes suffice.
    using file = await Deno.open(bundle);
    const head = new Uint8Array(128);
    const n = await file.read(head);
    const recorded = recordedLockDigest(new TextDecoder().decode(head.subarray(0, n ?? 0)));
    return recorded !== undefined && recorded === await lockDigest(lock);
  } catch {
    // Missing, unreadable or not permitted: npm is the safe way.
    return false;
  }
}

/** The library's module: `default.Client` is the class irc/_framework.ts narrows. */
const library: { default: unknown } = await ircBundleIsFresh()
  ? await import(IRC_BUNDLE.href)
  : await import("./irc_framework.ts");

/** `{ Client }`: irc-framework's client class, from the bundle or from npm. */
export default library.default;
