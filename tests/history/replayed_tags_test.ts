// Reactions and deletions replayed inside a CHATHISTORY batch (scripted server: the reply's
// shape is the spec's) apply as live ones do, in the bus events and in the store.
import assert from "node:assert/strict";
import { MessageStore } from "../../history/mod.ts";
import { connectToScriptedPeer } from "../irc/_connected.ts";

const CAPS = "batch server-time message-tags draft/chathistory draft/message-redaction";
const at = (s: number) => `2026-01-01T00:00:${String(s).padStart(2, "0")}.000Z`;

Deno.test("reactions and deletions replayed by CHATHISTORY are message.reacted and message.redacted, and reach the store", async () => {
  await using c = await connectToScriptedPeer({
    followUpInterval: 0,
    register: { caps: CAPS },
  });
  using store = MessageStore.open(":memory:");
  store.attach(c.bus, { ownNick: () => c.nick });
  c.client.join("#r");
  await c.peer.send(":me!me@h JOIN #r", ":peer.test 353 me = #r :me", ":peer.test 366 me #r :End");
  await c.peer.expect(/^CHATHISTORY LATEST #r \* 50$/);
  await c.peer.send(
    ":peer.test BATCH +h chathistory #r",
    `@batch=h;msgid=m1;time=${at(1)} :bob!b@h PRIVMSG #r :lunch?`,
    `@batch=h;msgid=m2;time=${at(2)} :bob!b@h PRIVMSG #r :wrong window`,
    `@batch=h;msgid=t1;time=${at(3)};+draft/react=👍;+draft/reply=m1 :carol!c@h TAGMSG #r`,
    // Ours too: only the replay brings back a reaction made from another client.
    `@batch=h;msgid=t2;time=${at(4)};+draft/react=🎉;+draft/reply=m1 :me!me@h TAGMSG #r`,
    `@batch=h;msgid=t3;time=${at(5)};+draft/react=👀;+draft/reply=m1 :dave!d@h TAGMSG #r`,
    `@batch=h;msgid=t4;time=${at(6)};+draft/unreact=👀;+draft/reply=m1 :dave!d@h TAGMSG #r`,
    // A replayed typing notice is stale: not reported.
    `@batch=h;msgid=t5;time=${at(7)};+typing=active :carol!c@h TAGMSG #r`,
    `@batch=h;time=${at(8)} :bob!b@h REDACT #r m2 :oops`,
    ":peer.test BATCH -h",
    // Our own reaction echoed live (echo-message) was reported when sent: not again.
    `@msgid=t6;time=${at(8)};+draft/react=👀;+draft/reply=m1 :me!me@h TAGMSG #r`,
    ":peer.test BATCH +g chathistory #r",
    // ...nor when a later replay brings it back, after we took it back.
    `@batch=g;msgid=t6;time=${at(8)};+draft/react=👀;+draft/reply=m1 :me!me@h TAGMSG #r`,
    ":peer.test BATCH -g",
    // The same reaction again, live: its msgid was seen, so it is not counted twice.
    `@msgid=t1;time=${at(3)};+draft/react=👍;+draft/reply=m1 :carol!c@h TAGMSG #r`,
    `@msgid=m9;time=${at(9)} :bob!b@h PRIVMSG #r :end`,
  );
  await c.rec.waitFor("message.received", (d) => d.msgid === "m9");
  assert.deepEqual(
    c.rec.of("message.reacted").map((d) => [d.user, d.reaction, d.removed, d.history]),
    [
      ["carol", "👍", false, true],
      ["me", "🎉", false, true],
      ["dave", "👀", false, true],
      ["dave", "👀", true, true],
    ],
  );
  assert.deepEqual(c.rec.of("user.typing"), []);
  assert.deepEqual(c.rec.of("message.redacted"), [
    { networkId: 1, channel: "#r", user: "bob", msgid: "m2", reason: "oops", history: true },
  ]);
  await store.flush();
  const lines = store.page(1, "#r").filter((l) => l.kind === "message");
  assert.deepEqual(lines.map((l) => [l.msgid, l.text, l.redacted ?? false, l.reactions]), [
    ["m1", "lunch?", false, [{ reaction: "👍", senders: ["carol"] }, {
      reaction: "🎉",
      senders: ["me"],
    }]],
    ["m2", "", true, undefined],
    ["m9", "end", false, undefined],
  ]);
});
