// @ts-check
// The page: plain ES module, no build step. Talks to the backend over one WebSocket using
// protocol.js, and renders once per animation frame whatever arrived since the last one.
import { helpText, ircLine, parseInput } from "./commands.js";
import * as model from "./page_state.js";
import { sourceCell, upgradeWithConsent } from "./plugins_view.js";
import { isDeepLinkPayload } from "./protocol.js";
import { Transport } from "./transport.js";

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @typedef {import("./page_state.d.ts").Line} Line
 * @typedef {import("./page_state.d.ts").Buffer} Buffer
 * @typedef {import("./page_state.d.ts").Net} Net
 */

const state = {
  /** @type {Map<number, Net>} */
  networks: new Map(),
  /** @type {Map<string, {away: boolean}>} "net nick" -> roster snapshot */
  roster: new Map(),
  /** @type {Map<string, string>} "net nick" or " nick" -> colour */
  colors: new Map(),
  /** @type {number | undefined} */
  networkId: undefined,
  /** @type {string | undefined} */
  bufferKey: undefined,
  /** @type {{name: string, plugin: string}[]} */
  commands: [],
  /** @type {unknown[]} */
  plugins: [],
  /** @type {unknown[]} */
  audit: [],
  connected: false,
  /** Channels to open once we are in them: "net chan". */
  focusOnJoin: new Set(),
};

const dirty = { rail: true, buffers: true, messages: true, nicks: true, plugins: false };
/** @type {import("./protocol.d.ts").ServerMessage[]} */
const inbox = [];
let frameQueued = false;

// ---- socket and requests ----------------------------------------------------------------

