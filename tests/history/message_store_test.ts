import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createEvent, EventBus } from "../../bus/mod.ts";
import { emit, timeline } from "./_events.ts";
import { HistoryError, MessageStore, type StoredLine } from "../../history/mod.ts";

const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);

/** A temp dir removed at the end of the test. */
async function tempDir(): Promise<AsyncDisposable & { path: string }> {
  const path = await Deno.makeTempDir({ prefix: "ircbus-history-" });
  return { path, [Symbol.asyncDispose]: () => Deno.remove(path, { recursive: true }) };
}

function said(networkId: number, channel: string, user: string, message: string) {
  return { networkId, channel, user, message, timestamp: 0, kind: "message" as const };
}

/** Stores one line of alice's in #deno in the history file at `path`, then closes it. */
async function storeLine(path: string, text: string): Promise<void> {
  await using bus = new EventBus();
  using store = MessageStore.open(path);
  store.attach(bus);
  await emit(bus, "message.received", said(1, "#deno", "alice", text), T0);
  await store.flush();
}

const brief = (lines: StoredLine[]) => lines.map((l) => `${l.kind} ${l.sender} ${l.text}`);

Deno.test("MessageStore stores each message-bearing event in its buffer, oldest first", async () => {
  await using dir = await tempDir();
  await using bus = new EventBus();
  using store = MessageStore.open(join(dir.path, "history.sqlite"));
  store.attach(bus, { ownNick: () => "me" });
  const next = timeline(bus, T0);
  await next("channel.names.complete", {
    networkId: 1,
    channel: "#deno",
    users: ["me", "alice", "bob"],
  });
  await next("channel.names.complete", {
    networkId: 1,
    channel: "#other",
    users: ["me", "bob"],
  });
  await next("message.received", { ...said(1, "#deno", "alice", "hi"), msgid: "m1" });
  await next("message.received", { ...said(1, "#deno", "alice", "waves"), kind: "action" });
  await next("message.received", { ...said(1, "#deno", "bob", "psst"), kind: "notice" });
  await next("message.received", { ...said(1, "#deno", "bob", "VERSION"), kind: "ctcp" });
  await next("message.sent", { networkId: 1, channel: "#deno", message: "hello all" });
  await next("message.received", { ...said(1, "", "carol", "dm"), peer: "carol" });
  await next("message.sent", { networkId: 1, channel: "", message: "yo", target: "Carol" });
  await next("message.sent", { networkId: 1, channel: "", message: "nowhere" });
  await next("user.joined", { networkId: 1, channel: "#deno", user: "dave", nickname: "dave" });
  await next("user.parted", {
    networkId: 1,
    channel: "#deno",
    user: "dave",
    nickname: "dave",
    reason: "bye",
  });
  await next("user.kicked", {
    networkId: 1,
    channel: "#deno",
    user: "alice",
    nickname: "alice",
    kicker: "me",
    reason: "spam",
  });
  await next("channel.topic", { networkId: 1, channel: "#deno", topic: "on join" });
  await next("channel.topic", { networkId: 1, channel: "#deno", topic: "new", setter: "bob" });
  await next("channel.mode", { networkId: 1, channel: "#deno", modes: "+o bob", setter: "me" });
  await next("user.nick", {
    networkId: 1,
    old_nickname: "bob",
    nickname: "bobby",
    channels: ["#deno", "#other"],
  });
  await next("user.quit", {
    networkId: 1,
    user: "bobby",
    nickname: "bobby",
    reason: "gone",
    channels: ["#deno", "#other"],
  });
  await next("user.quit", {
    networkId: 1,
    user: "carol",
    nickname: "carol",
    reason: "zzz",
    channels: [],
  });
  await store.flush();

  assert.deepEqual(brief(store.page(1, "#deno")), [
    "message alice hi",
    "action alice waves",
    "notice bob psst",
    "message me hello all",
    "join dave ",
    "part dave bye",
    "kick me alice spam",
    "topic bob new",
    "mode me +o bob",
    "nick bob bobby",
    "quit bobby gone",
  ]);
  assert.deepEqual(brief(store.page(1, "#other")), ["nick bob bobby", "quit bobby gone"]);
  assert.deepEqual(brief(store.page(1, "carol")), [
    "message carol dm",
    "message me yo",
    "quit carol zzz",
  ]);
  assert.deepEqual(
    store.page(1, "#DENO", { limit: 1 }).map((l) => [l.time - T0, l.text]),
    [[17, "gone"]],
    "a buffer name in any case; the newest line, by server time",
  );
  const hi = store.page(1, "#deno")[0];
  assert.deepEqual(hi, {
    id: hi.id,
    networkId: 1,
    buffer: "#deno",
    time: T0 + 2,
    msgid: "m1",
    kind: "message",
    sender: "alice",
    text: "hi",
    self: false,
  });
  assert.equal(store.page(1, "#deno")[3].self, true, "the user's own line");
  assert.deepEqual(store.page(2, "#deno"), [], "another network's buffer is empty");
  assert.deepEqual(store.buffers(1).map((b) => b.name), ["#deno", "#other", "carol"]);
});

