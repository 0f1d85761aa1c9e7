// @ts-check
import { visibleText } from "../../common/visible_text.js";
// The Plugins page's source column and upgrade consent sheet: where each plugin came from,
// its exact version, "update available", and an upgrade that lists only what the new
// version asks for beyond the grant.

/**
 * @typedef {{ name: string, source: string, version: string, latest: string | null,
 *   update: boolean, error: string | null }} SourceRow
 * @typedef {{ name: string, from: string, to: string, added: string[] }} UpgradePlan
 * @typedef {(action: Record<string, unknown> & {kind: string}) => Promise<unknown>} Request
 */

/**
 * The cell showing a plugin's source and version, with "update available" and an Upgrade
 * button when the registry has a newer version.
 *
 * @param {SourceRow | undefined} row
 * @param {() => void} onUpgrade
 * @returns {HTMLTableCellElement}
 */
export function sourceCell(row, onUpgrade) {
  const td = document.createElement("td");
  td.className = "source";
  if (!row) return td;
  td.textContent = `${row.source} ${row.version}`;
  if (row.update && row.latest) {
    const note = document.createElement("span");
    note.className = "update";
    note.textContent = ` update available: ${row.latest} `;
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.action = "upgrade";
    button.textContent = "Upgrade";
    button.addEventListener("click", onUpgrade);
    td.append(note, button);
  } else if (row.error) td.title = row.error;
  return td;
}

/**
 * Asks the backend for the upgrade of `name`, shows the consent sheet listing only what
 * is new (or that nothing is), and upgrades when the user agrees. Resolves with whether it
 * upgraded; rejects with the backend's error.
 *
 * @param {string} name
 * @param {Request} request
 * @returns {Promise<boolean>}
 */
export async function upgradeWithConsent(name, request) {
  const plan = await request({ kind: "plugin.upgrade.plan", name });
  if (!isUpgradePlan(plan)) {
    throw new TypeError(`Cannot upgrade ${name}: the backend's plan is malformed`);
  }
  const agreed = await consentSheet(plan);
  if (!agreed) return false;
  await request({ kind: "plugin.upgrade", name, version: plan.to, consent: plan.added });
  return true;
}

/** @param {unknown} v @returns {v is UpgradePlan} */
function isUpgradePlan(v) {
  return typeof v === "object" && v !== null && "name" in v && typeof v.name === "string" &&
    "from" in v && typeof v.from === "string" && "to" in v && typeof v.to === "string" &&
    "added" in v && Array.isArray(v.added) && v.added.every((a) => typeof a === "string");
}

/**
 * @param {UpgradePlan} plan
 * @returns {Promise<boolean>}
 */
function consentSheet(plan) {
  const dialog = document.createElement("dialog");
  dialog.id = "upgrade-dialog";
  const title = document.createElement("h3");
  title.textContent = `Upgrade ${plan.name} ${plan.from} → ${plan.to}`;
  const intro = document.createElement("p");
  intro.textContent = plan.added.length > 0
    ? "The new version asks for more than you granted:"
    : "The new version asks for nothing new.";
  const list = document.createElement("ul");
  list.className = "added";
  for (const request of plan.added) {
    const li = document.createElement("li");
    li.textContent = request;
    list.append(li);
  }
  const yes = document.createElement("button");
  yes.type = "button";
  yes.dataset.action = "confirm";
  yes.textContent = plan.added.length > 0 ? "Grant and upgrade" : "Upgrade";
  const no = document.createElement("button");
  no.type = "button";
  no.dataset.action = "cancel";
  no.textContent = "Cancel";
  dialog.append(title, intro, list, yes, no);
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) => {
    const close = (/** @type {boolean} */ answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    yes.addEventListener("click", () => close(true));
    no.addEventListener("click", () => close(false));
    dialog.addEventListener("cancel", () => close(false));
  });
}

/**
 * @typedef {{ kind: string, value: string, decision: string, count: number }} ActivityRow
 */

/** @param {unknown} v @returns {v is ActivityRow} */
function isActivityRow(v) {
  return typeof v === "object" && v !== null && "kind" in v && typeof v.kind === "string" &&
    "value" in v && typeof v.value === "string" && "decision" in v &&
    typeof v.decision === "string" && "count" in v && typeof v.count === "number";
}

/**
 * Asks the backend for a plugin's activity ledger (its permission checks of the last 24
 * hours, as the host decided them) and shows it in a sheet: allowed, then denied, each line
 * a kind, a count and a value, the value made visible as text. Rejects with the backend's
 * error.
 *
 * @param {string} name
 * @param {Request} request
 * @returns {Promise<void>}
 */
export async function showActivity(name, request) {
  const rows = await request({ kind: "plugin.activity", name });
  if (!Array.isArray(rows) || !rows.every(isActivityRow)) {
    throw new TypeError(`Cannot show the activity of ${name}: the backend's answer is malformed`);
  }
  const dialog = document.createElement("dialog");
  dialog.id = "activity-dialog";
  const title = document.createElement("h3");
  title.textContent = `${visibleText(name)}: permission checks in the last 24 hours`;
  dialog.append(title);
  if (rows.length === 0) {
    const none = document.createElement("p");
    none.textContent = "None.";
    dialog.append(none);
  }
  for (const decision of ["allowed", "denied"]) {
    const some = rows.filter((row) => row.decision === decision);
    if (some.length === 0) continue;
    const heading = document.createElement("h4");
    heading.textContent = decision === "allowed" ? "Allowed" : "Denied";
    const list = document.createElement("ul");
    list.className = decision;
    for (const row of some) {
      const li = document.createElement("li");
      li.textContent = `${row.kind} ×${row.count} ${visibleText(row.value)}`;
      list.append(li);
    }
    dialog.append(heading, list);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.dataset.action = "close";
  close.textContent = "Close";
  dialog.append(close);
  document.body.append(dialog);
  dialog.showModal();
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