const token = new URLSearchParams(location.search).get("token") ?? "";
const socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
const transport = new Transport(socket, {
  onMessage: (message) => {
    inbox.push(message);
    scheduleFrame();
  },
  onMalformed: (frame) => console.warn("Ignoring a malformed frame from the backend", frame),
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

socket.addEventListener("close", () => {
  state.connected = false;
  toast("Disconnected from the client process");
});

function scheduleFrame() {
  if (frameQueued) return;
  frameQueued = true;
  requestAnimationFrame(frame);
}

function frame() {
  frameQueued = false;
  const messages = inbox.splice(0);
  for (const message of messages) {
    try {
      receive(message);
    } catch (error) {
      console.error("Cannot apply a backend message", error, message);
    }
  }
  render();
  stats.frames++;
}

/** Exposed for tests and the bench. */
const stats = { frames: 0, lines: 0 };
Object.assign(globalThis, { ircbus: { state, stats, request } });

// ---- model ------------------------------------------------------------------------------

const fold = model.bufferKey;

/** @param {import("./protocol.d.ts").NetworkView} view @returns {Net} */
function netFrom(view) {
  const had = state.networks.get(view.id)?.buffers.size;
  const net = model.netFrom(view, state.networks.get(view.id));
  if (net.buffers.size !== had) dirty.buffers = true;
  return net;
}

/** @param {Net} net @param {string} name @param {Buffer["type"]} type */
function ensureBuffer(net, name, type) {
  const had = net.buffers.size;
  const buffer = model.ensureBuffer(net, name, type);
  if (net.buffers.size !== had) dirty.buffers = true;
  return buffer;
}

function currentNet() {
  return state.networkId === undefined ? undefined : state.networks.get(state.networkId);
}

function currentBuffer() {
  const net = currentNet();
  return net && state.bufferKey !== undefined ? net.buffers.get(state.bufferKey) : undefined;
}

/** @param {number | undefined} networkId @param {string | undefined} key @param {Omit<Line, "time"> & {time?: number}} line */
function addLine(networkId, key, line) {
  if (networkId === undefined) return;
  const net = state.networks.get(networkId);
  if (!net) return;
  const buffer = net.buffers.get(key ?? "*") ?? net.buffers.get("*");
  if (!buffer) return;
  const stored = model.pushLine(buffer, line);
  stats.lines++;
  if (networkId === state.networkId && buffer.key === state.bufferKey) {
    appendLineElement(networkId, stored);
  } else if (line.kind === "message" || line.kind === "action") {
    buffer.unread++;
    dirty.buffers = true;
  }
}

/** @param {any} message */
function receive(message) {
  switch (message.kind) {
    case "hello": {
      state.connected = true;
      state.networks.clear();
      for (const view of message.networks) state.networks.set(view.id, netFrom(view));
      state.plugins = message.plugins;
      applyRoster(message.roster);
      applyUpdates(message.updates);
      if (state.networkId === undefined && message.networks.length > 0) {
        select(message.networks[0].id, "*");
      }
      markAll();
      // Our handlers are live: the backend may now deliver queued deep links.
      transport.send({ kind: "ready" });
      request({ kind: "plugins.refresh" }).then((m) => receive(m), () => {});
      return;
    }
    case "networks": {
      const next = new Map();
      for (const view of message.networks) {
        const old = state.networks.get(view.id);
        const net = netFrom({ ...view, channels: old ? [] : view.channels });
        next.set(view.id, net);
      }
      state.networks = next;
      if (state.networkId !== undefined && !next.has(state.networkId)) {
        state.networkId = undefined;
        state.bufferKey = undefined;
      }
      if (state.networkId === undefined && next.size > 0) select(next.keys().next().value, "*");
      markAll();
      return;
    }
    case "network.state": {
      const net = state.networks.get(message.networkId);
      if (!net) return;
      net.state = message.state;
      net.currentNick = message.nick || net.currentNick;
      dirty.rail = dirty.buffers = true;
      return;
    }
    case "batch":
      for (const event of message.events) onEvent(event);
      applyRoster(message.roster);
      applyUpdates(message.updates);
      return;
    case "frontend":
      onFrontend(message.event.name, message.event.payload);
      return;
    case "plugins":
      state.plugins = message.plugins;
      state.audit = message.audit;
      state.commands = message.commands;
      dirty.plugins = true;
      return;
    case "error":
      toast(message.message);
      return;
  }
}

function markAll() {
  dirty.rail =
    dirty.buffers =
    dirty.messages =
    dirty.nicks =
      true;
}

/** @param {any[]} roster */
function applyRoster(roster) {
  for (const entry of roster) {
    const key = `${entry.networkId} ${fold(entry.nickname)}`;
    const wasAway = Boolean(state.roster.get(key)?.away);
    state.roster.set(key, entry);
    // Only "away" shows in the list: toggle that one item, never redraw 5,000 of them.
    if (wasAway !== Boolean(entry.away) && entry.networkId === state.networkId) {
      nickItems.get(fold(entry.nickname))?.classList.toggle("away", Boolean(entry.away));
    }
  }
}

/** The nick list's items by folded nick, for in-place updates. @type {Map<string, HTMLElement>} */
let nickItems = new Map();

/** @param {any[]} updates */
function applyUpdates(updates) {
  /** @type {Set<string>} */
  const changed = new Set();
  for (const update of updates) {
    if (update.type !== "nickname_color" || typeof update.key !== "string") continue;
    const key = `${update.network_id ?? ""} ${fold(update.key)}`;
    const value = typeof update.value === "string" && /^[#(),.%\w\s-]{1,40}$/.test(update.value)
      ? update.value
      : undefined;
    if (state.colors.get(key) === value) continue;
    if (value === undefined) state.colors.delete(key);
    else state.colors.set(key, value);
    changed.add(fold(update.key));
  }
  if (changed.size === 0) return;
  const networkId = state.networkId ?? 0;
  for (const nick of changed) {
    const li = nickItems.get(nick);
    if (li) li.style.color = colorOf(networkId, li.dataset.nick ?? "") ?? "";
  }
  // Only the lines of users whose colour changed are touched.
  for (
    const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".line .nick"))
  ) {
    if (!changed.has(fold(el.dataset.nick ?? ""))) continue;
    el.style.color = colorOf(Number(el.dataset.net), el.dataset.nick ?? "") ?? "";
  }
}

/** @param {number} networkId @param {string} nick */
function colorOf(networkId, nick) {
  return state.colors.get(`${networkId} ${fold(nick)}`) ?? state.colors.get(` ${fold(nick)}`);
}

/** @param {{type: any, data: any, time?: number}} event */
function onEvent(event) {
  const net = state.networks.get(event.data.networkId);
  if (!net) {
    if (event.type === "error" && event.data.networkId === undefined) toast(event.data.error);
    return;
  }
  showEvent(net, event);
  if (net.members.apply(event)) dirty.nicks = true;
}

/** Whether `nick` is in `channel` (before the event being shown is applied).
 * @param {Net} net @param {string} channel @param {string} nick */
function isMember(net, channel, nick) {
  const key = net.members.fold(nick);
  return net.members.members(channel)?.some((m) => net.members.fold(m.nick) === key) ?? false;
}

/** Shows one event in the buffers it belongs to.
 * @param {Net} net @param {{type: string, data: any, time?: number}} event */
function showEvent(net, { type, data, time }) {
  const me = fold(net.currentNick);
  switch (type) {
    case "connection.established":
      addLine(net.id, "*", { kind: "event", text: `Connected to ${data.address}:${data.port}` });
      return;
    case "connection.lost":
      addLine(net.id, "*", { kind: "error", text: `Disconnected: ${data.error}` });
      for (const b of net.buffers.values()) if (b.type === "channel") b.joined = false;
      dirty.buffers = true;
      return;
    case "message.received": {
      // The kind is decided in irc/: an action's text comes without its CTCP wrapping.
      const isAction = data.kind === "action";
      const name = data.channel === "" ? (data.peer ?? data.user) : data.channel;
      const buffer = ensureBuffer(net, name, data.channel === "" ? "query" : "channel");
      addLine(net.id, buffer.key, {
        kind: isAction ? "action" : "message",
        nick: data.user,
        text: data.message,
        // The event's time keeps the server time's milliseconds (read markers compare them).
        time: time ?? data.timestamp * 1000,
      });
      return;
    }
    case "message.sent": {
      const name = data.channel === "" ? data.target : data.channel;
      const buffer = ensureBuffer(net, name, data.channel === "" ? "query" : "channel");
      addLine(net.id, buffer.key, {
        kind: data.kind === "action" ? "action" : "message",
        nick: net.currentNick,
        text: data.message,
      });
      return;
    }
    case "user.joined": {
      const buffer = ensureBuffer(net, data.channel, "channel");
      if (fold(data.nickname) === me) {
        buffer.joined = true;
        const wanted = `${net.id} ${fold(data.channel)}`;
        if (state.focusOnJoin.delete(wanted)) select(net.id, buffer.key);
      }
      addLine(net.id, buffer.key, { kind: "event", text: `→ ${data.nickname} joined` });
      dirty.nicks = dirty.buffers = true;
      return;
    }
    case "user.parted":
    case "user.kicked": {
      const buffer = net.buffers.get(fold(data.channel));
      if (!buffer) return;
      const verb = type === "user.kicked" ? `was kicked by ${data.kicker}` : "left";
      addLine(net.id, buffer.key, { kind: "event", text: `← ${data.nickname} ${verb}` });
      if (fold(data.nickname) === me) {
        buffer.joined = false;
        if (type === "user.parted") {
          net.buffers.delete(buffer.key);
          if (state.bufferKey === buffer.key && state.networkId === net.id) select(net.id, "*");
        }
      }
      dirty.nicks = dirty.buffers = true;
      return;
    }
    case "user.quit":
      for (const buffer of net.buffers.values()) {
        if (buffer.type === "channel" && isMember(net, buffer.name, data.nickname)) {
          addLine(net.id, buffer.key, {
            kind: "event",
            text: `← ${data.nickname} quit (${data.reason})`,
          });
        }
      }
      dirty.nicks = true;
      return;
    case "user.nick":
      for (const buffer of net.buffers.values()) {
        if (buffer.type !== "channel" || !isMember(net, buffer.name, data.old_nickname)) continue;
        addLine(net.id, buffer.key, {
          kind: "event",
          text: `${data.old_nickname} is now ${data.nickname}`,
        });
      }
      if (fold(data.old_nickname) === me) net.currentNick = data.nickname;
      dirty.nicks = true;
      return;
    case "channel.names.complete":
      ensureBuffer(net, data.channel, "channel");
      return;
    case "channel.topic": {
      const buffer = ensureBuffer(net, data.channel, "channel");
      buffer.topic = data.topic;
      dirty.messages = true;
      return;
    }
    case "channels.changed":
      for (const name of data.channels) ensureBuffer(net, name, "channel").joined = true;
      return;
    case "whois.received": {
      const w = data.whois;
      const text = `${w.nickname} is ${w.username ?? "?"}@${w.host ?? "?"} (${w.realname ?? ""})` +
        (w.channels.length ? ` on ${w.channels.join(" ")}` : "") + (w.away ? " [away]" : "");
      addLine(net.id, state.networkId === net.id ? state.bufferKey : "*", { kind: "event", text });
      return;
    }
    case "error":
      addLine(net.id, "*", { kind: "error", text: data.error });
      return;
  }
}

// ---- deep links -------------------------------------------------------------------------

/** @param {string} name @param {unknown} payload */
function onFrontend(name, payload) {
  if (!isDeepLinkPayload(name, payload)) {
    console.warn("Ignoring a malformed frontend event", name, payload);
    return;
  }
  const p = /** @type {any} */ (payload);
  switch (name) {
    case "deeplink:join":
      void joinTargets(p.networkId, p.targets);
      return;
    case "deeplink:add-network":
      openNetworkForm(undefined, {
        name: p.host,
        host: p.host,
        port: p.port,
        tls: p.tls,
        channels: p.channel,
      });
      return;
    case "deeplink:disambiguate":
      openPicker(p.candidates, p.targets);
      return;
  }
}

/** Connects if needed, then joins channels (with keys) and opens queries. */
async function joinTargets(/** @type {number} */ networkId, /** @type {any[]} */ targets) {
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
      const existing = net.buffers.get(fold(target.name));
      if (existing?.joined) {
        if (first) select(networkId, existing.key);
      } else {
        if (first) state.focusOnJoin.add(`${networkId} ${fold(target.name)}`);
        const action = { kind: "join", networkId, channel: target.name };
        await act(target.key ? { ...action, key: target.key } : action);
      }
    }
    first = false;
  }
  scheduleFrame();
}

