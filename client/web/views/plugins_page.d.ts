/**
 * Types of the Plugins page view (the implementation is plugins_page.js).
 *
 * @module
 */

/**
 * A plugin row as the page shows it.
 *
 * @example
 * ```ts
 * import { readPlugin } from "./plugins_page.js";
 * console.log(readPlugin({ name: "greeter", state: "running", granted: { events: ["user.joined"] } })?.events);
 * // ["user.joined"]
 * ```
 */
export interface PluginRow {
  /** Its name. */
  name: string;
  /** Its version. */
  version: string;
  /** `running`, `disabled`… */
  state: string;
  /** Why it is disabled, or `""`. */
  disabledReason: string;
  /** Events granted. */
  events: string[];
  /** Capabilities granted. */
  capabilities: string[];
  /** Permissions granted, as JSON. */
  permissions: string;
  /** Which networks and channels it sees, in words. */
  scopeText: string;
  /** Crashes so far. */
  crashes: number;
  /** Mailbox overflows so far. */
  overflows: number;
  /** Denied calls so far. */
  denied: number;
  /** Its budgets in use, as text (CPU, memory, disk, lag), or `""` when it is not running. */
  budget: string;
  /** The budgets it passed: `throttled`, `stopped`, `memory`, `disk`. */
  marks: string[];
  /** Its last crash or disabling and why, or `""`. */
  lastStop: string;
}

/**
 * Reads a running plugin's budgets as one line of text and the marks of those it passed.
 *
 * @example
 * ```ts
 * import { readBudget } from "./plugins_page.js";
 * const { marks } = readBudget({ cpu: { cores: 0.5, limitCores: 0.5, state: "throttled" } });
 * console.log(marks); // ["throttled"]
 * ```
 */
export declare function readBudget(v: unknown): { budget: string; marks: string[] };

/**
 * An audit log entry as the page shows it.
 *
 * @example
 * ```ts
 * import { readAudit } from "./plugins_page.js";
 * console.log(readAudit({ plugin: "greeter", decision: "allowed" })?.decision); // "allowed"
 * ```
 */
export interface AuditRow {
  /** When. */
  time: string;
  /** Which plugin. */
  plugin: string;
  /** What it tried. */
  attempt: string;
  /** Allowed or denied. */
  decision: string;
  /** More. */
  detail: string;
  /** How many more entries like this one followed it. */
  repeats: number;
  /** When the last of them came, or `""`. */
  lastTime: string;
}

/**
 * Reads one plugin of the backend's list, or `undefined` without a name.
 *
 * @example
 * ```ts
 * import { readPlugin } from "./plugins_page.js";
 * console.log(readPlugin(42)); // undefined
 * ```
 */
export declare function readPlugin(v: unknown): PluginRow | undefined;

/**
 * Reads one audit entry, or `undefined`.
 *
 * @example
 * ```ts
 * import { readAudit } from "./plugins_page.js";
 * console.log(readAudit(null)); // undefined
 * ```
 */
export declare function readAudit(v: unknown): AuditRow | undefined;

/**
 * One audit entry as one line of text, its control and bidirectional characters (a plugin's
 * own words) written out visibly, its repeats counted.
 *
 * @example
 * ```ts
 * import { auditLine, readAudit } from "./plugins_page.js";
 * const entry = readAudit({ time: "t", attempt: "fetch", decision: "denied", detail: "a\nb", repeats: 2 });
 * console.log(entry && auditLine(entry)); // t fetch: denied a\nb (2 more like this)
 * ```
 */
export declare function auditLine(entry: AuditRow): string;

/**
 * The audit entries of each plugin, newest first, plugins by name.
 *
 * @example
 * ```ts
 * import { auditByPlugin } from "./plugins_page.js";
 * console.log([...auditByPlugin([{ plugin: "b" }, { plugin: "a" }]).keys()]); // ["a", "b"]
 * ```
 */
export declare function auditByPlugin(audit: unknown[]): Map<string, AuditRow[]>;

/**
 * Draws the plugin table and each plugin's newest audit entries, plugin by plugin.
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
 */
export declare function renderPlugins(
  where: { body: HTMLElement; log: HTMLElement },
  lists: { plugins: unknown[]; audit: unknown[]; sources: Map<string, unknown> },
  on: {
    act: (verb: string, name: string) => void;
    upgrade: (name: string) => void;
    /** Shows the plugin's activity ledger. */
    activity: (name: string) => void;
  },
): void;
