/**
 * Splits the server's byte stream into IRC lines in linear time, holding at most one line's
 * worth of bytes: IRCv3's 8191 bytes of tags (with their `@` and space) plus 512 bytes for
 * the rest (with CR LF), 8703 bytes in all. Tags past their 8191 bytes, or a rest past its
 * 512, is a {@linkcode LineLengthError}.
 *
 * @module
 */

/** Bytes the tags of a line may take, their leading `@` and trailing space included. */
export const MAX_TAGS_BYTES = 8191;
/** Bytes the rest of a line may take, its CR LF included. */
export const MAX_REST_BYTES = 512;

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const AT = 0x40;

/** A line from the server exceeded the length limit; the connection ends with this reason. */
export class LineLengthError extends Error {
  /** Creates the error for a line of `bytes` bytes so far (`complete` when it had its end). */
  constructor(bytes: number, complete: boolean) {
    super(
      `Cannot read from the server: the line exceeded the length limit (${MAX_TAGS_BYTES} bytes of tags plus ${MAX_REST_BYTES} for the rest), got ${
        complete ? `a line of ${bytes} bytes` : `${bytes} bytes without a line end`
      }`,
    );
    this.name = "LineLengthError";
  }
}

/**
 * Whether a line of `length` bytes (without its line end, complete or still arriving) is over
 * the limit, when its tags take `tags` bytes (`-1`: tagged, but no space seen within the tag
 * budget). Each part has its own budget, as IRCv3 message-tags sets them: what follows the
 * tags may take 512 bytes with its CR LF, however short the tags are.
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
  /** The partial line: bytes received since the last line end. */
  #partial: Uint8Array[] = [];
  #partialBytes = 0;
  /** What `tagsBytes` says of the partial line. */
  #partialTags = 0;
  #error: LineLengthError | undefined;

  /** The length error that stopped the splitter, if any; it then takes no more bytes. */
  get error(): LineLengthError | undefined {
    return this.#error;
  }

  /**
   * Returns the lines `chunk` completes, empty lines left out. On a line over the limit the
   * lines before it are returned, `error` is set and every later chunk is ignored.
   */
  push(chunk: Uint8Array): string[] {
    const lines: string[] = [];
    if (this.#error) return lines;
    let start = 0;
    let nl = chunk.indexOf(LF);
    if (nl !== -1 && this.#partialBytes > 0) {
      const line = this.#join(chunk.subarray(0, nl));
      const end = stripCr(line, 0, line.length);
      if (!this.#accept(line, 0, end)) return lines;
      if (end > 0) lines.push(this.#decoder.decode(line.subarray(0, end)));
      start = nl + 1;
      nl = chunk.indexOf(LF, start);
    }
    // Whole lines inside this chunk: checked one by one, decoded in one go.
    const from = start;
    while (nl !== -1) {
      if (!this.#accept(chunk, start, stripCr(chunk, start, nl))) break;
      start = nl + 1;
      nl = chunk.indexOf(LF, start);
    }
    this.#decodeLines(chunk, from, start, lines);
    if (!this.#error && start < chunk.length) this.#keep(chunk.subarray(start));
    return lines;
  }

  /** Whether the complete line `bytes[start, end)` is within the limit; fails when not. */
  #accept(bytes: Uint8Array, start: number, end: number): boolean {
    if (!overLimit(end - start, tagsBytes(bytes, start, end))) return true;
    this.#fail(new LineLengthError(end - start, true));
    return false;
  }

  /** Adds the start of a line to the partial line; fails once it cannot fit any more. */
  #keep(tail: Uint8Array): void {
    const before = this.#partialBytes;
    if (before === 0) {
      this.#partialTags = tagsBytes(tail, 0, tail.length);
    } else if (this.#partialTags === -1) {
      const space = tail.subarray(0, Math.max(0, MAX_TAGS_BYTES - before)).indexOf(SPACE);
      if (space !== -1) this.#partialTags = before + space + 1;
    }
    // `tail` may be a view of a buffer the socket reuses (and a Buffer's `slice()` is a view
    // too): keep a copy.
    this.#partial.push(new Uint8Array(tail));
    this.#partialBytes += tail.length;
    // A CR at the end may be the start of the line end, which is counted apart.
    const length = this.#partialBytes - (tail[tail.length - 1] === CR ? 1 : 0);
    if (overLimit(length, this.#partialTags)) {
      this.#fail(new LineLengthError(this.#partialBytes, false));
    }
  }

  #fail(error: LineLengthError): void {
    this.#error = error;
    this.#partial = [];
    this.#partialBytes = 0;
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
  #decodeLines(bytes: Uint8Array, start: number, end: number, lines: string[]): void {
    if (end <= start) return;
    // LF never occurs inside a UTF-8 sequence: decoding first and splitting after is exact.
    const text = this.#decoder.decode(bytes.subarray(start, end - 1));
    for (const raw of text.split("\n")) {
      const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      if (line !== "") lines.push(line);
    }
  }
}

/** `end`, less one when the byte before it is a CR. */
function stripCr(bytes: Uint8Array, start: number, end: number): number {
  return end > start && bytes[end - 1] === CR ? end - 1 : end;
}
