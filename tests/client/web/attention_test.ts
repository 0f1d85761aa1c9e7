import assert from "node:assert/strict";
import {
  countLine,
  isMention,
  MAX_WORDS,
  nextUnread,
  parseWords,
  shouldNotify,
  titleFor,
} from "../../../client/web/attention.js";
import { casefold } from "../../../core/casemapping.js";

const rfc1459 = (s: string) => casefold(s, "rfc1459");

Deno.test("isMention() finds the nick as a whole word, case-insensitively", () => {
  const me = { nick: "alice", fold: rfc1459 };
  assert.equal(isMention("alice: hi", me), true);
  assert.equal(isMention("hi ALICE!", me), true);
  assert.equal(isMention("(Alice)", me), true);
  assert.equal(isMention("malice aforethought", me), false);
  assert.equal(isMention("alice_ is not me", me), false);
  assert.equal(isMention("alices", me), false);
  assert.equal(isMention("", me), false);
});

Deno.test("isMention() folds by the casemapping: [ ] \\ ~ match { } | ^ in rfc1459", () => {
  assert.equal(isMention("hey {dev}|x^", { nick: "[Dev]\\X~", fold: rfc1459 }), true);
  const ascii = (s: string) => casefold(s, "ascii");
  assert.equal(isMention("hey {dev}", { nick: "[dev]", fold: ascii }), false);
});

Deno.test("isMention() finds the user's chosen words", () => {
  const me = { nick: "alice", words: ["deno", "release"], fold: rfc1459 };
  assert.equal(isMention("Deno 3 is out", me), true);
  assert.equal(isMention("the RELEASE.", me), true);
  assert.equal(isMention("denote this", me), false);
});

Deno.test("parseWords() trims, dedupes and bounds the words", () => {
  assert.deepEqual(parseWords(" deno, Deno  bus,,release "), ["deno", "bus", "release"]);
  assert.deepEqual(parseWords(""), []);
  const many = Array.from({ length: 80 }, (_, i) => `w${i}`).join(" ");
  assert.equal(parseWords(many).length, MAX_WORDS);
  assert.equal(parseWords("x".repeat(200))[0].length, 50);
});

Deno.test("titleFor() shows the total unread count", () => {
  assert.equal(titleFor([]), "ircbus");
  assert.equal(titleFor([{ unread: 0, highlights: 0 }]), "ircbus");
  assert.equal(
    titleFor([{ unread: 2, highlights: 0 }, { unread: 1, highlights: 1 }]),
    "(3) ircbus",
  );
});

Deno.test("nextUnread() prefers a highlight, wraps, and ends when all is read", () => {
  const list = [
    { name: "*", unread: 0, highlights: 0 },
    { name: "#a", unread: 4, highlights: 0 },
    { name: "#b", unread: 0, highlights: 0 },
    { name: "bob", unread: 1, highlights: 1 },
  ];
  assert.equal(nextUnread(list, 0)?.name, "bob");
  list[3] = { name: "bob", unread: 0, highlights: 0 };
  assert.equal(nextUnread(list, 2)?.name, "#a", "wraps round");
  assert.equal(nextUnread(list, -1)?.name, "#a", "nothing shown");
  list[1] = { name: "#a", unread: 0, highlights: 0 };
  assert.equal(nextUnread(list, 1), undefined);
  assert.equal(nextUnread([], -1), undefined);
});

Deno.test("shouldNotify(): a mention or private message, from others, while hidden", () => {
  const base = { mention: false, private: false, kind: "message", fromMe: false, hidden: true };
  assert.equal(shouldNotify({ ...base, mention: true }), true);
  assert.equal(shouldNotify({ ...base, private: true }), true);
  assert.equal(shouldNotify({ ...base, private: true, kind: "action" }), true);
  assert.equal(shouldNotify(base), false, "a plain channel message");
  assert.equal(shouldNotify({ ...base, mention: true, hidden: false }), false, "page visible");
  assert.equal(shouldNotify({ ...base, mention: true, fromMe: true }), false);
  assert.equal(shouldNotify({ ...base, private: true, kind: "notice" }), false);
  assert.equal(shouldNotify({ ...base, mention: true, kind: "event" }), false);
});

Deno.test("countLine() counts unread unless shown on a visible page", () => {
  const counts = { unread: 0, highlights: 0 };
  const line = { shown: true, hidden: false, mention: false, private: false };
  countLine(counts, line);
  assert.deepEqual(counts, { unread: 0, highlights: 0 });
  countLine(counts, { ...line, hidden: true });
  countLine(counts, { ...line, shown: false, mention: true });
  countLine(counts, { ...line, shown: false, private: true });
  assert.deepEqual(counts, { unread: 3, highlights: 2 });
});
