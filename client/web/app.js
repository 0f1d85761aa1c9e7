// @ts-check
// The page's composition root: plain ES modules, served joined as app.bundle.js while it
// matches them (client/page_bundle.ts). The store (store.js) keeps the state, the views
// (views/) draw it once per animation frame, the transport carries actions and replies over
// one WebSocket. Input line, deep links and the network form are wired here.
import { nextUnread, titleFor } from "./attention.js";
import { planInput } from "./command_plan.js";
import { bindDrawer } from "./drawers.js";
import { IgnoreList } from "./ignore_list.js";
import { bindInput, confirmPasteDialog } from "./input.js";
import {
  bindNetworkForm,
  checkNetworkForm,
  fillNetworkForm,
  readNetworkForm,
  stateText,
} from "./network_form.js";
import { installWithConsent, upgradeWithConsent } from "./plugins_view.js";
import { showLedger } from "./views/ledger_page.js";
import { isHistoryLine, Scrollback } from "./scrollback.js";
import { socket, takeEarlyFrames } from "./socket.js";
import { PageStore, pluginsReply } from "./store.js";
import { Transport } from "./transport.js";
import { TypingReporter, typingText } from "./typing.js";
import { bufferOrder, renderBuffers, renderRail } from "./views/buffer_list.js";
import { MessageList } from "./views/message_list.js";
import { NickList } from "./views/nick_list.js";
import { menuItems, NickMenu } from "./views/nick_menu.js";
import { createNotifier } from "./views/notifier.js";
import { renderPlugins } from "./views/plugins_page.js";
import { SearchPanel } from "./views/search_panel.js";
import { loadSendTyping, wireSettings } from "./views/settings.js";
import { Switcher } from "./views/switcher.js";
import { renderTopic } from "./views/topic_bar.js";

/** @param {string} id @returns {HTMLElement} */
function $(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`Cannot find the page element: ${id}`);
  return el;
}

/**
 * The element `id`, checked to be of `type`.
 * @template {HTMLElement} T
 * @param {string} id @param {new () => T} type
 * @returns {T}
 */
function $as(id, type) {
  const el = $(id);
  if (!(el instanceof type)) throw new Error(`Cannot use the page element: ${id}`);
  return el;
}

/**
 * @typedef {import("./page_state.js").Buffer} Buffer
 * @typedef {import("./page_state.js").Net} Net
 * @typedef {import("../../core/deeplink_payloads.js").Target} DeepLinkTarget
 */

/**
 * Frames received before the page's state exists (those early_socket.js kept while the modules
 * loaded): applied once it does, at the start. @type {import("../../core/protocol.js").ServerMessage[]}
 */
const inbox = [];
/** Who waits for the frames in the inbox to be applied. @type {(() => void)[]} */
const applying = [];
/**
 * Whether this module has run to its end (the page's state exists), and whether the backend's
 * hello is applied. Between the two, each frame received is applied and drawn in the task that
 * brings it, not in the next animation frame: the page is idle while it waits for its first
 * state, and that frame then only paints it. After the hello, frames are applied as they come
 * and an animation frame only draws.
 */
let started = false;
let greeted = false;
let frameQueued = false;

// ---- socket, store and views ------------------------------------------------------------

const transport = new Transport(socket, {
  early: takeEarlyFrames(),
  // Applied to the state as it comes; an animation frame only draws what changed. Applied in
  // the frame, a flood's batch of 50 lines landed in every third frame, the one that p95
  // sees, on top of drawing. The lines show in the same frame either way.
  onMessage: (message) => {
    inbox.push(message);
    if (!started) scheduleFrame();
    else if (!greeted) {
      frameQueued = true;
      frame();
    } else {
      applyInbox();
      scheduleFrame();
    }
  },
  // Our own backend sent it: a bug worth an error in the console, not a stopped page.
  onMalformed: (frame, error) => console.error(`Ignoring a frame: ${error.message}`, frame),
});

