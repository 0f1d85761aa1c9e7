// @ts-check
/**
 * The Plugins page's table and audit log, read field by field from the backend's lists
 * (which arrive untyped) before anything is shown. Audit text is a plugin's own words: it is
 * shown as text, its control and bidirectional characters written out visibly.
 *
 * @module
 */
import { isRecord } from "../../../core/shape.js";
import { visibleText } from "../../../core/visible_text.js";
import { sourceCell } from "../plugins_view.js";

/**
 * A plugin row as the page shows it.
 *
 * @example
 * ```ts
 * import { readPlugin } from "./plugins_page.js";
 * console.log(readPlugin({ name: "greeter", state: "running", granted: { events: ["user.joined"] } })?.events);
 * // ["user.joined"]
 * ```
 * @typedef {object} PluginRow
 * @property {string} name Its name.
 * @property {string} version Its version.
 * @property {string} state `running`, `disabled`…
 * @property {string} disabledReason Why it is disabled, or `""`.
 * @property {string[]} events Events granted.
 * @property {string[]} capabilities Capabilities granted.
 * @property {string} permissions Permissions granted, as JSON.
 * @property {string} scopeText Which networks and channels it sees, in words.
 * @property {number} crashes Crashes so far.
 * @property {number} overflows Mailbox overflows so far.
 * @property {number} denied Denied calls so far.
 * @property {string} budget Its budgets in use, as text (CPU, memory, disk, lag), or `""` when it
 *   is not running.
 * @property {string[]} marks The budgets it passed: `throttled`, `stopped`, `memory`, `disk`.
 * @property {string} lastStop Its last crash or disabling and why, or `""`.
 */

/**
 * An audit log entry as the page shows it.
 *
 * @example
 * ```ts
 * import { readAudit } from "./plugins_page.js";
 * console.log(readAudit({ plugin: "greeter", decision: "allowed" })?.decision); // "allowed"
 * ```
 * @typedef {object} AuditRow
 * @property {string} time When.
 * @property {string} plugin Which plugin.
 * @property {string} attempt What it tried.
 * @property {string} decision Allowed or denied.
 * @property {string} detail More.
 * @property {number} repeats How many more entries like this one followed it.
 * @property {string} lastTime When the last of them came, or `""`.
 */

/** @param {unknown} v */
function text(v) {
  return typeof v === "string" ? v : v === undefined || v === null ? "" : String(v);
}

/** @param {unknown} v @returns {string[]} */
function texts(v) {
  return Array.isArray(v) ? v.map(text) : [];
}

/**
 * One plugin of `PluginHost.list()` as the page shows it, or `undefined` without a name.
 *
 * @example
 * ```ts
 * import { readPlugin } from "./plugins_page.js";
 * console.log(readPlugin(42)); // undefined
 * ```
 * @param {unknown} v
 * @returns {PluginRow | undefined}
 */
export function readPlugin(v) {
  if (!isRecord(v) || typeof v.name !== "string") return undefined;
  const granted = isRecord(v.granted) ? v.granted : {};
  return {
    name: v.name,
    version: text(v.version),
    state: text(v.state),
    disabledReason: text(v.disabledReason),
    events: texts(granted.events),
    capabilities: texts(granted.capabilities),
    permissions: JSON.stringify(granted.permissions ?? {}),
    scopeText: text(v.scopeText),
    crashes: Number(v.crashes) || 0,
    overflows: Number(v.overflows) || 0,
    denied: Number(v.denied) || 0,
    ...readBudget(v.budget),
    lastStop: isRecord(v.lastStop)
      ? `${text(v.lastStop.time)} ${text(v.lastStop.attempt)}: ${text(v.lastStop.reason)}`
      : "",
  };
}

