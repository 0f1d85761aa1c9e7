import type { DatabaseSync } from "node:sqlite";
import type { PluginHost } from "../plugins/mod.ts";

/**
 * Disable, enable and revoke for the Plugins page. `PluginHost` has no such methods yet, so
 * these write the plugin tables of the shared database directly (persisted, audited) and
 * then unload or load through the host.
 */
export type PluginAdminAction = "disable" | "enable" | "revoke";

function audit(db: DatabaseSync, plugin: string, attempt: string, detail: string): void {
  db.prepare(
    "INSERT INTO plugin_audit (time, plugin, attempt, decision, detail) VALUES (?, ?, ?, 'info', ?)",
  ).run(new Date().toISOString(), plugin, attempt, detail);
}

/**
 * Applies `action` to the installed plugin `name`; throws when it is not installed or the
 * load after `enable` fails (the plugin then stays enabled but stopped, as the audit shows).
 */
export async function administerPlugin(
  host: PluginHost,
  db: DatabaseSync,
  options: { action: PluginAdminAction; name: string },
): Promise<void> {
  const { action, name } = options;
  if (!host.list().some((p) => p.name === name)) {
    throw new Error(`Cannot ${action} plugin: it is not installed, got ${name}`);
  }
  switch (action) {
    case "disable":
      await host.unload(name);
      db.prepare("UPDATE plugins SET enabled = 0, disabled_reason = ? WHERE name = ?")
        .run("disabled by the user", name);
      audit(db, name, "disable", "by the user, from the Plugins page");
      return;
    case "revoke":
      await host.unload(name);
      db.prepare(
        "UPDATE plugins SET enabled = 0, disabled_reason = ?, grant_json = ? WHERE name = ?",
      ).run(
        "grant revoked by the user",
        JSON.stringify({ events: [], permissions: {}, capabilities: [] }),
        name,
      );
      audit(db, name, "revoke", "every grant revoked by the user, from the Plugins page");
      return;
    case "enable":
      db.prepare("UPDATE plugins SET enabled = 1, disabled_reason = NULL WHERE name = ?").run(name);
      audit(db, name, "enable", "by the user, from the Plugins page");
      await host.load(name);
      return;
  }
}