const messages = new MessageList($("messages"), {
  colorOf: (networkId, nick) => store.colorOf(networkId, nick),
  isBot: (networkId, nick) => store.isBot(networkId, nick),
  quoteOf,
  onReply: (line) => startReply(line),
  onJump: (msgid) => void jumpTo(msgid),
  onReact: (line, reaction, remove) => {
    const buffer = currentBuffer();
    const networkId = state.networkId;
    if (!buffer || networkId === undefined || line.msgid === undefined) return;
    void act({
      kind: "react",
      networkId,
      target: buffer.name,
      msgid: line.msgid,
      reaction,
      remove,
    });
  },
  onDelete: (line) => {
    const buffer = currentBuffer();
    const networkId = state.networkId;
    if (!buffer || networkId === undefined || line.msgid === undefined) return;
    void act({ kind: "redact", networkId, target: buffer.name, msgid: line.msgid });
  },
  canDelete: (networkId) => state.networks.get(networkId)?.canRedact === true,
  ownNick: (networkId) => state.networks.get(networkId)?.currentNick ?? "",
  foldNick: fold,
});
const nicks = new NickList(
  { list: $("nicklist"), count: $("nick-count"), filter: $as("nick-filter", HTMLInputElement) },
  { onNick: openNickMenu },
);
const searchPanel = new SearchPanel({
  panel: $("search-panel"),
  form: $as("search-form", HTMLFormElement),
  input: $as("search-input", HTMLInputElement),
  status: $("search-status"),
  list: $("search-results"),
  close: $("search-close"),
}, {
  // Through the input line's one grammar, as if typed.
  search: (terms) => runInput(`/search ${terms}`),
  pick: (found) => void showFound(found),
});
const nickMenu = new NickMenu($("nick-menu"), {
  run: (line) => {
    // On a small screen the menu opened over the users' drawer: what it does shows beneath.
    nicksDrawer.close();
    runInput(line);
  },
});
const ignoreList = new IgnoreList(localStorage);
const notify = createNotifier((note) => select(note.networkId, note.key));
const scrollback = new Scrollback(request, {
  applied,
  highlight: (networkId, text) => store.mentions(networkId, text),
  ignored: (networkId, nick) => store.isIgnored(networkId, nick),
});

const store = new PageStore({
  send: (action) => transport.send(action),
  toast,
  hidden: () => document.hidden,
  onLine: (networkId, line) => {
    messages.append(networkId, line);
    scheduleFrame();
  },
  notify,
  away: (nick, away) => nicks.setAway(nick, away),
  recolor: (changed) => {
    const networkId = store.state.networkId ?? 0;
    nicks.recolor(changed, (nick) => store.colorOf(networkId, nick));
    messages.recolor(changed, (nick) => fold(networkId, nick));
  },
  frontend: onFrontend,
  ignored: (networkId, folded) => ignoreList.has(networkId, folded),
  // Drawn again in the frame, once each, however many reactions touched them meanwhile.
  lineChanged: (line) => messages.changed(line),
  opened: (networkId, buffer) => {
    void scrollback.open(networkId, buffer).then((changed) => {
      if (changed && store.historyLoaded(networkId, buffer)) scheduleFrame();
    });
  },
});
const state = store.state;
const dirty = store.dirty;
const stats = store.stats;
// For the page's tests and benches: its state, its counts, a way to ask the backend, and how
// many waiting lines are built, and laid out, ahead of their frame.
Object.assign(globalThis, {
  ircbus: {
    state,
    stats,
    request,
    builtAhead: () => messages.builtAhead,
    laidOutAhead: () => messages.laidOutAhead,
  },
});

/** Sends an action and resolves with its reply's result. @param {Record<string, unknown> & {kind: string}} action */
function request(action) {
  return transport.request(action);
}

/** Sends an action, showing its failure as a toast. @param {Record<string, unknown> & {kind: string}} action */
function act(action) {
  return request(action).catch((error) => {
    toast(error.message);
    addLine(state.networkId, currentBuffer()?.key, { kind: "error", text: error.message });
    return undefined;
  });
}

function disconnected() {
  state.connected = false;
  toast("Disconnected from the client process");
}
socket.addEventListener("close", disconnected);

/**
 * How often a hidden page draws what changed: browsers give a hidden page no animation
 * frames, and the lines queued meanwhile must not wait until it is shown again.
 */
const HIDDEN_FRAME_MS = 250;

function scheduleFrame() {
  if (frameQueued) return;
  frameQueued = true;
  requestAnimationFrame(frame);
  if (document.hidden) setTimeout(frame, HIDDEN_FRAME_MS);
}

/**
 * Resolves once the frames received so far are applied (at once, but for the frames that
 * came before the start, applied by its first frame).
 * @returns {Promise<void>}
 */
function applied() {
  if (inbox.length === 0) return Promise.resolve();
  return new Promise((resolve) => applying.push(resolve));
}

/** Applies the frames received, in order, and wakes who waited for them. */
function applyInbox() {
  const batch = inbox.splice(0);
  const due = applying.splice(0);
  for (const message of batch) {
    try {
      receive(message);
    } catch (error) {
      console.error("Cannot apply a backend message", error, message);
    }
  }
  for (const resolve of due) resolve();
}

function frame() {
  // Asked for by both an animation frame and a timer (a hidden page), or run at once at the
  // start: the first call does the work.
  if (!frameQueued) return;
  frameQueued = false;
  applyInbox();
  render();
  stats.frames++;
}

/** @param {import("../../core/protocol.js").ServerMessage} message */
function receive(message) {
  store.receive(message);
  if (message.kind === "hello") {
    greeted = true;
    // Our handlers are live: the backend may now deliver queued deep links.
    transport.send({ kind: "ready" });
    refreshPlugins();
    restoreHistory();
  }
}

/** Private conversations and unread counts from the history (after a reload or restart). */
function restoreHistory() {
  scrollback.buffers().then((stored) => {
    store.restoreHistory(stored);
    scheduleFrame();
  }, () => {});
}

