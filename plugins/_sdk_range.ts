/**
 * The SDK a plugin needs against the one this client runs. A plugin imports the SDK as
 * `jsr:@ircbus/client@<range>/plugin` (published code, or a `deno.json` import); the client
 * runs every plugin against its own copy of the SDK, so a plugin whose range this client's
 * version does not satisfy is refused before anything of it runs.
 *
 * The semver grammar here (ranges, and exact versions with their pre-release order) is the one
 * the JSR plugin commands use too.
 *
 * @module
 */
import { extname, join } from "node:path";
import config from "../deno.json" with { type: "json" };
import { PluginLoadError } from "./errors.ts";
import { errorMessage } from "../common/mod.ts";

/** The SDK's package name. */
export const SDK_PACKAGE: string = config.name;
/** The SDK version this client runs. */
export const SDK_VERSION: string = config.version;

/** Files whose text is searched for SDK specifiers. */
const CODE_EXTENSIONS = new Set([".ts", ".tsx", ".mts", ".js", ".jsx", ".mjs", ".json", ".jsonc"]);
/** Most files searched, and the largest file read, in a plugin's code. */
const MAX_FILES = 10_000;
const MAX_FILE_BYTES = 4 * 1024 * 1024;

type Version = [number, number, number];
type Comparator = { op: "<" | "<=" | ">" | ">="; version: Version };

/**
 * Every SDK range in `text`: the part after `@` in each `jsr:@ircbus/client@<range>`, or `*`
 * where a specifier names no version.
 */
export function sdkRangesIn(text: string): string[] {
  const name = SDK_PACKAGE.replace("/", "\\/");
  const pattern = new RegExp(`jsr:/?${name}(?:@([^/"'\`\\s]*))?(?=[/"'\`\\s]|$)`, "g");
  return [...text.matchAll(pattern)].map((match) => match[1] || "*");
}

/**
 * Throws a {@linkcode PluginLoadError} when `texts` (a plugin's code) ask for an SDK range
 * that {@linkcode SDK_VERSION} does not satisfy, or for a range that is not one.
 */
export function requireSdk(plugin: string, texts: Iterable<string>): void {
  for (const text of texts) {
    for (const range of sdkRangesIn(text)) {
      let ok: boolean;
      try {
        ok = satisfies(SDK_VERSION, range);
      } catch (error) {
        throw new PluginLoadError(plugin, errorMessage(error));
      }
      if (!ok) {
        throw new PluginLoadError(
          plugin,
          `it needs ${SDK_PACKAGE}@${range}, this client runs ${SDK_VERSION}`,
        );
      }
    }
  }
}

/** {@linkcode requireSdk} over the code files under `folder` (links are not followed). */
export async function requireSdkIn(plugin: string, folder: string): Promise<void> {
  requireSdk(plugin, await codeTexts(folder));
}

async function codeTexts(folder: string): Promise<string[]> {
  const texts: string[] = [];
  let seen = 0;
  const visit = async (dir: string): Promise<void> => {
    for await (const entry of Deno.readDir(dir)) {
      if (++seen > MAX_FILES) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory) await visit(path);
      else if (entry.isFile && CODE_EXTENSIONS.has(extname(entry.name))) {
        const { size } = await Deno.stat(path);
        if (size <= MAX_FILE_BYTES) texts.push(await Deno.readTextFile(path));
      }
    }
  };
  await visit(folder);
  return texts;
}

/**
 * Whether `version` (`MAJOR.MINOR.PATCH`) satisfies a semver `range`: `*`, partial versions
 * (`1.x`, `1.2`), `^`, `~`, `<`, `<=`, `>`, `>=`, `=`, hyphen ranges and `||`. Throws a
 * `SyntaxError` for a range it cannot read.
 */
export function satisfies(version: string, range: string): boolean {
  const target = exactVersion(version)?.core;
  if (target === undefined) {
    throw new SyntaxError(`Cannot compare versions: not a version, got ${JSON.stringify(version)}`);
  }
  return range.split("||").some((set) =>
    comparators(set.trim(), range).every(({ op, version }) => {
      const order = compare(target, version);
      return op === "<"
        ? order < 0
        : op === "<="
        ? order <= 0
        : op === ">"
        ? order > 0
        : order >= 0;
    })
  );
}

