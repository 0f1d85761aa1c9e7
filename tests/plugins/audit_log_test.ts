import assert from "node:assert/strict";
import type { DatabaseSync } from "node:sqlite";
import {
  AUDIT_LIMIT_ATTEMPT,
  AUDIT_MAX_ROWS,
  AUDIT_RATE_PER_MINUTE,
  AUDIT_RETENTION_MS,
} from "../../plugins/_audit_log.ts";
import { PluginStore } from "../../plugins/_store.ts";
import { openDatabase } from "../../storage/database.ts";

const MINUTE = 60_000;

/** A store over a fresh in-memory database, its clock at `clock.now`. */
function storeAt(
  start = Date.now(),
): { store: PluginStore; db: DatabaseSync; clock: { now: number } } {
  const db = openDatabase(":memory:");
  const clock = { now: start };
  return { store: new PluginStore(db, () => clock.now), db, clock };
}

Deno.test("audit() rolls an entry repeating the plugin's last into one row with a count", () => {
  const { store, clock } = storeAt();
  const first = new Date(clock.now).toISOString();
  for (let i = 0; i < 1000; i++) {
    store.audit("flooder", "Deno.readFile", "denied", "NotCapable: read /etc/shadow");
    clock.now++;
  }
  store.audit("flooder", "Deno.readFile", "denied", "NotCapable: read /etc/passwd");
  const [rolled, other] = store.auditLog("flooder");
  assert.equal(store.auditLog("flooder").length, 2);
  assert.equal(rolled.time, first);
  assert.equal(rolled.repeats, 999);
  assert.equal(rolled.lastTime, new Date(clock.now - 1).toISOString());
  assert.equal(other.repeats, 0);
  assert.equal(other.lastTime, null);
  assert.equal(store.deniedCount("flooder"), 1001);
});

Deno.test("audit() writes a plugin's entries over its rate as one counting row", () => {
  const { store, clock } = storeAt();
  for (let i = 0; i < 500; i++) store.audit("flooder", "Deno.readFile", "denied", `file ${i}`);
  store.audit("bystander", "Deno.readFile", "denied", "/etc/shadow");
  const log = store.auditLog("flooder");
  assert.equal(log.length, AUDIT_RATE_PER_MINUTE + 1);
  const limit = log.at(-1)!;
  assert.equal(limit.attempt, AUDIT_LIMIT_ATTEMPT);
  assert.equal(limit.decision, "denied");
  assert.match(limit.detail, /^over 120 entries a minute: counted here, not recorded$/);
  // The row itself is the first entry over the rate; it counts the others.
  assert.equal(limit.repeats, 500 - AUDIT_RATE_PER_MINUTE - 1);
  assert.equal(store.auditLog("bystander").length, 1);
  clock.now += MINUTE;
  store.audit("flooder", "Deno.readFile", "denied", "a new minute");
  assert.equal(store.auditLog("flooder").at(-1)?.detail, "a new minute");
});

Deno.test("audit() keeps at most AUDIT_MAX_ROWS rows of a plugin, then counts the rest", () => {
  const { store, clock } = storeAt();
  for (let i = 0; i < AUDIT_MAX_ROWS + 50; i++) {
    if (i % AUDIT_RATE_PER_MINUTE === 0) clock.now += MINUTE;
    store.audit("flooder", "fetch", "denied", `host ${i}`);
  }
  const log = store.auditLog("flooder");
  assert.equal(log.length, AUDIT_MAX_ROWS + 1);
  assert.match(log.at(-1)!.detail, /^over 5000 entries kept: counted here, not recorded/);
  assert.equal(log.at(-1)!.repeats, 49);
});

