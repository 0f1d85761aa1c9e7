import assert from "node:assert/strict";
import { createEvent } from "../../bus/mod.ts";
import { formatEvent, parseTerminalArgs, parseTerminalCommand } from "../../client/mod.ts";
import { ScriptedServer } from "../irc/_peer.ts";
import { spawnTerminal } from "./_helpers.ts";

Deno.test("parseTerminalArgs() reads host, port, TLS, nick, channels and SASL account", () => {
  assert.deepEqual(
    parseTerminalArgs([
      "--server",
      "irc.example:7000",
      "--nick",
      "me",
      "--join",
      "#a,#b",
      "--sasl-account",
      "acct",
    ]),
    {
      host: "irc.example",
      port: 7000,
      tls: false,
      insecure: false,
      nick: "me",
      join: ["#a", "#b"],
      saslAccount: "acct",
    },
  );
  assert.equal(parseTerminalArgs(["--server", "h", "--tls", "--nick", "n"]).port, 6697);
  assert.equal(parseTerminalArgs(["--server", "h", "--nick", "n"]).port, 6667);
  assert.equal(parseTerminalArgs(["--", "--server", "h", "--nick", "n"]).host, "h");
  assert.equal(parseTerminalArgs(["--server", "[::1]:6668", "--nick", "n"]).host, "::1");
});

Deno.test("parseTerminalArgs() refuses missing, malformed and password arguments", () => {
  assert.throws(() => parseTerminalArgs(["--nick", "n"]), /--server is required/);
  assert.throws(() => parseTerminalArgs(["--server", "h"]), /--nick is required/);
  assert.throws(() => parseTerminalArgs(["--server", "h:99999", "--nick", "n"]), /invalid port/);
  assert.throws(
    () => parseTerminalArgs(["--server", "h", "--nick", "n", "--password", "x"]),
    /not taken from argv/,
  );
  assert.throws(() => parseTerminalArgs(["--server", "h", "--nick", "n", "--bogus"]), TypeError);
});

Deno.test("parseTerminalCommand() maps input lines to commands", () => {
  assert.deepEqual(parseTerminalCommand("hello there"), { kind: "say", text: "hello there" });
  assert.deepEqual(parseTerminalCommand("//not a command"), {
    kind: "say",
    text: "/not a command",
  });
  assert.deepEqual(parseTerminalCommand("/join #a key"), {
    kind: "join",
    channel: "#a",
    key: "key",
  });
  assert.deepEqual(parseTerminalCommand("/part #a see you"), {
    kind: "part",
    channel: "#a",
    reason: "see you",
  });
  assert.deepEqual(parseTerminalCommand("/msg bob hi there"), {
    kind: "msg",
    target: "bob",
    text: "hi there",
  });
  assert.deepEqual(parseTerminalCommand("/whois bob"), { kind: "whois", nick: "bob" });
  assert.deepEqual(parseTerminalCommand("/nick robert"), { kind: "nick", nick: "robert" });
  assert.deepEqual(parseTerminalCommand("/quit bye now"), { kind: "quit", reason: "bye now" });
  assert.deepEqual(parseTerminalCommand("/wat"), { kind: "help" });
  assert.deepEqual(parseTerminalCommand("   "), { kind: "none" });
});

Deno.test("formatEvent() renders messages, private messages and errors", () => {
  const at = new Date(2024, 0, 1, 12, 34, 56);
  assert.equal(
    formatEvent(
      createEvent(
        "message.received",
        { networkId: 1, channel: "#a", user: "bob", message: "hi", timestamp: 0 },
        "irc",
        at,
      ),
    ),
    "12:34:56 #a <bob> hi",
  );
  assert.equal(
    formatEvent(
      createEvent(
        "message.received",
        { networkId: 1, channel: "", user: "bob", message: "psst", timestamp: 0, peer: "bob" },
        "irc",
        at,
      ),
    ),
    "12:34:56 (pm bob) <bob> psst",
  );
  assert.equal(
    formatEvent(
      createEvent("error", { networkId: 1, error: "#a: Cannot join", type: "474" }, "irc", at),
    ),
    "12:34:56 !! [474] #a: Cannot join",
  );
  assert.equal(
    formatEvent(createEvent("user.meta", { networkId: 1, nickname: "x", away: false }, "irc", at)),
    undefined,
  );
});

Deno.test("formatEvent() marks a bot's message, and prints warnings and notes (a FAIL is its error)", () => {
  const at = new Date(2024, 0, 1, 12, 34, 56);
  assert.equal(
    formatEvent(
      createEvent(
        "message.received",
        { networkId: 1, channel: "#a", user: "robot", message: "beep", timestamp: 0, bot: true },
        "irc",
        at,
      ),
    ),
    "12:34:56 #a <robot> [bot] beep",
  );
  const reply = (type: "FAIL" | "WARN" | "NOTE") =>
    formatEvent(
      createEvent(
        "server.reply",
        {
          networkId: 1,
          type,
          command: "PRIVMSG",
          code: "SLOW_DOWN",
          context: ["#a"],
          description: "Slow down",
          target: "#a",
        },
        "irc",
        at,
      ),
    );
  assert.equal(reply("WARN"), "12:34:56 #a WARN PRIVMSG SLOW_DOWN #a: Slow down");
  assert.equal(reply("FAIL"), undefined);
});

Deno.test("deno task run: connects, joins, says, reads commands from stdin and quits", async () => {
  await using server = new ScriptedServer();
  const child = spawnTerminal(server.port, "#a", "piped");
  const peer = await server.accept();
  await peer.register();
  await peer.expect(/^JOIN #a$/);
  await peer.send(":term!t@h JOIN #a", ":bob!b@h PRIVMSG #a :hi term");
  const writer = child.stdin.getWriter();
  const enc = new TextEncoder();
  await writer.write(enc.encode("hello everyone\n/msg bob private\n"));
  await peer.expect(/^PRIVMSG bob :private$/);
  assert.ok(peer.received.includes("PRIVMSG #a :hello everyone"));
  await writer.write(enc.encode("/quit done here\n"));
  await peer.expect(/^QUIT :?done here/);
  await peer.close();
  await writer.close();
  const out = await child.output();
  const stdout = new TextDecoder().decode(out.stdout);
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  assert.match(stdout, /-- connected to 127\.0\.0\.1:\d+/);
  assert.match(stdout, /#a <bob> hi term/);
  assert.match(stdout, /#a > hello everyone/);
  assert.match(stdout, /connection lost: Disconnected: done here/);
});
