// @ts-check
import { isRecord } from "../../core/shape.js";
import { visibleText } from "../../core/visible_text.js";
// The Plugins page's source column and upgrade sheet: where each plugin came from, its exact
// version, "update available", and an upgrade showing what the new version asks for as a
// diff against the grant.

/**
 * @typedef {{ name: string, source: string, version: string, latest: string | null,
 *   update: boolean, error: string | null }} SourceRow
 * @typedef {{ name: string, source: string, from: string, to: string, integrity: string,
 *   changelog: string | null, added: string[], removed: string[] }} UpgradePlan
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
 * The upgrade sheet of `name`: it opens at once, the backend fetches and checks the new
 * version, then the sheet shows the version, the integrity that will be pinned, the
 * changelog link if the package has one, and what the new version asks for as a diff
 * against the grant: added (needs the "Grant and upgrade" click) and removed (dropped).
 * Nothing upgrades without the click. A failure (registry down, a file that does not match,
 * a version that fails to start and was rolled back) is said in the sheet. Resolves with
 * whether it upgraded.
 *
 * @param {string} name
 * @param {Request} request
 * @returns {Promise<boolean>}
 */
export function upgradeWithConsent(name, request) {
  const dialog = document.createElement("dialog");
  dialog.id = "upgrade-dialog";
  const title = el("h3", visibleText(`Upgrade ${name}`));
  const status = el("p", "Fetching and checking the new version from the registry…", "status");
  const body = document.createElement("div");
  const error = el("p", "", "error");
  error.hidden = true;
  const yes = el("button", "Upgrade");
  yes.dataset.action = "confirm";
  yes.setAttribute("type", "button");
  yes.disabled = true;
  const no = el("button", "Cancel");
  no.dataset.action = "cancel";
  no.setAttribute("type", "button");
  dialog.append(title, status, body, error, yes, no);
  document.body.append(dialog);
  dialog.showModal();

  /** @type {UpgradePlan | undefined} */
  let plan;
  /** @type {(done: boolean) => void} */
  let finish = () => {};
  /** @type {Promise<boolean>} */
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
  no.addEventListener("click", () => finish(false));
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    finish(false);
  });
  yes.addEventListener("click", () => {
    const planned = plan;
    if (!planned) return;
    yes.disabled = true;
    status.hidden = false;
    status.textContent = "Upgrading: installing and starting the new version…";
    request({
      kind: "plugin.upgrade",
      name,
      version: planned.to,
      integrity: planned.integrity,
      consent: planned.added,
    })
      .then(() => finish(true), fail);
  });

  request({ kind: "plugin.upgrade.plan", name }).then((got) => {
    if (!isUpgradePlan(got)) {
      throw new TypeError(`Cannot upgrade ${name}: the backend's plan is malformed`);
    }
    plan = got;
    status.hidden = true;
    title.textContent = visibleText(`Upgrade ${got.name} ${got.from} → ${got.to}`);
    body.append(
      el("p", `from ${got.source}@${got.to}, pinned with integrity ${got.integrity}`, "pin"),
      changelogLine(got.changelog),
      el(
        "p",
        got.added.length > 0
          ? "The new version asks for more than you granted:"
          : "The new version asks for nothing new.",
        "intro",
      ),
    );
    const diff = document.createElement("div");
    diff.className = "diff";
    /** @type {[className: string, lines: string[], label: string][]} */
    const sections = [
      ["added", got.added, "Added (needs your consent)"],
      ["removed", got.removed, "Removed (no longer asked for: dropped from the grant)"],
    ];
    for (const [className, lines, label] of sections) {
      if (lines.length === 0) continue;
      const list = document.createElement("ul");
      list.className = className;
      list.setAttribute("aria-label", label);
      for (const line of lines) list.append(el("li", visibleText(line)));
      diff.append(el("h4", label), list);
    }
    body.append(diff);
    yes.textContent = got.added.length > 0 ? "Grant and upgrade" : "Upgrade";
    yes.disabled = false;
  }).catch(fail);
  return result;
}

/**
 * The changelog line of the upgrade sheet: a link that opens in a new tab (the backend
 * takes only http(s) URLs), or that the package has none.
 *
 * @param {string | null} url
 */
