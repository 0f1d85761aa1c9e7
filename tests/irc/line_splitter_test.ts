// The transport's line splitter: exact lines, the length limit, overlong lines dropped in
// their place, bounded partial lines.
import assert from "node:assert/strict";
import {
  DroppedLine,
  LineLengthError,
  LineSplitter,
  MAX_DROPPED_BYTES,
  MAX_REST_BYTES,
  MAX_TAGS_BYTES,
} from "../../irc/_line_splitter.ts";

const enc = new TextEncoder();

/** What the splitter returns for `chunks`, a dropped line shown as `dropped <bytes>`. */
function feed(splitter: LineSplitter, ...chunks: (string | Uint8Array)[]): string[] {
  return chunks.flatMap((c) => splitter.push(typeof c === "string" ? enc.encode(c) : c))
    .map((item) => item instanceof DroppedLine ? `dropped ${item.bytes}` : item);
}

/** `text` as chunks of `size` bytes. */
function chunked(text: string, size: number): Uint8Array[] {
  const bytes = enc.encode(text);
  const chunks = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
}

const TAGS = "@" + "a".repeat(MAX_TAGS_BYTES - 2) + " "; // '@', key, space: 8191 bytes
const REST = ":n!u@h PRIVMSG #x :" + "b".repeat(MAX_REST_BYTES - 2 - 19); // with CR LF: 4096

Deno.test("LineSplitter.push() returns whole lines across chunk borders, CR LF or LF, no empty lines", () => {
  const s = new LineSplitter();
  assert.deepEqual(feed(s, "PING :a\r\nPRIV", "MSG #x :h", "i\r", "\n\r\n\nNOTICE x :y\n"), [
    "PING :a",
    "PRIVMSG #x :hi",
    "NOTICE x :y",
  ]);
  assert.equal(s.error, undefined);
});

Deno.test("LineSplitter.push() decodes UTF-8 split inside a code point and keeps a BOM", () => {
  const s = new LineSplitter();
  const bytes = enc.encode("PRIVMSG #x :\uFEFFh\u00e9\u{1F600}\r\n");
  const lines = [];
  for (let i = 0; i < bytes.length; i++) lines.push(...s.push(bytes.subarray(i, i + 1)));
  assert.deepEqual(lines, ["PRIVMSG #x :\uFEFFh\u00e9\u{1F600}"]);
});

Deno.test("LineSplitter reads a 650-byte line, as servers send past RFC 1459's 512", () => {
  const motd = `:irc.test 372 me :- ${"m".repeat(650 - 20)}`;
  assert.equal(enc.encode(motd).length, 650);
  const s = new LineSplitter();
  assert.deepEqual(feed(s, `${motd}\r\nPING :after\r\n`), [motd, "PING :after"]);
  assert.deepEqual(feed(s, ...chunked(`${motd}\r\n`, 100)), [motd]);
  assert.equal(s.error, undefined);
});

Deno.test("LineSplitter takes 8191 bytes of tags plus 4096 for the rest; one byte more is dropped in its place", () => {
  assert.equal(enc.encode(TAGS).length, MAX_TAGS_BYTES);
  assert.equal(enc.encode(REST).length, MAX_REST_BYTES - 2);
  const s = new LineSplitter();
  assert.deepEqual(feed(s, `${TAGS}${REST}\r\n`), [TAGS + REST]);

  const longRest = `${TAGS}${REST}b`;
  assert.deepEqual(feed(s, `PING :ok\r\n${longRest}\r\nPING :after\r\n`), [
    "PING :ok",
    `dropped ${longRest.length}`,
    "PING :after",
  ]);
  // Tags past their budget, even with a short rest.
  const longTags = `@${"a".repeat(MAX_TAGS_BYTES - 1)} PING :x`;
  assert.deepEqual(feed(s, `${longTags}\r\nPING :next\r\n`), [
    `dropped ${longTags.length}`,
    "PING :next",
  ]);
  // Without tags, the rest still has only its 4096 bytes: short tags lend it nothing.
  assert.deepEqual(feed(s, `${REST}\r\n${REST}c\r\nPING :last\r\n`), [
    REST,
    `dropped ${REST.length + 1}`,
    "PING :last",
  ]);
  assert.equal(s.error, undefined);
});

Deno.test("LineSplitter drops a 10 KB line arriving in pieces, CR LF split apart, and reads on", () => {
  const long = `:irc.test 005 me ${"TOKEN=x ".repeat(1280)}:are supported`; // 10,271 bytes
  for (const size of [1, 7, 1000, 65536]) {
    const s = new LineSplitter();
    // Pieces of `size` bytes; the line end sits in the chunk borders a 1-byte feed makes.
    const got = feed(s, "PING :before\r\n", ...chunked(`${long}\r\nPING :after\r\n`, size));
    assert.deepEqual(got, ["PING :before", `dropped ${long.length}`, "PING :after"], `${size}`);
    assert.equal(s.error, undefined);
  }
  // A CR that ends one chunk and the LF that starts the next are the line end, not content.
  const s = new LineSplitter();
  assert.deepEqual(feed(s, `${long}\r`, "\nPING :x\r\n"), [`dropped ${long.length}`, "PING :x"]);
});

