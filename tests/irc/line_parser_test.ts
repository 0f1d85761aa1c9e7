// parseLine() reads every line the adapter gets; irc-framework's parseIrcLine did before it.
// The two must agree on every field but the tags (which parseTags() decodes to the spec, and
// tags_test.ts covers): on hand-picked edge cases and on generated lines.
import assert from "node:assert/strict";
import fc from "fast-check";
// @ts-types="../../irc/_framework_types.d.ts"
import ircFramework from "irc-framework";
import { parseLine, type RawMessage } from "../../irc/_line_parser.ts";

const theirParser = (ircFramework as { ircLineParser: (line: string) => RawMessage })
  .ircLineParser;

/** irc-framework's reading of `line`, less its tags. */
function theirs(line: string): Omit<RawMessage, "tags"> {
  const m = theirParser(line);
  return {
    prefix: m.prefix,
    nick: m.nick,
    ident: m.ident,
    hostname: m.hostname,
    command: m.command,
    params: [...m.params],
  };
}

function ours(line: string): Omit<RawMessage, "tags"> {
  const { tags: _tags, ...rest } = parseLine(line);
  return rest;
}

Deno.test("parseLine() reads a tagged PRIVMSG with a full prefix", () => {
  assert.deepEqual(parseLine("@msgid=a\\sb;+x :nick!user@host PRIVMSG #chan :hello there"), {
    tags: Object.assign(Object.create(null), { msgid: "a b", "+x": "" }),
    prefix: "nick!user@host",
    nick: "nick",
    ident: "user",
    hostname: "host",
    command: "PRIVMSG",
    params: ["#chan", "hello there"],
  });
});

Deno.test("parseLine() reads edge cases as irc-framework does", () => {
  const lines = [
    "",
    " ",
    "PING",
    "ping :x",
    "\r\n:server.name 001 me :Welcome\r",
    ":nickonly PRIVMSG me :hi",
    ":server.example NOTICE * :x",
    ":nick@host JOIN #a",
    ":nick!user PART #a",
    ":we@ird!order QUIT",
    ":nick!user@host PRIVMSG #a :",
    ":nick!user@host PRIVMSG #a ::colon",
    ":nick!user@host  PRIVMSG   #a   b   c  ",
    "CMD a b c d e f g h i j k l m n o p q r s :t u",
    "CMD a:b :c:d",
    "@a=b",
    "@a=b ",
    "@a=b :prefix",
    "@a=b   :p!u@h   CMD  x  :y  z ",
    ":",
    ": CMD",
    "::weird CMD",
    "CMD\tx y",
  ];
  for (const line of lines) assert.deepEqual(ours(line), theirs(line), JSON.stringify(line));
});

Deno.test("parseLine() agrees with irc-framework on generated lines", () => {
  // Lines built from IRC's own separators, so that runs of spaces, colons, `!`, `@` and `.`
  // land everywhere.
  const piece = fc.constantFrom(
    " ",
    "  ",
    ":",
    "!",
    "@",
    ".",
    "a",
    "B",
    "#",
    "\r",
    "\n",
    "é",
    "x y",
  );
  const line = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(""));
  fc.assert(
    fc.property(line, (text) => {
      assert.deepEqual(ours(text), theirs(text));
    }),
    { numRuns: 5000 },
  );
});
