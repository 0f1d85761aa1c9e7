import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { EventBus } from "../../bus/mod.ts";
import { MessageStore } from "../../history/mod.ts";
import { emit } from "./_events.ts";

/**
 * A history file written by the store before it was split into parts (commit f7c6230, by
 * `_data/make_history_v4.ts`): schema version 4, three networks, a reply, reactions, a
 * redaction, a read position, and a search index that stops two lines short of the end.
 */
const FIXTURE = new URL("./_data/history_v4.sqlite", import.meta.url);
const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const casemapping = (networkId: number) => networkId === 2 ? "ascii" : "rfc1459";

/** A copy of the fixture in a temp dir removed at the end of the test. */
async function storedFile(): Promise<AsyncDisposable & { path: string }> {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-history-" });
  const path = join(dir, "history.sqlite");
  await Deno.copyFile(FIXTURE, path);
  return { path, [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }) };
}

/** Every row of the tables that hold what the user stored, and the schema, as text. */
function contents(path: string): Record<string, string> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const dump = (sql: string) => JSON.stringify(db.prepare(sql).all());
    return {
      schema: dump("SELECT type, name, sql FROM sqlite_schema ORDER BY type, name"),
      versions: dump("SELECT * FROM schema_versions"),
      buffers: dump("SELECT * FROM buffers ORDER BY id"),
      lines: dump("SELECT * FROM lines ORDER BY id"),
      reactions: dump("SELECT * FROM reactions ORDER BY buffer_id, msgid, reaction, sender_key"),
    };
  } finally {
    db.close();
  }
}

const brief = (lines: { sender: string; text: string }[]) =>
  lines.map((line) => `${line.sender}: ${line.text}`);

Deno.test("a history file the unsplit store wrote opens and reads as it did, left as it was", async () => {
  await using file = await storedFile();
  const before = contents(file.path);
  {
    await using bus = new EventBus();
    using store = MessageStore.open(file.path);
    store.attach(bus, { casemapping });

    assert.deepEqual(store.buffers(), [
      { networkId: 1, name: "#Deno[m]", readTime: T0 + 1 },
      { networkId: 2, name: "#Ä" },
      { networkId: 2, name: "#ä" },
      { networkId: 3, name: "#Solo" },
    ]);
    // One buffer on rfc1459 however it is written; two on ascii.
    const page = store.page(1, "#DENO{M}");
    assert.deepEqual(brief(page), [
      "alice: hello from the old store",
      "bob: an answer to alice",
      "carol: ",
      "alice: written after the index caught up",
    ]);
    assert.deepEqual(page[0].reactions, [{ reaction: "👍", senders: ["Bob", "carol"] }]);
    assert.equal(page[1].replyTo, "m1");
    assert.equal(page[2].redacted, true);
    assert.deepEqual(brief(store.page(2, "#Ä")), ["dora: über ascii"]);
    assert.deepEqual(brief(store.page(2, "#ä")), ["erik: a second buffer"]);
    assert.equal(store.message(1, "#deno[m]", "m2")?.text, "an answer to alice");
    assert.equal(store.lastStored(1, "#deno{m}")?.getTime(), T0 + 7);
    assert.equal(store.unread(1, "#deno[m]", T0 + 1), 2);
    assert.deepEqual([...store.lines(3, "#solo")].map((line) => line.text), ["zz short"]);

    // Indexed lines through the index, the two it had not reached by scanning them, short
    // words by scanning; the redacted text is found nowhere.
    const found = (text: string) => brief(store.search({ text }));
    assert.deepEqual(found("old store"), ["alice: hello from the old store"]);
    assert.deepEqual(found("caught up"), ["alice: written after the index caught up"]);
    assert.deepEqual(found("zz"), ["frank: zz short"]);
    assert.deepEqual(found("deleted"), []);
    assert.equal(store.index(), 2);
    assert.deepEqual(found("caught up"), ["alice: written after the index caught up"]);
  }
  assert.deepEqual(contents(file.path), before);
});

Deno.test("a history file the unsplit store wrote takes new lines, and a replay of an old one is stored once", async () => {
  await using file = await storedFile();
  {
    await using bus = new EventBus();
    using store = MessageStore.open(file.path);
    store.attach(bus, { casemapping });
    await emit(bus, "message.received", {
      networkId: 1,
      channel: "#deno[m]",
      user: "alice",
      message: "hello from the old store",
      timestamp: T0,
      msgid: "m1",
      history: true,
    }, T0);
    await emit(bus, "message.received", {
      networkId: 1,
      channel: "#deno[m]",
      user: "dave",
      message: "a new line",
      timestamp: T0 + 9,
    }, T0 + 9);
    await store.flush();
    const page = store.page(1, "#deno[m]");
    assert.deepEqual(brief(page.slice(-2)), [
      "alice: written after the index caught up",
      "dave: a new line",
    ]);
    assert.equal(page.length, 5);
    assert.equal(page.at(-1)?.id, 8);
    store.react(1, "#deno[m]", { msgid: "m1", sender: "BOB", reaction: "👍", time: T0 + 10 });
    assert.deepEqual(store.page(1, "#deno[m]")[0].reactions, [{
      reaction: "👍",
      senders: ["Bob", "carol"],
    }]);
  }
});

Deno.test("a new history file has exactly the schema of one the unsplit store wrote", async () => {
  await using file = await storedFile();
  const fresh = join(file.path, "..", "fresh.sqlite");
  MessageStore.open(fresh).close();
  const made = contents(fresh);
  const fixture = contents(file.path);
  assert.equal(made.schema, fixture.schema);
  assert.equal(made.versions, fixture.versions);
});
