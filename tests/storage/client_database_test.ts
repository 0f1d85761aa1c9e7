import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { EventBus } from "../../bus/mod.ts";
import { PluginHost } from "../../plugins/mod.ts";
import {
  CLIENT_SCHEMAS,
  databasePath,
  NetworkStore,
  openClientDatabase,
  schemaVersion,
} from "../../storage/mod.ts";

Deno.test("openClientDatabase() knows every part of client.sqlite: each one's tables reach the version it checks for", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-client-db-" });
  const db = openClientDatabase(dataDir);
  try {
    // The parts that share the file make their tables on it, as the client does.
    const networks = new NetworkStore(db);
    const bus = new EventBus();
    {
      await using _host = new PluginHost({ bus, dataDir, db });
    }
    await bus.close();
    assert.deepEqual(Object.keys(CLIENT_SCHEMAS).sort(), [
      "networks",
      "plugin_activity",
      "plugins",
    ]);
    for (const [component, newest] of Object.entries(CLIENT_SCHEMAS)) {
      assert.equal(schemaVersion(db, component), newest, component);
    }
    networks.close();
  } finally {
    db.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("openClientDatabase() refuses a file whose activity ledger a newer client wrote, and leaves it as it was", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-client-db-" });
  try {
    const path = databasePath(dataDir);
    const seed = new DatabaseSync(path);
    seed.exec("PRAGMA journal_mode = DELETE");
    seed.exec(
      "CREATE TABLE schema_versions (component TEXT PRIMARY KEY, version INTEGER NOT NULL)",
    );
    seed.prepare("INSERT INTO schema_versions VALUES ('plugin_activity', ?)")
      .run(CLIENT_SCHEMAS.plugin_activity + 1);
    seed.close();
    await Deno.chmod(path, 0o600);
    const before = await Deno.readFile(path);
    assert.throws(
      () => openClientDatabase(dataDir),
      /Cannot open plugin_activity storage: .*newer than this client knows/,
    );
    assert.deepEqual(await Deno.readFile(path), before, "the file is byte for byte as it was");
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
