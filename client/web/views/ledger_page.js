// @ts-check
/**
 * A plugin's ledger page: what it did and what it was refused over a window, in totals per
 * kind and in lines per value; filters (window, kind, allowed or denied, text); its own audit
 * entries; each permission it holds with a Revoke button, and what it asks for again with a
 * "Grant again" button (re-consent, never granted by itself); and its budgets with its last
 * stop. The backend's answer is read field by field before anything is shown, and every
 * value (a path, a host, a target, an audit detail) is a plugin's doing: shown as text, made
 * visible.
 *
 * @module
 */
import { isRecord } from "../../../core/shape.js";
import { visibleText } from "../../../core/visible_text.js";
import { auditLine, readAudit, readBudget } from "./plugins_page.js";
import { el } from "../plugins_view.js";

/**
 * @typedef {{ kind: string, value: string, decision: "allowed" | "denied", count: number,
 *   bytes: number }} LedgerEntry
 * @typedef {{ kind: string, decision: "allowed" | "denied", count: number, values: number,
 *   bytes: number }} LedgerTotal
 * @typedef {{ name: string, since: string, until: string, kinds: string[],
 *   totals: LedgerTotal[], entries: LedgerEntry[], truncated: boolean,
 *   audit: import("./plugins_page.js").AuditRow[], granted: string[], pending: string[],
 *   state: string, disabledReason: string, budget: string, marks: string[],
 *   lastStop: string }} Ledger
 * @typedef {{ window: string, ledgerKind?: string, decision?: "allowed" | "denied",
 *   text?: string }} LedgerFilter
 * @typedef {(action: Record<string, unknown> & {kind: string}) => Promise<unknown>} Request
 */

/** The windows the page offers; the ledger keeps 30 days. */
export const LEDGER_WINDOWS = ["1h", "24h", "7d", "30d"];

/** @param {unknown} v */
function count(v) {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : 0;
}

/** @param {unknown} v @returns {"allowed" | "denied" | undefined} */
function decision(v) {
  return v === "allowed" || v === "denied" ? v : undefined;
}

/** @param {unknown} v @returns {string[]} */
function strings(v) {
  return Array.isArray(v) ? v.filter((s) => typeof s === "string") : [];
}

/**
 * The backend's `plugin.ledger` answer, read field by field; `undefined` when it is not one.
 * @param {unknown} v
 * @returns {Ledger | undefined}
 */
export function readLedger(v) {
  if (!isRecord(v) || typeof v.name !== "string") return undefined;
  /** @type {LedgerEntry[]} */
  const entries = [];
  for (const e of Array.isArray(v.entries) ? v.entries : []) {
    const d = isRecord(e) ? decision(e.decision) : undefined;
    if (!isRecord(e) || !d || typeof e.kind !== "string" || typeof e.value !== "string") continue;
    entries.push({
      kind: e.kind,
      value: e.value,
      decision: d,
      count: count(e.count),
      bytes: count(e.bytes),
    });
  }
  /** @type {LedgerTotal[]} */
  const totals = [];
  for (const t of Array.isArray(v.totals) ? v.totals : []) {
    const d = isRecord(t) ? decision(t.decision) : undefined;
    if (!isRecord(t) || !d || typeof t.kind !== "string") continue;
    totals.push({
      kind: t.kind,
      decision: d,
      count: count(t.count),
      values: count(t.values),
      bytes: count(t.bytes),
    });
  }
  const audit = (Array.isArray(v.audit) ? v.audit : []).map(readAudit).filter((a) =>
    a !== undefined
  );
  const lastStop = isRecord(v.lastStop)
    ? `${String(v.lastStop.time)} ${String(v.lastStop.attempt)}: ${String(v.lastStop.reason)}`
    : "";
  return {
    name: v.name,
    since: String(v.since ?? ""),
    until: String(v.until ?? ""),
    kinds: strings(v.kinds),
    totals,
    entries,
    truncated: v.truncated === true,
    audit,
    granted: strings(v.granted),
    pending: strings(v.pending),
    state: String(v.state ?? ""),
    disabledReason: typeof v.disabledReason === "string" ? v.disabledReason : "",
    ...readBudget(v.budget),
    lastStop,
  };
}

/** @param {number} bytes */
function bytesText(bytes) {
  return bytes < 1024 ? `${bytes} B` : `${Number((bytes / 1024).toFixed(1))} KiB`;
}

/**
 * One ledger line: `irc.send ×3 1 #deno (30 B)`, the value made visible.
 * @param {LedgerEntry} e
 */
export function entryLine(e) {
  return `${e.kind} ×${e.count} ${visibleText(e.value)}${
    e.bytes > 0 ? ` (${bytesText(e.bytes)})` : ""
  }`;
}

/**
 * What a kind of check or call means to a user, for the totals.
 * @type {Record<string, string>}
 */
