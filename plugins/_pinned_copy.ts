/**
 * A plugin's pinned copy: at install its folder's regular files are copied into the data dir
 * (`<dataDir>/plugins/<name>/code/`) with a sha256 each, and before each start the copy is
 * checked against those hashes. Symbolic links, hard links, FIFOs, sockets and devices are
 * refused, so nothing outside the folder is ever copied.
 *
 * The copy mirrors the folder's place relative to the host, and the host's `plugins/sdk.ts`
 * is mirrored by a one-line module that re-exports it: a plugin importing the SDK by a
 * relative path (`../../plugins/sdk.ts`) runs unchanged from its copy. By its package name
 * (`@ircbus/client/plugin`, or `jsr:@ircbus/client@<range>/plugin`) it resolves as in the
 * client: `deno cache` at install and a subprocess at run time are given the client's
 * `deno.json`, and a Worker resolves through the host.
 *
 * @module
 */
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PluginFileError, PluginIntegrityError, PluginLoadError } from "./errors.ts";
import { copyRoot } from "./_plugin_dirs.ts";
import type { StoredPlugin } from "./_store.ts";

const SDK_FILE = fileURLToPath(new URL("./sdk.ts", import.meta.url));
const HOST_ROOT = dirname(dirname(SDK_FILE));
const SDK_STUB = new TextEncoder().encode(
  `// The host's SDK, for plugins that import it by a relative path.\nexport * from "${
    pathToFileURL(SDK_FILE).href
  }";\n`,
);

/** Most files a plugin folder may hold. */
const MAX_FILES = 10_000;
/** Most bytes, all files together, a plugin folder may hold. */
const MAX_BYTES = 256 * 1024 * 1024;

/** The sha256 (hex) of each file of a copy, by its path relative to the copy's root. */
export type FileHashes = Record<string, string>;

/** Where a freshly pinned copy went, relative to the copy's root. */
export interface PinnedCopy {
  /** The plugin's folder inside the copy. */
  codePath: string;
  /** Every file of the copy with its sha256. */
  files: FileHashes;
}

interface Entry {
  path: string;
  rel: string;
  info: Deno.FileInfo;
}

type Refuse = (path: string, rel: string, reason: string) => never;

/**
 * Where a plugin's code is: `folder`, where it runs from (its manifest's folder), inside
 * `root`, all it may read of code. Its source folder in development mode, else its copy.
 */
export function codePlace(
  stored: StoredPlugin,
  hostDataDir: string,
): { root: string; folder: string } {
  if (stored.dev) return { root: stored.path, folder: stored.path };
  const root = copyRoot(hostDataDir, stored.name);
  return { root, folder: join(root, stored.codePath ?? "") };
}

/**
 * Copies the regular files of `source` into `target` (which must not exist), read-only, and
 * hashes them. Throws a {@linkcode PluginFileError} naming the first entry refused; the
 * caller removes `target` then.
 */
export async function pinCopy(name: string, source: string, target: string): Promise<PinnedCopy> {
  const refuse: Refuse = (path, _rel, reason) => {
    throw new PluginFileError(name, path, reason);
  };
  const ancestor = commonAncestor(source, HOST_ROOT);
  const codePath = relative(ancestor, source);
  const files: FileHashes = {};
  let count = 0;
  let bytes = 0;
  for await (const entry of walk(source, "", refuse)) {
    if (++count > MAX_FILES) {
      refuse(source, "", `a plugin folder may hold at most ${MAX_FILES} files`);
    }
    bytes += entry.info.size;
    if (bytes > MAX_BYTES) {
      refuse(entry.path, entry.rel, `a plugin folder may hold at most ${MAX_BYTES >> 20} MiB`);
    }
    const rel = join(codePath, entry.rel);
    files[rel] = await copyFile(entry, join(target, rel), refuse);
  }
  const stub = relative(ancestor, SDK_FILE);
  if (!(stub in files)) files[stub] = await writeFile(join(target, stub), SDK_STUB);
  return { codePath, files };
}

/**
 * Checks, before a start, that the code a plugin runs is what was installed: nothing in
 * development mode, else its copy against `files` (see {@linkcode verifyCopy}).
 */
export async function checkCode(
  stored: StoredPlugin,
  hostDataDir: string,
  files: FileHashes,
): Promise<void> {
  if (stored.dev) return;
  if (stored.codePath === null) {
    throw new PluginLoadError(
      stored.name,
      "it has no pinned copy (installed by an older version); install it again",
    );
  }
  await verifyCopy(stored.name, copyRoot(hostDataDir, stored.name), files);
}

