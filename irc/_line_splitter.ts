/**
 * Splits the server's byte stream into IRC lines in linear time, holding at most one line's
 * worth of bytes.
 *
 * Three sizes of line, each with its own fate:
 * - Within {@linkcode MAX_TAGS_BYTES} of tags plus {@linkcode MAX_REST_BYTES} for the rest: a
 *   line, delivered like any other.
 * - Longer, but with its end within {@linkcode MAX_DROPPED_BYTES}: a {@linkcode DroppedLine} in
 *   its place, and reading goes on. Its bytes are counted, never held.
 * - No end within {@linkcode MAX_DROPPED_BYTES}: a {@linkcode LineLengthError}, and the
 *   splitter takes no more bytes. Such a stream is not IRC any more.
 *
 * @module
 */

/** Bytes the tags of a line may take, their leading `@` and trailing space included. */
export const MAX_TAGS_BYTES = 8191;
/**
 * Bytes the rest of a line may take, its CR LF included. RFC 1459 says 512, but servers and
 * bouncers send more: an unwrapped MOTD line, a long 005, a bouncer's joined lines. Eight
 * times the standard takes every such line seen in the wild, while one held line stays
 * under 12.3 KB with its tags.
 */
export const MAX_REST_BYTES = 4096;
/**
 * Bytes (without the line end) an overlong line may run before it has its end. Skipping costs
 * no memory, so the bound only decides how soon a stream that never ends its line is taken
 * for broken: 64 KiB is five times the longest line kept, and a moment of reading.
 */
export const MAX_DROPPED_BYTES = 65_536;

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const AT = 0x40;

/** A line from the server had no end within the bound; the connection ends with this reason. */
export class LineLengthError extends Error {
  /** Creates the error for a line of `bytes` bytes so far (`complete` when it had its end). */
  constructor(bytes: number, complete: boolean) {
    super(
      `Cannot read from the server: a line had no end within ${MAX_DROPPED_BYTES} bytes, got ${
        complete ? `a line of ${bytes} bytes` : `${bytes} bytes without a line end`
      }`,
    );
    this.name = "LineLengthError";
  }
}

/** An overlong line the splitter dropped, standing in its place among the lines read. */
export class DroppedLine {
  /** The line's length in bytes, without its line end. */
  readonly bytes: number;

  /** Stands for a dropped line of `bytes` bytes. */
  constructor(bytes: number) {
    this.bytes = bytes;
  }

  /** What to tell the user, in the voice of the other read errors. */
  get message(): string {
    return `Cannot read a line from the server: it exceeded the length limit (${MAX_TAGS_BYTES} bytes of tags plus ${MAX_REST_BYTES} for the rest) and was dropped, got a line of ${this.bytes} bytes`;
  }
}

/**
 * Whether a line of `length` bytes (without its line end, complete or still arriving) is over
 * the limit, when its tags take `tags` bytes (`-1`: tagged, but no space seen within the tag
 * budget). Each part has its own budget, as IRCv3 message-tags sets them: what follows the
 * tags may take its bytes with its CR LF, however short the tags are.
 */
function overLimit(length: number, tags: number): boolean {
  if (tags === -1) return length >= MAX_TAGS_BYTES;
  return length - tags + 2 > MAX_REST_BYTES;
}

/** The bytes the tags of `bytes[start, end)` take: 0 untagged, -1 no space within the limit. */
function tagsBytes(bytes: Uint8Array, start: number, end: number): number {
  if (end <= start || bytes[start] !== AT) return 0;
  const space = bytes.subarray(start, Math.min(end, start + MAX_TAGS_BYTES)).indexOf(SPACE);
  return space === -1 ? -1 : space + 1;
}

/** Turns chunks of bytes into complete lines (without CR LF), holding one partial line. */
export class LineSplitter {
  // A BOM is text here, not a marker to drop.
  readonly #decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  /** The partial line: bytes received since the last line end (none kept while dropping). */
  #partial: Uint8Array[] = [];
  #partialBytes = 0;
  /** What `tagsBytes` says of the partial line. */
  #partialTags = 0;
  /** The partial line is over the limit: its bytes are counted, not kept. */
  #dropping = false;
  /** The last byte of the partial line is a CR (perhaps the start of its line end). */
  #partialCr = false;
  #error: LineLengthError | undefined;

