import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { migrate, openDatabase } from "../../storage/database.ts";
import { NetworkStore } from "../../deeplink/mod.ts";

async function withTempDir(fn: (dir: string) => void | Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "network_store_test_" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The networks schema exactly as version 1 of the client wrote it (a frozen fixture). */
const V1_SQL = `
  CREATE TABLE networks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    host TEXT NOT NULL,
    host_key TEXT NOT NULL,
    port INTEGER NOT NULL CHECK (port BETWEEN 1 AND 65535),
    tls INTEGER NOT NULL CHECK (tls IN (0, 1)),
    nick TEXT NOT NULL,
    autoconnect INTEGER NOT NULL DEFAULT 0 CHECK (autoconnect IN (0, 1))
  );
  CREATE INDEX networks_host_key ON networks (host_key);
  CREATE TABLE network_servers (
    network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    host TEXT NOT NULL,
    host_key TEXT NOT NULL,
    port INTEGER NOT NULL CHECK (port BETWEEN 1 AND 65535),
    tls INTEGER NOT NULL CHECK (tls IN (0, 1)),
    PRIMARY KEY (network_id, position)
  );
  CREATE INDEX network_servers_host_key ON network_servers (host_key);
`;

Deno.test("NetworkStore add/get/list/update/remove on a real SQLite file", async () => {
  await withTempDir((dir) => {
    using store = new NetworkStore(join(dir, "client.db"));
    const libera = store.add({
      name: "Libera",
      host: "irc.libera.chat",
      nick: "alice",
      servers: [{ host: "irc.eu.libera.chat", port: 6697, tls: true }],
    });
    assert.deepEqual(libera, {
      id: 1,
      name: "Libera",
      host: "irc.libera.chat",
      port: 6697,
      tls: true,
      nick: "alice",
      servers: [{ host: "irc.eu.libera.chat", port: 6697, tls: true }],
      autoconnect: true,
      username: "",
      realname: "",
      password: "",
      saslMechanism: "",
      saslAccount: "",
      saslPassword: "",
      clientCert: "",
    });
    const oftc = store.add({ name: "OFTC", host: "irc.oftc.net", tls: false, nick: "al" });
    assert.equal(oftc.port, 6667, "the port defaults by tls");
    assert.deepEqual(store.get(libera.id), libera);
    assert.deepEqual(store.list().map((n) => n.name), ["Libera", "OFTC"]);

    const updated = store.update(oftc.id, {
      autoconnect: false,
      realname: "Al",
      servers: [{ host: "irc.eu.oftc.net", port: 6697, tls: true }],
    });
    assert.equal(updated?.autoconnect, false, "connect on start can be turned off");
    assert.equal(updated?.port, 6667, "untouched fields keep their value");
    assert.deepEqual(store.get(oftc.id), updated);
    assert.equal(store.update(999, { name: "x" }), undefined);

    assert.equal(store.remove(libera.id), true);
    assert.equal(store.remove(libera.id), false);
    assert.equal(store.get(libera.id), undefined);
    assert.deepEqual(store.matchHost("irc.eu.libera.chat"), [], "servers go with their network");
  });
});

Deno.test("NetworkStore keeps everything across close and reopen", async () => {
  await withTempDir((dir) => {
    const path = join(dir, "client.db");
    const first = new NetworkStore(path);
    const added = first.add({
      name: "Local",
      host: "[::1]",
      port: 6668,
      tls: false,
      nick: "bot",
      autoconnect: true,
      username: "botty",
      servers: [{ host: "127.0.0.1", port: 6669, tls: false }, {
        host: "localhost",
        port: 6697,
        tls: true,
      }],
    });
    first.close();
    first.close(); // idempotent
    assert.throws(() => first.list(), /closed/);

    using second = new NetworkStore(path);
    assert.deepEqual(second.list(), [added]);
    assert.deepEqual(second.matchHost("::1"), [{ id: added.id, name: "Local" }]);
    assert.deepEqual(second.matchHost("LOCALHOST."), [{ id: added.id, name: "Local" }]);
  });
});

Deno.test("NetworkStore migrates a version-1 database and keeps its rows", async () => {
  await withTempDir((dir) => {
    const path = join(dir, "client.db");
    const old = openDatabase(path);
    assert.equal(migrate(old, "networks", [{ version: 1, sql: V1_SQL }]), 1);
    old.prepare(
      "INSERT INTO networks (name, host, host_key, port, tls, nick, autoconnect) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ).run("Old", "IRC.Old.Example", "irc.old.example", 6697, 1, "olduser", 1);
    old.prepare(
      "INSERT INTO network_servers (network_id, position, host, host_key, port, tls) VALUES (1, 0, ?, ?, 6667, 0)",
    ).run("alt.old.example", "alt.old.example");
    old.close();

    using store = new NetworkStore(path);
    assert.equal(NetworkStore.schemaVersion, 5);
    const db = new DatabaseSync(path);
    const row = db.prepare("SELECT version FROM schema_versions WHERE component = 'networks'")
      .get();
    db.close();
    assert.deepEqual({ ...row }, { version: 5 });
    assert.deepEqual(store.channels(1), []);
    assert.deepEqual(store.list(), [{
      id: 1,
      name: "Old",
      host: "IRC.Old.Example",
      port: 6697,
      tls: true,
      nick: "olduser",
      servers: [{ host: "alt.old.example", port: 6667, tls: false }],
      autoconnect: true,
      username: "",
      realname: "",
      password: "",
      saslMechanism: "",
      saslAccount: "",
      saslPassword: "",
      clientCert: "",
    }]);
    assert.deepEqual(store.matchHost("alt.old.example"), [{ id: 1, name: "Old" }]);
  });
});

Deno.test("NetworkStore refuses a database newer than it knows", async () => {
  await withTempDir((dir) => {
    const path = join(dir, "client.db");
    const db = openDatabase(path);
    migrate(db, "networks", [
      { version: 1, sql: V1_SQL },
      { version: 2, sql: "SELECT 1" },
      { version: 3, sql: "SELECT 1" },
      { version: 4, sql: "SELECT 1" },
      { version: 5, sql: "SELECT 1" },
      { version: 6, sql: "SELECT 1" },
    ]);
    db.close();
    assert.throws(() => new NetworkStore(path), /newer than this client knows/);
  });
});

Deno.test("NetworkStore shares an open database and leaves it open", () => {
  const db = openDatabase(":memory:");
  const store = new NetworkStore(db);
  store.add({ name: "A", host: "a.example", nick: "n" });
  store.close();
  const count = db.prepare("SELECT count(*) AS n FROM networks").get() as { n: number };
  assert.equal(count.n, 1);
  db.close();
});

Deno.test("NetworkStore.matchHost() ignores case, a trailing dot, port and TLS; searches servers", () => {
  using store = new NetworkStore(":memory:");
  const a = store.add({ name: "A", host: "Irc.Example.org.", port: 7000, tls: false, nick: "n" });
  const b = store.add({
    name: "B",
    host: "other.example",
    nick: "n",
    servers: [{ host: "IRC.EXAMPLE.ORG", port: 6697, tls: true }],
  });
  const c = store.add({
    name: "C",
    host: "irc.example.org",
    nick: "n",
    servers: [{ host: "irc.example.org.", port: 1, tls: false }], // listed twice: one match
  });
  store.add({ name: "D", host: "unrelated.example", nick: "n" });
  const expected = [{ id: a.id, name: "A" }, { id: b.id, name: "B" }, { id: c.id, name: "C" }];
  assert.deepEqual(store.matchHost("irc.example.org"), expected);
  assert.deepEqual(store.matchHost("IRC.example.ORG."), expected);
  assert.deepEqual(store.matchHost("nowhere.example"), []);
  assert.deepEqual(store.matchHost("not a host"), []);
});

Deno.test("NetworkStore never merges networks with the same name or host", () => {
  using store = new NetworkStore(":memory:");
  const one = store.add({ name: "Libera", host: "irc.libera.chat", nick: "a" });
  const two = store.add({ name: "Libera", host: "irc.libera.chat", nick: "b" });
  assert.notEqual(one.id, two.id);
  assert.equal(store.list().length, 2);
});

Deno.test("NetworkStore refuses invalid fields with TypeError and writes nothing", () => {
  using store = new NetworkStore(":memory:");
  const bad: unknown[] = [
    { name: "", host: "a.example", nick: "n" },
    { name: "A", host: "not a host", nick: "n" },
    { name: "A", host: "a.example", nick: "" },
    { name: "A", host: "a.example", nick: "n", port: 0 },
    { name: "A", host: "a.example", nick: "n", port: 65536 },
    { name: "A", host: "a.example", nick: "n", tls: "yes" },
    {
      name: "A",
      host: "a.example",
      nick: "n",
      servers: [{ host: "b..example", port: 1, tls: true }],
    },
    { name: "A", host: "a.example", nick: "n", servers: "x" },
    null,
  ];
  for (const input of bad) {
    assert.throws(() => store.add(input as never), TypeError, JSON.stringify(input));
  }
  assert.deepEqual(store.list(), []);
  const ok = store.add({ name: "A", host: "a.example", nick: "n" });
  assert.throws(() => store.update(ok.id, { port: -1 }), TypeError);
  assert.deepEqual(store.get(ok.id), ok, "a refused update changes nothing");
});

Deno.test("NetworkStore.matchHost() is an index lookup on both tables", () => {
  const db = openDatabase(":memory:");
  using _store = new NetworkStore(db);
  const plan = db.prepare(
    `EXPLAIN QUERY PLAN SELECT id, name FROM networks WHERE host_key = ?1
     UNION SELECT n.id, n.name FROM network_servers s JOIN networks n ON n.id = s.network_id
     WHERE s.host_key = ?1 ORDER BY id`,
  ).all("x") as { detail: string }[];
  const details = plan.map((row) => row.detail).join("\n");
  assert.match(details, /networks USING INDEX networks_host_key/);
  assert.match(details, /s USING INDEX network_servers_host_key/);
  db.close();
});

Deno.test("NetworkStore saves channels with keys per network, in join order, across reopen", async () => {
  await withTempDir((dir) => {
    const path = join(dir, "client.db");
    {
      using store = new NetworkStore(path);
      const a = store.add({ name: "A", host: "a.example", nick: "n" });
      const b = store.add({ name: "B", host: "b.example", nick: "n" });
      store.saveChannel(a.id, { name: "#one" });
      store.saveChannel(a.id, { name: "#Secret", key: "hunter2" });
      store.saveChannel(b.id, { name: "#one", key: "other" });
      // Rejoined without a key: the saved key stays; the name takes the newest spelling.
      store.saveChannel(a.id, { name: "#secret" });
      assert.equal(store.removeChannel(a.id, "#ONE"), true, "names compare casefolded");
      assert.equal(store.removeChannel(a.id, "#one"), false);
      store.saveChannel(a.id, { name: "#one" });
    }
    using store = new NetworkStore(path);
    assert.deepEqual(store.channels(1), [{ name: "#secret", key: "hunter2" }, { name: "#one" }]);
    assert.deepEqual(store.channels(2), [{ name: "#one", key: "other" }]);
    store.remove(1);
    assert.deepEqual(store.channels(1), [], "channels go with their network");
    assert.throws(
      () => store.saveChannel(1, { name: "#x" }),
      (error: Error) =>
        error instanceof TypeError &&
        error.message === "Cannot save a channel: no such network, got 1",
    );
    for (
      const bad of [{ name: "" }, { name: "#a b" }, { name: "#a,#b" }, { name: "#a", key: "k\r\n" }]
    ) {
      assert.throws(() => store.saveChannel(2, bad), TypeError, JSON.stringify(bad));
    }
    assert.deepEqual(store.channels(2), [{ name: "#one", key: "other" }], "nothing bad is written");
  });
});

Deno.test("NetworkStore keeps a server password and SASL settings, and refuses bad ones", () => {
  using store = new NetworkStore(":memory:");
  const net = store.add({
    name: "S",
    host: "irc.example",
    nick: "me",
    password: "pass word",
    saslMechanism: "PLAIN",
    saslAccount: "acct",
    saslPassword: "sekrit",
  });
  assert.deepEqual(
    [net.password, net.saslMechanism, net.saslAccount, net.saslPassword, net.clientCert],
    ["pass word", "PLAIN", "acct", "sekrit", ""],
  );
  // A patch without the secrets keeps them.
  const renamed = store.update(net.id, { name: "T" });
  assert.equal(renamed?.password, "pass word");
  assert.equal(renamed?.saslPassword, "sekrit");
  assert.equal(store.update(net.id, { password: "" })?.password, "");
  assert.throws(
    () => store.update(net.id, { password: "a\r\nQUIT" }),
    (error: Error) => error instanceof TypeError && !error.message.includes("QUIT"),
  );
  assert.throws(
    // @ts-expect-error: the type refuses an unknown mechanism too.
    () => store.add({ name: "x", host: "h", nick: "n", saslMechanism: "SCRAM" }),
    /saslMechanism/,
  );
});

Deno.test("NetworkStore keeps a network's STS policy with its expiry, across a reopen, for its host only", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-sts-" });
  const path = join(dir, "client.db");
  try {
    const policy = {
      host: "IRC.Example.",
      port: 6697,
      duration: 300,
      expiresAt: 1_767_225_900_000,
    };
    {
      using store = new NetworkStore(path);
      const id = store.add({ name: "Ex", host: "irc.example", port: 6667, tls: false, nick: "me" })
        .id;
      assert.equal(store.stsPolicy(id), undefined);
      store.saveStsPolicy(id, policy);
      store.saveStsPolicy(id, { ...policy, expiresAt: policy.expiresAt + 1 });
      assert.throws(() => store.saveStsPolicy(id, { ...policy, port: 0 }), TypeError);
      assert.throws(() => store.saveStsPolicy(99, policy), TypeError);
    }
    using store = new NetworkStore(path);
    assert.deepEqual(store.stsPolicy(1), {
      host: "irc.example",
      port: 6697,
      duration: 300,
      expiresAt: policy.expiresAt + 1,
    });
    // Another host: the policy was for the old one.
    store.update(1, { host: "irc.other.example" });
    assert.equal(store.stsPolicy(1), undefined);
    store.update(1, { host: "irc.example" });
    assert.equal(store.stsPolicy(1)?.port, 6697);
    store.saveStsPolicy(1, undefined);
    assert.equal(store.stsPolicy(1), undefined);
    // Removing the network removes its policy with it.
    store.saveStsPolicy(1, policy);
    store.remove(1);
    const db = new DatabaseSync(path);
    const left = db.prepare("SELECT count(*) AS n FROM network_sts").get();
    db.close();
    assert.deepEqual({ ...left }, { n: 0 });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
