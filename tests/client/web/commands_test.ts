import assert from "node:assert/strict";
import {
  COMMANDS,
  completeCommand,
  findCommand,
  helpText,
  ircLine,
  parseInput,
} from "../../../client/web/commands.js";

Deno.test("parseInput() reads text, commands, aliases and a literal slash", () => {
  assert.deepEqual(parseInput("hello"), { kind: "say", text: "hello" });
  assert.deepEqual(parseInput("//etc/hosts"), { kind: "say", text: "/etc/hosts" });
  assert.deepEqual(parseInput("  "), { kind: "none" });
  assert.deepEqual(parseInput("/J #a k"), { kind: "join", channel: "#a", key: "k" });
  assert.deepEqual(parseInput("/part see you"), { kind: "part", reason: "see you" });
  assert.deepEqual(parseInput("/part #a see you"), {
    kind: "part",
    channel: "#a",
    reason: "see you",
  });
  assert.deepEqual(parseInput("/query bob hi  there"), {
    kind: "query",
    target: "bob",
    text: "hi  there",
  });
  assert.deepEqual(parseInput("/me waves"), { kind: "me", text: "waves" });
  assert.deepEqual(parseInput("/raw PING x"), { kind: "quote", line: "PING x" });
  assert.deepEqual(parseInput("/quit"), { kind: "quit" });
  assert.deepEqual(parseInput("/help /JOIN"), { kind: "help", command: "join" });
});

Deno.test("parseInput() tells a misused command from an unknown one", () => {
  assert.deepEqual(parseInput("/msg bob"), {
    kind: "usage",
    name: "msg",
    usage: "/msg nick|#channel text",
  });
  assert.deepEqual(parseInput("/whois"), { kind: "usage", name: "whois", usage: "/whois nick" });
  assert.deepEqual(parseInput("/weather Paris now"), {
    kind: "unknown",
    name: "weather",
    args: "Paris now",
  });
});

Deno.test("helpText() lists every command and explains one", () => {
  const all = helpText().split("\n");
  assert.equal(all.length, COMMANDS.length);
  for (const row of COMMANDS) assert.ok(all.some((line) => line.startsWith(row.usage)));
  assert.equal(
    helpText("/quote"),
    "/quote RAW LINE - Send a raw IRC line to the server (also /raw)",
  );
  assert.equal(helpText("nope"), "Unknown command /nope");
});

Deno.test("completeCommand() completes names and plugin commands", () => {
  assert.deepEqual(completeCommand("/q"), ["/query", "/quit", "/quote"]);
  assert.deepEqual(completeCommand("/W", ["weather"]), ["/weather", "/whois"]);
  assert.deepEqual(completeCommand("jo"), []);
  assert.equal(findCommand("EXIT")?.name, "quit");
});

Deno.test("ircLine() turns one-line commands into IRC lines for the current channel", () => {
  const line = (input: string, channel?: string) => {
    const command = parseInput(input);
    assert.ok(command.kind !== "say" && command.kind !== "none" && command.kind !== "usage");
    assert.ok(command.kind !== "unknown");
    return ircLine(command, channel);
  };
  assert.deepEqual(line("/topic new topic", "#a"), { line: "TOPIC #a :new topic" });
  assert.deepEqual(line("/topic #b"), { line: "TOPIC #b" });
  assert.deepEqual(line("/op alice bob", "#a"), { line: "MODE #a +oo alice bob" });
  assert.deepEqual(line("/devoice carol", "#a"), { line: "MODE #a -v carol" });
  assert.deepEqual(line("/mode +m", "#a"), { line: "MODE #a +m" });
  assert.deepEqual(line("/mode me +i"), { line: "MODE me +i" });
  assert.deepEqual(line("/kick bob go away", "#a"), { line: "KICK #a bob :go away" });
  assert.deepEqual(line("/ban bob", "#a"), { line: "MODE #a +b bob!*@*" });
  assert.deepEqual(line("/invite bob #c", "#a"), { line: "INVITE bob #c" });
  assert.deepEqual(line("/notice bob psst"), { line: "NOTICE bob :psst" });
  assert.deepEqual(line("/list"), { line: "LIST" });
  assert.deepEqual(line("/away lunch"), { line: "AWAY :lunch" });
  assert.deepEqual(line("/back"), { line: "AWAY" });
  assert.deepEqual(line("/kick bob"), { error: "Cannot kick: open a channel first" });
  assert.equal(line("/whois bob"), undefined);
});
