// @ts-check
import { visibleText } from "../../core/visible_text.js";
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

/**
 * @typedef {{ kind: string, what: string, reason: string, text: string }} InstallRequest
 * @typedef {{ planId: string, name: string, description: string, source: string,
 *   version: string, integrity: string, requests: InstallRequest[],
 *   boundary: { available: boolean, reason?: string }, isolationText: string[],
 *   diskQuotaMb: number }} InstallPlan
 * @typedef {{ networkId: number, name: string, channels: string[] }} ScopePlace
 * @typedef {{ nick: string, buffer: string, network: string }} LinkOrigin
 */

/** @param {unknown} v @returns {v is InstallRequest} */
function isInstallRequest(v) {
  return typeof v === "object" && v !== null && "kind" in v && typeof v.kind === "string" &&
    "what" in v && typeof v.what === "string" && "reason" in v &&
    typeof v.reason === "string" && "text" in v && typeof v.text === "string";
}

/** @param {unknown} v @returns {v is InstallPlan} */
function isInstallPlan(v) {
  if (typeof v !== "object" || v === null) return false;
  const o = /** @type {Record<string, unknown>} */ (v);
  const boundary = o.boundary;
  return ["planId", "name", "description", "source", "version", "integrity"].every((k) =>
    typeof o[k] === "string"
  ) && Array.isArray(o.requests) && o.requests.every(isInstallRequest) &&
    Array.isArray(o.isolationText) && o.isolationText.every((l) => typeof l === "string") &&
    typeof o.diskQuotaMb === "number" && typeof boundary === "object" && boundary !== null &&
    "available" in boundary && typeof boundary.available === "boolean";
}

/**
 * @param {string} tag
 * @param {string} text
 * @param {string} [className]
 */
function el(tag, text, className) {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

/**
 * The consent sheet of a `jsr:` install: the backend fetches and checks the plugin first,
 * then the sheet shows where the link came from (for one posted in a chat), the version
 * that will be pinned with its integrity, each request with its reason, a scope picker
 * (private messages off), the isolation with the OS boundary's state, and the disk quota.
 * Nothing installs without the Install click; Cancel removes what was fetched. A failure
 * (registry down, a file that does not match, an unknown package) is said in the sheet.
 * Resolves with whether it installed.
 *
 * @param {string} specifier `jsr:@scope/name[@range]`
 * @param {Request} request
 * @param {{ places: ScopePlace[], origin?: LinkOrigin }} options
 * @returns {Promise<boolean>}
 */
export function installWithConsent(specifier, request, options) {
  const dialog = document.createElement("dialog");
  dialog.id = "install-dialog";
  const title = el("h3", `Install ${visibleText(specifier)}`);
  const from = options.origin
    ? el(
      "p",
      visibleText(
        `Posted by ${options.origin.nick} in ${options.origin.buffer} on ${options.origin.network}. ` +
          "Anyone can post a link: install only what you trust.",
      ),
      "origin",
    )
    : undefined;
  const status = el("p", "Fetching and checking it from the registry…", "status");
  const body = document.createElement("div");
  const error = el("p", "", "error");
  error.hidden = true;
  const yes = el("button", "Install");
  yes.dataset.action = "confirm";
  yes.setAttribute("type", "button");
  /** @type {HTMLButtonElement} */ (yes).disabled = true;
  const no = el("button", "Cancel");
  no.dataset.action = "cancel";
  no.setAttribute("type", "button");
  dialog.append(title, ...(from ? [from] : []), status, body, error, yes, no);
  document.body.append(dialog);
  dialog.showModal();

  /** @type {InstallPlan | undefined} */
  let plan;
  /** @type {(() => { networks: number[], channels: { networkId: number, channel: string }[], privateMessages: boolean, diskQuotaMb: number })} */
  let answer = () => ({ networks: [], channels: [], privateMessages: false, diskQuotaMb: 0 });
  /** @type {(done: boolean) => void} */
  let finish = () => {};
  const result = new Promise((resolve) => {
    finish = (done) => {
      dialog.close();
      dialog.remove();
      resolve(done);
    };
  });
  /** @param {unknown} failure */
  const fail = (failure) => {
    status.hidden = true;
    error.hidden = false;
    error.textContent = visibleText(failure instanceof Error ? failure.message : String(failure));
    yes.remove();
    no.textContent = "Close";
    plan = undefined;
  };
  // The sheet closes once the backend has removed what it fetched.
  const cancel = () => {
    const planned = plan;
    plan = undefined;
    if (!planned) return finish(false);
    request({ kind: "plugin.install.cancel", planId: planned.planId }).catch(() => {})
      .finally(() => finish(false));
  };
  no.addEventListener("click", cancel);
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    cancel();
  });
  yes.addEventListener("click", () => {
    if (!plan) return;
    const { diskQuotaMb, ...scope } = answer();
    /** @type {HTMLButtonElement} */ (yes).disabled = true;
    status.hidden = false;
    status.textContent = "Installing…";
    const planned = plan;
    request({
      kind: "plugin.install",
      planId: planned.planId,
      version: planned.version,
      consent: planned.requests.map((r) => r.text),
      scope,
      diskQuotaMb,
    }).then(() => finish(true), fail);
  });

  request({ kind: "plugin.install.plan", specifier }).then((got) => {
    if (!isInstallPlan(got)) throw new TypeError("Cannot install: the backend's plan is malformed");
    plan = got;
    status.hidden = true;
    title.textContent = visibleText(`Install ${got.name} ${got.version}`);
    body.append(
      el("p", visibleText(got.description), "description"),
      el("p", `from ${got.source}@${got.version}, pinned with integrity ${got.integrity}`, "pin"),
      el("h4", "It asks for"),
    );
    const requests = document.createElement("ul");
    requests.className = "requests";
    for (const r of got.requests) {
      const li = el("li", visibleText(r.text));
      li.dataset.kind = r.kind;
      requests.append(li);
    }
    body.append(requests);
    const picked = scopePicker(options.places);
    body.append(picked.fieldset);
    body.append(el("h4", "How it runs"));
    const isolation = document.createElement("ul");
    isolation.className = "isolation";
    for (const line of got.isolationText) isolation.append(el("li", line));
    body.append(
      isolation,
      el(
        "p",
        got.boundary.available
          ? "OS boundary: on"
          : `OS boundary: unavailable (${got.boundary.reason ?? "unknown"})`,
        "boundary",
      ),
    );
    const quota = document.createElement("label");
    quota.className = "disk-quota";
    quota.textContent = "Disk quota (MiB) ";
    const input = document.createElement("input");
    input.type = "number";
    input.min = "1";
    input.step = "1";
    input.value = String(got.diskQuotaMb);
    quota.append(input);
    body.append(quota);
    answer = () => ({ ...picked.scope(), diskQuotaMb: Number(input.value) });
    /** @type {HTMLButtonElement} */ (yes).disabled = false;
  }).catch(fail);
  return result;
}

