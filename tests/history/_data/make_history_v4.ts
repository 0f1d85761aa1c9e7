/**
 * Wrote `history_v4.sqlite` with the MessageStore of commit f7c6230 (before the store was
 * split into parts): lines of three networks, a reply, reactions, a redaction, a read
 * position, and a search index that has caught up with only part of the lines. Kept to say
 * how the file was made; running it now writes what today's store writes, which is not the
 * point of the fixture.
 *
 * `deno run -A tests/history/_data/make_history_v4.ts out.sqlite`
 *
 * @module
 */
import { createEvent, EventBus } from "../../../bus/mod.ts";
import { MessageStore } from "../../../history/mod.ts";

const path = Deno.args[0];
const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const extra = (msgid?: string, replyTo?: string) => ({ msgid, replyTo });
{
  await using bus = new EventBus();
  using store = MessageStore.open(path, { clock: () => T0 });
  store.attach(bus, { casemapping: (id) => id === 2 ? "ascii" : "rfc1459" });
  const said = (
    networkId: number,
    channel: string,
    user: string,
    message: string,
    time: number,
    tags: { msgid?: string; replyTo?: string } = {},
  ) =>
    bus.emitSync(createEvent(
      "message.received",
      {
        networkId,
        channel,
        user,
        message,
        timestamp: time,
        kind: "message" as const,
        ...tags,
      },
      "irc",
      new Date(time),
    ));
  await said(1, "#Deno[m]", "alice", "hello from the old store", T0, extra("m1"));
  await said(1, "#deno{m}", "bob", "an answer to alice", T0 + 1, extra("m2", "m1"));
  await said(1, "#deno{m}", "carol", "to be deleted", T0 + 2, extra("m3"));
  await said(2, "#Ä", "dora", "über ascii", T0 + 3);
  await said(2, "#ä", "erik", "a second buffer", T0 + 4);
  await store.flush();
  store.index();
  store.react(1, "#deno{m}", { msgid: "m1", sender: "Bob", reaction: "👍", time: T0 + 5 });
  store.react(1, "#deno{m}", { msgid: "m1", sender: "carol", reaction: "👍", time: T0 + 6 });
  store.redact(1, "#deno{m}", "m3");
  store.markRead(1, "#deno[m]", T0 + 1);
  // Lines the index has not reached when the file is closed.
  await said(1, "#deno[m]", "alice", "written after the index caught up", T0 + 7, extra("m4"));
  await said(3, "#Solo", "frank", "zz short", T0 + 8);
  await store.flush();
}
