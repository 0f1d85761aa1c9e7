// formatLine(): the one writer of the lines the adapter sends (the ircdocs msg-join cases run in
// ircdocs_parser_test.ts); here, what it refuses.
import assert from "node:assert/strict";
import { formatLine } from "../../irc/_format_line.ts";

Deno.test("formatLine() writes tags, source, command, middle parameters and the text", () => {
  assert.equal(formatLine({ command: "JOIN", params: ["#a", "key"] }), "JOIN #a key");
  assert.equal(formatLine({ command: "PRIVMSG", params: ["#a"], text: "" }), "PRIVMSG #a :");
  assert.equal(
    formatLine({ tags: { "+draft/reply": "x y", a: "" }, command: "TAGMSG", params: ["#a"] }),
    "@+draft/reply=x\\sy;a TAGMSG #a",
  );
  assert.equal(formatLine({ source: "me", command: "001" }), ":me 001");
});

Deno.test("formatLine() refuses a part that would change the line's meaning, with a TypeError naming it", () => {
  const bad: [string, Parameters<typeof formatLine>[0]][] = [
    ["a space in a middle parameter", { command: "JOIN", params: ["#a b"] }],
    ["an empty middle parameter", { command: "JOIN", params: [""] }],
    ["a middle parameter starting with a colon", {
      command: "PRIVMSG",
      params: [":x"],
      text: "hi",
    }],
    ["a CR in the text", { command: "PRIVMSG", params: ["#a"], text: "hi\r\nQUIT" }],
    ["an LF in a middle parameter", { command: "JOIN", params: ["#a\nQUIT"] }],
    ["a command with a space", { command: "PRIVMSG #a" }],
    ["an empty command", { command: "" }],
    ["a tag key with a space", { tags: { "a b": "1" }, command: "TAGMSG" }],
    ["a NUL in a tag value", { tags: { a: "\0" }, command: "TAGMSG" }],
    ["a space in the source", { source: "a b", command: "PING" }],
  ];
  for (const [what, parts] of bad) {
    assert.throws(
      () => formatLine(parts),
      (e: unknown) => e instanceof TypeError && e.message.startsWith("Cannot format an IRC line: "),
      what,
    );
  }
});