Deno.test("MessageStore stores a replayed line once, by msgid or by time, sender and text", async () => {
  await using bus = new EventBus();
  using store = MessageStore.open(":memory:");
  store.attach(bus);
  const live = { ...said(1, "#deno", "alice", "hello"), msgid: "abc" };
  await emit(bus, "message.received", live, T0);
  await emit(bus, "message.received", { ...live, history: true }, T0);
  await emit(bus, "message.received", { ...live, message: "edited?", history: true }, T0 + 5);
  // A bouncer's playback: no msgid, same server time.
  await emit(bus, "message.received", said(1, "#deno", "bob", "no id"), T0 + 10);
  await emit(bus, "message.received", said(1, "#deno", "bob", "no id"), T0 + 10);
  await emit(bus, "message.received", said(1, "#deno", "bob", "no id"), T0 + 11);
  await emit(bus, "message.received", said(1, "#deno", "bob", "no id!"), T0 + 10);
  await store.flush();
  assert.deepEqual(store.page(1, "#deno").map((l) => `${l.time - T0} ${l.text}`), [
    "0 hello",
    "10 no id",
    "10 no id!",
    "11 no id",
  ]);
});

Deno.test("page() returns the newest lines and, with before, the ones just older", async () => {
  await using bus = new EventBus();
  using store = MessageStore.open(":memory:");
  store.attach(bus);
  for (let i = 0; i < 450; i++) {
    // Lines arrive out of time order (a backfill lands after live lines): pages follow time.
    const time = i < 400 ? T0 + 100 + i : T0 + (i - 400);
    await emit(bus, "message.received", said(1, "#deno", "alice", `line ${i}`), time);
  }
  await store.flush();
  const last = store.page(1, "#deno");
  assert.equal(last.length, 200);
  assert.equal(last[0].text, "line 200");
  assert.equal(last[199].text, "line 399");
  const older = store.page(1, "#deno", { before: last[0].id });
  assert.equal(older.length, 200);
  assert.equal(older[199].text, "line 199");
  const oldest = store.page(1, "#deno", { before: older[0].id, limit: 100 });
  assert.deepEqual(oldest.map((l) => l.text).slice(0, 2), ["line 400", "line 401"]);
  assert.equal(oldest.length, 50);
  assert.deepEqual(store.page(1, "#deno", { before: oldest[0].id }), []);
  assert.throws(() => store.page(1, "#deno", { limit: 0 }), RangeError);
});

