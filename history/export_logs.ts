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
 * of the same name. Names are made safe for a file system (`/`, `\`, control characters
 * become `_`; a name of dots gets a leading `_`).
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
  for (const buffer of store.buffers(options.networkId)) {
    if (wanted !== undefined && buffer.name.toLowerCase() !== wanted) continue;
    const network = options.networkNames?.get(buffer.networkId) ?? String(buffer.networkId);
    const dir = join(options.out, safeName(network));
    await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, `${safeName(buffer.name)}.log`);
    // Logs hold messages: the owner's alone, like the database.
    const file = await Deno.open(path, { write: true, create: true, truncate: true, mode: 0o600 });
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
      throw error;
    }
    if (lines > 0) written.push({ path, lines });
    else await Deno.remove(path);
  }
  return written;
}

function safeName(name: string): string {
  // deno-lint-ignore no-control-regex
  const safe = name.replace(/[/\\\x00-\x1f\x7f]/g, "_");
  return /^\.*$/.test(safe) ? `_${safe}` : safe;
}
