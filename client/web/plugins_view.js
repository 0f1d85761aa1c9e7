// @ts-check
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
