/**
 * Deno's permission request line read from its bytes, and the answer line written as bytes,
 * for the permission check's round trip: on the broker's thread, decoding each line to a
 * string, `JSON.parse`, a fresh array for the rest of the chunk, `JSON.stringify` and encoding
 * the answer again cost about 3 µs of a check's CPU, and most of its garbage.
 *
 * Only the exact shape Deno's serializer writes is read here
 * (`{"v":1,"pid":7,"id":42,"datetime":"…","permission":"env","value":"TZ"}`, with `null` for
 * no value), with printable ASCII strings free of escapes and plain decimal numbers. Anything
 * else, a line the plugin's process wrote itself included, is left to the caller's
 * `JSON.parse`, which gives the same fields or the error: this is a shortcut, never a second
 * grammar.
 *
 * @module
 */

/** The permissions Deno asks about, as strings made once. */
const PERMISSIONS = ["read", "write", "net", "env", "sys", "run", "ffi", "import"] as const;

const encoder = new TextEncoder();
const PERMISSION_BYTES = PERMISSIONS.map((name) => encoder.encode(name));
const V = encoder.encode('{"v":');
const PID = encoder.encode(',"pid":');
const ID = encoder.encode(',"id":');
const DATETIME = encoder.encode(',"datetime":"');
const PERMISSION = encoder.encode('","permission":"');
const VALUE = encoder.encode('","value":');
const NULL_END = encoder.encode("null}");
const ALLOW_START = encoder.encode('{"id":');
const ALLOW_END = encoder.encode(',"result":"allow"}\n');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const CLOSE_BRACE = 0x7d;
const ZERO = 0x30;
/** Longer ids are left to `JSON.parse`, which checks they are safe integers. */
const MAX_ID_DIGITS = 15;

/**
 * Reads one request line of Deno's shape. After {@linkcode RequestLine.read} returned `true`,
 * its fields hold that line's check; after `false`, the line must be parsed as JSON.
 *
 * @example
 * ```ts ignore
 * const line = new RequestLine();
 * const bytes = new TextEncoder().encode(
 *   '{"v":1,"pid":7,"id":3,"datetime":"2026-11-28T09:00:00Z","permission":"env","value":"TZ"}',
 * );
 * if (line.read(bytes, 0, bytes.length)) console.log(line.permission, line.value); // env TZ
 * ```
 */
export class RequestLine {
  /** The id's digits, `bytes[idStart..idEnd)`, copied as they are into the answer. */
  idStart = 0;
  /** The end of the id's digits. */
  idEnd = 0;
  /** The permission asked about. */
  permission = "";
  /** The value asked about; `null` for all of them. */
  value: string | null = null;
  /** The last value read, as bytes and as a string: a plugin asks about the same one often. */
  #lastValueBytes = new Uint8Array(0);
  #lastValue = "";
  #decoder = new TextDecoder();

  /** Reads `bytes[start..end)`, a line without its newline; `false` if it has another shape. */
  read(bytes: Uint8Array, start: number, end: number): boolean {
    let at = expect(bytes, start, end, V);
    at = digits(bytes, at, end);
    at = expect(bytes, at, end, PID);
    at = digits(bytes, at, end);
    at = expect(bytes, at, end, ID);
    const idStart = at;
    at = digits(bytes, at, end);
    if (at < 0 || at - idStart > MAX_ID_DIGITS) return false;
    const idEnd = at;
    at = expect(bytes, at, end, DATETIME);
    at = plain(bytes, at, end);
    at = expect(bytes, at, end, PERMISSION);
    const permissionStart = at;
    at = plain(bytes, at, end);
    if (at < 0) return false;
    const permission = known(bytes, permissionStart, at);
    if (permission === null) return false;
    at = expect(bytes, at, end, VALUE);
    if (at < 0) return false;
    let value: string | null;
    if (bytes[at] === QUOTE) {
      const valueStart = at + 1;
      at = plain(bytes, valueStart, end);
      if (at < 0 || at + 2 !== end || bytes[at] !== QUOTE || bytes[at + 1] !== CLOSE_BRACE) {
        return false;
      }
      value = this.#valueOf(bytes.subarray(valueStart, at));
    } else {
      if (expect(bytes, at, end, NULL_END) !== end) return false;
      value = null;
    }
    this.idStart = idStart;
    this.idEnd = idEnd;
    this.permission = permission;
    this.value = value;
    return true;
  }