/**
 * The scope picker: each network whole, or its channels one by one, and private messages
 * (off). Nothing picked means every network and channel, as the host reads an empty scope.
 *
 * @param {ScopePlace[]} places
 */
function scopePicker(places) {
  const fieldset = document.createElement("fieldset");
  fieldset.className = "scope";
  fieldset.append(el("legend", "Where it applies (nothing picked: every network and channel)"));
  /** @type {{ box: HTMLInputElement, networkId: number, channel?: string }[]} */
  const boxes = [];
  /** @param {string} text @param {number} networkId @param {string} [channel] */
  const box = (text, networkId, channel) => {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "checkbox";
    input.dataset.network = String(networkId);
    if (channel) input.dataset.channel = channel;
    label.append(input, ` ${visibleText(text)}`);
    boxes.push({ box: input, networkId, channel });
    return label;
  };
  for (const place of places) {
    const group = document.createElement("div");
    group.append(box(`all of ${place.name}`, place.networkId));
    for (const channel of place.channels) group.append(box(channel, place.networkId, channel));
    fieldset.append(group);
  }
  const pm = document.createElement("label");
  const pmBox = document.createElement("input");
  pmBox.type = "checkbox";
  pmBox.name = "private-messages";
  pm.append(pmBox, " private messages");
  fieldset.append(pm);
  return {
    fieldset,
    scope: () => ({
      networks: boxes.filter((b) => b.box.checked && !b.channel).map((b) => b.networkId),
      channels: boxes.filter((b) => b.box.checked && b.channel).map((b) => ({
        networkId: b.networkId,
        channel: /** @type {string} */ (b.channel),
      })),
      privateMessages: pmBox.checked,
    }),
  };
}

/** A `jsr:@scope/name[@range]` mention in a chat line, not inside a longer word or URL. */
const JSR_MENTION =
  // deno-lint-ignore no-control-regex
  /(?<![\w@/.:-])jsr:@[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*(?:@[^\s\x00-\x1f,;'"<>()]{1,100})?/g;

/** Mentions a line can offer to install at most. */
const MAX_MENTIONS = 3;

/**
 * The `jsr:` plugins a chat line mentions, each once, a sentence's last `.` left out.
 *
 * @param {string} text
 * @returns {string[]}
 */
export function jsrMentions(text) {
  const found = new Set();
  for (const match of text.matchAll(JSR_MENTION)) {
    found.add(match[0].replace(/[.!?]+$/, ""));
    if (found.size === MAX_MENTIONS) break;
  }
  return [...found];
}

/**
 * The "Install…" action of a `jsr:` mention in a chat line: clicking it only opens the
 * consent sheet (see {@linkcode installWithConsent}), which names who posted it and where.
 *
 * @param {string} specifier
 * @param {string} nick who posted it
 * @returns {HTMLButtonElement}
 */
export function installLinkButton(specifier, nick) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "install-link";
  button.dataset.specifier = specifier;
  button.dataset.nick = nick;
  button.textContent = `Install ${specifier}…`;
  return button;
}