Deno.test("LineSplitter fails a line without an end within 64 KiB, holding no more than one line", () => {
  const s = new LineSplitter();
  const chunk = new Uint8Array(4096).fill(0x78); // "xxxx...", never a newline
  let fed = 0;
  while (!s.error && fed < 64 * 2 ** 20) {
    assert.deepEqual(s.push(chunk), []);
    fed += chunk.length;
  }
  assert.ok(s.error instanceof LineLengthError);
  assert.ok(fed <= MAX_DROPPED_BYTES + chunk.length, `failed after ${fed} bytes`);
  assert.match(s.error.message, /^Cannot read from the server: a line had no end within 65536/);
  assert.match(s.error.message, /without a line end$/);
  assert.deepEqual(feed(s, "\r\nPING :later\r\n"), [], "nothing is read after the error");

  // A line whose end comes past the bound fails the same way, after the lines before it.
  const whole = new LineSplitter();
  const huge = "y".repeat(MAX_DROPPED_BYTES + 1);
  assert.deepEqual(feed(whole, `PING :first\r\n${huge}\r\nPING :never\r\n`), ["PING :first"]);
  assert.match(String(whole.error?.message), /got a line of 65537 bytes$/);

  // One byte less is still dropped alone.
  const edge = new LineSplitter();
  assert.deepEqual(feed(edge, ...chunked(`${huge.slice(1)}\r\nPING :ok\r\n`, 4096)), [
    `dropped ${MAX_DROPPED_BYTES}`,
    "PING :ok",
  ]);
  assert.equal(edge.error, undefined);
});

Deno.test("LineSplitter lets a tagged partial line grow to the tag budget, then drops it", () => {
  const tagged = new LineSplitter();
  feed(tagged, "@");
  for (let i = 0; i < 8; i++) assert.deepEqual(feed(tagged, "k".repeat(1000)), []);
  feed(tagged, "k".repeat(1000)); // 9001 bytes of tags without a space: over their budget
  assert.deepEqual(feed(tagged, " PING :x\r\nPING :y\r\n"), ["dropped 9009", "PING :y"]);
  assert.equal(tagged.error, undefined);
});

/** The lines and drops of `bytes` read whole, byte by byte: what any chunking must give. */
function readWhole(bytes: Uint8Array): string[] {
  const out: string[] = [];
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let start = 0;
  for (let nl = bytes.indexOf(0x0a); nl !== -1; nl = bytes.indexOf(0x0a, start)) {
    const end = nl > start && bytes[nl - 1] === 0x0d ? nl - 1 : nl;
    const length = end - start;
    let tags = 0;
    if (length > 0 && bytes[start] === 0x40) {
      const space = bytes.subarray(start, Math.min(end, start + MAX_TAGS_BYTES)).indexOf(0x20);
      tags = space === -1 ? -1 : space + 1;
    }
    const over = tags === -1 ? length >= MAX_TAGS_BYTES : length - tags + 2 > MAX_REST_BYTES;
    if (over) out.push(`dropped ${length}`);
    else if (length > 0) out.push(decoder.decode(bytes.subarray(start, end)));
    start = nl + 1;
  }
  return out;
}

Deno.test("LineSplitter gives ASCII, UTF-8 and broken UTF-8 lines alike, at any chunking, as the bytes read whole", () => {
  // A seeded generator: the same cases on every run.
  let seed = 25;
  const random = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const pieces: (string | Uint8Array)[] = [
    ":n!u@h PRIVMSG #x :plain text",
    ":n!u@h PRIVMSG #x :caf\u00e9 \u{1d11e} \u{1f600}",
    new Uint8Array([0x3a, 0x6e, 0x20, 0x50, 0x20, 0xff, 0xc3, 0x20, 0xe2, 0x82]), // broken UTF-8
    "\ufeff:n PRIVMSG #x :a BOM first",
    "",
    "@time=2026-11-28T09:00:00.000Z;msgid=abc :n!u@h PRIVMSG #x :tagged",
    TAGS + ":n PRIVMSG #x :the whole tag budget",
    "@" + "t".repeat(MAX_TAGS_BYTES + 10) + " :n PRIVMSG #x :tags past the budget",
    ":n PRIVMSG #x :" + "r".repeat(MAX_REST_BYTES), // overlong rest
    ":n PRIVMSG #x :" + "\u00e9".repeat(MAX_REST_BYTES / 2 - 8), // near the limit in bytes
  ];
  for (let round = 0; round < 60; round++) {
    const parts: Uint8Array[] = [];
    for (let i = 0, n = 1 + random(40); i < n; i++) {
      const piece = pieces[random(pieces.length)];
      parts.push(typeof piece === "string" ? enc.encode(piece) : piece);
      parts.push(enc.encode(random(4) === 0 ? "\n" : "\r\n"));
    }
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (bytes.set(p, at), at + p.length), 0);
    const want = readWhole(bytes);
    const size = [1, 7, 100, 4096, 65536][random(5)] + random(50);
    const splitter = new LineSplitter();
    const chunks = [];
    for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
    assert.deepEqual(feed(splitter, ...chunks), want, `round ${round}, chunks of ${size}`);
    assert.equal(splitter.error, undefined);
  }
});