Deno.test("search() finds words as substrings, with filters, and takes any input", async () => {
  await using bus = new EventBus();
  const day = 86_400_000;
  // Lines on the days after T0 are not in the future for the store.
  using store = MessageStore.open(":memory:", { clock: () => T0 + 10 * day });
  store.attach(bus);
  await emit(bus, "message.received", said(1, "#deno", "alice", "the deploy FAILED again"), T0);
  await emit(bus, "message.received", said(1, "#ops", "bob", "deploy failed on eu-1"), T0 + day);
  await emit(
    bus,
    "message.received",
    said(2, "#deno", "alice", "deployment failed?"),
    T0 + 2 * day,
  );
  await emit(
    bus,
    "message.received",
    said(1, "#deno", "carol", 'quote " NEAR( * :x ok'),
    T0 + 3 * day,
  );
  await emit(bus, "message.received", said(1, "#deno", "dave", "go go"), T0 + 4 * day);
  await emit(bus, "message.received", said(1, "#ru", "ivan", "Привет МИР, École"), T0 + 5 * day);
  await store.flush();
  const texts = (lines: StoredLine[]) => lines.map((l) => l.text);
  // Once with the newest lines not yet indexed (found by scanning), once indexed.
  for (const indexed of [false, true]) {
    if (indexed) assert.equal(store.index(), 6);
    assert.deepEqual(texts(store.search({ text: "deploy failed" })), [
      "deployment failed?",
      "deploy failed on eu-1",
      "the deploy FAILED again",
    ], "newest first, case-insensitive, every word");
    assert.deepEqual(texts(store.search({ text: "deploy", networkId: 1, buffer: "#DENO" })), [
      "the deploy FAILED again",
    ]);
    assert.deepEqual(texts(store.search({ text: "failed", sender: "BOB" })), [
      "deploy failed on eu-1",
    ]);
    assert.deepEqual(
      texts(store.search({ text: "failed", since: T0 + day, until: T0 + 2 * day })),
      ["deploy failed on eu-1"],
    );
    assert.deepEqual(texts(store.search({ text: "go" })), ["go go"], "short words by LIKE");
    assert.deepEqual(texts(store.search({ text: 'NEAR( " :x' })), ['quote " NEAR( * :x ok']);
    for (const hostile of ['"', "*", "AND", "a OR b", "NOT x", "(((", "col:val", "%", "_", "\\"]) {
      store.search({ text: hostile }); // never a SQLite syntax error
    }
    assert.deepEqual(texts(store.search({ text: "%" })), [], "LIKE wildcards are text");
    assert.deepEqual(
      texts(store.search({ text: "привет мир école" })),
      ["Привет МИР, École"],
      "case-insensitive beyond ASCII",
    );
    assert.deepEqual(texts(store.search({ text: "ПРИ" })), ["Привет МИР, École"]);
    assert.deepEqual(texts(store.search({ text: "deploy\0failed" })), [], "a NUL is text too");
  }
  assert.throws(() => store.search({ text: "   " }), RangeError);
});

Deno.test("MessageStore.open() creates the file 0600 and narrows an existing one", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "history.sqlite");
  Deno.umask(0o022);
  MessageStore.open(path).close();
  assert.equal(Deno.statSync(path).mode! & 0o777, 0o600);
  Deno.chmodSync(path, 0o644);
  using store = MessageStore.open(path);
  assert.equal(Deno.statSync(path).mode! & 0o777, 0o600);
  assert.equal(Deno.statSync(`${path}-wal`).mode! & 0o777, 0o600);
  store.markRead(1, "#deno", T0);
});

Deno.test("a file that is not a history database is refused and left as it was", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "history.sqlite");
  const garbage = new TextEncoder().encode(
    "this is not SQLite at all, but a user's notes\n".repeat(200),
  );
  Deno.writeFileSync(path, garbage);
  const error = assert.throws(() => MessageStore.open(path), (e: unknown) => {
    assert.ok(e instanceof HistoryError);
    assert.equal(e.code, "corrupt");
    assert.match(e.message, /Cannot open history: the file is damaged or not a history database/);
    return true;
  });
  void error;
  assert.deepEqual(Deno.readFileSync(path), garbage);
});

