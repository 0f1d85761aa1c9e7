/**
 * The SHA-256 (hex) of a list of files, each one's path and bytes in order: how a prebuilt
 * bundle (the page's, the server side's) records what it was made from, and how a launch tells
 * whether it still matches.
 *
 * @module
 */

/**
 * The digest of `files` (paths relative to `base`): each path, a NUL, then its bytes. The files
 * are read side by side, off the main thread, and so is the digest.
 *
 * @example
 * ```ts
 * import { filesDigest } from "./_files_digest.ts";
 * const digest = await filesDigest(["deno.json"], new URL("../", import.meta.url));
 * console.log(digest.length); // 64
 * ```
 */
export async function filesDigest(files: string[], base: URL): Promise<string> {
  const contents = await Promise.all(files.map((file) => Deno.readFile(new URL(file, base))));
  const encoder = new TextEncoder();
  const parts = files.flatMap((file, i) => [encoder.encode(`${file}\0`), contents[i]]);
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
