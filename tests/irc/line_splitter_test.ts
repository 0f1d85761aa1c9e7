// The transport's line splitter: exact lines, IRCv3's length limit, bounded partial lines.
import assert from "node:assert/strict";
import {
  LineLengthError,
  LineSplitter,
  MAX_REST_BYTES,
  MAX_TAGS_BYTES,
} from "../../irc/_line_splitter.ts";

const enc = new TextEncoder();

function feed(splitter: LineSplitter, ...chunks: (string | Uint8Array)[]): string[] {
  return chunks.flatMap((c) => splitter.push(typeof c === "string" ? enc.encode(c) : c));
}

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

Deno.test("LineSplitter takes 8191 bytes of tags plus 512 for the rest, and not one byte more", () => {
  const tags = "@" + "a".repeat(MAX_TAGS_BYTES - 2) + " "; // '@', key, space: 8191 bytes
  const rest = ":n!u@h PRIVMSG #x :" + "b".repeat(MAX_REST_BYTES - 2 - 19); // 510 + CR LF
  assert.equal(enc.encode(tags).length, MAX_TAGS_BYTES);
  assert.equal(enc.encode(rest).length, MAX_REST_BYTES - 2);
  const fits = new LineSplitter();
  assert.deepEqual(feed(fits, `${tags}${rest}\r\n`), [tags + rest]);
  assert.equal(fits.error, undefined);

  const longRest = new LineSplitter();
  assert.deepEqual(feed(longRest, "PING :ok\r\n", `${tags}${rest}b\r\nPING :after\r\n`), [
    "PING :ok",
  ]);
  assert.ok(longRest.error instanceof LineLengthError);
  assert.match(longRest.error.message, /the line exceeded the length limit/);
  assert.deepEqual(feed(longRest, "PING :later\r\n"), [], "nothing is read after the error");

  const longTags = new LineSplitter();
  feed(longTags, `@${"a".repeat(MAX_TAGS_BYTES - 1)} PING :x\r\n`);
  assert.ok(longTags.error instanceof LineLengthError);

  // Without tags, the rest still has only its 512 bytes: short tags lend it nothing.
  const untagged = new LineSplitter();
  assert.deepEqual(feed(untagged, `${rest}\r\n`), [rest]);
  feed(untagged, `${rest}c\r\n`);
  assert.ok(untagged.error instanceof LineLengthError);
});

Deno.test("LineSplitter fails a line without an end as soon as it passes the limit, holding no more", () => {
  const s = new LineSplitter();
  const chunk = new Uint8Array(4096).fill(0x78); // "xxxx...", never a newline
  let fed = 0;
  while (!s.error && fed < 64 * 2 ** 20) {
    assert.deepEqual(s.push(chunk), []);
    fed += chunk.length;
  }
  assert.ok(s.error instanceof LineLengthError);
  assert.ok(fed <= MAX_REST_BYTES + chunk.length, `failed after ${fed} bytes`);
  assert.match(s.error.message, /without a line end/);

  // A tagged partial line may grow to the tag budget, in pieces, and then fails too.
  const tagged = new LineSplitter();
  feed(tagged, "@");
  for (let i = 0; i < 8 && !tagged.error; i++) feed(tagged, "k".repeat(1000));
  assert.equal(tagged.error, undefined, "8001 bytes of tags without a space yet are fine");
  feed(tagged, "k".repeat(1000));
  const error: unknown = tagged.error;
  assert.ok(error instanceof LineLengthError);
});