function refreshPlugins() {
  request({ kind: "plugins.refresh" }).then((result) => {
    const message = pluginsReply(result);
    if (message) receive(message);
    scheduleFrame();
  }, () => {});
}

/**
 * Folds `name` by the CASEMAPPING of network `networkId`, as the backend does.
 * @param {number | undefined} networkId @param {string} name
 */
function fold(networkId, name) {
  return (networkId === undefined ? undefined : state.networks.get(networkId))?.members
    .fold(name) ?? name;
}
/** @param {Net} net @param {string} name @param {Buffer["type"]} type */
function ensureBuffer(net, name, type) {
  return store.ensureBuffer(net, name, type);
}
function currentNet() {
  return store.currentNet();
}
function currentBuffer() {
  return store.currentBuffer();
}
/**
 * @param {number | undefined} networkId @param {string | undefined} key
 * @param {Omit<import("./page_state.js").Line, "time"> & {time?: number}} line
 */
function addLine(networkId, key, line) {
  store.addLine(networkId, key, line);
}
/** @param {number} networkId @param {string} key */
function select(networkId, key) {
  store.select(networkId, key);
  scheduleFrame();
}

/**
 * Opens the menu of `nick` (clicked in the nick list or on a message) beside `anchor`: the
 * channel actions offered are those our status in the channel shown allows.
 * @param {string} nick @param {HTMLElement} anchor
 */
function openNickMenu(nick, anchor) {
  const net = currentNet();
  if (!net) return;
  const buffer = currentBuffer();
  const channel = buffer?.type === "channel" ? buffer.name : undefined;
  const items = menuItems({
    nick,
    me: channel === undefined ? undefined : net.members.member(channel, net.currentNick),
    them: channel === undefined ? undefined : net.members.member(channel, nick),
    ignored: store.isIgnored(net.id, nick),
    self: net.members.fold(nick) === net.members.fold(net.currentNick),
  });
  nickMenu.open(nick, anchor, items);
}

/**
 * Every buffer of every network in list order (the rail's, then each list's), with the
 * index of the one shown (-1 when none).
 */
function allBuffers() {
  const all = [...state.networks.values()].flatMap((net) =>
    bufferOrder(net.buffers.values()).map((buffer) => ({
      networkId: net.id,
      network: net.name,
      key: buffer.key,
      name: buffer.type === "server" ? net.name : buffer.name,
      unread: buffer.unread,
      highlights: buffer.highlights,
    }))
  );
  const here = all.findIndex((b) => b.networkId === state.networkId && b.key === state.bufferKey);
  return { all, here };
}

/** Shows the next buffer with a highlight, else with unread lines, over every network. */
function jumpToUnread() {
  const { all, here } = allBuffers();
  const next = nextUnread(all, here);
  if (next) select(next.networkId, next.key);
  else toast("No unread messages");
}

/** Shows the buffer `step` places on in list order, over every network, wrapping. @param {number} step */
function moveBuffer(step) {
  const { all, here } = allBuffers();
  const n = all.length;
  if (n === 0) return;
  const next = all[((here < 0 ? (step > 0 ? -1 : 0) : here) + step + n) % n];
  select(next.networkId, next.key);
}

// ---- deep links -------------------------------------------------------------------------

/** @param {import("../../core/deeplink_payloads.js").DeepLink} link */
function onFrontend(link) {
  switch (link.name) {
    case "deeplink:join":
      void joinTargets(link.payload.networkId, link.payload.targets);
      return;
    case "deeplink:add-network": {
      const p = link.payload;
      openNetworkForm(undefined, {
        name: p.host,
        host: p.host,
        port: p.port,
        tls: p.tls,
        channels: p.channel,
      });
      return;
    }
    case "deeplink:disambiguate":
      openPicker(link.payload.candidates, link.payload.targets);
      return;
    case "deeplink:install-plugin":
      // Only the sheet opens: the user's click on it installs, as for a pasted link.
      installPlugin(link.payload.specifier, { commandLine: true });
      return;
  }
}

/** Connects if needed, then joins channels (with keys) and opens queries. */
async function joinTargets(
  /** @type {number} */ networkId,
  /** @type {DeepLinkTarget[]} */ targets,
) {
  const net = state.networks.get(networkId);
  if (!net) return toast(`Cannot open the link: no network ${networkId}`);
  select(networkId, "*");
  if (net.state !== "connected") {
    const ok = await act({ kind: "connect", networkId });
    if (ok === undefined && state.networks.get(networkId)?.state !== "connected") return;
  }
  let first = true;
  for (const target of targets) {
    if (target.isNick) {
      const buffer = ensureBuffer(net, target.name, "query");
      if (first) select(networkId, buffer.key);
    } else {
      const existing = net.buffers.get(net.members.fold(target.name));
      if (existing?.joined) {
        if (first) select(networkId, existing.key);
      } else {
        if (first) state.focusOnJoin.add(`${networkId} ${net.members.fold(target.name)}`);
        const action = { kind: "join", networkId, channel: target.name };
        await act(target.key ? { ...action, key: target.key } : action);
      }
    }
    first = false;
  }
  scheduleFrame();
}