  /** The length error that stopped the splitter, if any; it then takes no more bytes. */
  get error(): LineLengthError | undefined {
    return this.#error;
  }

  /**
   * Returns what `chunk` completes, in wire order: lines (empty ones left out) and a
   * {@linkcode DroppedLine} for each overlong one. When a line has no end within the bound,
   * what came before it is returned, `error` is set and every later chunk is ignored.
   */
  push(bytes: Uint8Array): (string | DroppedLine)[] {
    const out: (string | DroppedLine)[] = [];
    if (this.#error) return out;
    // A socket hands over a Node `Buffer`, whose `indexOf` and `subarray` are JavaScript
    // polyfills here: a plain view of the same bytes searches with V8's own, at a fraction of
    // the cost per line (issue 25).
    const chunk = Object.getPrototypeOf(bytes) === Uint8Array.prototype
      ? bytes
      : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let start = 0;
    let nl = chunk.indexOf(LF);
    if (nl !== -1 && (this.#partialBytes > 0 || this.#dropping)) {
      if (this.#dropping) {
        const crBefore = nl === 0 ? this.#partialCr : chunk[nl - 1] === CR;
        const length = this.#partialBytes + nl - (crBefore ? 1 : 0);
        this.#partialBytes = 0;
        this.#dropping = false;
        if (!this.#drop(length, out)) return out;
      } else {
        const line = this.#join(chunk.subarray(0, nl));
        const end = stripCr(line, 0, line.length);
        if (overLimit(end, tagsBytes(line, 0, end))) {
          if (!this.#drop(end, out)) return out;
        } else if (end > 0) {
          out.push(this.#decoder.decode(line.subarray(0, end)));
        }
      }
      start = nl + 1;
      nl = chunk.indexOf(LF, start);
    }
    // The whole lines inside this chunk, up to its last line end, decoded at once.
    const last = nl === -1 ? -1 : chunk.lastIndexOf(LF);
    if (last !== -1) {
      const text = this.#decoder.decode(chunk.subarray(start, last + 1));
      if (text.length === last + 1 - start) {
        // One UTF-16 unit per byte (ASCII, or lone bytes that are not UTF-8): the text's
        // offsets are the bytes', so its lines are checked and cut in one pass over it. The
        // bytes' own pass found each line end with a typed array's `indexOf`, a call into the
        // engine of some 200 ns a line (issue 25).
        if (!this.#cutText(text, out)) return out;
      } else if (!this.#cutBytes(chunk, start, nl, text, out)) return out;
      start = last + 1;
    }
    if (start < chunk.length) this.#keep(chunk.subarray(start));
    return out;
  }

  /**
   * Cuts `text`, whole lines each ending in LF whose lengths are their lengths in bytes, into
   * `out`, an overlong one dropped. False once the splitter failed.
   */
  #cutText(text: string, out: (string | DroppedLine)[]): boolean {
    let from = 0;
    for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", from)) {
      const end = nl > from && text.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
      if (overLimit(end - from, textTagsBytes(text, from, end))) {
        if (!this.#drop(end - from, out)) return false;
      } else if (end > from) {
        out.push(text.slice(from, end));
      }
      from = nl + 1;
    }
    return true;
  }

  /**
   * Cuts the whole lines of `chunk` from `start` (its first LF at `nl`) into `out`, checked
   * byte by byte, as `text` (those lines decoded) may be shorter than their bytes. Each run
   * of good lines is decoded at once; with none dropped, that is `text`. False once failed.
   */
  #cutBytes(
    chunk: Uint8Array,
    start: number,
    nl: number,
    text: string,
    out: (string | DroppedLine)[],
  ): boolean {
    const first = start;
    let from = start;
    while (nl !== -1) {
      const end = stripCr(chunk, start, nl);
      if (overLimit(end - start, tagsBytes(chunk, start, end))) {
        this.#decodeLines(chunk, from, start, out);
        if (!this.#drop(end - start, out)) return false;
        from = nl + 1;
      }
      start = nl + 1;
      nl = chunk.indexOf(LF, start);
    }
    if (from === first) splitLines(text, out);
    else this.#decodeLines(chunk, from, start, out);
    return true;
  }

  /**
   * Drops a complete line over the limit: a {@linkcode DroppedLine} added to `out`, or, when
   * its `length` is past the bound, the splitter fails. False once failed.
   */
  #drop(length: number, out: (string | DroppedLine)[]): boolean {
    if (length > MAX_DROPPED_BYTES) {
      this.#fail(new LineLengthError(length, true));
      return false;
    }
    out.push(new DroppedLine(length));
    return true;
  }

  /** Adds the start of a line to the partial line: kept, or only counted once over the limit. */
  #keep(tail: Uint8Array): void {
    const before = this.#partialBytes;
    this.#partialBytes += tail.length;
    this.#partialCr = tail[tail.length - 1] === CR;
    // A CR at the end may be the start of the line end, which is counted apart.
    const length = this.#partialBytes - (this.#partialCr ? 1 : 0);
    if (!this.#dropping) {
      if (before === 0) {
        this.#partialTags = tagsBytes(tail, 0, tail.length);
      } else if (this.#partialTags === -1) {
        const space = tail.subarray(0, Math.max(0, MAX_TAGS_BYTES - before)).indexOf(SPACE);
        if (space !== -1) this.#partialTags = before + space + 1;
      }
      if (overLimit(length, this.#partialTags)) {
        this.#partial = [];
        this.#dropping = true;
      } else {
        // `tail` may be a view of a buffer the socket reuses (and a Buffer's `slice()` is a
        // view too): keep a copy.
        this.#partial.push(new Uint8Array(tail));
      }
    }
    if (length > MAX_DROPPED_BYTES) this.#fail(new LineLengthError(this.#partialBytes, false));
  }

  #fail(error: LineLengthError): void {
    this.#error = error;
    this.#partial = [];
    this.#partialBytes = 0;
    this.#dropping = false;
  }

  /** The partial line followed by `last`, as one array; the partial line is then empty. */
  #join(last: Uint8Array): Uint8Array {
    const out = new Uint8Array(this.#partialBytes + last.length);
    let offset = 0;
    for (const part of this.#partial) {
      out.set(part, offset);
      offset += part.length;
    }
    out.set(last, offset);
    this.#partial = [];
    this.#partialBytes = 0;
    return out;
  }

  /** Decodes the whole lines in `bytes[start, end)` (each ending in LF) at once. */
  #decodeLines(bytes: Uint8Array, start: number, end: number, out: (string | DroppedLine)[]): void {
    if (end <= start) return;
    // LF never occurs inside a UTF-8 sequence: decoding first and splitting after is exact.
    splitLines(this.#decoder.decode(bytes.subarray(start, end)), out);
  }
}

/**
 * Adds the lines of `text` (each ending in LF; empty ones left out) to `out`. Each line is
 * cut once, CR and all, where `split` and then a slice for the CR made two strings (and an
 * array) per line (issue 25).
 */
function splitLines(text: string, out: (string | DroppedLine)[]): void {
  let from = 0;
  for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", from)) {
    const stop = nl > from && text.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
    if (stop > from) out.push(text.slice(from, stop));
    from = nl + 1;
  }
}

/** `tagsBytes` of `text[start, end)`, a line whose characters are its bytes. */
function textTagsBytes(text: string, start: number, end: number): number {
  if (end <= start || text.charCodeAt(start) !== AT) return 0;
  const space = text.indexOf(" ", start);
  return space === -1 || space >= Math.min(end, start + MAX_TAGS_BYTES) ? -1 : space - start + 1;
}

/** `end`, less one when the byte before it is a CR. */
function stripCr(bytes: Uint8Array, start: number, end: number): number {
  return end > start && bytes[end - 1] === CR ? end - 1 : end;
}