/** @param {unknown} v */
function num(v) {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

/** @param {number} bytes */
function mib(bytes) {
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MiB`;
}

/**
 * A running plugin's budgets (`PluginInfo.budget`) as one line of text, and the marks of
 * those it passed: `throttled` or `stopped` (CPU), `memory`, `disk`, `lag` (its mailbox is
 * full: events are being dropped).
 *
 * @example
 * ```ts
 * import { readBudget } from "./plugins_page.js";
 * const { marks } = readBudget({ cpu: { cores: 0.5, limitCores: 0.5, state: "throttled" } });
 * console.log(marks); // ["throttled"]
 * ```
 * @param {unknown} v
 * @returns {{ budget: string, marks: string[] }}
 */
export function readBudget(v) {
  if (!isRecord(v)) return { budget: "", marks: [] };
  /** @type {string[]} */
  const parts = [];
  /** @type {string[]} */
  const marks = [];
  if (isRecord(v.cpu)) {
    const state = text(v.cpu.state);
    if (state === "throttled") marks.push("throttled");
    if (state === "exceeded") marks.push("stopped");
    parts.push(
      `CPU ${num(v.cpu.cores).toFixed(2)} of ${num(v.cpu.limitCores)} cores` +
        (state === "throttled" ? " (throttled)" : state === "exceeded" ? " (stopped)" : ""),
    );
  }
  if (isRecord(v.memory)) {
    const [used, limit] = [num(v.memory.residentBytes), num(v.memory.limitBytes)];
    if (used > limit) marks.push("memory");
    parts.push(`memory ${mib(used)} of ${mib(limit)}`);
  }
  if (isRecord(v.disk)) {
    const [used, quota] = [num(v.disk.usedBytes), num(v.disk.quotaBytes)];
    if (used > quota) marks.push("disk");
    parts.push(`disk ${mib(used)} of ${mib(quota)}`);
  }
  if (isRecord(v.lag)) {
    const seconds = (/** @type {number} */ ms) => `${Math.round(ms / 100) / 10} s`;
    const budget = typeof v.lag.ackBudgetMs === "number" ? ` of ${seconds(v.lag.ackBudgetMs)}` : "";
    const oldest = typeof v.lag.oldestUnackedMs === "number"
      ? `, oldest ${seconds(v.lag.oldestUnackedMs)}${budget}`
      : "";
    const waiting = num(v.lag.waiting);
    const size = typeof v.lag.mailboxSize === "number" ? v.lag.mailboxSize : undefined;
    // A full mailbox drops the next events: the plugin is that far behind the bus.
    if (size !== undefined && waiting >= size) marks.push("lag");
    parts.push(
      `lag ${waiting}${size !== undefined ? ` of ${size}` : ""} waiting, ${
        num(v.lag.inFlight)
      } in flight${oldest}`,
    );
  }
  return { budget: parts.join("; "), marks };
}

/**
 * One audit log entry, or `undefined` when it is not an object.
 *
 * @example
 * ```ts
 * import { readAudit } from "./plugins_page.js";
 * console.log(readAudit(null)); // undefined
 * ```
 * @param {unknown} v
 * @returns {AuditRow | undefined}
 */
export function readAudit(v) {
  if (!isRecord(v)) return undefined;
  return {
    time: text(v.time),
    plugin: text(v.plugin),
    attempt: text(v.attempt),
    decision: text(v.decision),
    detail: text(v.detail),
    repeats: Number.isSafeInteger(v.repeats) && Number(v.repeats) > 0 ? Number(v.repeats) : 0,
    lastTime: text(v.lastTime),
  };
}

/**
 * One audit entry as one line of text, the plugin's words made visible.
 *
 * @example
 * ```ts
 * import { auditLine, readAudit } from "./plugins_page.js";
 * const entry = readAudit({ time: "t", attempt: "fetch", decision: "denied", detail: "a\nb", repeats: 2 });
 * console.log(entry && auditLine(entry)); // t fetch: denied a\nb (2 more like this)
 * ```
 * @param {AuditRow} entry
 * @returns {string}
 */
export function auditLine(entry) {
  const more = entry.repeats > 0
    ? ` (${entry.repeats} more like this${entry.lastTime ? `, the last at ${entry.lastTime}` : ""})`
    : "";
  return visibleText(
    `${entry.time} ${entry.attempt}: ${entry.decision}${
      entry.detail ? ` ${entry.detail}` : ""
    }${more}`,
  );
}

/**
 * The audit entries of each plugin, newest first, plugins by name: one plugin's flood has
 * its own list, and cannot push another's entries out of view.
 *
 * @example
 * ```ts
 * import { auditByPlugin } from "./plugins_page.js";
 * console.log([...auditByPlugin([{ plugin: "b" }, { plugin: "a" }]).keys()]); // ["a", "b"]
 * ```
 * @param {unknown[]} audit
 * @returns {Map<string, AuditRow[]>}
 */
export function auditByPlugin(audit) {
  /** @type {Map<string, AuditRow[]>} */
  const groups = new Map();
  for (const entry of audit.map(readAudit)) {
    if (!entry) continue;
    const group = groups.get(entry.plugin);
    if (group) group.unshift(entry);
    else groups.set(entry.plugin, [entry]);
  }
  return new Map([...groups].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Draws the plugin table and each plugin's newest audit entries.
 *
 * @example
 * ```ts ignore
 * import { renderPlugins } from "./plugins_page.js";
 * renderPlugins(
 *   { body: document.querySelector("#plugin-table tbody")!, log: document.getElementById("audit-log")! },
 *   { plugins: [], audit: [], sources: new Map() },
 *   { act: () => {}, upgrade: () => {}, activity: () => {} },
 * );
 * ```
 * @param {{ body: HTMLElement, log: HTMLElement }} where
 * @param {{ plugins: unknown[], audit: unknown[], sources: Map<string,
 *   import("../plugins_view.js").SourceRow> }} lists
 * @param {{ act: (verb: string, name: string) => void, upgrade: (name: string) => void,
 *   activity: (name: string) => void }} on
 */
export function renderPlugins(where, lists, on) {
  where.body.replaceChildren();
  for (const plugin of lists.plugins.map(readPlugin)) {
    if (!plugin) continue;
    const tr = document.createElement("tr");
    tr.dataset.plugin = plugin.name;
    const cell = (/** @type {string} */ content, /** @type {string} */ cls = "") => {
      const td = document.createElement("td");
      td.textContent = content;
      if (cls) td.className = cls;
      tr.append(td);
      return td;
    };
    cell(`${plugin.name} ${plugin.version}`);
    tr.append(sourceCell(lists.sources.get(plugin.name), () => on.upgrade(plugin.name)));
    cell(
      visibleText(plugin.state + (plugin.disabledReason ? ` (${plugin.disabledReason})` : "")),
      "state",
    );
    cell(
      `events: ${plugin.events.join(", ") || "none"}; capabilities: ${
        plugin.capabilities.join(", ") || "none"
      }; permissions: ${plugin.permissions}; ${plugin.scopeText}`,
      "grants",
    );
    cell(`crashes ${plugin.crashes}, overflows ${plugin.overflows}, denied ${plugin.denied}`);
    const budget = cell(plugin.budget || "not running", "budget");
    if (plugin.marks.length > 0) {
      budget.dataset.mark = plugin.marks.join(" ");
      budget.prepend(`⚠ ${plugin.marks.join(", ")}: `);
    }
    if (plugin.lastStop) {
      const stop = document.createElement("div");
      stop.className = "last-stop";
      // The reason may quote a plugin's own words (a crash it reported).
      stop.textContent = visibleText(`last stop: ${plugin.lastStop}`);
      budget.append(stop);
    }
    const actions = cell("");
    const disabled = plugin.state === "disabled";
    for (const verb of disabled ? ["enable", "revoke"] : ["disable", "revoke"]) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = verb[0].toUpperCase() + verb.slice(1);
      button.dataset.action = verb;
      button.addEventListener("click", () => on.act(verb, plugin.name));
      actions.append(button);
    }
    const ledger = document.createElement("button");
    ledger.type = "button";
    ledger.textContent = "Activity";
    ledger.dataset.action = "activity";
    ledger.addEventListener("click", () => on.activity(plugin.name));
    actions.append(ledger);
    where.body.append(tr);
  }
  where.log.replaceChildren();
  for (const [plugin, entries] of auditByPlugin(lists.audit)) {
    const group = document.createElement("li");
    group.dataset.plugin = plugin;
    const name = document.createElement("h4");
    name.textContent = visibleText(plugin);
    const list = document.createElement("ol");
    for (const entry of entries) {
      const li = document.createElement("li");
      li.textContent = auditLine(entry);
      list.append(li);
    }
    group.append(name, list);
    where.log.append(group);
  }
}
