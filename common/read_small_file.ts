/**
 * Reads a small file a user or another process can put in place (a certificate, a token):
 * only a regular file (a FIFO or a device would block or never end), and at most `maxBytes`,
 * checked before reading and while reading (it may grow meanwhile).
 *
 * @example
 * ```ts
 * import { readSmallFile } from "./read_small_file.ts";
 * const path = await Deno.makeTempFile();
 * await Deno.writeTextFile(path, "secret\n");
 * const bytes = await readSmallFile(path, { maxBytes: 64, what: "the token", limit: "64 bytes" });
 * console.log(new TextDecoder().decode(bytes)); // "secret\n"
 * await Deno.remove(path);
 * ```
 *
 * @module
 */

/** Options of {@linkcode readSmallFile}. */
export interface ReadSmallFileOptions {
  /** Most bytes the file may hold. */
  maxBytes: number;
  /** What the file is, for errors: "Cannot read <what>: …". */
  what: string;
  /** `maxBytes` as errors say it ("1 MiB"). */
  limit: string;
}

/**
 * The bytes of the regular file at `path`. Throws an `Error` saying what was wrong, naming
 * `path`: unreadable (the cause kept, e.g. `Deno.errors.NotFound`), not a regular file, or
 * larger than `maxBytes`.
 */
export async function readSmallFile(
  path: string,
  options: ReadSmallFileOptions,
): Promise<Uint8Array> {
  const { maxBytes, what, limit } = options;
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(path);
  } catch (error) {
    throw new Error(`Cannot read ${what}: ${path}`, { cause: error });
  }
  if (!info.isFile) throw new Error(`Cannot read ${what}: it must be a regular file, got ${path}`);
  const tooLarge = new Error(`Cannot read ${what}: the file must be at most ${limit}, got ${path}`);
  if (info.size > maxBytes) throw tooLarge;
  const bytes = new Uint8Array(maxBytes + 1);
  let length = 0;
  try {
    using file = await Deno.open(path, { read: true });
    while (length < bytes.length) {
      const n = await file.read(bytes.subarray(length));
      if (n === null) break;
      length += n;
    }
  } catch (error) {
    throw new Error(`Cannot read ${what}: ${path}`, { cause: error });
  }
  if (length > maxBytes) throw tooLarge;
  return bytes.subarray(0, length);
}