Deno.test("a file from a newer client is refused and keeps its lines", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "history.sqlite");
  await storeLine(path, "keep me");
  const raw = new DatabaseSync(path);
  raw.exec("UPDATE schema_versions SET version = 99 WHERE component = 'history'");
  raw.close();
  assert.throws(() => MessageStore.open(path), (e: unknown) => {
    assert.ok(e instanceof HistoryError);
    assert.equal(e.code, "newer_schema");
    assert.match(e.message, /schema version 99/);
    return true;
  });
  const check = new DatabaseSync(path);
  assert.equal(check.prepare("SELECT text FROM lines").get()?.text, "keep me");
  check.close();
});

Deno.test("a file from a newer client in another journal mode is left byte for byte", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "history.sqlite");
  await storeLine(path, "keep me");
  // A newer client that went back to a rollback journal.
  const raw = new DatabaseSync(path);
  raw.exec("PRAGMA journal_mode = DELETE");
  raw.exec("UPDATE schema_versions SET version = 99 WHERE component = 'history'");
  raw.close();
  const before = Deno.readFileSync(path);
  assert.throws(
    () => MessageStore.open(path),
    (e: unknown) => e instanceof HistoryError && e.code === "newer_schema",
  );
  assert.deepEqual(Deno.readFileSync(path), before);
  assert.deepEqual([...Deno.readDirSync(dir.path)].map((e) => e.name), ["history.sqlite"]);
});

Deno.test("a full disk is a clear error; lines committed before are kept", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "history.sqlite");
  const errors: HistoryError[] = [];
  {
    await using bus = new EventBus();
    using store = MessageStore.open(path, { maxBytes: 256 * 1024, onError: (e) => errors.push(e) });
    store.attach(bus);
    await emit(bus, "message.received", said(1, "#deno", "alice", "before the disk filled"), T0);
    await store.flush();
    const big = "x".repeat(2000);
    for (let i = 0; i < 500; i++) {
      await emit(bus, "message.received", said(1, "#deno", "bob", `${i} ${big}`), T0 + 1 + i);
    }
    await assert.rejects(store.flush(), (e: unknown) => {
      assert.ok(e instanceof HistoryError);
      assert.equal(e.code, "full");
      assert.match(e.message, /the disk is full; lines stored before are kept/);
      return true;
    });
    assert.equal(store.page(1, "#deno", { limit: 1 })[0].text, "before the disk filled");
  }
  using reopened = MessageStore.open(path);
  assert.equal(reopened.page(1, "#deno")[0].text, "before the disk filled");
});

Deno.test("a flood into a full disk costs one failing commit, not one per line, and no bus errors", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "history.sqlite");
  const errors: HistoryError[] = [];
  const busErrors: unknown[] = [];
  await using bus = new EventBus({ onSubscriberError: (e) => busErrors.push(e) });
  using store = MessageStore.open(path, { maxBytes: 64 * 1024, onError: (e) => errors.push(e) });
  store.attach(bus);
  // Past a full batch (4,096 lines) the store commits inside the subscriber: here it fails.
  for (let i = 0; i < 6000; i++) {
    await emit(
      bus,
      "message.received",
      said(1, "#deno", "bob", `line ${i} ${"x".repeat(40)}`),
      T0 + i,
    );
  }
  assert.deepEqual(busErrors, []);
  assert.ok(errors.length >= 1 && errors.length <= 2, `${errors.length} reports`);
  assert.ok(errors.every((e) => e.code === "full"));
});

Deno.test("retention deletes lines older than retentionDays by the injected clock", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "history.sqlite");
  const day = 86_400_000;
  {
    await using bus = new EventBus();
    using store = MessageStore.open(path);
    store.attach(bus);
    await emit(bus, "message.received", said(1, "#deno", "alice", "old"), T0 - 40 * day);
    await emit(bus, "message.received", said(1, "#deno", "alice", "recent"), T0 - 2 * day);
    await store.flush();
  }
  let now = T0;
  using store = MessageStore.open(path, { retentionDays: 30, clock: () => now });
  assert.deepEqual(store.page(1, "#deno").map((l) => l.text), ["recent"]);
  now += 29 * day;
  assert.equal(store.prune(), 1);
  assert.deepEqual(store.page(1, "#deno"), []);
  assert.throws(() => MessageStore.open(path, { retentionDays: 0 }), RangeError);
});

