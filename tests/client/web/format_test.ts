import assert from "node:assert/strict";
import {
  findLinks,
  parseFormatting,
  safeHref,
  stripFormatting,
} from "../../../client/web/format.js";

const shown = (text: string) =>
  parseFormatting(text).map(({ text, style }) => {
    const on = Object.entries(style).filter(([, v]) => v === true).map(([k]) => k);
    return [text, on.join("+"), style.fg ?? "", style.bg ?? ""];
  });

Deno.test("parseFormatting() toggles bold, italics, underline, strikethrough, monospace", () => {
  assert.deepEqual(shown("a\x02b\x1dc\x1fd\x1ee\x11f\x02\x1d\x1f\x1e\x11g"), [
    ["a", "", "", ""],
    ["b", "bold", "", ""],
    ["c", "bold+italic", "", ""],
    ["d", "bold+italic+underline", "", ""],
    ["e", "bold+italic+underline+strikethrough", "", ""],
    ["f", "bold+italic+underline+strikethrough+monospace", "", ""],
    ["g", "", "", ""],
  ]);
});

Deno.test("parseFormatting() reads colours with one or two digits, a background, and 99", () => {
  assert.deepEqual(shown("\x034red \x0312,01blue on black\x0399,99 default"), [
    ["red ", "", "#ff0000", ""],
    ["blue on black", "", "#0000fc", "#000000"],
    [" default", "", "", ""],
  ]);
  // Three digits: the third is text; a comma without a digit is text too.
  assert.deepEqual(shown("\x03045x \x034,y"), [["5x ", "", "#ff0000", ""], [
    ",y",
    "",
    "#ff0000",
    "",
  ]]);
  // The extended palette (16-98).
  assert.equal(parseFormatting("\x0352x")[0].style.fg, "#ff0000");
  assert.equal(parseFormatting("\x0388x")[0].style.fg, "#000000");
});

Deno.test("parseFormatting(): a bare \\x03 or \\x04 ends the colours; hex colours; reverse", () => {
  assert.deepEqual(shown("\x034,2a\x03b"), [["a", "", "#ff0000", "#00007f"], ["b", "", "", ""]]);
  assert.deepEqual(shown("\x04FF8800,000000hex\x04 plain"), [
    ["hex", "", "#ff8800", "#000000"],
    [" plain", "", "", ""],
  ]);
  assert.deepEqual(shown("\x16rev\x16 not"), [["rev", "reverse", "", ""], [" not", "", "", ""]]);
});

Deno.test("parseFormatting(): \\x0f resets everything, codes never show as text", () => {
  assert.deepEqual(shown("\x02\x1d\x0304on\x0foff"), [
    ["on", "bold+italic", "#ff0000", ""],
    ["off", "", "", ""],
  ]);
  assert.deepEqual(parseFormatting("\x02\x02\x0f"), []);
  assert.equal(stripFormatting("\x02b\x02 \x0312,4c\x0f \x04abcdefd"), "b c d");
});

Deno.test("findLinks() makes http, https, irc and ircs links, nothing else", () => {
  assert.deepEqual(findLinks("go https://deno.com/a?b=1#c now"), [
    { text: "go " },
    { text: "https://deno.com/a?b=1#c", href: "https://deno.com/a?b=1#c" },
    { text: " now" },
  ]);
  assert.deepEqual(
    findLinks("irc://irc.libera.chat/#deno and ircs://x.org:6697/a").map((p) => p.href),
    ["irc://irc.libera.chat/#deno", undefined, "ircs://x.org:6697/a"],
  );
  assert.deepEqual(findLinks("javascript:alert(1) data:text/html,x ftp://x.org"), [
    { text: "javascript:alert(1) data:text/html,x ftp://x.org" },
  ]);
  assert.equal(safeHref("javascript:alert(1)"), undefined);
  assert.equal(safeHref("JAVASCRIPT://x.org/%0aalert(1)"), undefined);
  assert.equal(safeHref("HTTPS://Deno.com"), "https://deno.com/");
});

Deno.test("findLinks() leaves trailing punctuation and unmatched brackets outside", () => {
  const links = (text: string) => findLinks(text).filter((p) => p.href).map((p) => p.text);
  assert.deepEqual(links("see https://deno.com/x."), ["https://deno.com/x"]);
  assert.deepEqual(links("(https://deno.com/x), ok?"), ["https://deno.com/x"]);
  assert.deepEqual(links("https://en.wikipedia.org/wiki/IRC_(protocol)!"), [
    "https://en.wikipedia.org/wiki/IRC_(protocol)",
  ]);
  assert.deepEqual(links('"http://a.org/q?x=1"'), ["http://a.org/q?x=1"]);
  assert.deepEqual(links("http://a.org/<script>"), ["http://a.org/"]);
});

Deno.test("plain text reads as one run, strips to itself and makes one piece", () => {
  const text = "flood 1234 now, see example.com: no link";
  assert.deepEqual(shown(text), [[text, "", "", ""]]);
  assert.equal(stripFormatting(text), text);
  assert.deepEqual(findLinks(text), [{ text }]);
  assert.deepEqual(findLinks(""), []);
  assert.deepEqual(parseFormatting(""), []);
  // Codes far into a long plain text are found all the same.
  assert.deepEqual(shown(`${"a".repeat(300)}\x02b`), [["a".repeat(300), "", "", ""], [
    "b",
    "bold",
    "",
    "",
  ]]);
  assert.equal(stripFormatting(`${"a".repeat(300)}\x0304b`), `${"a".repeat(300)}b`);
});
