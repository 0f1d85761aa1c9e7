import assert from "node:assert/strict";
import { join } from "node:path";
import { migrate, openDatabase } from "../../storage/database.ts";

const steps = [
  { version: 1, sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)" },
  { version: 2, sql: "ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0" },
];

Deno.test("migrate() applies each step once and keeps data across a reopen", async () => {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "client.db");
  try {
    const db = openDatabase(path);
    assert.equal(migrate(db, "notes", steps.slice(0, 1)), 1);
    db.prepare("INSERT INTO notes (text) VALUES (?)").run("hello");
    db.close();

    const reopened = openDatabase(path);
    assert.equal(migrate(reopened, "notes", steps), 2);
    assert.equal(migrate(reopened, "notes", steps), 2, "a second run changes nothing");
    assert.deepEqual(
      { ...reopened.prepare("SELECT text, pinned FROM notes").get() },
      { text: "hello", pinned: 0 },
    );
    reopened.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("migrate() keeps one version per component", () => {
  const db = openDatabase(":memory:");
  migrate(db, "notes", steps);
  migrate(db, "tags", [{ version: 1, sql: "CREATE TABLE tags (name TEXT)" }]);
  const rows = db.prepare("SELECT component, version FROM schema_versions ORDER BY component")
    .all().map((row) => ({ ...row }));
  assert.deepEqual(rows, [{ component: "notes", version: 2 }, { component: "tags", version: 1 }]);
  db.close();
});

Deno.test("a failing step is rolled back and reported with the component and version", () => {
  const db = openDatabase(":memory:");
  migrate(db, "notes", steps.slice(0, 1));
  assert.throws(
    () =>
      migrate(db, "notes", [...steps.slice(0, 1), {
        version: 2,
        sql: "ALTER TABLE notes ADD COLUMN a TEXT; ALTER TABLE nope ADD COLUMN b TEXT",
      }]),
    /Cannot migrate notes storage to version 2/,
  );
  const columns = db.prepare("PRAGMA table_info(notes)").all().map((c) => c.name);
  assert.deepEqual(columns, ["id", "text"], "the half-applied step left nothing behind");
  assert.equal(migrate(db, "notes", steps), 2, "the fixed step applies afterwards");
  db.close();
});

Deno.test("a database newer than the client is refused rather than misread", () => {
  const db = openDatabase(":memory:");
  migrate(db, "notes", steps);
  assert.throws(() => migrate(db, "notes", steps.slice(0, 1)), /newer than this client knows/);
  db.close();
});

Deno.test("openDatabase(): a commit survives the client being killed before it closes", async () => {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "client.sqlite");
  const database = new URL("../../storage/database.ts", import.meta.url).href;
  try {
    // Commits do not wait for the disk (WAL, synchronous NORMAL), yet one that returned must
    // outlive a SIGKILL of the process that made it.
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "eval",
        `import { openDatabase } from ${JSON.stringify(database)};
         const db = openDatabase(${JSON.stringify(path)});
         db.exec("CREATE TABLE notes (text TEXT)");
         db.prepare("INSERT INTO notes (text) VALUES (?)").run("kept");
         Deno.kill(Deno.pid, "SIGKILL");`,
      ],
      stderr: "piped",
    });
    const { signal } = await child.output();
    assert.equal(signal, "SIGKILL");
    const db = openDatabase(path);
    assert.equal(db.prepare("PRAGMA journal_mode").get()?.journal_mode, "wal");
    assert.equal(db.prepare("PRAGMA synchronous").get()?.synchronous, 1, "NORMAL");
    assert.deepEqual({ ...db.prepare("SELECT text FROM notes").get() }, { text: "kept" });
    db.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("openDatabase() keeps client.sqlite, -wal and -shm 0600 in an existing 0755 data dir", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.chmod(dir, 0o755);
    const path = join(dir, "client.sqlite");
    const modes = () =>
      ["", "-wal", "-shm"].map((suffix) => (Deno.statSync(path + suffix).mode ?? 0) & 0o777);
    const db = openDatabase(path);
    migrate(db, "notes", steps);
    db.prepare("INSERT INTO notes (text) VALUES (?)").run("a secret");
    assert.deepEqual(modes(), [0o600, 0o600, 0o600]);
    db.close();

    // Left 0644 by an older client (the WAL kept open by a second connection): fixed on open.
    const keeper = openDatabase(path);
    keeper.prepare("INSERT INTO notes (text) VALUES (?)").run("another");
    for (const suffix of ["", "-wal", "-shm"]) Deno.chmodSync(path + suffix, 0o644);
    const reopened = openDatabase(path);
    assert.deepEqual(modes(), [0o600, 0o600, 0o600]);
    assert.equal(reopened.prepare("SELECT count(*) AS n FROM notes").get()?.n, 2);
    reopened.close();
    keeper.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