const KIND_TEXT = {
  read: "files read",
  write: "files written",
  net: "hosts reached",
  env: "variables read",
  import: "modules imported",
  sys: "system information",
  run: "programs run",
  ffi: "native libraries",
  "irc.send": "messages sent",
  "storage.set": "storage written",
  "storage.delete": "storage deleted",
  "metadata.set": "metadata set",
};

/**
 * One total: `messages sent (irc.send): 3 times, 2 values, 30 B`.
 * @param {LedgerTotal} t
 */
export function totalLine(t) {
  const what = KIND_TEXT[t.kind] ? `${KIND_TEXT[t.kind]} (${t.kind})` : t.kind;
  const verb = t.decision === "denied" ? "refused " : "";
  const times = `${t.count} ${t.count === 1 ? "time" : "times"}`;
  return `${verb}${what}: ${times}, ${t.values} ${t.values === 1 ? "value" : "values"}${
    t.bytes > 0 ? `, ${bytesText(t.bytes)}` : ""
  }`;
}

/**
 * The ledger kinds a permission is used through, to say how often a plugin was refused what
 * it asks for again: `read:notes` is read checks, `capability:irc.send:1:#deno` is sends.
 * @param {string} permission
 * @returns {string[]}
 */
export function kindsOf(permission) {
  const colon = permission.indexOf(":");
  if (colon < 0) return [];
  const [kind, value] = [permission.slice(0, colon), permission.slice(colon + 1)];
  if (kind !== "capability") return kind === "event" ? [] : [kind];
  if (value.startsWith("irc.send")) return ["irc.send"];
  if (value === "storage") return ["storage.set", "storage.delete"];
  if (value.startsWith("metadata:")) return ["metadata.set"];
  return [];
}

/**
 * @param {string} text
 * @param {string} action
 */
function button(text, action) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.dataset.action = action;
  return b;
}

/**
 * @param {string} name
 * @param {string} label
 * @param {string[]} options values, the first one "" for all when `all` is given
 * @param {string} [all]
 */
function select(name, label, options, all) {
  const wrap = document.createElement("label");
  wrap.textContent = `${label} `;
  const s = document.createElement("select");
  s.name = name;
  if (all !== undefined) s.append(new Option(all, ""));
  for (const o of options) s.append(new Option(o, o));
  wrap.append(s);
  return { wrap, select: s };
}

/**
 * Opens a plugin's ledger page and keeps it in step with its filters and with what the user
 * revokes or grants there, until it is closed. Rejects with the backend's first error; later
 * errors are said in the page.
 *
 * @param {string} name
 * @param {Request} request
 * @returns {Promise<void>}
 */
export async function showLedger(name, request) {
  /** @type {LedgerFilter} */
  const filter = { window: "24h" };
  const first = readLedger(await request({ kind: "plugin.ledger", name, ...filter }));
  if (!first) {
    throw new TypeError(`Cannot show the ledger of ${name}: the backend's answer is malformed`);
  }
  const dialog = document.createElement("dialog");
  dialog.id = "activity-dialog";
  dialog.className = "ledger";
  dialog.dataset.plugin = name;
  const title = el("h3", `${visibleText(name)}: what it did`);
  const windowPick = select("window", "Window", LEDGER_WINDOWS);
  windowPick.select.value = filter.window;
  const kindPick = select("kind", "Kind", [], "all kinds");
  const decisionPick = select("decision", "Decision", ["allowed", "denied"], "allowed and denied");
  const textWrap = document.createElement("label");
  textWrap.textContent = "Value contains ";
  const textInput = document.createElement("input");
  textInput.type = "search";
  textInput.name = "text";
  textInput.maxLength = 200;
  textWrap.append(textInput);
  const filters = document.createElement("form");
  filters.className = "filters";
  filters.append(windowPick.wrap, kindPick.wrap, decisionPick.wrap, textWrap);
  const error = el("p", "", "error");
  error.hidden = true;
  const body = document.createElement("div");
  body.className = "ledger-body";
  const close = button("Close", "close");
  dialog.append(title, filters, error, body, close);
  document.body.append(dialog);
  dialog.showModal();

  /** @param {unknown} failure */
  const fail = (failure) => {
    error.hidden = false;
    error.textContent = visibleText(failure instanceof Error ? failure.message : String(failure));
  };
  // Answers can cross: only the newest request's answer is drawn.
  let asked = 0;
  const reload = () => {
    const mine = ++asked;
    return request({ kind: "plugin.ledger", name, ...filter }).then((got) => {
      if (mine !== asked) return;
      const ledger = readLedger(got);
      if (!ledger) throw new TypeError(`Cannot show the ledger of ${name}: malformed answer`);
      error.hidden = true;
      draw(ledger);
    }).catch(fail);
  };
  /** @param {Record<string, unknown> & {kind: string}} action */
  const change = (action) => {
    request(action).then(reload, fail);
  };
  /** @param {Ledger} ledger */
  const draw = (ledger) => {
    const picked = kindPick.select.value;
    kindPick.select.replaceChildren(new Option("all kinds", ""));
    for (const kind of new Set([...ledger.kinds, ...(picked ? [picked] : [])])) {
      kindPick.select.append(new Option(kind, kind));
    }
    kindPick.select.value = picked;
    body.replaceChildren(...ledgerParts(ledger, change));
  };
  filters.addEventListener("submit", (event) => event.preventDefault());
  filters.addEventListener("input", () => {
    filter.window = windowPick.select.value;
    const kind = kindPick.select.value;
    const d = decision(decisionPick.select.value);
    const text = textInput.value.trim();
    delete filter.ledgerKind;
    delete filter.decision;
    delete filter.text;
    if (kind) filter.ledgerKind = kind;
    if (d) filter.decision = d;
    if (text) filter.text = text;
    reload();
  });
  draw(first);
  await new Promise((resolve) => {
    const done = () => {
      dialog.close();
      dialog.remove();
      resolve(undefined);
    };
    close.addEventListener("click", done);
    dialog.addEventListener("cancel", done);
  });
}

