/**
 * IRCv3 message tags and the `server-time` tag, parsed to the letter of their specs: values
 * unescaped (`\:` `\s` `\\` `\r` `\n`, any other escaped character kept without its
 * backslash, a trailing backslash dropped) and escaped by the same table, keys kept as sent
 * (case and client `+` prefix), empty and missing values alike, the last of two equal keys
 * winning.
 *
 * @module
 */

const ESCAPES: Readonly<Record<string, string>> = {
  ":": ";",
  s: " ",
  "\\": "\\",
  r: "\r",
  n: "\n",
};

const ESCAPED: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ESCAPES).map(([code, ch]) => [ch, `\\${code}`]),
);

/** Escapes one tag value for the wire: the inverse of {@linkcode unescapeTagValue}. */
export function escapeTagValue(value: string): string {
  return value.replace(/[; \\\r\n]/g, (ch) => ESCAPED[ch]);
}

/** Unescapes one tag value. */
export function unescapeTagValue(value: string): string {
  if (!value.includes("\\")) return value;
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch !== "\\") {
      out += ch;
      continue;
    }
    const next = value[++i];
    if (next === undefined) break; // a trailing backslash is dropped
    out += ESCAPES[next] ?? next;
  }
  return out;
}

/** The tags of a raw line (`@k=v;k2 :prefix COMMAND ...`), or none when it has none. */
export function parseTags(line: string): Record<string, string> {
  const tags: Record<string, string> = Object.create(null);
  if (line[0] !== "@") return tags;
  const space = line.indexOf(" ");
  const text = line.slice(1, space === -1 ? line.length : space);
  for (const tag of text.split(";")) {
    const eq = tag.indexOf("=");
    const key = eq === -1 ? tag : tag.slice(0, eq);
    if (key === "" || key === "+") continue;
    tags[key] = eq === -1 ? "" : unescapeTagValue(tag.slice(eq + 1));
  }
  return tags;
}

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/**
 * Parses a `server-time` value: an RFC 3339 date-time (the spec's `YYYY-MM-DDThh:mm:ss.sssZ`,
 * or with another precision or a UTC offset). A leap second (`23:59:60.xxx` UTC) is the last
 * millisecond of its minute, so it stays before the next day's first message.
 *
 * @throws {TypeError} when the value is not such a date-time or names no real instant
 */
export function parseServerTime(value: string): Date {
  const m = RFC3339.exec(value);
  const bad = (why: string) =>
    new TypeError(`Cannot parse server-time: ${why}, got ${JSON.stringify(value.slice(0, 64))}`);
  if (!m) throw bad("not an RFC 3339 date-time");
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const fraction = m[7] ?? "";
  const offsetMinutes = m[8] ? 0 : (m[9] === "-" ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11]));
  if (month < 1 || month > 12) throw bad("the month is out of range");
  // Shifted by 400 years (146,097 days exactly) so that years 0-99 are not read as 19xx.
  const days = new Date(Date.UTC(year + 400, month, 0)).getUTCDate();
  if (day < 1 || day > days) throw bad("the day is out of range");
  if (hour > 23 || minute > 59 || second > 60) throw bad("the time of day is out of range");
  if (!m[8] && (Number(m[10]) > 23 || Number(m[11]) > 59)) throw bad("the offset is out of range");
  const ms = Number(fraction.padEnd(3, "0").slice(0, 3));
  const utc = Date.UTC(year + 400, month - 1, day, hour, minute, Math.min(second, 59), ms) -
    146_097 * 86_400_000 - offsetMinutes * 60_000;
  if (second === 60) {
    const at = new Date(utc);
    if (at.getUTCHours() !== 23 || at.getUTCMinutes() !== 59) {
      throw bad("a leap second is only 23:59:60 UTC");
    }
    return new Date(utc - ms + 999);
  }
  const date = new Date(utc);
  if (Number.isNaN(date.getTime())) throw bad("the instant is out of range");
  return date;
}
