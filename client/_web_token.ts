import { join } from "node:path";
import { randomToken } from "../net/mod.ts";
import { readSmallFile } from "../common/mod.ts";

/** Name of the web UI's token file inside the data dir (mode 0600). */
const TOKEN_FILE = "web-token";

/**
 * The web UI's token for `dataDir`: kept in a 0600 file so the cookie a browser holds (and
 * so a bookmark) keeps working across launches; a fresh one is written when the file is
 * missing or does not hold one. Deleting the file signs every browser out.
 */
export async function webToken(dataDir: string): Promise<string> {
  const path = join(dataDir, TOKEN_FILE);
  try {
    // Bounded, and a regular file only: a FIFO put here would hold the start forever.
    const bytes = await readSmallFile(path, {
      maxBytes: 256,
      what: "the web token",
      limit: "256 bytes",
    });
    const kept = new TextDecoder().decode(bytes).trim();
    if (/^[0-9a-f]{64}$/.test(kept)) {
      // Kept, but the owner's alone even when a copy or an older client left it readable.
      if (Deno.build.os !== "windows") await Deno.chmod(path, 0o600);
      return kept;
    }
  } catch (error) {
    if (!(error instanceof Error && error.cause instanceof Deno.errors.NotFound)) throw error;
  }
  const token = randomToken();
  await Deno.writeTextFile(path, `${token}\n`, { mode: 0o600 });
  if (Deno.build.os !== "windows") await Deno.chmod(path, 0o600);
  return token;
}
