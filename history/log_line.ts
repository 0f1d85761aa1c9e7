import { messageText, storedEventText } from "../core/mod.ts";
import type { StoredLine } from "../core/mod.ts";

/**
 * One stored line as a plain-text log line: the local date and time, then `<nick> text`,
 * `* nick action`, `-nick- notice`, or the words the page shows for a join, part, quit,
 * kick, nick, topic or mode change (one wording, from `core/event_text.js`).
 *
 * @example
 * ```ts
 * import { formatLogLine } from "./log_line.ts";
 * formatLogLine({
 *   id: 1, networkId: 1, buffer: "#deno", time: new Date(2026, 10, 26, 12, 0, 1).getTime(),
 *   kind: "message", sender: "alice", text: "hello", self: false,
 * }); // "2026-11-26 12:00:01 <alice> hello"
 * ```
 */
export function formatLogLine(line: StoredLine): string {
  return `${stamp(line.time)} ${body(line)}`;
}

function body(line: StoredLine): string {
  // A standard reply is stored in replyText's words; the log marks it by its type, as the
  // page marks it with a badge.
  if (line.kind === "reply") return `!!! ${line.sender} ${line.text}`;
  return storedEventText(line)?.words ?? messageText(line);
}

function stamp(time: number): string {
  const d = new Date(time);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${
    two(d.getMinutes())
  }:${two(d.getSeconds())}`;
}