  /** The id as a number, read again from the line's `bytes` (only its bounds are kept). */
  id(bytes: Uint8Array): number {
    let id = 0;
    for (let i = this.idStart; i < this.idEnd; i++) id = id * 10 + bytes[i] - ZERO;
    return id;
  }

  #valueOf(bytes: Uint8Array): string {
    const last = this.#lastValueBytes;
    if (bytes.length === last.length) {
      let same = true;
      for (let i = 0; i < bytes.length && same; i++) same = bytes[i] === last[i];
      if (same) return this.#lastValue;
    }
    this.#lastValueBytes = bytes.slice();
    this.#lastValue = this.#decoder.decode(bytes);
    return this.#lastValue;
  }
}

/** Where `bytes[at..]` continues after `literal`, or -1. */
function expect(bytes: Uint8Array, at: number, end: number, literal: Uint8Array): number {
  if (at < 0 || at + literal.length > end) return -1;
  for (let i = 0; i < literal.length; i++) if (bytes[at + i] !== literal[i]) return -1;
  return at + literal.length;
}

/** Past a JSON number of plain decimal digits (no leading zero), or -1. */
function digits(bytes: Uint8Array, at: number, end: number): number {
  if (at < 0) return -1;
  const start = at;
  while (at < end && bytes[at] >= ZERO && bytes[at] <= ZERO + 9) at++;
  if (at === start || (bytes[start] === ZERO && at - start > 1)) return -1;
  return at;
}

/**
 * Up to the closing quote of a string of printable ASCII without escapes (read as its own
 * bytes, as `JSON.parse` would), or -1.
 */
function plain(bytes: Uint8Array, at: number, end: number): number {
  if (at < 0) return -1;
  for (; at < end; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) return at;
    if (byte < 0x20 || byte > 0x7e || byte === BACKSLASH) return -1;
  }
  return -1;
}

function known(bytes: Uint8Array, start: number, end: number): string | null {
  for (let p = 0; p < PERMISSIONS.length; p++) {
    const name = PERMISSION_BYTES[p];
    if (name.length !== end - start) continue;
    let same = true;
    for (let i = 0; i < name.length && same; i++) same = bytes[start + i] === name[i];
    if (same) return PERMISSIONS[p];
  }
  return null;
}

/**
 * The answers to one chunk's lines, written into one buffer of its own that grows as needed:
 * {@linkcode AnswerBytes.bytes} is valid until the next {@linkcode AnswerBytes.clear}.
 *
 * @example
 * ```ts ignore
 * const out = new AnswerBytes();
 * out.text('{"id":1,"result":"deny","reason":"no"}\n');
 * socket.write(out.bytes());
 * out.clear();
 * ```
 */
export class AnswerBytes {
  #buffer = new Uint8Array(4096);
  #length = 0;

  /** What was written since the last clear. */
  bytes(): Uint8Array {
    return this.#buffer.subarray(0, this.#length);
  }

  /** Starts again, for the next chunk. */
  clear(): void {
    this.#length = 0;
  }

  /** `{"id":<digits>,"result":"allow"}\n`, the digits copied from `bytes[start..end)`. */
  allow(bytes: Uint8Array, start: number, end: number): void {
    this.#room(ALLOW_START.length + (end - start) + ALLOW_END.length);
    const buffer = this.#buffer;
    buffer.set(ALLOW_START, this.#length);
    this.#length += ALLOW_START.length;
    for (let i = start; i < end; i++) buffer[this.#length++] = bytes[i];
    buffer.set(ALLOW_END, this.#length);
    this.#length += ALLOW_END.length;
  }

  /** Any answer line, encoded. */
  text(line: string): void {
    this.#room(line.length * 3);
    this.#length += encoder.encodeInto(line, this.#buffer.subarray(this.#length)).written;
  }

  #room(bytes: number): void {
    if (this.#length + bytes <= this.#buffer.length) return;
    const grown = new Uint8Array(Math.max(this.#buffer.length * 2, this.#length + bytes));
    grown.set(this.#buffer.subarray(0, this.#length));
    this.#buffer = grown;
  }
}