Deno.test("lastStored, read positions and unread counts per buffer", async () => {
  await using bus = new EventBus();
  using store = MessageStore.open(":memory:");
  store.attach(bus, { ownNick: () => "me" });
  assert.equal(store.lastStored(1, "#deno"), undefined);
  await emit(bus, "message.received", said(1, "#deno", "alice", "one"), T0);
  await emit(bus, "message.received", said(1, "#deno", "alice", "two"), T0 + 1000);
  await emit(bus, "message.sent", { networkId: 1, channel: "#deno", message: "mine" }, T0 + 2000);
  // Not flushed: lastStored commits first, as backfill asks before live lines land.
  assert.deepEqual(store.lastStored(1, "#Deno"), new Date(T0 + 2000));
  await bus.emitSync(createEvent("buffer.read", {
    networkId: 1,
    buffer: "#deno",
    timestamp: new Date(T0).toISOString(),
  }, "ui"));
  store.markRead(1, "#deno", T0 - 5000); // never moves back
  const [buffer] = store.buffers(1);
  assert.deepEqual(buffer, { networkId: 1, name: "#deno", readTime: T0 });
  assert.equal(store.unread(1, "#deno", buffer.readTime!), 1, "others' lines after the marker");
});

Deno.test("our own line replayed by a bouncer or CHATHISTORY is the line stored when we sent it", async () => {
  await using bus = new EventBus();
  using store = MessageStore.open(":memory:");
  store.attach(bus, { ownNick: () => "me" });
  await emit(bus, "message.sent", { networkId: 1, channel: "#deno", message: "lol" }, T0);
  await emit(bus, "message.sent", { networkId: 1, channel: "#deno", message: "lol" }, T0 + 30_000);
  // The replays carry the server's time (a little off our clock) and a msgid.
  const replay = (time: number, msgid?: string) =>
    emit(bus, "message.received", {
      ...said(1, "#deno", "me", "lol"),
      history: true,
      ...(msgid ? { msgid } : {}),
    }, time);
  await replay(T0 + 400, "a");
  await replay(T0 + 30_300, "b");
  await replay(T0 + 400, "a"); // a second replay of the same page
  await replay(T0 + 30_300); // a bouncer's copy without msgid
  await store.flush();
  assert.deepEqual(
    store.page(1, "#deno").map((l) => [l.time - T0, l.msgid, l.self, l.sender]),
    [[400, "a", true, "me"], [30_300, "b", true, "me"]],
  );
});

Deno.test("a line the server dates in the future is stored as of the store's clock, so backfill still asks for what came after", async () => {
  await using bus = new EventBus();
  let now = T0;
  using store = MessageStore.open(":memory:", { clock: () => now });
  store.attach(bus);
  await emit(bus, "message.received", said(1, "#deno", "alice", "before"), T0 - 1000);
  // A hostile or broken server-time tag: the year 9999.
  await emit(bus, "message.received", said(1, "#deno", "mallory", "pinned"), Date.UTC(9999, 0));
  await store.flush();
  const last = store.lastStored(1, "#deno")!.getTime();
  assert.ok(last <= T0 + 60_000, `stored at ${new Date(last).toISOString()}`);
  now = T0 + 3_600_000;
  await emit(bus, "message.received", said(1, "#deno", "bob", "later"), now);
  await store.flush();
  assert.deepEqual(brief(store.page(1, "#deno")), [
    "message alice before",
    "message mallory pinned",
    "message bob later",
  ], "a later line is shown after it, not above it forever");
  assert.equal(store.lastStored(1, "#deno")!.getTime(), now);
});