/** @param {{networkId: number, name: string}[]} candidates @param {DeepLinkTarget[]} targets */
function openPicker(candidates, targets) {
  const dialog = $as("picker-dialog", HTMLDialogElement);
  $("picker-targets").textContent = `Open ${targets.map((t) => t.name).join(", ")} on:`;
  const list = $("picker-list");
  list.replaceChildren();
  for (const candidate of candidates) {
    const net = state.networks.get(candidate.networkId);
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.networkId = String(candidate.networkId);
    button.textContent = net
      ? `${candidate.name} (${net.nick} on ${net.host}:${net.port})`
      : candidate.name;
    button.addEventListener("click", () => {
      dialog.close();
      void joinTargets(candidate.networkId, targets);
    });
    li.append(button);
    list.append(li);
  }
  dialog.showModal();
}

// ---- network form -----------------------------------------------------------------------

/** @type {number | undefined} */
let editing;

/** @param {Net | undefined} net @param {Record<string, unknown>} [prefill] */
function openNetworkForm(net, prefill = {}) {
  editing = net?.id;
  $("network-form-title").textContent = net ? `Edit ${net.name}` : "Add network";
  $("network-form-error").textContent = "";
  fillNetworkForm($as("network-form", HTMLFormElement), { ...(net ?? {}), ...prefill });
  $as("network-dialog", HTMLDialogElement).showModal();
}

