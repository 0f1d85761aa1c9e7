/**
 * One plugin's ledger page, as the backend answers a page's `plugin.ledger`: what it did and
 * what it was refused over a window (totals per kind, then entries per value), its own audit
 * entries, the permissions it holds (each revocable alone) and those it asks for again, and
 * its budgets with its last stop.
 *
 * @module
 */
import {
  type ActivityEntry,
  type ActivityTotal,
  type AuditEntry,
  parseWindow,
  type PluginBudget,
  type PluginHost,
  type PluginState,
} from "../plugins/mod.ts";
import type { Action } from "../core/mod.ts";

/**
 * A plugin's newest audit entries on its ledger page. Read for that plugin alone: another
 * plugin's flood cannot push them out, and the plugin's own volume is bounded by the audit's
 * per-plugin rate and total (an "audit limit" row counts the rest).
 */
export const LEDGER_AUDIT_ENTRIES = 200;

/**
 * The reply to `plugin.ledger`.
 *
 * @example
 * ```ts
 * import type { LedgerPage } from "./ledger_page.ts";
 * const refused = (page: LedgerPage) => page.totals.filter((t) => t.decision === "denied");
 * ```
 */
export interface LedgerPage {
  /** The plugin. */
  name: string;
  /** The window, as ISO times. */
  since: string;
  until: string;
  /** Every kind the window holds, whatever the filter (the kind filter's choices). */
  kinds: string[];
  /** The filtered ledger summed per kind and decision. */
  totals: ActivityTotal[];
  /** The filtered ledger per kind, value and decision, the most frequent first. */
  entries: ActivityEntry[];
  /** Whether more entries matched than were sent. */
  truncated: boolean;
  /** Its newest audit entries, oldest first. */
  audit: AuditEntry[];
  /** Each permission it holds on its own, as a single revoke takes it (`read:notes`). */
  granted: string[];
  /** What its manifest asks for and its grant lacks: a revoked permission, awaiting consent. */
  pending: string[];
  /** Its state, why it is disabled, its budgets while it runs, and its last stop. */
  state: PluginState;
  disabledReason: string | null;
  budget: PluginBudget | null;
  lastStop: { time: string; attempt: string; reason: string } | null;
}

/**
 * Reads a plugin's ledger page from the host. A window past 30 days, or a plugin that is not
 * installed, is refused with a clear error.
 *
 * @example
 * ```ts ignore
 * const page = ledgerPage(host, { kind: "plugin.ledger", id: 1, name: "greeter", window: "24h" }, {
 *   entries: 500,
 * });
 * ```
 */
export function ledgerPage(
  plugins: PluginHost,
  action: Extract<Action, { kind: "plugin.ledger" }>,
  options: { entries: number; now?: () => number },
): LedgerPage {
  const info = plugins.list().find((p) => p.name === action.name);
  if (!info) {
    throw new Error(
      `Cannot show the ledger: plugin ${JSON.stringify(action.name)} is not installed`,
    );
  }
  const until = (options.now ?? Date.now)();
  const since = until - parseWindow(action.window);
  const window = { since, until };
  const filter = {
    ...window,
    kind: action.ledgerKind,
    decision: action.decision,
    text: action.text,
  };
  // One more than is sent tells whether there were more.
  const entries = plugins.activity(action.name, { ...filter, limit: options.entries + 1 });
  return {
    name: info.name,
    since: new Date(since).toISOString(),
    until: new Date(until).toISOString(),
    kinds: [...new Set(plugins.activityTotals(action.name, window).map((t) => t.kind))].sort(),
    totals: plugins.activityTotals(action.name, filter),
    entries: entries.slice(0, options.entries),
    truncated: entries.length > options.entries,
    audit: plugins.audit(action.name, { last: LEDGER_AUDIT_ENTRIES }),
    granted: plugins.grantedItems(action.name),
    pending: info.pendingConsent,
    state: info.state,
    disabledReason: info.disabledReason,
    budget: info.budget,
    lastStop: info.lastStop,
  };
}
