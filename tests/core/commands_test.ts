import assert from "node:assert/strict";
import {
  COMMANDS,
  completeCommand,
  findCommand,
  helpText,
  ircLine,
  parseInput,
  usageError,
} from "../../core/commands.js";

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
    usage: "/msg <nick|#channel> <text>",
  });
  assert.deepEqual(parseInput("/whois"), {
    kind: "usage",
    name: "whois",
    usage: "/whois <nick>",
  });
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
    "/quote <raw line> - Send a raw IRC line to the server (also /raw)",
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
  assert.equal(line("/list"), undefined);
  assert.deepEqual(line("/away lunch"), { line: "AWAY :lunch" });
  assert.deepEqual(line("/back"), { line: "AWAY" });
  assert.deepEqual(line("/kick bob"), { error: "Cannot kick: open a channel first" });
  assert.equal(line("/whois bob"), undefined);
});

Deno.test("parseInput() reads every command of the issue, and says how to use each one", () => {
  const cases: [string, unknown][] = [
    ["/join #a", { kind: "join", channel: "#a" }],
    ["/part", { kind: "part" }],
    ["/msg #a hi", { kind: "msg", target: "#a", text: "hi" }],
    ["/query bob", { kind: "query", target: "bob" }],
    ["/me waves", { kind: "me", text: "waves" }],
    ["/nick robert", { kind: "nick", nick: "robert" }],
    ["/topic", { kind: "topic" }],
    ["/topic #a new one", { kind: "topic", channel: "#a", text: "new one" }],
    ["/away gone fishing", { kind: "away", message: "gone fishing" }],
    ["/back", { kind: "away" }],
    ["/quit bye", { kind: "quit", reason: "bye" }],
    ["/mode +nt", { kind: "mode", modes: "+nt" }],
    ["/mode #a +k key", { kind: "mode", target: "#a", modes: "+k key" }],
    ["/op alice", { kind: "members", mode: "+o", nicks: ["alice"] }],
    ["/deop alice", { kind: "members", mode: "-o", nicks: ["alice"] }],
    ["/voice a b", { kind: "members", mode: "+v", nicks: ["a", "b"] }],
    ["/devoice a", { kind: "members", mode: "-v", nicks: ["a"] }],
    ["/kick bob spam", { kind: "kick", nick: "bob", reason: "spam" }],
    ["/ban *!*@bad.host", { kind: "ban", mask: "*!*@bad.host" }],
    ["/invite bob #a", { kind: "invite", nick: "bob", channel: "#a" }],
    ["/notice bob psst", { kind: "notice", target: "bob", text: "psst" }],
    ["/whois bob", { kind: "whois", nick: "bob" }],
    ["/list >10", { kind: "list", filter: ">10" }],
    ["/quote PING x", { kind: "quote", line: "PING x" }],
    ["/close", { kind: "close" }],
    ["/help kick", { kind: "help", command: "kick" }],
  ];
  for (const [input, expected] of cases) assert.deepEqual(parseInput(input), expected, input);
  const misused = [
    "/join",
    "/msg bob",
    "/query",
    "/me",
    "/nick",
    "/mode",
    "/op",
    "/kick",
    "/ban",
    "/invite",
    "/notice bob",
    "/whois",
    "/quote",
    "/back now",
    "/close #a",
  ];
  for (const input of misused) {
    const parsed = parseInput(input);
    assert.equal(parsed.kind, "usage", input);
  }
  assert.equal(usageError("kick"), "usage: /kick <nick> [reason]");
  assert.equal(usageError("/JOIN"), "usage: /join <#channel> [key]");
  for (
    const name of [
      "join",
      "part",
      "msg",
      "query",
      "me",
      "nick",
      "topic",
      "away",
      "back",
      "quit",
      "mode",
      "op",
      "deop",
      "voice",
      "devoice",
      "kick",
      "ban",
      "invite",
      "notice",
      "whois",
      "list",
      "quote",
      "close",
      "help",
    ]
  ) {
    assert.ok(findCommand(name), name);
    assert.match(helpText(name), new RegExp(`^/${name}\\b.* - \\S`), name);
  }
});

Deno.test("rows say what their argument completes to", () => {
  assert.equal(findCommand("kick")?.completes, "nick");
  assert.equal(findCommand("join")?.completes, "channel");
  assert.equal(findCommand("help")?.completes, "command");
  assert.equal(findCommand("quit")?.completes, undefined);
});
