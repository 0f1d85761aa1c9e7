// deno-lint-ignore-file no-control-regex -- CTCP lines are delimited by \x01, on purpose.
import assert from "node:assert/strict";
import { connectToScriptedPeer } from "./_connected.ts";
import { CtcpReplies, messageKind, parseCtcp } from "../../irc/_ctcp.ts";

const FAST = { followUpInterval: 0, messageRate: { burst: 50, interval: 1 } };

Deno.test("CTCP VERSION, PING and TIME are answered by NOTICE to the sender, as kind ctcp", async () => {
  await using c = await connectToScriptedPeer(FAST);
  await c.peer.send(":bob!b@h PRIVMSG me :\x01VERSION\x01");
  assert.match(
    await c.peer.expect(/^NOTICE bob /),
    /^NOTICE bob :\x01VERSION ircbus \S+ \(Deno [\d.]+\)\x01$/,
  );
  await c.peer.send(":bob!b@h PRIVMSG me :\x01PING 1732259000 123\x01");
  assert.equal(
    await c.peer.expect(/^NOTICE bob :\x01PING/),
    "NOTICE bob :\x01PING 1732259000 123\x01",
  );
  await c.peer.send(":bob!b@h PRIVMSG #chan :\x01TIME\x01");
  const time = await c.peer.expect(/^NOTICE bob :\x01TIME/);
  assert.match(time, /^NOTICE bob :\x01TIME \w{3}, \d{2} \w{3} \d{4} [\d:]{8} GMT\x01$/);

  const request = await c.rec.waitFor("message.received", (d) => d.message === "VERSION");
  assert.equal(request.data.kind, "ctcp");
  assert.equal(request.data.peer, "bob");
});

Deno.test("a CTCP flood gets at most 3 answers, not one line per request", async () => {
  await using c = await connectToScriptedPeer(FAST);
  const flood = Array.from({ length: 20 }, (_, i) => `:bob${i}!b@h PRIVMSG me :\x01VERSION\x01`);
  await c.peer.send(...flood, ":bob!b@h PRIVMSG me :done flooding");
  await c.rec.waitFor("message.received", (d) => d.message === "done flooding");
  // Answers are written while their request is handled: all are out before this line.
  c.client.say("bob", "marker");
  await c.peer.expect(/^PRIVMSG bob :marker$/);
  assert.equal(c.peer.received.filter((l) => l.startsWith("NOTICE ")).length, 3);
  assert.equal(
    c.rec.of("message.received").filter((d) => d.kind === "ctcp").length,
    20,
    "every request is still shown",
  );
});

Deno.test("CtcpReplies answers again once its 10 s window has passed", () => {
  let now = 0;
  const replies = new CtcpReplies(() => now);
  const ping = { command: "PING", params: "1" };
  for (let i = 0; i < 3; i++) assert.equal(replies.answer(ping), "\x01PING 1\x01");
  assert.equal(replies.answer(ping), undefined);
  now = 9_999;
  assert.equal(replies.answer(ping), undefined);
  now = 10_000;
  assert.equal(replies.answer(ping), "\x01PING 1\x01");
  assert.equal(replies.answer({ command: "FINGER", params: "" }), undefined);
});

Deno.test("message.received carries its kind: message, notice, action, ctcp", async () => {
  await using c = await connectToScriptedPeer(FAST);
  await c.peer.send(
    ":bob!b@h PRIVMSG #chan :hello",
    ":bob!b@h NOTICE #chan :a notice",
    ":bob!b@h PRIVMSG #chan :\x01ACTION waves\x01",
    ":bob!b@h NOTICE me :\x01VERSION bobclient 1.0\x01",
    ":bob!b@h PRIVMSG #chan :last",
  );
  await c.rec.waitFor("message.received", (d) => d.message === "last");
  assert.deepEqual(
    c.rec.of("message.received").map((d) => [d.kind, d.message]),
    [
      ["message", "hello"],
      ["notice", "a notice"],
      ["action", "waves"],
      ["ctcp", "VERSION bobclient 1.0"],
      ["message", "last"],
    ],
  );
  // A CTCP reply (in a NOTICE) is never answered.
  c.client.say("bob", "marker");
  await c.peer.expect(/^PRIVMSG bob :marker$/);
  assert.equal(c.peer.received.some((l) => l.startsWith("NOTICE ")), false);
});

Deno.test("action() sends /me as CTCP ACTION and message.sent says kind action", async () => {
  await using c = await connectToScriptedPeer(FAST);
  c.client.action("#chan", "waves");
  assert.equal(await c.peer.expect(/^PRIVMSG #chan /), "PRIVMSG #chan :\x01ACTION waves\x01");
  const sent = await c.rec.waitFor("message.sent", (d) => d.channel === "#chan");
  assert.equal(sent.data.kind, "action");
  assert.equal(sent.data.message, "waves");
  assert.throws(() => c.client.action("#chan", "a\rb"), /Cannot send an action: the text/);
});

Deno.test("errors the server returns carry the buffer they belong to", async () => {
  await using c = await connectToScriptedPeer(FAST);
  await c.peer.send(
    ":peer.test 404 me #chan :Cannot send to channel",
    ":peer.test 442 me #other :You're not on that channel",
    ":peer.test 401 me nobody :No such nick/channel",
  );
  await c.rec.waitFor("error", (d) => d.type === "401");
  assert.deepEqual(
    c.rec.of("error").map((d) => [d.type, d.target, d.error]),
    [
      ["404", "#chan", "#chan: Cannot send to channel"],
      ["442", "#other", "#other: You're not on that channel"],
      ["401", "nobody", "nobody: No such nick/channel"],
    ],
  );
});

Deno.test("parseCtcp() and messageKind() decide the kind once", () => {
  assert.deepEqual(parseCtcp("\x01ping 1\x01"), { command: "PING", params: "1" });
  assert.equal(parseCtcp("plain"), undefined);
  assert.equal(parseCtcp("\x01\x01"), undefined);
  assert.deepEqual(messageKind("PRIVMSG", "\x01ACTION waves"), { kind: "action", text: "waves" });
  // An ACTION in a NOTICE is not an action.
  assert.deepEqual(messageKind("NOTICE", "\x01ACTION x\x01"), { kind: "ctcp", text: "ACTION x" });
});