function comparators(set: string, range: string): Comparator[] {
  const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(set);
  if (hyphen) return [...lower(partial(hyphen[1], range)), ...atMost(partial(hyphen[2], range))];
  const out: Comparator[] = [];
  for (const token of set.replace(/([<>=^~]+)\s+/g, "$1").split(/\s+/)) {
    if (token === "") continue;
    const [, op = "", rest = ""] = /^(\^|~|>=|<=|>|<|=)?(.*)$/.exec(token) ?? [];
    const p = partial(rest, range);
    switch (op) {
      case "^": {
        const i = p[0] > 0 || p.length === 1 ? 0 : p[1] > 0 || p.length === 2 ? 1 : 2;
        out.push(...lower(p), ...(p.length === 0 ? [] : [below(bump(p, i))]));
        break;
      }
      case "~":
        out.push(...lower(p), ...(p.length === 0 ? [] : [below(bump(p, p.length === 1 ? 0 : 1))]));
        break;
      case ">=":
        out.push(...lower(p));
        break;
      case ">":
        if (p.length === 0) out.push(below([0, 0, 0]));
        else if (p.length === 3) out.push({ op: ">", version: pad(p) });
        else out.push(...lower(bump(p, p.length - 1)));
        break;
      case "<":
        out.push(below(p.length === 0 ? [0, 0, 0] : pad(p)));
        break;
      case "<=":
        out.push(...atMost(p));
        break;
      default:
        out.push(...lower(p), ...atMost(p));
    }
  }
  return out;
}

/** The numbers of a version before its first wildcard; pre-release and build are dropped. */
function partial(text: string, range = text): number[] {
  const core = text.replace(/^v/, "").split(/[-+]/)[0];
  const out: number[] = [];
  if (core === "") return out;
  const parts = core.split(".");
  if (parts.length > 3) throw badRange(range);
  for (const piece of parts) {
    if (/^[xX*]$/.test(piece)) break;
    if (!/^\d{1,9}$/.test(piece)) throw badRange(range);
    out.push(Number(piece));
  }
  return out;
}

function badRange(range: string): SyntaxError {
  return new SyntaxError(`Cannot read SDK range: not a semver range, got ${JSON.stringify(range)}`);
}

function pad(p: number[]): Version {
  return [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0];
}

function bump(p: number[], i: number): Version {
  const v = pad(p);
  v[i]++;
  for (let j = i + 1; j < 3; j++) v[j] = 0;
  return v;
}

function lower(p: number[]): Comparator[] {
  return p.length === 0 ? [] : [{ op: ">=", version: pad(p) }];
}

function below(version: Version): Comparator {
  return { op: "<", version };
}

function atMost(p: number[]): Comparator[] {
  if (p.length === 0) return [];
  return p.length === 3 ? [{ op: "<=", version: pad(p) }] : [below(bump(p, p.length - 1))];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** An exact version: `MAJOR.MINOR.PATCH`, its pre-release (`""` for a release); build dropped. */
export interface ExactVersion {
  /** The three numbers. */
  core: Version;
  /** The pre-release after `-`, or `""`. */
  pre: string;
}

/** Reads an exact version (`1.2.3`, `1.2.3-rc.1`, `1.2.3+build`), or `undefined`. */
export function exactVersion(text: string): ExactVersion | undefined {
  const match = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(
    text.replace(/^v/, ""),
  );
  if (!match) return undefined;
  return { core: [Number(match[1]), Number(match[2]), Number(match[3])], pre: match[4] ?? "" };
}

/**
 * Compares two exact versions as a sort wants (`-1`, `0`, `1`), a pre-release before its
 * release; one that is not a version sorts first.
 */
export function compareVersions(a: string, b: string): number {
  const left = exactVersion(a);
  const right = exactVersion(b);
  if (!left || !right) return left ? 1 : right ? -1 : 0;
  const order = compare(left.core, right.core);
  if (order !== 0 || left.pre === right.pre) return Math.sign(order);
  if (left.pre === "") return 1;
  if (right.pre === "") return -1;
  return left.pre < right.pre ? -1 : 1;
}
