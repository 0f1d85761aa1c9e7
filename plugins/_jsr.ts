/**
 * Plugins from a JSR registry (the one `JSR_URL` names, else https://jsr.io/): parse a
 * `jsr:@scope/name[@range]` specifier, pick the highest matching version from `meta.json`,
 * fetch the version's files checked against its manifest's sha256 checksums, and pin the
 * sha256 of the version's `<version>_meta.json` (its integrity, as Deno's lockfile records
 * it). Every response is bounded and validated before use.
 *
 * @module
 */
import { dirname, join, normalize } from "node:path";
import { PluginRegistryError } from "./errors.ts";
import { compareVersions, exactVersion, satisfies } from "./_sdk_range.ts";
import { sha256 } from "./_pinned_copy.ts";
import { errorMessage } from "../common/mod.ts";
import { splitJsrSpecifier } from "../core/mod.ts";

/** Most bytes of a `meta.json` or `<version>_meta.json`. */
const MAX_META_BYTES = 1024 * 1024;
/** Most files of a package version. */
const MAX_FILES = 1000;
/** Most bytes, all files of a version together. */
const MAX_PACKAGE_BYTES = 64 * 1024 * 1024;
/** How long one request may take. */
const TIMEOUT_MS = 15_000;

/** A parsed `jsr:@scope/name[@range]`. */
export interface JsrSpecifier {
  /** `@scope/name`. */
  pkg: string;
  /** The version range; `*` when none was given. */
  range: string;
}

/** A version of a package, resolved and pinned. */
export interface JsrVersion {
  /** `@scope/name`. */
  pkg: string;
  /** The exact version. */
  version: string;
  /** `sha256-<hex>` of its `<version>_meta.json` bytes. */
  integrity: string;
}

/** The registry's root URL, ending with `/`. */
export function registryUrl(): string {
  const url = Deno.env.get("JSR_URL") || "https://jsr.io/";
  return url.endsWith("/") ? url : `${url}/`;
}

/** Parses `jsr:@scope/name[@range]`; throws a {@linkcode PluginRegistryError}. */
export function parseJsrSpecifier(text: string): JsrSpecifier {
  const split = splitJsrSpecifier(text);
  if (!split) {
    throw new PluginRegistryError(text, "a JSR plugin is named jsr:@scope/name[@range]", text);
  }
  inRange(text, "0.0.0", split.range);
  return split;
}

/** The published, unyanked versions of `pkg`, newest first. */
export async function listVersions(specifier: string, pkg: string): Promise<string[]> {
  const meta = await fetchJson(specifier, `${pkg}/meta.json`);
  const versions = isRecord(meta) ? meta.versions : undefined;
  if (!isRecord(versions)) {
    throw new PluginRegistryError(specifier, "the registry's meta.json has no versions", meta);
  }
  const found = Object.entries(versions)
    .filter(([version, info]) => exactVersion(version) && !(isRecord(info) && info.yanked))
    .map(([version]) => version);
  return found.sort((a, b) => compareVersions(b, a));
}

/** The highest of `versions` (newest first) matching `range`, or throws. */
export function pickVersion(specifier: string, versions: string[], range: string): string {
  const found = versions.find((version) =>
    version === range || (exactVersion(version)?.pre === "" && inRange(specifier, version, range))
  );
  if (found === undefined) {
    throw new PluginRegistryError(specifier, "no published version matches the range", range);
  }
  return found;
}

/** Whether `version` is in the semver `range`; a range that is not one throws. */
function inRange(specifier: string, version: string, range: string): boolean {
  try {
    return satisfies(version, range);
  } catch {
    throw new PluginRegistryError(specifier, "the version range is not a semver range", range);
  }
}

/**
 * Fetches the files of `pkg@version` into `target` (created), each checked against its
 * size and sha256 in the version's manifest. With `pinned`, the version's integrity must
 * equal it, checked before any file is fetched. Throws a {@linkcode PluginRegistryError}.
 */