/**
 * Checks the copy under `root` against `files`: every file there, unchanged, and nothing
 * else. Throws a {@linkcode PluginIntegrityError} naming the first file at fault.
 */
export async function verifyCopy(name: string, root: string, files: FileHashes): Promise<void> {
  const refuse: Refuse = (_path, rel, reason) => {
    throw new PluginIntegrityError(name, rel || ".", reason);
  };
  const seen = new Set<string>();
  let count = 0;
  for await (const entry of walk(root, "", refuse)) {
    if (++count > MAX_FILES) {
      refuse(entry.path, entry.rel, "the copy holds more files than allowed");
    }
    const expected = files[entry.rel];
    if (expected === undefined) refuse(entry.path, entry.rel, "it was not installed");
    if (entry.info.size > MAX_BYTES) refuse(entry.path, entry.rel, "it is larger than allowed");
    if (await sha256(await Deno.readFile(entry.path)) !== expected) {
      refuse(entry.path, entry.rel, "its sha256 differs from the one recorded at install");
    }
    seen.add(entry.rel);
  }
  for (const rel of Object.keys(files)) {
    if (!seen.has(rel)) refuse(join(root, rel), rel, "it is missing");
  }
}

/** Each regular file under `folder`, in name order; anything else is refused. */
async function* walk(folder: string, rel: string, refuse: Refuse): AsyncGenerator<Entry> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.lstat(folder);
  } catch {
    return refuse(folder, rel, "the folder cannot be read");
  }
  if (!info.isDirectory) refuse(folder, rel, "it is not a folder");
  const names: string[] = [];
  for await (const entry of Deno.readDir(folder)) {
    if (names.push(entry.name) > MAX_FILES) {
      refuse(folder, rel, `a plugin folder may hold at most ${MAX_FILES} files`);
    }
  }
  names.sort();
  for (const name of names) {
    const path = join(folder, name);
    const entryRel = rel === "" ? name : join(rel, name);
    const entry = await Deno.lstat(path);
    const problem = refusal(entry);
    if (problem) refuse(path, entryRel, problem);
    if (entry.isDirectory) yield* walk(path, entryRel, refuse);
    else yield { path, rel: entryRel, info: entry };
  }
}

/** Why an entry is never copied, or `undefined` for a folder or a lone regular file. */
function refusal(info: Deno.FileInfo): string | undefined {
  if (info.isSymlink) return "a symbolic link is refused";
  if (info.isDirectory) return undefined;
  if (info.isFile) {
    return (info.nlink ?? 1) > 1 ? `a hard link is refused (${info.nlink} links)` : undefined;
  }
  if (info.isFifo) return "a FIFO is refused";
  if (info.isSocket) return "a socket is refused";
  if (info.isCharDevice || info.isBlockDevice) return "a device file is refused";
  return "only regular files and folders are copied";
}

/**
 * Copies one file read through a single open handle, refusing it when that handle is not the
 * file that was listed (swapped for a link meanwhile) or when it changed size.
 */
async function copyFile(entry: Entry, to: string, refuse: Refuse): Promise<string> {
  using file = await Deno.open(entry.path, { read: true });
  const info = await file.stat();
  if (info.ino !== entry.info.ino || info.dev !== entry.info.dev || !info.isFile) {
    refuse(entry.path, entry.rel, "it was replaced while being copied");
  }
  const problem = refusal(info);
  if (problem) refuse(entry.path, entry.rel, problem);
  const data = new Uint8Array(entry.info.size);
  let filled = 0;
  while (filled < data.length) {
    const read = await file.read(data.subarray(filled));
    if (read === null) break;
    filled += read;
  }
  if (filled !== data.length || (await file.read(new Uint8Array(1))) !== null) {
    refuse(entry.path, entry.rel, "it changed size while being copied");
  }
  return await writeFile(to, data);
}

async function writeFile(path: string, data: Uint8Array<ArrayBuffer>): Promise<string> {
  await Deno.mkdir(dirname(path), { recursive: true });
  await Deno.writeFile(path, data, { createNew: true, mode: 0o444 });
  return await sha256(data);
}

/** The sha256 of `data`, in hex. */
export async function sha256(data: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The deepest folder holding both absolute paths. */
function commonAncestor(a: string, b: string): string {
  const left = a.split(sep);
  const right = b.split(sep);
  let i = 0;
  while (i < left.length && i < right.length && left[i] === right[i]) i++;
  return left.slice(0, i).join(sep) || sep;
}
