/**
 * IRCv3 `draft/multiline`, the sending side: a text of several lines (or one too long for a
 * line) goes out as one message, a `BATCH +ref draft/multiline <target>` of PRIVMSGs, within
 * the limits the server announces in the capability's value (`max-bytes=4096,max-lines=24`).
 * A text past them is cut into several such batches. Receiving is in `_batches.ts`.
 *
 * @module
 */
import { formatLine } from "./_format_line.ts";

/**
 * The capability a server offers multi-line messages by.
 *
 * @example
 * ```ts ignore
 * import { MULTILINE_CAP } from "./_multiline.ts";
 * if (client.supports(MULTILINE_CAP)) client.say("#deno", "one\ntwo");
 * ```
 */
export const MULTILINE_CAP = "draft/multiline";
/** The tag joining a line to the one before it without a line break. */
export const CONCAT_TAG = "draft/multiline-concat";
/** The most lines of one batch we send when the server names no `max-lines`. */
const DEFAULT_MAX_LINES = 100;
/** The most bytes of one batch we take from the server's value: larger ones are its mistake. */
const CEILING_BYTES = 65_536;

/** The server's limits on one multiline batch. */
export interface MultilineLimits {
  /** The most bytes of text in one batch: each line's, plus one per line break. */
  maxBytes: number;
  /** The most message lines in one batch. */
  maxLines: number;
}

/** One line of a batch: its text, and whether it continues the line before it. */
export interface MultilinePiece {
  text: string;
  concat: boolean;
}

/**
 * Reads the capability's value; `undefined` when it has no usable `max-bytes` (the spec
 * requires one), so the text goes line by line instead.
 */
export function multilineLimits(value: string | undefined): MultilineLimits | undefined {
  if (value === undefined) return undefined;
  let maxBytes = 0;
  let maxLines = DEFAULT_MAX_LINES;
  for (const item of value.split(",")) {
    const [key, raw = ""] = item.split("=", 2);
    const n = Number(raw);
    if (!/^[0-9]{1,9}$/.test(raw) || n < 1) continue;
    if (key === "max-bytes") maxBytes = Math.min(n, CEILING_BYTES);
    if (key === "max-lines") maxLines = Math.min(n, DEFAULT_MAX_LINES);
  }
  return maxBytes > 0 ? { maxBytes, maxLines } : undefined;
}

/** The UTF-8 length of `text` (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/**
 * Groups pieces into batches within `limits`. A piece too long for a batch on its own has
 * one to itself. A batch never starts with a continuation: its first line stands alone.
 */
export function groupBatches(
  pieces: readonly MultilinePiece[],
  limits: MultilineLimits,
): MultilinePiece[][] {
  const batches: MultilinePiece[][] = [];
  let batch: MultilinePiece[] = [];
  let bytes = 0;
  for (const piece of pieces) {
    const size = utf8Length(piece.text) + (batch.length > 0 && !piece.concat ? 1 : 0);
    if (batch.length > 0 && (batch.length >= limits.maxLines || bytes + size > limits.maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(batch.length === 0 ? { text: piece.text, concat: false } : piece);
    bytes += batch.length === 1 ? utf8Length(piece.text) : size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** The text a batch carries, as the receiving side joins it. */
export function batchText(batch: readonly MultilinePiece[]): string {
  let text = "";
  batch.forEach((piece, i) => {
    text += i === 0 || piece.concat ? piece.text : `\n${piece.text}`;
  });
  return text;
}

/**
 * The wire lines of one batch to `target`: its opening (carrying `tags`, such as a reply's),
 * its PRIVMSGs, its close.
 */
export function batchLines(
  ref: string,
  target: string,
  batch: readonly MultilinePiece[],
  tags?: Readonly<Record<string, string>>,
): string[] {
  const lines = [
    formatLine({ tags, command: "BATCH", params: [`+${ref}`, MULTILINE_CAP, target] }),
  ];
  for (const piece of batch) {
    const pieceTags: Record<string, string> = { batch: ref };
    if (piece.concat) pieceTags[CONCAT_TAG] = "";
    lines.push(
      formatLine({ tags: pieceTags, command: "PRIVMSG", params: [target], text: piece.text }),
    );
  }
  lines.push(formatLine({ command: "BATCH", params: [`-${ref}`] }));
  return lines;
}
