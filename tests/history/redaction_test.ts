// Message redaction (IRCv3 draft/message-redaction) against a scripted server, since no
// Debian IRC server offers it: REDACT read as message.redacted and sent by redact(); the
// history store then keeps the line as deleted, out of search, across a reopen.
import assert from "node:assert/strict";
import { MessageStore } from "../../history/mod.ts";
import { connectToScriptedPeer } from "../irc/_connected.ts";

const CAPS = "batch server-time message-tags draft/message-redaction";

Deno.test("REDACT from the server is message.redacted, and the store replaces the text everywhere", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-redact-" });
  const path = `${dir}/history.sqlite`;
  try {
    {
      await using c = await connectToScriptedPeer({ register: { caps: CAPS } });
      using store = MessageStore.open(path);
      store.attach(c.bus, { ownNick: () => c.nick });
      await c.peer.send(
        "@msgid=m1;time=2026-01-01T00:00:00.000Z :bob!b@h PRIVMSG #t :a secret password",
        "@msgid=m2;time=2026-01-01T00:00:01.000Z :bob!b@h PRIVMSG #t :keep this",
        "@msgid=m3;time=2026-01-01T00:00:02.000Z :bob!b@h PRIVMSG me :private slip",
        "@+draft/react=👍;+draft/reply=m1 :carol!c@h TAGMSG #t",
        ":bob!b@h REDACT #t m1 :oops",
        ":bob!b@h REDACT me m3",
      );
      const redacted = await c.rec.waitFor("message.redacted", (d) => d.msgid === "m3");
      assert.deepEqual(c.rec.of("message.redacted"), [
        { networkId: 1, channel: "#t", user: "bob", msgid: "m1", reason: "oops" },
        { networkId: 1, channel: "", user: "bob", peer: "bob", msgid: "m3" },
      ]);
      assert.equal(redacted.data.reason, undefined);
      await store.flush();
      assert.deepEqual(
        store.page(1, "#t").map((l) => [l.msgid, l.text, l.redacted ?? false, l.reactions]),
        [["m1", "", true, undefined], ["m2", "keep this", false, undefined]],
      );
      assert.deepEqual(store.search({ text: "secret" }), [], "out of the search index");
      assert.equal(store.page(1, "bob")[0].redacted, true);
    }
    using reopened = MessageStore.open(path);
    assert.deepEqual(reopened.page(1, "#t").map((l) => l.text), ["", "keep this"]);
    assert.equal(reopened.message(1, "#t", "m1")?.redacted, true);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("redact() sends REDACT where the server offers it, and refuses where it does not", async () => {
  {
    await using c = await connectToScriptedPeer({ register: { caps: CAPS } });
    c.client.redact("#t", "m1", { reason: "wrong channel" });
    assert.equal(await c.peer.expect(/^REDACT/), "REDACT #t m1 :wrong channel");
    c.client.redact("bob", "m2");
    assert.equal(await c.peer.expect(/^REDACT bob/), "REDACT bob m2");
    assert.throws(() => c.client.redact("#t", "a b"), TypeError);
    // The server relays ours back: that is the event.
    await c.peer.send(`:${c.nick}!u@h REDACT bob m2`);
    const ours = await c.rec.waitFor("message.redacted");
    assert.deepEqual([ours.data.user, ours.data.peer], [c.nick, "bob"]);
  }
  {
    await using c = await connectToScriptedPeer();
    assert.throws(
      () => c.client.redact("#t", "m1"),
      /Cannot delete a message: the server does not offer draft\/message-redaction/,
    );
  }
});
