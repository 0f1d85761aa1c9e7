// A data dir a newer client wrote: the client and the plugins command refuse its database as it
// is, before anything is written to it (not even the switch to WAL), and say why.
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { EventBus } from "../../bus/mod.ts";
import { startClient } from "../../client/mod.ts";
import { PluginHost } from "../../plugins/mod.ts";
import { databasePath } from "../../storage/data_dir.ts";

for (const component of ["networks", "plugins"]) {
  Deno.test(`a client database with ${component} from a newer client is refused untouched`, async () => {
    const dataDir = await Deno.makeTempDir({ prefix: "ircbus-newer-" });
    try {
      const path = databasePath(dataDir);
      const db = new DatabaseSync(path);
      db.exec("PRAGMA journal_mode = DELETE");
      db.exec(
        "CREATE TABLE schema_versions (component TEXT PRIMARY KEY, version INTEGER NOT NULL)",
      );
      db.prepare("INSERT INTO schema_versions VALUES (?, 99)").run(component);
      db.close();
      await Deno.chmod(path, 0o600);
      const before = await Deno.readFile(path);
      await assert.rejects(
        () => startClient({ dataDir, singleInstance: false, log: () => {} }),
        new RegExp(`Cannot open ${component} storage: .*version 99, newer than this client`),
      );
      // The plugins command opens the same file on its own.
      const bus = new EventBus();
      assert.throws(() => new PluginHost({ bus, dataDir }), /newer than this client knows/);
      await bus.close();
      assert.deepEqual(await Deno.readFile(path), before, "the file is byte for byte as it was");
      assert.equal(
        [...Deno.readDirSync(dataDir)].filter((e) => e.name.includes("-wal")).length,
        0,
        "no WAL was started",
      );
    } finally {
      await Deno.remove(dataDir, { recursive: true });
    }
  });
}
