import type { StoredLine } from "./stored_line.ts";

/**
 * One stored line as a plain-text log line, as irssi and WeeChat write them: the local
 * date and time, then `<nick> text`, `* nick action`, `-nick- notice`, or an arrow line
 * for joins, parts, quits, kicks, nick, topic and mode changes.
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
  const { sender, text } = line;
  const why = text === "" ? "" : ` (${text})`;
  switch (line.kind) {
    case "message":
      return `<${sender}> ${text}`;
    case "action":
      return `* ${sender} ${text}`;
    case "notice":
      return `-${sender}- ${text}`;
    case "join":
      return `--> ${sender} joined ${line.buffer}`;
    case "part":
      return `<-- ${sender} left ${line.buffer}${why}`;
    case "quit":
      return `<-- ${sender} quit${why}`;
    case "kick": {
      const space = text.indexOf(" ");
      const kicked = space === -1 ? text : text.slice(0, space);
      const reason = space === -1 ? "" : text.slice(space + 1);
      return `<-- ${kicked} was kicked by ${sender}${reason === "" ? "" : ` (${reason})`}`;
    }
    case "nick":
      return `--- ${sender} is now known as ${text}`;
    case "topic":
      return `--- ${sender} changed the topic to: ${text}`;
    case "mode":
      return `--- ${sender} sets mode ${text}`;
    case "reply":
      return `!!! ${sender} ${text}`;
  }
}

function stamp(time: number): string {
  const d = new Date(time);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${
    two(d.getMinutes())
  }:${two(d.getSeconds())}`;
}