function changelogLine(url) {
  if (url === null) return el("p", "No changelog link in the package.", "changelog");
  const line = el("p", "Changelog: ", "changelog");
  const link = document.createElement("a");
  link.href = url;
  link.target = "_blank";
  link.rel = "noopener noreferrer";
  link.textContent = visibleText(url);
  line.append(link);
  return line;
}

/** @param {unknown} v @returns {v is UpgradePlan} */
function isUpgradePlan(v) {
  if (!isRecord(v)) return false;
  const lines = (/** @type {unknown} */ list) =>
    Array.isArray(list) && list.every((a) => typeof a === "string");
  return ["name", "source", "from", "to", "integrity"].every((k) => typeof v[k] === "string") &&
    (v.changelog === null ||
      (typeof v.changelog === "string" && /^https?:\/\//.test(v.changelog))) &&
    lines(v.added) && lines(v.removed);
}

/**
 * @typedef {{ kind: string, what: string, reason: string, text: string }} InstallRequest
 * @typedef {{ planId: string, name: string, description: string, source: string,
 *   version: string, integrity: string, requests: InstallRequest[],
 *   boundary: { available: boolean, reason?: string }, isolationText: string[],
 *   diskQuotaMb: number }} InstallPlan
 * @typedef {{ networkId: number, name: string, channels: string[] }} ScopePlace
 * @typedef {{ nick: string, buffer: string, network: string } | { commandLine: true }} LinkOrigin
 */

/** @param {unknown} v @returns {v is InstallRequest} */
function isInstallRequest(v) {
  return typeof v === "object" && v !== null && "kind" in v && typeof v.kind === "string" &&
    "what" in v && typeof v.what === "string" && "reason" in v &&
    typeof v.reason === "string" && "text" in v && typeof v.text === "string";
}

/** @param {unknown} v @returns {v is InstallPlan} */
function isInstallPlan(v) {
  if (!isRecord(v)) return false;
  const boundary = v.boundary;
  return ["planId", "name", "description", "source", "version", "integrity"].every((k) =>
    typeof v[k] === "string"
  ) && Array.isArray(v.requests) && v.requests.every(isInstallRequest) &&
    Array.isArray(v.isolationText) && v.isolationText.every((l) => typeof l === "string") &&
    typeof v.diskQuotaMb === "number" && typeof boundary === "object" && boundary !== null &&
    "available" in boundary && typeof boundary.available === "boolean";
}

/**
 * A new `tag` element holding `text`.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} text
 * @param {string} [className]
 * @returns {HTMLElementTagNameMap[K]}
 * @example
 * ```js ignore
 * document.body.append(el("p", "saved", "note"));
 * ```
 */
export function el(tag, text, className) {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

/**
 * The consent sheet of a `jsr:` install: the backend fetches and checks the plugin first,
 * then the sheet shows where the link came from (a chat line, the command line), the version
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
  const from = options.origin ? el("p", originText(options.origin), "origin") : undefined;
  const status = el("p", "Fetching and checking it from the registry…", "status");
  const body = document.createElement("div");
  const error = el("p", "", "error");
  error.hidden = true;
  const yes = el("button", "Install");
  yes.dataset.action = "confirm";
  yes.setAttribute("type", "button");
  yes.disabled = true;
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
    yes.disabled = true;
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
    yes.disabled = false;
  }).catch(fail);
  return result;
}

/**
 * Where a link came from, in the sheet's words: a chat line's poster and place, or the
 * command line (`deno task run 'jsr:…'`).
 *
 * @param {LinkOrigin} origin
 */
function originText(origin) {
  if ("commandLine" in origin) {
    return "Source: command line (deno task run). Install only what you trust.";
  }
  return visibleText(
    `Posted by ${origin.nick} in ${origin.buffer} on ${origin.network}. ` +
      "Anyone can post a link: install only what you trust.",
  );
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
      channels: boxes.flatMap((b) =>
        b.box.checked && b.channel ? [{ networkId: b.networkId, channel: b.channel }] : []
      ),
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
  // Every mention has its "jsr:@": asked of each line drawn, most need no search.
  if (!text.includes("jsr:@")) return [];
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