Deno.test("auditLifecycle() writes every step, over the limits and repeated alike", () => {
  const { store } = storeAt();
  for (let i = 0; i < AUDIT_RATE_PER_MINUTE + 10; i++) store.audit("p", "fetch", "denied", `${i}`);
  store.auditLifecycle("p", "crash", "failed", "did not acknowledge");
  store.auditLifecycle("p", "crash", "failed", "did not acknowledge");
  // A plugin's entry equal to a lifecycle step is not counted as one more of it.
  store.audit("p", "crash", "failed", "did not acknowledge");
  const crashes = store.auditLog("p").filter((e) => e.attempt === "crash");
  assert.deepEqual(crashes.map((e) => e.repeats), [0, 0]);
  assert.equal(store.crashTimes("p").length, 2);
});

Deno.test("auditPerPlugin() shows each plugin's newest entries, whoever floods", () => {
  const { store, clock } = storeAt();
  store.audit("bystander", "Deno.readTextFile", "denied", "NotCapable: /etc/shadow");
  for (let i = 0; i < 2000; i++) {
    if (i % AUDIT_RATE_PER_MINUTE === 0) clock.now += MINUTE;
    store.audit("flooder", "Deno.readFile", "denied", `${i}`);
  }
  const view = store.auditPerPlugin(50);
  assert.equal(view.filter((e) => e.plugin === "flooder").length, 50);
  assert.deepEqual(
    view.filter((e) => e.plugin === "bystander").map((e) => e.detail),
    ["NotCapable: /etc/shadow"],
  );
  assert.deepEqual(view.map((e) => e.id), view.map((e) => e.id).toSorted((a, b) => a - b));
});

Deno.test("audit rows past their retention go; the table refuses any other change", () => {
  // Rows written 31 days ago by the store's clock, which then catches up with SQLite's.
  const { store, db, clock } = storeAt(Date.now() - AUDIT_RETENTION_MS - 24 * 60 * MINUTE);
  store.audit("old", "fetch", "denied", "long ago");
  store.audit("old", "fetch", "denied", "long ago");
  clock.now = Date.now() - AUDIT_RETENTION_MS + MINUTE;
  store.audit("recent", "fetch", "denied", "repeated lately");
  store.audit("recent", "fetch", "denied", "repeated lately");
  clock.now = Date.now();
  store.audit("new", "fetch", "denied", "now");
  assert.deepEqual(store.auditLog().map((e) => e.plugin), ["recent", "new"]);
  assert.throws(() => db.exec("DELETE FROM plugin_audit"), /append-only: only expired rows/);
  assert.throws(() => db.exec("UPDATE plugin_audit SET detail = 'x'"), /append-only/);
  assert.throws(() => db.exec("UPDATE plugin_audit SET repeats = 0"), /append-only/);
  db.exec("UPDATE plugin_audit SET repeats = repeats + 1");
});

Deno.test("a version 2 audit table keeps its rows, with no repeats, and gains the new rules", () => {
  const db = openDatabase(":memory:");
  // The audit table and its triggers as version 1 made them; the rest of version 2 is not read.
  db.exec(`
    CREATE TABLE plugin_audit (
      id INTEGER PRIMARY KEY AUTOINCREMENT, time TEXT NOT NULL, plugin TEXT NOT NULL,
      attempt TEXT NOT NULL, decision TEXT NOT NULL, detail TEXT NOT NULL DEFAULT ''
    );
    CREATE TRIGGER plugin_audit_no_update BEFORE UPDATE ON plugin_audit
      BEGIN SELECT RAISE(ABORT, 'plugin_audit is append-only'); END;
    CREATE TRIGGER plugin_audit_no_delete BEFORE DELETE ON plugin_audit
      BEGIN SELECT RAISE(ABORT, 'plugin_audit is append-only'); END;
    INSERT INTO plugin_audit (time, plugin, attempt, decision, detail)
      VALUES ('2026-11-01T00:00:00.000Z', 'old', 'fetch', 'denied', 'before');
    INSERT INTO schema_versions (component, version) VALUES ('plugins', 2);
  `);
  const store = new PluginStore(db, Date.now);
  store.audit("old", "fetch", "denied", "before");
  assert.deepEqual(
    store.auditLog("old").map((e) => [e.detail, e.repeats, e.time]),
    [["before", 1, "2026-11-01T00:00:00.000Z"]],
  );
});
