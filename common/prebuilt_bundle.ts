/**
 * A prebuilt bundle: one generated ES module that stands in for the files it was made from
 * while they are unchanged. The project keeps three (the page's, the server side's and
 * irc-framework's client), and they share this one notion of "unchanged".
 *
 * Each bundle's first two lines, its head, record the SHA-256 of its sources and their paths:
 * `// sources sha256:HEX` and `// files: a.ts b/c.ts`. The digest covers each file's path, a
 * NUL, then its bytes, in the recorded order. Whoever would load a bundle reads its head, then
 * the files it names, and loads it only when the digest still matches: an edited source runs
 * as edited, never a stale bundle.
 *
 * @module
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { errorMessage } from "./error_message.ts";

/** What a bundle was made from: the files (relative to a base folder) and their digest. */
export interface BundleSources {
  /** SHA-256 (hex) of each file's path, a NUL and its bytes, in order. */
  digest: string;
  /** The files, relative to the base folder, in the order the digest covers them. */
  files: string[];
}

/** The head: `// sources sha256:HEX` and `// files: a.ts b/c.ts`. */
const HEAD = /^\/\/ sources sha256:([0-9a-f]{64})\n\/\/ files: ([^\n]*)\n/;

/** The most of a bundle read to find its head: some 200 paths of some 30 characters. */
const MAX_HEAD_BYTES = 64 * 1024;

/**
 * The digest of `files` (paths relative to `base`): each path, a NUL, then its bytes. The files
 * are read one after another on this thread, and the digest is made off it.
 *
 * Read, not awaited: a launch checks its bundles' ~230 sources while it starts, and an async
 * read costs this thread more than the read itself (its promise, its handoff to a blocking
 * thread and back): measured, the server bundle's 212 files took 7-13 ms of this thread's CPU
 * read async and about 5 ms read here, and less time on the clock too (docs/client.md, "Measured").
 *
 * @example
 * ```ts
 * import { filesDigest } from "./prebuilt_bundle.ts";
 * const digest = await filesDigest(["deno.json"], new URL("../", import.meta.url));
 * console.log(digest.length); // 64
 * ```
 */