/** @param {{networkId: number, name: string}[]} candidates @param {any[]} targets */
function openPicker(candidates, targets) {
  const dialog = /** @type {HTMLDialogElement} */ ($("picker-dialog"));
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
  const form = /** @type {HTMLFormElement} */ ($("network-form"));
  form.reset();
  // The saved password never comes back to the page: an empty field keeps it.
  /** @type {HTMLInputElement} */ (form.elements.namedItem("password")).placeholder =
    net?.hasPassword ? "saved; type a new one to replace it" : "none (ZNC: user/network:password)";
  $("network-form-title").textContent = net ? `Edit ${net.name}` : "Add network";
  $("network-form-error").textContent = "";
  const values = { ...(net ?? {}), ...prefill };
  for (const [key, value] of Object.entries(values)) {
    const input = /** @type {HTMLInputElement | null} */ (form.elements.namedItem(key));
    if (!input || !(input instanceof HTMLInputElement)) continue;
    if (input.type === "checkbox") input.checked = Boolean(value);
    else input.value = value === undefined || value === null ? "" : String(value);
  }
  /** @type {HTMLDialogElement} */ ($("network-dialog")).showModal();
}

/** @param {SubmitEvent} event */
async function submitNetworkForm(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ ($("network-form"));
  const data = new FormData(form);
  const text = (/** @type {string} */ k) => String(data.get(k) ?? "").trim();
  const network = {
    name: text("name"),
    host: text("host"),
    port: Number(text("port")),
    tls: data.get("tls") === "on",
    nick: text("nick"),
    autoconnect: data.get("autoconnect") === "on",
    username: text("username"),
    realname: text("realname"),
    // Not trimmed: a space may be part of a password. Left out when empty, so an edit keeps it.
    ...(data.get("password") ? { password: String(data.get("password")) } : {}),
  };
  const connect = /** @type {HTMLButtonElement | null} */ (event.submitter)?.value === "connect";
  const channels = text("channels").split(/[\s,]+/).filter(Boolean);
  try {
    let networkId = editing;
    if (editing === undefined) {
      const result =
        /** @type {any} */ (await request({ kind: "network.add", network, connect: false }));
      networkId = result.networkId;
    } else {
      await request({ kind: "network.update", networkId: editing, network });
    }
    /** @type {HTMLDialogElement} */ ($("network-dialog")).close();
    if (networkId === undefined) return;
    state.networkId = networkId;
    state.bufferKey = "*";
    if (connect || channels.length > 0) {
      await waitFor(() => state.networks.has(/** @type {number} */ (networkId)));
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
    $("network-form-error").textContent = /** @type {Error} */ (error).message;
  }
}

/** @param {() => boolean} condition */
function waitFor(condition) {
  return new Promise((resolve) => {
    const check = () => (condition() ? resolve(undefined) : setTimeout(check, 20));
    check();
  });
}

// ---- input line -------------------------------------------------------------------------

/** @param {string} line */
function runInput(line) {
  const net = currentNet();
  const buffer = currentBuffer();
  const input = parseInput(line);
  if (input.kind === "none") return;
  if (input.kind === "say") {
    if (!net || !buffer || buffer.type === "server") {
      return toast("Cannot send: open a channel or a query first");
    }
    return act({ kind: "say", networkId: net.id, target: buffer.name, text: input.text });
  }
  if (input.kind === "help") return toast(helpText(input.command));
  const plugin = input.kind === "unknown" && state.commands.find((c) => c.name === input.name);
  if (input.kind === "unknown") {
    if (plugin) return act({ kind: "command", name: input.name, args: input.args });
    return toast(`Unknown command /${input.name}`);
  }
  if (input.kind === "usage") return toast(`Usage: ${input.usage}`);
  if (!net) return toast("Cannot run the command: add a network first");
  const networkId = net.id;
  switch (input.kind) {
    case "join": {
      const chan = /^[#&+!]/.test(input.channel) ? input.channel : `#${input.channel}`;
      state.focusOnJoin.add(`${networkId} ${fold(chan)}`);
      return act(
        input.key
          ? { kind: "join", networkId, channel: chan, key: input.key }
          : { kind: "join", networkId, channel: chan },
      );
    }
    case "part": {
      const channel = input.channel ?? (buffer?.type === "channel" ? buffer.name : "");
      if (!channel) return toast("Usage: /part [#channel] [reason]");
      return act(
        input.reason
          ? { kind: "part", networkId, channel, reason: input.reason }
          : { kind: "part", networkId, channel },
      );
    }
    case "msg":
    case "query": {
      const target = input.target;
      const query = ensureBuffer(net, target, /^[#&+!]/.test(target) ? "channel" : "query");
      select(networkId, query.key);
      if (input.text) return act({ kind: "say", networkId, target, text: input.text });
      return;
    }
    case "me":
      if (!buffer || buffer.type === "server") return toast("Cannot /me here");
      return act({ kind: "me", networkId, target: buffer.name, text: input.text });
    case "whois":
      return act({ kind: "whois", networkId, nick: input.nick });
    case "nick":
      return act({ kind: "nick", networkId, nick: input.nick });
    case "quote":
      return act({ kind: "quote", networkId, line: input.line });
    case "quit":
      return act({ kind: "disconnect", networkId });
    default: {
      const irc = ircLine(input, buffer?.type === "channel" ? buffer.name : undefined);
      if (irc && "line" in irc) return act({ kind: "quote", networkId, line: irc.line });
      return toast(irc ? irc.error : `Cannot run /${input.kind} from the page yet`);
    }
  }
}

// ---- rendering --------------------------------------------------------------------------

/** @param {number} networkId @param {string} key */
function select(networkId, key) {
  const old = currentBuffer();
  const oldNet = state.networkId;
  if (old && oldNet !== undefined && (oldNet !== networkId || old.key !== key)) {
    transport.send({
      kind: "pane.blur",
      pane: { networkId: oldNet, type: old.type, name: old.name },
    });
  }
  state.networkId = networkId;
  state.bufferKey = key;
  const buffer = currentBuffer();
  if (buffer) {
    buffer.unread = 0;
    transport.send({
      kind: "pane.focus",
      pane: { networkId, type: buffer.type, name: buffer.name },
    });
    markRead(networkId, buffer);
  }
  markAll();
  scheduleFrame();
}

/**
 * Tells the backend the buffer is read up to its last line (it is the last-read position
 * and, where the server offers read markers, a MARKREAD).
 * @param {number} networkId @param {Buffer} buffer
 */
function markRead(networkId, buffer) {
  const last = buffer.lines[buffer.lines.length - 1];
  if (buffer.type === "server" || !last) return;
  const timestamp = new Date(last.time).toISOString();
  transport.send({ kind: "buffer.read", networkId, buffer: buffer.name, timestamp });
}

function render() {
  if (dirty.rail) renderRail();
  if (dirty.buffers) renderBuffers();
  if (dirty.messages) renderMessages();
  flushLines();
  if (dirty.nicks) renderNicks();
  if (dirty.plugins) renderPlugins();
  dirty.rail =
    dirty.buffers =
    dirty.messages =
    dirty.nicks =
    dirty.plugins =
      false;
}

function renderRail() {
  const box = $("network-buttons");
  box.replaceChildren();
  for (const net of state.networks.values()) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = net.name.slice(0, 2);
    button.title = `${net.name} (${net.state})`;
    button.dataset.networkId = String(net.id);
    button.classList.toggle("selected", net.id === state.networkId);
    button.classList.toggle("connected", net.state === "connected");
    button.addEventListener("click", () => select(net.id, "*"));
    box.append(button);
  }
  const empty = state.networks.size === 0;
  $("empty").hidden = !empty;
  $("messages").hidden = empty;
}

function renderBuffers() {
  const net = currentNet();
  $("network-title").textContent = net ? `${net.name} · ${net.currentNick}` : "No network";
  const connectButton = /** @type {HTMLButtonElement} */ ($("connect-network"));
  connectButton.hidden = !net;
  $("edit-network").hidden = !net;
  if (net) connectButton.textContent = net.state === "disconnected" ? "Connect" : "Disconnect";
  const list = $("buffer-list");
  list.replaceChildren();
  if (!net) return;
  const buffers = [...net.buffers.values()].sort((a, b) =>
    (a.type === "server" ? 0 : a.type === "channel" ? 1 : 2) -
      (b.type === "server" ? 0 : b.type === "channel" ? 1 : 2) || a.key.localeCompare(b.key)
  );
  for (const buffer of buffers) {
    const li = document.createElement("li");
    li.className = buffer.type;
    li.dataset.key = buffer.key;
    li.classList.toggle("selected", buffer.key === state.bufferKey);
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = buffer.type === "server" ? net.name : buffer.name;
    li.append(name);
    if (buffer.unread > 0) {
      const badge = document.createElement("span");
      badge.className = "unread";
      badge.textContent = String(buffer.unread);
      li.append(badge);
    }
    li.addEventListener("click", () => select(net.id, buffer.key));
    list.append(li);
  }
}

function renderMessages() {
  const buffer = currentBuffer();
  const box = $("messages");
  box.replaceChildren();
  $("topic").textContent = buffer?.type === "channel"
    ? buffer.topic || buffer.name
    : buffer?.name ?? "";
  pendingLines.replaceChildren();
  if (!buffer || state.networkId === undefined) return;
  for (const line of buffer.lines) appendLineElement(state.networkId, line, false);
  box.scrollTop = box.scrollHeight;
}

/** @param {number} networkId @param {Line} line */
function appendLineElement(networkId, line, scroll = true) {
  const box = $("messages");
  const div = document.createElement("div");
  div.className = `line ${line.kind}`;
  const time = document.createElement("span");
  time.className = "time";
  time.textContent = new Date(line.time).toTimeString().slice(0, 5);
  div.append(time);
  if (line.nick !== undefined) {
    const nick = document.createElement("span");
    nick.className = "nick";
    nick.dataset.nick = line.nick;
    nick.dataset.net = String(networkId);
    nick.textContent = line.kind === "action" ? `* ${line.nick}` : line.nick;
    const color = colorOf(networkId, line.nick);
    if (color) nick.style.color = color;
    div.append(nick);
  }
  const text = document.createElement("span");
  text.className = "text";
  text.textContent = line.text;
  div.append(text);
  if (!scroll) {
    box.append(div);
    return;
  }
  // Appended once per frame by flushLines(), so layout is read once, not once per line.
  pendingLines.append(div);
  scheduleFrame();
}

const pendingLines = document.createDocumentFragment();

function flushLines() {
  if (!pendingLines.hasChildNodes()) return;
  const box = $("messages");
  const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 30;
  box.append(pendingLines);
  let excess = box.childElementCount - model.MAX_LINES;
  while (excess-- > 0) box.firstElementChild?.remove();
  if (atBottom) box.scrollTop = box.scrollHeight;
}

function renderNicks() {
  const buffer = currentBuffer();
  const list = $("nicklist");
  const net = currentNet();
  const members = buffer?.type === "channel" ? net?.members.members(buffer.name) ?? [] : [];
  const count = `${members.length} ${members.length === 1 ? "user" : "users"}`;
  $("nick-count").textContent = buffer?.type === "channel" ? count : "";
  const fragment = document.createDocumentFragment();
  const networkId = state.networkId ?? 0;
  nickItems = new Map();
  for (const { nick, prefix } of members) {
    const li = document.createElement("li");
    nickItems.set(fold(nick), li);
    li.textContent = prefix + nick;
    li.dataset.nick = nick;
    if (state.roster.get(`${networkId} ${fold(nick)}`)?.away) li.classList.add("away");
    const color = colorOf(networkId, nick);
    if (color) li.style.color = color;
    fragment.append(li);
  }
  list.replaceChildren(fragment);
}

function renderPlugins() {
  const body = /** @type {HTMLElement} */ (document.querySelector("#plugin-table tbody"));
  body.replaceChildren();
  for (const plugin of /** @type {any[]} */ (state.plugins)) {
    const tr = document.createElement("tr");
    tr.dataset.plugin = plugin.name;
    const cell = (/** @type {string} */ text, /** @type {string} */ cls = "") => {
      const td = document.createElement("td");
      td.textContent = text;
      if (cls) td.className = cls;
      tr.append(td);
      return td;
    };
    cell(`${plugin.name} ${plugin.version}`);
    tr.append(sourceCell(pluginSources.get(plugin.name), () => upgrade(plugin.name)));
    cell(plugin.state + (plugin.disabledReason ? ` (${plugin.disabledReason})` : ""), "state");
    const granted = plugin.granted ?? {};
    cell(
      `events: ${(granted.events ?? []).join(", ") || "none"}; capabilities: ${
        (granted.capabilities ?? []).join(", ") || "none"
      }; permissions: ${JSON.stringify(granted.permissions ?? {})}; ${plugin.scopeText ?? ""}`,
      "grants",
    );
    cell(`crashes ${plugin.crashes}, overflows ${plugin.overflows}, denied ${plugin.denied}`);
    const actions = cell("");
    const disabled = plugin.state === "disabled";
    for (const verb of disabled ? ["enable", "revoke"] : ["disable", "revoke"]) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = verb[0].toUpperCase() + verb.slice(1);
      button.dataset.action = verb;
      button.addEventListener("click", () => act({ kind: `plugin.${verb}`, name: plugin.name }));
      actions.append(button);
    }
    body.append(tr);
  }
  const log = $("audit-log");
  log.replaceChildren();
  for (const entry of /** @type {any[]} */ (state.audit).slice(-100).reverse()) {
    const li = document.createElement("li");
    li.textContent =
      `${entry.time} ${entry.plugin} ${entry.attempt}: ${entry.decision} ${entry.detail}`;
    log.append(li);
  }
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

$("input-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = /** @type {HTMLInputElement} */ ($("input"));
  const line = input.value.trim();
  input.value = "";
  if (line) void runInput(line);
});
$("add-network").addEventListener("click", () => openNetworkForm(undefined));
$("empty-add").addEventListener("click", () => openNetworkForm(undefined));
$("edit-network").addEventListener("click", () => openNetworkForm(currentNet()));
$("connect-network").addEventListener("click", () => {
  const net = currentNet();
  if (!net) return;
  act({ kind: net.state === "disconnected" ? "connect" : "disconnect", networkId: net.id });
});
$("network-form").addEventListener(
  "submit",
  (e) => void submitNetworkForm(/** @type {SubmitEvent} */ (e)),
);
$("network-cancel").addEventListener(
  "click",
  () => /** @type {HTMLDialogElement} */ ($("network-dialog")).close(),
);
$("picker-cancel").addEventListener(
  "click",
  () => /** @type {HTMLDialogElement} */ ($("picker-dialog")).close(),
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

$("open-plugins").addEventListener("click", () => {
  $("plugins-page").hidden = false;
  act({ kind: "plugins.refresh" }).then((m) => m && receive(m));
  refreshSources();
});
$("close-plugins").addEventListener("click", () => ($("plugins-page").hidden = true));