/** @param {SubmitEvent} event */
async function submitNetworkForm(event) {
  event.preventDefault();
  const form = $as("network-form", HTMLFormElement);
  const data = new FormData(form);
  const text = (/** @type {string} */ k) => String(data.get(k) ?? "").trim();
  const network = readNetworkForm((k) => String(data.get(k) ?? ""), (k) => data.get(k) === "on");
  const problem = checkNetworkForm(network);
  if (problem !== undefined) {
    $("network-form-error").textContent = problem;
    return;
  }
  const connect = event.submitter instanceof HTMLButtonElement &&
    event.submitter.value === "connect";
  const channels = text("channels").split(/[\s,]+/).filter(Boolean);
  try {
    let networkId = editing;
    if (editing === undefined) {
      const result = await request({ kind: "network.add", network, connect: false });
      networkId = typeof result === "object" && result !== null && "networkId" in result &&
          typeof result.networkId === "number"
        ? result.networkId
        : undefined;
    } else {
      await request({ kind: "network.update", networkId: editing, network });
    }
    $as("network-dialog", HTMLDialogElement).close();
    if (networkId === undefined) return;
    const id = networkId;
    select(id, "*");
    if (connect || channels.length > 0) {
      await store.whenListed(id);
      await joinTargets(
        networkId,
        channels.map((name) => ({
          name: /^[#&+!]/.test(name) ? name : `#${name}`,
          isNick: false,
          key: "",
        })),
      );
    }
  } catch (error) {
    $("network-form-error").textContent = error instanceof Error ? error.message : String(error);
  }
}

// ---- replies -----------------------------------------------------------------------------

/** Originals fetched from the history, by "network buffer-key msgid". @type {Map<string, import("./views/message_list.js").Quote>} */
const quotes = new Map();
/** Originals kept at most (the oldest fetched forgotten first). */
const MAX_QUOTES = 500;

/**
 * The original of a reply in the buffer shown: from its lines, else from the history (the
 * quote is filled in once fetched).
 * @param {number} networkId @param {string} msgid
 * @returns {import("./views/message_list.js").Quote}
 */
function quoteOf(networkId, msgid) {
  const buffer = currentBuffer();
  if (!buffer) return "missing";
  const line = buffer.lines.find((l) => l.msgid === msgid);
  if (line) return { nick: line.nick ?? "", text: line.redacted ? "Deleted" : line.text };
  const key = `${networkId} ${buffer.key} ${msgid}`;
  const known = quotes.get(key);
  if (known) return known;
  quotes.set(key, "loading");
  if (quotes.size > MAX_QUOTES) quotes.delete(quotes.keys().next().value ?? "");
  request({ kind: "history.message", networkId, buffer: buffer.name, msgid }).then(
    (stored) => {
      quotes.set(
        key,
        isHistoryLine(stored)
          ? { nick: stored.sender, text: stored.redacted === true ? "Deleted" : stored.text }
          : "missing",
      );
      messages.refreshQuotes(networkId, msgid);
    },
    () => quotes.set(key, "missing"),
  );
  return "loading";
}

/** The message the next line answers. @type {{ networkId: number, key: string, msgid: string, nick: string } | undefined} */
let replying;

/** Starts a reply to `line` in the buffer shown. @param {import("./page_state.js").Line} line */
function startReply(line) {
  const net = currentNet();
  const buffer = currentBuffer();
  if (!net || !buffer || line.msgid === undefined || line.nick === undefined) return;
  replying = { networkId: net.id, key: buffer.key, msgid: line.msgid, nick: line.nick };
  $("reply-text").textContent = `Replying to ${line.nick}: ${line.text}`;
  $("reply-bar").hidden = false;
  $("input").focus();
}

function cancelReply() {
  replying = undefined;
  $("reply-bar").hidden = true;
}

/**
 * Shows the message `msgid` of the buffer shown: drawn, or loaded from the history page by
 * page (at most 25 pages) until it is there.
 * @param {string} msgid
 */
async function jumpTo(msgid) {
  const net = currentNet();
  const buffer = currentBuffer();
  if (!net || !buffer) return;
  for (let pages = 0; pages <= 25; pages++) {
    if (messages.revealMessage(msgid)) return;
    if (currentBuffer() !== buffer) return;
    const loaded = await scrollback.older(net.id, buffer);
    if (loaded === 0) break;
  }
  if (!messages.revealMessage(msgid)) toast("The original message is not in the history");
}

// ---- input line -------------------------------------------------------------------------

/** Carries out what command_plan.js decided for one line. @param {string} line */
function runInput(line) {
  const net = currentNet();
  const buffer = currentBuffer();
  const steps = planInput(line, {
    networkId: net?.id,
    buffer,
    pluginCommands: state.commands.map((c) => c.name),
  });
  /** @param {"error" | "event"} kind @param {string} text */
  const show = (kind, text) => {
    if (net && buffer) addLine(net.id, buffer.key, { kind, text });
    else toast(text);
  };
  for (const step of steps) {
    switch (step.step) {
      case "show":
        show(step.kind, step.text);
        break;
      case "send": {
        const done = step.done;
        let action = step.action;
        // The line answers the message picked with Reply, in the buffer it was picked in.
        if (
          action.kind === "say" && replying && net && buffer &&
          replying.networkId === net.id && replying.key === buffer.key
        ) {
          action = { ...action, reply: { msgid: replying.msgid, nick: replying.nick } };
          cancelReply();
        }
        void act(action).then((result) => {
          if (done && result !== undefined) show("event", done);
        });
        break;
      }
      case "focusOnJoin":
        if (net) state.focusOnJoin.add(`${net.id} ${net.members.fold(step.channel)}`);
        break;
      case "open":
        if (net) select(net.id, ensureBuffer(net, step.name, step.type).key);
        break;
      case "close":
        if (net && buffer) {
          store.close(net.id, buffer.key);
          scheduleFrame();
        }
        break;
      case "ignore":
        if (!net) break;
        if (ignoreList.set(net.id, net.members.fold(step.nick), step.on)) {
          show(
            "event",
            step.on
              ? `Ignoring ${step.nick} on ${net.name}`
              : `No longer ignoring ${step.nick} on ${net.name}`,
          );
        } else {
          show(
            "error",
            step.on
              ? `Cannot ignore ${step.nick}: already ignored (at most 500 a network)`
              : `Cannot unignore ${step.nick}: not ignored`,
          );
        }
        break;
      case "ignored":
        if (!net) break;
        show("event", `Ignored on ${net.name}: ${ignoreList.list(net.id).join(", ") || "nobody"}`);
        break;
      case "search":
        void searchHistory(step.query, line.replace(/^\/\S+\s*/, ""));
        break;
      case "list":
        show("event", "Listing channels…");
        void act(step.action).then((result) => {
          const listing = readListing(result);
          if (!net || !listing) return;
          for (const c of listing.channels) {
            addLine(net.id, "*", { kind: "event", text: `${c.name} (${c.users}) ${c.topic}` });
          }
          const total = listing.channels.length + listing.more;
          addLine(net.id, "*", { kind: "event", text: `End of channel list: ${total} channels` });
        });
        break;
    }
  }
}

/**
 * `/search`: the newest matches, in the search panel.
 * @param {import("../../core/protocol.js").Action & { kind: "history.search" }} query
 * @param {string} terms what was typed after `/search`
 */
async function searchHistory(query, terms) {
  try {
    searchPanel.show(terms, await scrollback.search(query));
  } catch (error) {
    searchPanel.show(terms, error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * Shows a line a search found in its buffer, among the lines around it (older pages read
 * back as needed).
 * @param {import("../../core/protocol.js").HistoryLine} found
 */
async function showFound(found) {
  const net = state.networks.get(found.networkId);
  if (!net) return toast(`Cannot show the line: no network ${found.networkId}`);
  const buffer = ensureBuffer(
    net,
    found.buffer,
    /^[#&+!]/.test(found.buffer) ? "channel" : "query",
  );
  select(net.id, buffer.key);
  // Beside the messages on a small screen, the panel would hide them.
  if (matchMedia("(max-width: 700px)").matches) $("search-panel").hidden = true;
  const line = await scrollback.find(net.id, buffer, found);
  if (!line) return toast("Cannot show the line: it is no longer in the history");
  if (currentBuffer() !== buffer) return;
  store.historyLoaded(net.id, buffer);
  scheduleFrame();
  // After the frame that draws the buffer again, asked for first.
  requestAnimationFrame(() => messages.reveal(line));
}

/**
 * The reply to a `list` action, checked: the channels and how many more the bound left out.
 * @param {unknown} result
 * @returns {{channels: {name: string, users: number, topic: string}[], more: number} | undefined}
 */
function readListing(result) {
  if (typeof result !== "object" || result === null || !("channels" in result)) return undefined;
  if (!Array.isArray(result.channels)) return undefined;
  /** @type {{name: string, users: number, topic: string}[]} */
  const channels = [];
  for (const c of result.channels) {
    if (typeof c !== "object" || c === null) return undefined;
    const { name, users, topic } = c;
    if (typeof name !== "string" || typeof users !== "number" || typeof topic !== "string") {
      return undefined;
    }
    channels.push({ name, users, topic });
  }
  const more = "more" in result && typeof result.more === "number" ? result.more : 0;
  return { channels, more };
}

// ---- rendering --------------------------------------------------------------------------

function render() {
  const net = currentNet();
  const buffer = currentBuffer();
  if (dirty.rail) {
    renderRail(
      $("network-buttons"),
      state.networks.values(),
      state.networkId,
      (id) => select(id, "*"),
    );
    const empty = state.networks.size === 0;
    $("empty").hidden = !empty;
    // The box's frame, not the box: the frame holds its place in the column.
    $("messages-frame").hidden = empty;
  }
  if (dirty.buffers) {
    $("network-title").textContent = net ? `${net.name} · ${net.currentNick}` : "No network";
    const connectButton = $("connect-network");
    connectButton.hidden = !net;
    $("edit-network").hidden = !net;
    $("remove-network").hidden = !net;
    const status = $("network-status");
    status.textContent = net ? stateText(net) : "";
    status.className = net?.state ?? "";
    if (net) connectButton.textContent = net.state === "disconnected" ? "Connect" : "Disconnect";
    renderBuffers($("buffer-list"), net, state.bufferKey, (key) => net && select(net.id, key));
    document.title = titleFor(
      [...state.networks.values()].flatMap((n) => [...n.buffers.values()]),
    );
  }
  if (dirty.messages) {
    renderTopic($("topic"), buffer);
    messages.show(state.networkId, buffer);
  }
  messages.redrawChanged();
  messages.flush();
  // A burst beyond one frame's lines goes on in the next frames.
  if (messages.pending) scheduleFrame();
  if (dirty.nicks) {
    const networkId = state.networkId ?? 0;
    nicks.render(
      buffer?.type === "channel" && net ? net.members.members(buffer.name) ?? [] : undefined,
      {
        fold: (nick) => fold(networkId, nick),
        isAway: (nick) => store.isAway(networkId, nick),
        isBot: (nick) => store.isBot(networkId, nick),
        colorOf: (nick) => store.colorOf(networkId, nick),
      },
    );
  }
  if (dirty.typing) renderTyping(net?.id, buffer?.key);
  if (dirty.plugins) {
    renderPlugins(
      {
        body: $("plugin-table").getElementsByTagName("tbody")[0] ?? $("plugin-table"),
        log: $("audit-log"),
      },
      { plugins: state.plugins, audit: state.audit, sources: pluginSources },
      {
        act: (verb, name) => act({ kind: `plugin.${verb}`, name }),
        upgrade,
        activity: (name) => showLedger(name, request).catch((error) => toast(error.message)),
      },
    );
  }
  dirty.rail =
    dirty.buffers =
    dirty.messages =
    dirty.nicks =
    dirty.plugins =
    dirty.typing =
      false;
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let typingTimer;
/**
 * The "alice is typing" line of the buffer shown, drawn again when the next one lapses.
 * @param {number | undefined} networkId @param {string | undefined} key
 */
function renderTyping(networkId, key) {
  const el = $("typing-text");
  clearTimeout(typingTimer);
  typingTimer = undefined;
  if (networkId === undefined || key === undefined) {
    el.textContent = "";
    return;
  }
  // In a busy channel the same people say they are still typing many times a second: the
  // line changes (and is laid out and painted again) only when its text does.
  const text = typingText(store.typing(networkId, key));
  if (el.textContent !== text) el.textContent = text;
  const lapse = store.typingLapse(networkId, key);
  if (lapse === undefined) return;
  typingTimer = setTimeout(() => {
    dirty.typing = true;
    scheduleFrame();
  }, Math.max(0, lapse - store.now()));
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;
/** @param {string} text */
function toast(text) {
  const el = $("toast");
  el.textContent = text;
  el.classList.add("shown");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("shown"), 4000);
}

// ---- wiring -----------------------------------------------------------------------------

bindInput($as("input", HTMLInputElement), {
  bufferKey: () => `${state.networkId ?? ""} ${state.bufferKey ?? ""}`,
  sources: () => {
    const net = currentNet();
    const buffer = currentBuffer();
    const members = buffer?.type === "channel" ? net?.members.members(buffer.name) ?? [] : [];
    // Recent speakers first: they are who one usually answers.
    const spoke = (buffer?.lines ?? []).slice(-200).reverse().map((l) => l.nick ?? "");
    const nicks = [
      ...spoke.filter((n) => members.some((m) => m.nick === n)),
      ...members.map((m) => m.nick),
    ];
    if (buffer?.type === "query") nicks.push(buffer.name);
    const channels = [...(net?.buffers.values() ?? [])].filter((b) => b.type === "channel").map((
      b,
    ) => b.name);
    return { nicks, channels, commands: state.commands.map((c) => c.name) };
  },
  onLine: (line) => {
    typingReporter.sent();
    runInput(line);
  },
  // Where the server takes multi-line messages, a paste is one message, sent at once.
  sendsWhole: () => {
    const net = currentNet();
    const buffer = currentBuffer();
    return net?.multiline === true && net.state === "connected" && buffer !== undefined &&
      buffer.type !== "server";
  },
  onWhole: (text) => {
    const net = currentNet();
    const buffer = currentBuffer();
    if (!net || !buffer) return;
    /** @type {Extract<import("../../core/protocol.js").Action, { kind: "say" }>} */
    let action = { kind: "say", networkId: net.id, target: buffer.name, text };
    if (replying && replying.networkId === net.id && replying.key === buffer.key) {
      action = { ...action, reply: { msgid: replying.msgid, nick: replying.nick } };
      cancelReply();
    }
    void act(action);
  },
  // Pasted lines are text, each sent as it is (a leading slash included).
  onPaste: (lines) => {
    for (const line of lines) {
      if (line.trim() !== "") runInput(line.startsWith("/") ? `/${line}` : line);
    }
  },
  confirmPaste: (lines) => confirmPasteDialog($as("paste-dialog", HTMLDialogElement), lines),
});
scrollback.watch($("messages"), () => {
  const buffer = currentBuffer();
  return buffer && state.networkId !== undefined
    ? { networkId: state.networkId, buffer }
    : undefined;
}, () => messages.drawOlder());
// A nick on a message opens its menu, as in the nick list.
$("messages").addEventListener("click", (event) => {
  const target = event.target;
  if (target instanceof HTMLElement && target.matches(".line .nick[data-nick]")) {
    openNickMenu(target.dataset.nick ?? "", target);
  }
});
bindNetworkForm($as("network-form", HTMLFormElement));
bindDrawer($as("toggle-buffers", HTMLButtonElement), { closeOn: $("buffer-list") });
const nicksDrawer = bindDrawer($as("toggle-nicks", HTMLButtonElement));
$("remove-network").addEventListener("click", () => {
  const net = currentNet();
  if (!net) return;
  const dialog = $as("remove-dialog", HTMLDialogElement);
  $("remove-text").textContent =
    `Remove ${net.name}? This disconnects it and deletes its saved settings and channels.`;
  dialog.returnValue = "";
  dialog.addEventListener("close", () => {
    if (dialog.returnValue === "remove") void act({ kind: "network.remove", networkId: net.id });
  }, { once: true });
  dialog.showModal();
});
$("add-network").addEventListener("click", () => openNetworkForm(undefined));
$("open-search").addEventListener("click", () => searchPanel.open());
$("empty-add").addEventListener("click", () => openNetworkForm(undefined));
$("edit-network").addEventListener("click", () => openNetworkForm(currentNet()));
$("connect-network").addEventListener("click", () => {
  const net = currentNet();
  if (!net) return;
  act({ kind: net.state === "disconnected" ? "connect" : "disconnect", networkId: net.id });
});
$("network-form").addEventListener(
  "submit",
  (e) => {
    if (e instanceof SubmitEvent) void submitNetworkForm(e);
  },
);
$("network-cancel").addEventListener(
  "click",
  () => $as("network-dialog", HTMLDialogElement).close(),
);
$("picker-cancel").addEventListener(
  "click",
  () => $as("picker-dialog", HTMLDialogElement).close(),
);
/** The source and update of each plugin, from the last `plugins.sources` reply. */
const pluginSources = new Map();

function refreshSources() {
  act({ kind: "plugins.sources" }).then((rows) => {
    if (!Array.isArray(rows)) return;
    pluginSources.clear();
    for (const row of rows) pluginSources.set(row.name, row);
    dirty.plugins = true;
    scheduleFrame();
  });
}

/** @param {string} name */
function upgrade(name) {
  upgradeWithConsent(name, request).then(
    (done) => done && refreshSources(),
    (error) => toast(error.message),
  );
}

/**
 * Opens the consent sheet of a `jsr:` plugin; `origin` says who posted the link, and where.
 * @param {string} specifier
 * @param {import("./plugins_view.js").LinkOrigin} [origin]
 */
function installPlugin(specifier, origin) {
  const places = [...state.networks.values()].map((net) => ({
    networkId: net.id,
    name: net.name,
    channels: [...net.buffers.values()].filter((b) => b.type === "channel").map((b) => b.name),
  }));
  installWithConsent(specifier, request, { places, origin }).then(
    (done) => done && (refreshPlugins(), refreshSources()),
    (error) => toast(error.message),
  );
}

// A `jsr:` mention in a chat line: its sheet says who posted it, and where.
$("messages").addEventListener("click", (event) => {
  const button = event.target instanceof Element
    ? event.target.closest("button.install-link")
    : null;
  if (!(button instanceof HTMLButtonElement) || !button.dataset.specifier) return;
  const net = currentNet();
  installPlugin(button.dataset.specifier, {
    nick: button.dataset.nick ?? "",
    buffer: currentBuffer()?.name ?? "",
    network: net?.name ?? "",
  });
});

$("plugin-install").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $as("plugin-install-link", HTMLInputElement);
  const specifier = input.value.trim();
  if (!specifier) return;
  input.value = "";
  installPlugin(specifier);
});

/**
 * While the Plugins page is open, its budgets are read again every 2 s.
 * @type {ReturnType<typeof setInterval> | undefined}
 */
let pluginsTimer;
$("open-plugins").addEventListener("click", () => {
  $("plugins-page").hidden = false;
  refreshPlugins();
  refreshSources();
  clearInterval(pluginsTimer);
  pluginsTimer = setInterval(refreshPlugins, 2000);
});
$("close-plugins").addEventListener("click", () => {
  $("plugins-page").hidden = true;
  clearInterval(pluginsTimer);
});
$("reply-cancel").addEventListener("click", cancelReply);

// ---- attention ----------------------------------------------------------------------------

const systemDark = matchMedia("(prefers-color-scheme: dark)");

// What the input line types goes to the conversation shown, unless switched off in Settings.
const typingReporter = new TypingReporter({
  send: (where, typing) => transport.send({ kind: "typing", ...where, state: typing }),
  clock: {
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (id) => clearTimeout(typeof id === "number" ? id : undefined),
  },
});
let sendTyping = loadSendTyping(localStorage);
$("input").addEventListener("input", () => {
  if (!sendTyping) return;
  const net = currentNet();
  const buffer = currentBuffer();
  const where = net && buffer && buffer.type !== "server"
    ? { networkId: net.id, target: buffer.name }
    : undefined;
  typingReporter.input(where, $as("input", HTMLInputElement).value);
});
wireSettings({
  dialog: $as("settings-dialog", HTMLDialogElement),
  form: $as("settings-form", HTMLFormElement),
  input: $as("highlight-words", HTMLInputElement),
  fold: $as("fold-presence", HTMLInputElement),
  theme: $as("theme", HTMLSelectElement),
  open: $("open-settings"),
  cancel: $("settings-cancel"),
  toggleTheme: $("toggle-theme"),
  storage: localStorage,
  isDark: () => {
    const chosen = document.documentElement.dataset.theme;
    return chosen ? chosen === "dark" : systemDark.matches;
  },
  onWords: (words) => (state.highlightWords = words),
  onFolding: (on) => messages.setFolding(on),
  // The stylesheet follows the system unless the root names a theme.
  onTheme: (theme) => {
    if (theme === "system") delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  },
  sendTyping: $as("send-typing", HTMLInputElement),
  onSendTyping: (on) => {
    sendTyping = on;
    if (!on) typingReporter.stop();
  },
});
document.addEventListener("visibilitychange", () => {
  // A frame asked for just before the page was hidden would wait until it is shown again.
  if (document.hidden) {
    if (frameQueued) setTimeout(frame, HIDDEN_FRAME_MS);
    return;
  }
  store.seen();
  scheduleFrame();
});
const switcher = new Switcher({
  dialog: $as("switcher-dialog", HTMLDialogElement),
  input: $as("switcher-input", HTMLInputElement),
  list: $("switcher-list"),
}, {
  entries: () => allBuffers().all,
  choose: (entry) => {
    select(entry.networkId, entry.key);
    $("input").focus();
  },
});
// Alt+A: the next buffer with a mention, else with unread lines (as in irssi and WeeChat);
// Alt+Up and Alt+Down: the buffer before or after (irssi, The Lounge); Ctrl+K: the quick
// switcher (The Lounge, Slack).
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey && !event.altKey && !event.metaKey && event.code === "KeyK") {
    event.preventDefault();
    switcher.open();
    return;
  }
  if (!event.altKey || event.ctrlKey || event.metaKey) return;
  const step = event.code === "ArrowUp" ? -1 : event.code === "ArrowDown" ? 1 : 0;
  if (event.code !== "KeyA" && step === 0) return;
  event.preventDefault();
  if (step === 0) jumpToUnread();
  else moveBuffer(step);
});

// The hello mostly arrives while the modules load (early_socket.js opens the socket before
// they come): it is shown now rather than one animation frame later.
started = true;
if (inbox.length > 0) frame();
// The socket opened before this module ran, and may have closed already (after the hello
// just applied, which marks the page connected).
if (socket.readyState === WebSocket.CLOSED) disconnected();