export async function fetchVersion(
  specifier: string,
  pkg: string,
  version: string,
  target: string,
  pinned?: string,
): Promise<JsrVersion> {
  const bytes = await fetchBytes(specifier, `${pkg}/${version}_meta.json`, MAX_META_BYTES);
  const integrity = `sha256-${await sha256(bytes)}`;
  if (pinned !== undefined && integrity !== pinned) {
    throw new PluginRegistryError(
      specifier,
      `integrity check failed: the registry serves ${pkg}@${version} with bytes that differ from the pin ${pinned}`,
      integrity,
    );
  }
  const meta = parseJsonBytes(specifier, bytes);
  const manifest = isRecord(meta) ? meta.manifest : undefined;
  if (!isRecord(manifest)) {
    throw new PluginRegistryError(specifier, "the version meta has no manifest", meta);
  }
  const files = Object.entries(manifest);
  if (files.length > MAX_FILES) {
    throw new PluginRegistryError(
      specifier,
      `a package may hold at most ${MAX_FILES} files`,
      files.length,
    );
  }
  if (!("/plugin.json" in manifest)) {
    throw new PluginRegistryError(
      specifier,
      `${pkg}@${version} has no plugin.json among its published files`,
      Object.keys(manifest).slice(0, 10),
    );
  }
  let total = 0;
  for (const [path, entry] of files) {
    const rel = normalize(path.slice(1));
    if (!path.startsWith("/") || rel.startsWith("..") || rel.includes("\0") || rel === ".") {
      throw new PluginRegistryError(specifier, "a file path leaves the package", path);
    }
    if (
      !isRecord(entry) || typeof entry.size !== "number" || typeof entry.checksum !== "string" ||
      !/^sha256-[0-9a-f]{64}$/.test(entry.checksum)
    ) {
      throw new PluginRegistryError(specifier, `the manifest entry of ${path} is invalid`, entry);
    }
    total += entry.size;
    if (total > MAX_PACKAGE_BYTES) {
      throw new PluginRegistryError(
        specifier,
        `a package may hold at most ${MAX_PACKAGE_BYTES >> 20} MiB`,
        total,
      );
    }
    // A file of another size than its manifest gives fails as one of another checksum: on
    // integrity, naming the file, the longer one as soon as it passes the size.
    const sizeDiffers = (got: string) =>
      new PluginRegistryError(
        specifier,
        `integrity check failed: ${path} differs from the size of ${entry.size} bytes in its version's manifest`,
        got,
      );
    const data = await fetchBytes(specifier, `${pkg}/${version}${path}`, entry.size, {
      tooLong: () => sizeDiffers(`more than ${entry.size} bytes`),
    });
    if (data.length !== entry.size) throw sizeDiffers(`${data.length} bytes`);
    const checksum = `sha256-${await sha256(data)}`;
    if (checksum !== entry.checksum) {
      throw new PluginRegistryError(
        specifier,
        `integrity check failed: ${path} differs from the checksum ${entry.checksum} in its version's manifest`,
        checksum,
      );
    }
    await Deno.mkdir(dirname(join(target, rel)), { recursive: true });
    await Deno.writeFile(join(target, rel), data, { createNew: true });
  }
  return { pkg, version, integrity };
}

async function fetchJson(specifier: string, path: string): Promise<unknown> {
  return parseJsonBytes(specifier, await fetchBytes(specifier, path, MAX_META_BYTES));
}

function parseJsonBytes(specifier: string, bytes: Uint8Array): unknown {
  const text = new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new PluginRegistryError(specifier, "the registry answered with invalid JSON", text);
  }
}

/**
 * GETs `path` under the registry, at most `limit` bytes, or throws: `tooLong` builds the error
 * for an answer past the limit (by default, that the answer exceeds it).
 */
async function fetchBytes(
  specifier: string,
  path: string,
  limit: number,
  options: { tooLong?: () => PluginRegistryError } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const url = new URL(path, registryUrl()).href;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new PluginRegistryError(
      specifier,
      `the registry ${registryUrl()} cannot be reached (${errorMessage(error)})`,
      url,
    );
  }
  if (response.status === 404) {
    await response.body?.cancel();
    throw new PluginRegistryError(specifier, "the registry has no such package or file", url);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new PluginRegistryError(specifier, `the registry answered ${response.status}`, url);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > limit) {
      throw options.tooLong?.() ??
        new PluginRegistryError(specifier, `the answer exceeds ${limit} bytes`, url);
    }
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