/**
 * The page's sections for one answer.
 * @param {Ledger} ledger
 * @param {(action: Record<string, unknown> & {kind: string}) => void} change
 * @returns {HTMLElement[]}
 */
function ledgerParts(ledger, change) {
  const parts = [];
  parts.push(el(
    "p",
    `From ${ledger.since} to ${ledger.until}: the host's own count of its permission checks and calls.`,
    "window",
  ));
  // Budgets in sight: what it uses now, what it passed, and what the host did about it.
  const budget = el(
    "p",
    ledger.budget
      ? `${ledger.marks.length > 0 ? `⚠ ${ledger.marks.join(", ")}: ` : ""}${ledger.budget}`
      : `not running (${
        visibleText(ledger.state + (ledger.disabledReason ? `: ${ledger.disabledReason}` : ""))
      })`,
    "budget",
  );
  if (ledger.marks.length > 0) budget.dataset.mark = ledger.marks.join(" ");
  parts.push(budget);
  if (ledger.lastStop) {
    parts.push(el("p", visibleText(`last stop: ${ledger.lastStop}`), "last-stop"));
  }

  parts.push(el("h4", "In counts"));
  const totals = document.createElement("ul");
  totals.className = "totals";
  for (const t of ledger.totals) {
    const li = el("li", totalLine(t));
    li.dataset.kind = t.kind;
    li.dataset.decision = t.decision;
    totals.append(li);
  }
  if (ledger.totals.length === 0) totals.append(el("li", "Nothing in this window."));
  parts.push(totals);

  /** @type {("allowed" | "denied")[]} */
  const decisions = ["allowed", "denied"];
  for (const d of decisions) {
    const some = ledger.entries.filter((e) => e.decision === d);
    if (some.length === 0) continue;
    parts.push(el("h4", d === "allowed" ? "Allowed" : "Denied"));
    const list = document.createElement("ul");
    list.className = d;
    for (const e of some) {
      const li = el("li", entryLine(e));
      li.dataset.kind = e.kind;
      list.append(li);
    }
    parts.push(list);
  }
  if (ledger.truncated) {
    parts.push(
      el("p", "Only the most frequent are shown: narrow the filters to see the rest.", "truncated"),
    );
  }

  parts.push(el("h4", "What it holds"));
  const granted = document.createElement("ul");
  granted.className = "granted";
  for (const permission of ledger.granted) {
    const li = el("li", `${visibleText(permission)} `);
    li.dataset.permission = permission;
    const revoke = button("Revoke", "revoke-permission");
    revoke.addEventListener("click", () => {
      revoke.disabled = true;
      change({ kind: "plugin.permission.revoke", name: ledger.name, permission });
    });
    li.append(revoke);
    granted.append(li);
  }
  if (ledger.granted.length === 0) granted.append(el("li", "Nothing."));
  parts.push(granted);

  if (ledger.pending.length > 0) {
    parts.push(el("h4", "It asks for, and does not have"));
    const pending = document.createElement("ul");
    pending.className = "pending";
    for (const permission of ledger.pending) {
      const refused = ledger.totals
        .filter((t) => t.decision === "denied" && kindsOf(permission).includes(t.kind))
        .reduce((sum, t) => sum + t.count, 0);
      const li = el(
        "li",
        `${visibleText(permission)}${
          refused > 0 ? ` (refused ${refused} times in this window)` : ""
        } `,
      );
      li.dataset.permission = permission;
      const grant = button("Grant again", "grant-permission");
      grant.addEventListener("click", () => {
        grant.disabled = true;
        change({ kind: "plugin.permission.grant", name: ledger.name, permission });
      });
      li.append(grant);
      pending.append(li);
    }
    parts.push(pending);
  }

  parts.push(el("h4", "Its audit"));
  const audit = document.createElement("ol");
  audit.className = "audit";
  for (const entry of [...ledger.audit].reverse()) {
    const li = el("li", auditLine(entry));
    li.dataset.decision = entry.decision;
    audit.append(li);
  }
  if (ledger.audit.length === 0) audit.append(el("li", "Nothing yet."));
  parts.push(audit);
  return parts;
}
