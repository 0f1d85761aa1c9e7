// IRCv3 draft/multiline against a scripted server, since no Debian IRC server offers it: a
// pasted text goes out as one BATCH within the server's max-bytes and max-lines, and a
// received batch is one message.received.
import assert from "node:assert/strict";
import { MessageStore } from "../../history/mod.ts";
import { connectToScriptedPeer } from "./_connected.ts";
import { groupBatches, multilineLimits } from "../../irc/_multiline.ts";

const CAPS = "batch server-time message-tags draft/multiline=max-bytes=4096,max-lines=3";

Deno.test("say() sends a multi-line text as one draft/multiline batch, and message.sent once", async () => {
  await using c = await connectToScriptedPeer({ register: { caps: CAPS } });
  c.client.say("#t", "first\n\nthird");
  await c.peer.expect(/^BATCH -/);
  assert.deepEqual(c.peer.received.slice(-5), [
    "BATCH +ml1 draft/multiline #t",
    "@batch=ml1 PRIVMSG #t :first",
    "@batch=ml1 PRIVMSG #t :",
    "@batch=ml1 PRIVMSG #t :third",
    "BATCH -ml1",
  ]);
  const sent = await c.rec.waitFor("message.sent");
  assert.equal(sent.data.message, "first\n\nthird");
  assert.equal(c.rec.of("message.sent").length, 1);
});

Deno.test("say() keeps to max-lines, and marks a cut long line with multiline-concat", async () => {
  await using c = await connectToScriptedPeer({ register: { caps: CAPS } });
  const long = "x".repeat(500);
  c.client.say("#t", `a\nb\nc\nd\n${long}`, { reply: { msgid: "m1", nick: "bob" } });
  await c.peer.expect(/^BATCH -ml2/);
  assert.deepEqual(c.peer.received.slice(-10), [
    "@+draft/reply=m1 BATCH +ml1 draft/multiline #t",
    "@batch=ml1 PRIVMSG #t :a",
    "@batch=ml1 PRIVMSG #t :b",
    "@batch=ml1 PRIVMSG #t :c",
    "BATCH -ml1",
    "@+draft/reply=m1 BATCH +ml2 draft/multiline #t",
    "@batch=ml2 PRIVMSG #t :d",
    `@batch=ml2 PRIVMSG #t :${"x".repeat(400)}`,
    `@batch=ml2;draft/multiline-concat PRIVMSG #t :${"x".repeat(100)}`,
    "BATCH -ml2",
  ]);
  await c.rec.waitFor("message.sent", (d) => d.message.startsWith("d"));
  assert.deepEqual(c.rec.of("message.sent").map((d) => [d.message, d.replyTo]), [
    ["a\nb\nc", "m1"],
    [`d\n${long}`, "m1"],
  ]);
});

Deno.test("say() without draft/multiline (or without message-tags beside it) sends one PRIVMSG a line", async () => {
  for (const caps of [undefined, "batch server-time draft/multiline=max-bytes=4096"]) {
    await using c = await connectToScriptedPeer({ register: { caps } });
    c.client.say("#t", "one\ntwo");
    await c.peer.expect(/^PRIVMSG #t :two/);
    assert.deepEqual(c.peer.received.slice(-2), ["PRIVMSG #t :one", "PRIVMSG #t :two"]);
    await c.rec.waitFor("message.sent", (d) => d.message === "two");
    assert.equal(c.rec.of("message.sent").length, 2);
  }
});

Deno.test("a received multiline batch is one message.received and one stored line", async () => {
  await using c = await connectToScriptedPeer({ register: { caps: CAPS } });
  using store = MessageStore.open(":memory:");
  store.attach(c.bus, { ownNick: () => c.nick });
  await c.peer.send(
    "@msgid=b1;time=2026-01-01T00:00:00.000Z :bob!b@h BATCH +x draft/multiline #t",
    "@batch=x :bob!b@h PRIVMSG #t :hello",
    "@batch=x :bob!b@h PRIVMSG #t :wor",
    "@batch=x;draft/multiline-concat :bob!b@h PRIVMSG #t :ld",
    ":bob!b@h BATCH -x",
  );
  const got = await c.rec.waitFor("message.received");
  assert.equal(got.data.message, "hello\nworld");
  assert.equal(got.data.msgid, "b1");
  await store.flush();
  assert.deepEqual(store.page(1, "#t").map((l) => [l.msgid, l.text]), [["b1", "hello\nworld"]]);
});

Deno.test("multilineLimits() reads the capability's value, and refuses one without max-bytes", () => {
  assert.deepEqual(multilineLimits("max-bytes=4096,max-lines=24"), {
    maxBytes: 4096,
    maxLines: 24,
  });
  assert.deepEqual(multilineLimits("max-bytes=40"), { maxBytes: 40, maxLines: 100 });
  assert.equal(multilineLimits("max-lines=5"), undefined);
  assert.equal(multilineLimits(""), undefined);
  assert.equal(multilineLimits("max-bytes=-3"), undefined);
  assert.equal(multilineLimits(undefined), undefined);
});

Deno.test("groupBatches() keeps each batch within max-bytes, line breaks counted", () => {
  const pieces = ["aaaa", "bbbb", "cccc"].map((text) => ({ text, concat: false }));
  // 4 + 1 + 4 = 9 bytes fit in 9; a third line would need 14.
  assert.deepEqual(
    groupBatches(pieces, { maxBytes: 9, maxLines: 10 }).map((b) => b.map((p) => p.text)),
    [["aaaa", "bbbb"], ["cccc"]],
  );
  // A batch never opens with a continuation.
  const cut = [{ text: "aaaa", concat: false }, { text: "bbbb", concat: true }];
  assert.deepEqual(groupBatches(cut, { maxBytes: 4, maxLines: 10 }), [
    [{ text: "aaaa", concat: false }],
    [{ text: "bbbb", concat: false }],
  ]);
});
