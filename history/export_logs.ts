import { join } from "node:path";
import type { MessageStore } from "./message_store.ts";
import { formatLogLine } from "./log_line.ts";

/**
 * Options of {@linkcode exportLogs}.
 *
 * @example
 * ```ts
 * import type { ExportOptions } from "./export_logs.ts";
 * const options: ExportOptions = { out: "/tmp/logs", networkNames: new Map([[1, "Libera"]]) };
 * ```
 */
export interface ExportOptions {
  /** The directory the logs go to; `<out>/<network>/<buffer>.log`. */
  out: string;
  /** Network names by id, for the directory names; an unknown id is written as its number. */
  networkNames?: ReadonlyMap<number, string>;
  /** Only this network (its id). */
  networkId?: number;
  /** Only buffers of this name (any case). */
  buffer?: string;
}

/**
 * What {@linkcode exportLogs} wrote.
 *
 * @example
 * ```ts
 * import type { ExportedLog } from "./export_logs.ts";
 * const file: ExportedLog = { path: "/tmp/logs/Libera/#deno.log", lines: 12 };
 * ```
 */
export interface ExportedLog {
  /** The file written. */
  path: string;
  /** Lines in it. */
  lines: number;
}

/**
 * Writes every stored buffer (or the chosen ones) as a plain-text log, one file per buffer,
 * like irssi's logs: `<out>/<network>/<buffer>.log`, oldest line first, replacing a file
 * of the same name. Names are made safe for any file system (`/`, `\`, `:` and the other
 * characters Windows refuses, and control characters become `_`; a name of dots or a Windows
 * device name gets a leading `_`; a long name is cut to 200 bytes), and two names that
 * would make the same file (ignoring case) get `~2`, `~3`… so every buffer keeps its own.
 * Each file is written beside its name and renamed onto it, so a link found there is replaced,
 * never written through; a network directory that is a link is refused.
 *
 * @example
 * ```ts
 * import { exportLogs, MessageStore } from "./mod.ts";
 * using store = MessageStore.open(":memory:");
 * const out = await Deno.makeTempDir();
 * await exportLogs(store, { out }); // [] — nothing stored yet
 * await Deno.remove(out, { recursive: true });
 * ```
 */
export async function exportLogs(
  store: MessageStore,
  options: ExportOptions,
): Promise<ExportedLog[]> {
  const written: ExportedLog[] = [];
  const wanted = options.buffer?.toLowerCase();
  // Two names can make one file name (`#a/b` and `#a_b`, `Net` and `net` on a file system
  // that ignores case): each buffer and network still gets its own.
  const dirs = new Map<number, string>();
  const dirNames = new Set<string>();
  const fileNames = new Map<number, Set<string>>();
  for (const buffer of store.buffers(options.networkId)) {
    if (wanted !== undefined && buffer.name.toLowerCase() !== wanted) continue;
    let dir = dirs.get(buffer.networkId);
    if (dir === undefined) {
      const network = options.networkNames?.get(buffer.networkId) ?? String(buffer.networkId);
      dir = join(options.out, unique(safeName(network), "", dirNames));
      dirs.set(buffer.networkId, dir);
      fileNames.set(buffer.networkId, new Set());
    }
    await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
    // A link in a shared out dir would take the logs elsewhere: a directory must be one.
    if (!(await Deno.lstat(dir)).isDirectory) {
      throw new Error(`Cannot export history: ${dir} is not a directory of its own (a link?)`);
    }
    const path = join(dir, unique(safeName(buffer.name), ".log", fileNames.get(buffer.networkId)!));
    // Written to a new file beside it, then renamed over the old name: a link planted there is
    // replaced, never written through, and the log is the owner's alone (0600) like the
    // database, whatever an earlier file of that name allowed.
    const temp = `${path}.${crypto.randomUUID()}.tmp`;
    const file = await Deno.open(temp, { write: true, createNew: true, mode: 0o600 });
    const writer = file.writable.getWriter();
    const encoder = new TextEncoder();
    let lines = 0;
    try {
      let chunk = "";
      for (const line of store.lines(buffer.networkId, buffer.name)) {
        chunk += `${formatLogLine(line)}\n`;
        lines++;
        if (chunk.length >= 65_536) {
          await writer.write(encoder.encode(chunk));
          chunk = "";
        }
      }
      if (chunk !== "") await writer.write(encoder.encode(chunk));
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => {});
      await Deno.remove(temp).catch(() => {});
      throw error;
    }
    if (lines > 0) {
      await Deno.rename(temp, path);
      written.push({ path, lines });
    } else {
      await Deno.remove(temp);
    }
  }
  return written;
}

/** What no file name may hold on some system: separators, Windows' reserved, controls. */
// deno-lint-ignore no-control-regex
const UNSAFE = /[/\\:*?"<>|\x00-\x1f\x7f]/g;
/** Names Windows keeps for devices, whatever follows their first dot. */
const RESERVED = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(\.|$)/i;
/** The longest name kept, in UTF-8 bytes: file systems allow 255, and a suffix needs room. */
const MAX_NAME_BYTES = 200;

function safeName(name: string): string {
  let safe = name.replace(UNSAFE, "_").replace(/[. ]$/, "_");
  if (/^\.*$/.test(safe) || RESERVED.test(safe)) safe = `_${safe}`;
  const encoder = new TextEncoder();
  if (encoder.encode(safe).length <= MAX_NAME_BYTES) return safe;
  let kept = "";
  let bytes = 0;
  for (const char of safe) {
    bytes += encoder.encode(char).length;
    if (bytes > MAX_NAME_BYTES) break;
    kept += char;
  }
  return kept;
}

/** `name + ext`, or `name~2 + ext`, `name~3 + ext`…: the first not in `taken` (any case). */
function unique(name: string, ext: string, taken: Set<string>): string {
  let candidate = `${name}${ext}`;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name}~${n}${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
