/**
 * A 53-bit fingerprint of a line's sender, kind and text: with the buffer and the time it
 * makes a replayed line (a bouncer's playback, a CHATHISTORY page) without msgid collide
 * with the stored one. A hash column keeps the unique index small; the text itself would
 * double the index's size. Hand-written because it is ten lines: two 32-bit multiplicative
 * hashes (cyrb53's mixing), combined.
 */
export function fingerprint(sender: string, kind: number, text: string): number {
  let h1 = 0xdeadbeef ^ kind;
  let h2 = 0x41c6ce57 ^ kind;
  // One loop over sender, a separator no nick holds (so "ab"+"c" and "a"+"bc" differ), then
  // text, with no closure: this runs for every stored line, and allocates nothing.
  const split = sender.length;
  const total = split + 1 + text.length;
  for (let i = 0; i < total; i++) {
    const c = i < split
      ? sender.charCodeAt(i)
      : i === split
      ? 0x20
      : text.charCodeAt(i - split - 1);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
