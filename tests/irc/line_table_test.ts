import assert from "node:assert/strict";
import { lineHandlers, LINES } from "../../irc/_line_table.ts";

Deno.test("lineHandlers() refuses a command two tables handle", () => {
  const handler = () => {};
  assert.throws(
    () => lineHandlers({ PRIVMSG: handler, "001": handler }, { "001": handler }),
    { message: "Cannot add a line handler: taken, got 001" },
  );
});

Deno.test("LINES holds every handler file's lines: registration, messages, membership, WHOIS, MONITOR", () => {
  for (
    const command of ["CAP", "001", "PRIVMSG", "JOIN", "QUIT", "366", "318", "731", "MARKREAD"]
  ) {
    assert.equal(typeof LINES.get(command), "function", command);
  }
  // Replies nothing handles (a batch is the session's own) are not in the table.
  assert.equal(LINES.get("BATCH"), undefined);
});