export async function filesDigest(files: readonly string[], base: URL): Promise<string> {
  const encoder = new TextEncoder();
  // One path, joined: a URL per file cost as much again as its read (3 ms in 212 files).
  const dir = fileURLToPath(base);
  const parts = files.flatMap((file) => [
    encoder.encode(`${file}\0`),
    Deno.readFileSync(join(dir, file)),
  ]);
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The digest and the files a bundle's text records, or `undefined` when it has no head.
 *
 * @example
 * ```ts
 * import { recordedSources } from "./prebuilt_bundle.ts";
 * const head = `// sources sha256:${"0".repeat(64)}\n// files: bus/mod.ts bus/events.ts\n`;
 * console.log(recordedSources(head)?.files); // ["bus/mod.ts", "bus/events.ts"]
 * console.log(recordedSources("var x;")); // undefined
 * ```
 */
export function recordedSources(bundle: string): BundleSources | undefined {
  const match = HEAD.exec(bundle);
  if (!match) return undefined;
  return { digest: match[1], files: match[2].split(" ").filter((file) => file !== "") };
}

/**
 * A bundle's whole text from the bundler's `code`: the head recording `files` (relative to
 * `base`, read now), then a line telling the reader where the sources are (`madeBy`), then the
 * code. `// @ts-nocheck` too: the bundle is checked as its sources.
 *
 * @example
 * ```ts
 * import { recordedSources, withHead } from "./prebuilt_bundle.ts";
 * const text = await withHead("var x;\n", {
 *   files: ["deno.json"],
 *   base: new URL("../", import.meta.url),
 *   madeBy: "deno task example",
 * });
 * console.log(recordedSources(text)?.files); // ["deno.json"]
 * ```
 */
export async function withHead(
  code: string,
  options: { files: readonly string[]; base: URL; madeBy: string },
): Promise<string> {
  const { files, base, madeBy } = options;
  const digest = await filesDigest(files, base);
  return `// sources sha256:${digest}\n// files: ${
    files.join(" ")
  }\n// @ts-nocheck\n// Made by ${madeBy}: edit the sources, not this file.\n${code}`;
}

/**
 * Whether the bundle at `bundle` matches the sources its head records (relative to `base`):
 * its head is read (the first bytes only), then those files, and their digest compared. When
 * `files` is given, the head must also name exactly those, in that order (a bundle made before
 * a source was added is stale too). A missing or unreadable bundle or source, a head without
 * files, or none: not fresh, and the caller loads the sources, the safe way.
 *
 * @example
 * ```ts
 * import { bundleIsFresh } from "./prebuilt_bundle.ts";
 * const missing = new URL("file:///nonexistent/app.bundle.js");
 * console.log(await bundleIsFresh(missing, new URL("file:///nonexistent/"))); // false
 * ```
 */
export async function bundleIsFresh(
  bundle: URL,
  base: URL,
  files?: readonly string[],
): Promise<boolean> {
  try {
    const recorded = recordedSources(readHead(bundle));
    if (recorded === undefined || recorded.files.length === 0) return false;
    if (files !== undefined && recorded.files.join("\0") !== files.join("\0")) return false;
    return recorded.digest === await filesDigest(recorded.files, base);
  } catch {
    // Missing, unreadable or not permitted, or a source gone.
    return false;
  }
}

/**
 * A bundle's first bytes, up to its head's end (its second line break) or the bound. The line
 * breaks are found by `indexOf`: a loop over the 64 KiB read byte by byte, run once a launch
 * by each of three bundles and never optimised, cost the launch some 5 ms of its main thread.
 */
function readHead(bundle: URL): string {
  using file = Deno.openSync(bundle);
  const head = new Uint8Array(MAX_HEAD_BYTES);
  let length = 0;
  let end = -1;
  // A short read is not the end of the file.
  while (length < head.length && end < 0) {
    const n = file.readSync(head.subarray(length));
    if (n === null) break;
    const first = head.subarray(0, length + n).indexOf(10);
    end = first < 0 ? -1 : head.subarray(0, length + n).indexOf(10, first + 1);
    length += n;
  }
  return new TextDecoder().decode(head.subarray(0, end < 0 ? length : end + 1));
}

/** A bundler's module wrapper opening: `var x = __commonJS({` or `var x = __esm({`. */
const WRAPPER = /^var [\w$]+ = __(?:commonJS|esm)\(\{$/;

/** The wrapped module's function, as the bundler writes it: a method, `  "path"(params) {`. */
const WRAPPED_METHOD = /^ {2}("(?:[^"\\\n]|\\.)*")\(([\w$, ]*)\) \{$/;

/**
 * The bundler's `code` with each module wrapper's method (`"path"(exports, module) {` in
 * `__commonJS({…})`, `"path"() {` in `__esm({…})`) written as a parenthesized function
 * expression (`"path": (function (exports, module) {`), which behaves the same when called.
 *
 * Why: V8 compiles a parenthesized function expression with its script, and a method only when
 * it is first called. Deno's code cache holds what was compiled with the script, so each
 * method was compiled again at every launch: measured, importing irc-framework's bundle took
 * 22.5 against 15 ms of the main thread's CPU (then 2.7 against 1.4 ms for the first client),
 * and the server's bundle 61 against 57 ms (medians of 8 and 14 imports, code cache warm).
 * A wrapper whose end is not where the bundler puts it (`  }` then `});`) throws: the code is
 * then left to be looked at, not half rewritten.
 *
 * @example
 * ```ts
 * import { eagerWrappers } from "./prebuilt_bundle.ts";
 * const code = 'var init_a = __esm({\n  "a.ts"() {\n    x = 1;\n  }\n});\n';
 * console.log(eagerWrappers(code).split("\n")[1]); // '  "a.ts": (function () {'
 * ```
 */
export function eagerWrappers(code: string): string {
  const lines = code.split("\n");
  let open: number | undefined;
  for (let i = 1; i < lines.length; i++) {
    const method = open === undefined && WRAPPER.test(lines[i - 1])
      ? WRAPPED_METHOD.exec(lines[i])
      : null;
    if (method) {
      lines[i] = `  ${method[1]}: (function (${method[2]}) {`;
      open = i;
    } else if (open !== undefined && lines[i] === "  }" && lines[i + 1] === "});") {
      lines[i] = "  })";
      open = undefined;
    } else if (open !== undefined && WRAPPER.test(lines[i])) {
      throw new Error(
        `Cannot rewrite the module wrapper at line ${open + 1}: no end before line ${i + 1}`,
      );
    }
  }
  if (open !== undefined) {
    throw new Error(`Cannot rewrite the module wrapper at line ${open + 1}: no end`);
  }
  return lines.join("\n");
}

/**
 * Runs `deno bundle --quiet` with `args` (options, `-o OUT`, the entry), from `cwd` when given.
 * Throws `Cannot bundle WHAT: ...` with the end of the bundler's output when it fails.
 *
 * @example
 * ```ts ignore
 * import { denoBundle } from "./prebuilt_bundle.ts";
 * await denoBundle("the page", ["--platform", "browser", "-o", "out.js", "app.js"]);
 * ```
 */
export async function denoBundle(
  what: string,
  args: readonly string[],
  cwd?: string,
): Promise<void> {
  let output: Deno.CommandOutput;
  try {
    output = await new Deno.Command(Deno.execPath(), {
      args: ["bundle", "--quiet", ...args],
      cwd,
      stdout: "null",
      stderr: "piped",
    }).output();
  } catch (error) {
    throw new Error(`Cannot bundle ${what}: ${errorMessage(error)}`);
  }
  if (!output.success) {
    throw new Error(
      `Cannot bundle ${what}: ${new TextDecoder().decode(output.stderr).slice(-1000)}`,
    );
  }
}
