// @ts-check
/**
 * The page's state and what changes it: backend messages and bus events in, buffers, lines,
 * unread and highlight counts out. No DOM: the views draw from it, the page's composition
 * root (app.js) wires it to the transport, and tests drive it under Deno.
 *
 * @module
 */
import { isRecord } from "../../core/shape.js";
import { countLine, isMention, shouldNotify } from "./attention.js";
import {
  joinText,
  kickText,
  modeText,
  nickText,
  partText,
  quitText,
  replyText,
  topicText,
} from "../../core/event_text.js";
import { stripFormatting } from "./format.js";
import * as model from "./page_state.js";
import { casefold } from "../../core/casemapping.js";
import { TypingBoard } from "./typing.js";

/**
 * A command a plugin registered, run from the input line.
 *
 * @example
 * ```ts
 * import type { PluginCommand } from "./store.js";
 * const command: PluginCommand = { name: "autoreply", plugin: "autoresponder" };
 * ```
 * @typedef {object} PluginCommand
 * @property {string} name The command, without its slash.
 * @property {string} plugin The plugin that runs it.
 */

/**
 * A desktop notification to show.
 *
 * @example
 * ```ts
 * import type { Note } from "./store.js";
 * const note: Note = { title: "bob (private)", body: "hi", networkId: 1, key: "bob" };
 * ```
 * @typedef {object} Note
 * @property {string} title Who and where.
 * @property {string} body The text, without formatting codes.
 * @property {number} networkId The network of the buffer to open on a click.
 * @property {string} key The buffer's key.
 */

/**
 * What the store asks of the page around it.
 *
 * @example
 * ```ts
 * import type { StoreHooks } from "./store.js";
 * const hooks: StoreHooks = {
 *   send: () => {}, toast: console.log, hidden: () => false, onLine: () => {}, notify: () => {},
 *   away: () => {}, recolor: () => {}, frontend: () => {},
 * };
 * ```
 * @typedef {object} StoreHooks
 * @property {(action: Action) => void} send Sends an action needing no reply (pane focus, read
 *   position).
 * @property {(text: string) => void} toast Shows a short message.
 * @property {() => boolean} hidden Whether the page is hidden (another tab, minimised).
 * @property {(networkId: number, line: Line) => void} onLine A line was added to the buffer shown.
 * @property {(note: Note) => void} notify A mention or private message arrived while hidden.
 * @property {(nick: string, away: boolean) => void} away A user of the network shown went away or
 *   came back.
 * @property {(nicks: Set<string>) => void} recolor These (folded) nicknames changed colour.
 * @property {(link: DeepLink) => void} frontend A `deeplink:*` event, checked on arrival.
 * @property {(networkId: number, buffer: Buffer) => void} [opened] A buffer was shown: the page may
 *   load its stored lines, then call {@linkcode PageStore.historyLoaded}.
 * @property {(networkId: number, folded: string) => boolean} [ignored] Whether the user ignores
 *   this nick (folded by the network's casemapping) there.
 * @property {() => number} [now] The time (ms) typing notifications are held from; `Date.now()`
 *   when absent.
 * @property {(line: Line) => void} [lineChanged] A line of the buffer shown changed (a reaction, a
 *   deletion): to draw again.
 */

/**
 * Everything the page keeps.
 *
 * @example
 * ```ts
 * import { PageStore } from "./store.js";
 * const store = new PageStore({
 *   send: () => {}, toast: () => {}, hidden: () => false, onLine: () => {}, notify: () => {},
 *   away: () => {}, recolor: () => {}, frontend: () => {},
 * });
 * console.log(store.state.networks.size); // 0
 * ```
 * @typedef {object} PageState
 * @property {Map<number, Net>} networks Networks by id.
 * @property {Map<number, Map<string, RosterEntry>>} roster Network id to each user's newest roster
 *   snapshot, by folded nick (looked up by the nick as it came, not by a key made for it).
 * @property {Map<string, string>} colors `"net nick"` or `" nick"` (folded) to the nickname's
 *   colour.
 * @property {number | undefined} networkId The network shown.
 * @property {string | undefined} bufferKey The buffer shown.
 * @property {PluginCommand[]} commands Commands plugins registered.
 * @property {unknown[]} plugins Installed plugins, as the backend lists them.
 * @property {unknown[]} audit The plugin audit log.
 * @property {boolean} connected The socket to the backend is up.
 * @property {Set<string>} focusOnJoin Channels to open once we are in them: `"net chan"`.
 * @property {string[]} highlightWords Words that highlight a line, besides our nick.
 */

/**
 * Which parts of the page need drawing again.
 *
 * @example
 * ```ts
 * import type { Dirty } from "./store.js";
 * const dirty: Dirty = {
 *   rail: true, buffers: false, messages: false, nicks: false, plugins: false, typing: false,
 * };
 * ```
 * @typedef {object} Dirty
 * @property {boolean} rail The network rail.
 * @property {boolean} buffers The buffer list (and the title).
 * @property {boolean} messages The message list and topic.
 * @property {boolean} nicks The nick list.
 * @property {boolean} plugins The Plugins page.
 * @property {boolean} typing The "alice is typing" line.
 */

/** @typedef {import("./page_state.js").Line} Line */
/** @typedef {import("./page_state.js").Buffer} Buffer */
/** @typedef {import("./page_state.js").Net} Net */
/** @typedef {import("../../core/protocol.js").ServerMessage} ServerMessage */
/** @typedef {import("../../core/protocol.js").UiEvent} UiEvent */
/** @typedef {import("../../core/protocol.js").RosterEntry} RosterEntry */
/** @typedef {import("../../core/protocol.js").MetadataEntry} MetadataEntry */
/** @typedef {import("../../core/protocol.js").HistoryBuffer} HistoryBuffer */
/** @typedef {import("../../core/protocol.js").Action} Action */
/** @typedef {import("../../core/deeplink_payloads.js").DeepLink} DeepLink */

/** Most stored unread counts kept for channels not rejoined yet. */
const MAX_WAITING = 10_000;
const CHANNEL = /^[#&+!]/;

/** @param {unknown} v @returns {v is PluginCommand} */
function isPluginCommand(v) {
  return isRecord(v) && typeof v.name === "string" && typeof v.plugin === "string";
}

/**
 * The `plugins` message in a `plugins.refresh` reply, checked, or `undefined`.
 *
 * @example
 * ```ts
 * import { pluginsReply } from "./store.js";
 * console.log(pluginsReply({ kind: "plugins", plugins: [], audit: [], commands: [] })?.kind);
 * // "plugins"
 * ```
 * @param {unknown} result
 * @returns {ServerMessage | undefined}
 */
export function pluginsReply(result) {
  if (!isRecord(result) || result.kind !== "plugins") return undefined;
  const { plugins, audit, commands } = result;
  if (!Array.isArray(plugins) || !Array.isArray(audit) || !Array.isArray(commands)) {
    return undefined;
  }
  return { kind: "plugins", plugins, audit, commands };
}

/**
 * Adds a reaction to a line's, or takes one back: grouped by reaction, senders in the order
 * they reacted, a group with no one left removed.
 *
 * @example
 * ```ts
 * import { applyReaction } from "./store.js";
 * const line = { kind: "message", time: 0, text: "hi", msgid: "m1" };
 * applyReaction(line, { user: "bob", reaction: "👍", removed: false }, (n) => n.toLowerCase());
 * console.log(line); // reactions: [{ reaction: "👍", senders: ["bob"] }]
 * ```
 * @param {Line} line
 * @param {{ user: string, reaction: string, removed: boolean }} reacted
 * @param {(nick: string) => string} foldNick
 */
export function applyReaction(line, reacted, foldNick) {
  /** @type {{ reaction: string, senders: string[] }[]} */
  const groups = line.reactions ?? [];
  const who = foldNick(reacted.user);
  const group = groups.find((g) => g.reaction === reacted.reaction);
  if (reacted.removed) {
    if (!group) return;
    group.senders = group.senders.filter((s) => foldNick(s) !== who);
    if (group.senders.length === 0) groups.splice(groups.indexOf(group), 1);
  } else if (!group) {
    groups.push({ reaction: reacted.reaction, senders: [reacted.user] });
  } else if (!group.senders.some((s) => foldNick(s) === who)) {
    group.senders.push(reacted.user);
  }
  if (groups.length > 0) line.reactions = groups;
  else delete line.reactions;
}

/**
 * The page's state, changed by backend messages; views draw from it.
 *
 * @example
 * ```ts
 * import { PageStore } from "./store.js";
 * const store = new PageStore({
 *   send: () => {}, toast: () => {}, hidden: () => false, onLine: () => {}, notify: () => {},
 *   away: () => {}, recolor: () => {}, frontend: () => {},
 * });
 * store.receive({
 *   kind: "hello", version: 1, plugins: [], roster: [], updates: [], motd: [],
 *   networks: [{
 *     id: 1, name: "L", host: "h", port: 6667, tls: false, nick: "me", autoconnect: false,
 *     hasPassword: false, hasSaslPassword: false, state: "connected", currentNick: "me", channels: [],
 *   }],
 * });
 * console.log(store.currentBuffer()?.type); // "server"
 * ```
 */
export class PageStore {
  /** @type {PageState} */
  state = {
    networks: new Map(),
    roster: new Map(),
    colors: new Map(),
    networkId: undefined,
    bufferKey: undefined,
    commands: [],
    plugins: [],
    audit: [],
    connected: false,
    focusOnJoin: new Set(),
    highlightWords: [],
  };
  /** @type {Dirty} */
  dirty = {
    rail: true,
    buffers: true,
    messages: true,
    nicks: true,
    plugins: false,
    typing: true,
  };
  /** Who is typing where, keyed by "network id, buffer key" (see {@linkcode PageStore.typing}). */
  typists = new TypingBoard();
  /** Counters for tests and the bench. */
  stats = { frames: 0, lines: 0 };
  /** @type {StoreHooks} */
  #hooks;
  /** @type {Map<string, number>} "net key" -> stored unread count of a channel not rejoined yet */
  #waiting = new Map();
  /** @type {Map<number, (() => void)[]>} network id -> who waits for it to be listed */
  #listed = new Map();

  /** @param {StoreHooks} hooks */
  constructor(hooks) {
    this.#hooks = hooks;
  }

  /** The time typing notifications are held from (ms), the hooks' clock if they have one. */
  now() {
    return this.#hooks.now?.() ?? Date.now();
  }

  /**
   * The nicknames typing in a buffer now.
   * @param {number} networkId @param {string} bufferKey
   */
  typing(networkId, bufferKey) {
    return this.typists.typing(`${networkId} ${bufferKey}`, this.now());
  }

  /**
   * When the typing shown in a buffer next lapses (ms), or `undefined`.
   * @param {number} networkId @param {string} bufferKey
   */
  typingLapse(networkId, bufferKey) {
    return this.typists.nextLapse(`${networkId} ${bufferKey}`);
  }

  /** The network shown. */
  currentNet() {
    const id = this.state.networkId;
    return id === undefined ? undefined : this.state.networks.get(id);
  }

  /** The buffer shown. */
  currentBuffer() {
    const net = this.currentNet();
    const key = this.state.bufferKey;
    return net && key !== undefined ? net.buffers.get(key) : undefined;
  }

  /**
   * Resolves once the backend lists network `networkId` (at once when it already does), so a
   * form that just added one can act on it without polling.
   * @param {number} networkId
   * @returns {Promise<void>}
   */
  whenListed(networkId) {
    if (this.state.networks.has(networkId)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiters = this.#listed.get(networkId) ?? [];
      waiters.push(resolve);
      this.#listed.set(networkId, waiters);
    });
  }

  #wakeListed() {
    for (const [id, waiters] of this.#listed) {
      if (!this.state.networks.has(id)) continue;
      this.#listed.delete(id);
      for (const wake of waiters) wake();
    }
  }

  /** Marks everything to be drawn again. */
  markAll() {
    const d = this.dirty;
    d.rail =
      d.buffers =
      d.messages =
      d.nicks =
      d.typing =
        true;
  }

  /**
   * `name` folded by the CASEMAPPING of network `networkId`, as the backend folds it
   * (rfc1459 for a network the page does not know).
   * @param {number} networkId @param {string} name
   * @returns {string}
   */
  #fold(networkId, name) {
    return this.state.networks.get(networkId)?.members.fold(name) ?? casefold(name);
  }

  /** @param {number} networkId @param {string} nick */
  colorOf(networkId, nick) {
    const colors = this.state.colors;
    // Asked for each line drawn: most pages have no plugin that colours nicks.
    if (colors.size === 0) return undefined;
    return colors.get(`${networkId} ${this.#fold(networkId, nick)}`) ??
      colors.get(` ${casefold(nick)}`);
  }

  /** @param {number} networkId @param {string} nick */
  isAway(networkId, nick) {
    return Boolean(this.#rosterEntry(networkId, nick)?.away);
  }

  /**
   * Whether `nick` is marked as a bot on network `networkId` (its roster entry).
   * @param {number} networkId @param {string} nick
   */
  isBot(networkId, nick) {
    return this.#rosterEntry(networkId, nick)?.bot === true;
  }

  /**
   * The newest roster snapshot of `nick` on network `networkId`, if any.
   * @param {number} networkId @param {string} nick
   */
  #rosterEntry(networkId, nick) {
    return this.state.roster.get(networkId)?.get(this.#fold(networkId, nick));
  }

  /**
   * The buffer named `name`, created when missing.
   * @param {Net} net @param {string} name @param {Buffer["type"]} type
   */
  ensureBuffer(net, name, type) {
    const had = net.buffers.size;
    const buffer = model.ensureBuffer(net, name, type);
    if (net.buffers.size !== had) {
      this.dirty.buffers = true;
      buffer.unread += this.#storedUnread(net.id, buffer.key);
    }
    return buffer;
  }

  /**
   * Brings back what the history store remembers after a reload or a restart: private
   * conversations with their unread counts, and the unread counts of channels (applied
   * once the client is in the channel again).
   * @param {HistoryBuffer[]} stored
   */
  restoreHistory(stored) {
    for (const entry of stored) {
      const net = this.state.networks.get(entry.networkId);
      if (!net) continue;
      const isChannel = CHANNEL.test(entry.name);
      const buffer = isChannel
        ? net.buffers.get(net.members.fold(entry.name))
        : this.ensureBuffer(net, entry.name, "query");
      if (!buffer) {
        if (entry.unread > 0 && this.#waiting.size < MAX_WAITING) {
          this.#waiting.set(`${net.id} ${net.members.fold(entry.name)}`, entry.unread);
        }
        continue;
      }
      if (buffer === this.currentBuffer()) continue;
      buffer.unread = Math.max(buffer.unread, entry.unread);
      this.dirty.buffers = this.dirty.rail = true;
    }
  }

  /**
   * The stored unread count of a buffer that has just appeared (taken once), else 0.
   * @param {number} networkId @param {string} key
   */
  #storedUnread(networkId, key) {
    const id = `${networkId} ${key}`;
    const unread = this.#waiting.get(id) ?? 0;
    this.#waiting.delete(id);
    return unread;
  }

  /**
   * Shows a buffer: tells the backend which pane lost and gained focus and that the buffer
   * is read, and clears its counts.
   * @param {number} networkId @param {string} key
   */
  select(networkId, key) {
    const old = this.currentBuffer();
    const oldNet = this.state.networkId;
    if (old && oldNet !== undefined && (oldNet !== networkId || old.key !== key)) {
      model.forgetReadBack(old);
      this.#hooks.send({
        kind: "pane.blur",
        pane: { networkId: oldNet, type: old.type, name: old.name },
      });
    }
    this.state.networkId = networkId;
    this.state.bufferKey = key;
    this.dirty.typing = true;
    const buffer = this.currentBuffer();
    if (buffer) {
      buffer.unread = buffer.highlights = 0;
      this.#hooks.send({
        kind: "pane.focus",
        pane: { networkId, type: buffer.type, name: buffer.name },
      });
      this.#markRead(networkId, buffer);
      this.#hooks.opened?.(networkId, buffer);
    }
    this.markAll();
  }

  /**
   * Forgets a buffer. Shown, it is left for the network's server buffer first, so the backend
   * hears that its pane lost focus.
   * @param {number} networkId @param {string} key
   */
  close(networkId, key) {
    if (this.state.networkId === networkId && this.state.bufferKey === key) {
      this.select(networkId, "*");
    }
    this.state.networks.get(networkId)?.buffers.delete(key);
    this.markAll();
  }

  /**
   * Stored lines were loaded into `buffer`: when it is the one shown, it is read up to its
   * newest line and drawn again. Returns whether it is shown.
   * @param {number} networkId @param {Buffer} buffer
   * @returns {boolean}
   */
  historyLoaded(networkId, buffer) {
    if (this.state.networkId !== networkId || this.currentBuffer() !== buffer) return false;
    this.#markRead(networkId, buffer);
    this.dirty.messages = true;
    return true;
  }

  /** The page became visible again: the buffer shown is read. */
  seen() {
    const buffer = this.currentBuffer();
    if (!buffer || (buffer.unread === 0 && buffer.highlights === 0)) return;
    buffer.unread = buffer.highlights = 0;
    this.dirty.buffers = true;
    if (this.state.networkId !== undefined) this.#markRead(this.state.networkId, buffer);
  }

  /**
   * Tells the backend the buffer is read up to its last line (the last-read position and,
   * where the server offers read markers, a MARKREAD).
   * @param {number} networkId @param {Buffer} buffer
   */
  #markRead(networkId, buffer) {
    const last = buffer.lines[buffer.lines.length - 1];
    if (buffer.type === "server" || !last) return;
    const timestamp = new Date(last.time).toISOString();
    this.#hooks.send({ kind: "buffer.read", networkId, buffer: buffer.name, timestamp });
  }

  /**
   * Adds a line to a buffer (the server buffer when `key` is unknown), counting it when it
   * is a message the user has not seen.
   * @param {number | undefined} networkId @param {string | undefined} key
   * @param {Omit<Line, "time"> & {time?: number}} line
   * @param {{ private?: boolean, fromMe?: boolean }} [about]
   */
  addLine(networkId, key, line, about = {}) {
    if (networkId === undefined) return;
    const net = this.state.networks.get(networkId);
    if (!net) return;
    const buffer = net.buffers.get(key ?? "*") ?? net.buffers.get("*");
    if (!buffer) return;
    const stored = model.pushLine(buffer, line);
    this.stats.lines++;
    const shown = networkId === this.state.networkId && buffer.key === this.state.bufferKey;
    if (shown) this.#hooks.onLine(networkId, stored);
    const counted = line.kind === "message" || line.kind === "action" || line.kind === "notice";
    if (!counted || about.fromMe) return;
    const hidden = this.#hooks.hidden();
    const mention = Boolean(line.highlight);
    const isPrivate = Boolean(about.private);
    const before = buffer.unread;
    countLine(buffer, { shown, hidden, mention, private: isPrivate });
    if (buffer.unread !== before) this.dirty.buffers = this.dirty.rail = true;
    // Only a hidden page notifies: a visible one spares the question.
    if (
      hidden &&
      shouldNotify({ mention, private: isPrivate, kind: line.kind, fromMe: false, hidden })
    ) {
      this.#hooks.notify({
        title: buffer.type === "query"
          ? `${line.nick} (private)`
          : `${line.nick} in ${buffer.name}`,
        body: stripFormatting(line.text),
        networkId,
        key: buffer.key,
      });
    }
  }

  /**
   * Shows a message of the day in its network's server buffer.
   * @param {import("../../core/protocol.js").HelloMessage["motd"][number]} motd
   */
  #showMotd(motd) {
    for (const text of motd.lines) this.addLine(motd.networkId, "*", { kind: "motd", text });
  }

  /** @param {import("../../core/protocol.js").NetworkView} view */
  #netFrom(view) {
    const old = this.state.networks.get(view.id);
    const had = new Set(old?.buffers.keys());
    const net = model.netFrom(view, old);
    for (const buffer of net.buffers.values()) {
      if (had.has(buffer.key)) continue;
      this.dirty.buffers = true;
      buffer.unread += this.#storedUnread(net.id, buffer.key);
    }
    return net;
  }

  /**
   * Applies one message from the backend (replies are the transport's business).
   * @param {ServerMessage} message
   */
  receive(message) {
    const state = this.state;
    switch (message.kind) {
      case "hello": {
        state.connected = true;
        state.networks.clear();
        for (const view of message.networks) state.networks.set(view.id, this.#netFrom(view));
        state.plugins = message.plugins;
        this.#applyRoster(message.roster);
        this.#applyUpdates(message.updates);
        for (const motd of message.motd) this.#showMotd(motd);
        const first = message.networks[0];
        if (state.networkId === undefined && first) this.select(first.id, "*");
        this.markAll();
        this.#wakeListed();
        return;
      }
      case "networks": {
        const next = new Map();
        for (const view of message.networks) {
          const old = state.networks.get(view.id);
          next.set(view.id, this.#netFrom({ ...view, channels: old ? [] : view.channels }));
        }
        state.networks = next;
        if (state.networkId !== undefined && !next.has(state.networkId)) {
          state.networkId = undefined;
          state.bufferKey = undefined;
        }
        const first = next.keys().next();
        if (state.networkId === undefined && !first.done) this.select(first.value, "*");
        this.markAll();
        this.#wakeListed();
        return;
      }
      case "network.state": {
        const net = state.networks.get(message.networkId);
        if (!net) return;
        net.state = message.state;
        net.reason = message.reason;
        net.currentNick = message.nick || net.currentNick;
        net.stsUpgraded = message.stsUpgraded === true;
        // Whether lines get a Delete button: drawn again when it changes.
        if ((message.canRedact === true) !== (net.canRedact === true)) {
          net.canRedact = message.canRedact === true;
          this.dirty.messages = true;
        }
        net.multiline = message.multiline === true;
        this.dirty.rail = this.dirty.buffers = true;
        return;
      }
      case "batch":
        for (const event of message.events) this.onEvent(event);
        this.#applyRoster(message.roster);
        this.#applyUpdates(message.updates);
        return;
      case "frontend":
        this.#hooks.frontend(message.event);
        return;
      case "plugins":
        state.plugins = message.plugins;
        state.audit = message.audit;
        state.commands = message.commands.filter(isPluginCommand);
        this.dirty.plugins = true;
        return;
      case "error":
        this.#hooks.toast(message.message);
        return;
      case "reply":
        return;
    }
  }

  /** @param {RosterEntry[]} roster */
  #applyRoster(roster) {
    for (const entry of roster) {
      const networkId = entry.networkId;
      let users = this.state.roster.get(networkId);
      if (!users) this.state.roster.set(networkId, users = new Map());
      // Keyed by the nick itself where folding leaves it as it is: a key made for each
      // entry ("net nick") had to be hashed afresh, most of the cost of a flood's roster.
      const key = this.#fold(networkId, entry.nickname);
      const old = users.get(key);
      const wasAway = Boolean(old?.away);
      users.set(key, entry);
      // The nick list marks bots: drawn again when one is (un)marked.
      if ((old?.bot === true) !== (entry.bot === true)) this.dirty.nicks = true;
      if (wasAway !== Boolean(entry.away) && entry.networkId === this.state.networkId) {
        this.#hooks.away(entry.nickname, Boolean(entry.away));
      }
    }
  }

  /** @param {MetadataEntry[]} updates */
  #applyUpdates(updates) {
    /** @type {Set<string>} */
    const changed = new Set();
    for (const update of updates) {
      if (update.type !== "nickname_color") continue;
      const key = update.network_id === undefined
        ? ` ${casefold(update.key)}`
        : `${update.network_id} ${this.#fold(update.network_id, update.key)}`;
      // A colour goes into a style property: only plain colour syntax gets there.
      const value = typeof update.value === "string" && /^[#(),.%\w\s-]{1,40}$/.test(update.value)
        ? update.value
        : undefined;
      if (this.state.colors.get(key) === value) continue;
      if (value === undefined) this.state.colors.delete(key);
      else this.state.colors.set(key, value);
      changed.add(
        update.network_id === undefined
          ? casefold(update.key)
          : this.#fold(update.network_id, update.key),
      );
    }
    if (changed.size > 0) this.#hooks.recolor(changed);
  }

  /**
   * Applies one bus event: shows it, then updates membership.
   * @param {UiEvent} event
   */
  onEvent(event) {
    const data = event.data;
    const networkId = "networkId" in data ? data.networkId : undefined;
    const net = networkId === undefined ? undefined : this.state.networks.get(networkId);
    if (!net) {
      if (event.type === "error" && networkId === undefined) this.#hooks.toast(event.data.error);
      return;
    }
    this.#show(net, event);
    if (net.members.apply(event)) this.dirty.nicks = true;
  }

  /**
   * Whether a message on network `networkId` mentions us: live lines and stored ones are
   * marked by this one rule.
   * @param {number} networkId @param {string} text
   */
  mentions(networkId, text) {
    const net = this.state.networks.get(networkId);
    return net !== undefined && this.#mentions(net, text);
  }

  /**
   * Whether the user ignores `nick` on network `networkId`, folded by its casemapping.
   * @param {number} networkId @param {string} nick
   */
  isIgnored(networkId, nick) {
    const net = this.state.networks.get(networkId);
    return net !== undefined && (this.#hooks.ignored?.(networkId, net.members.fold(nick)) ?? false);
  }

  /**
   * Whether a line from someone else mentions us.
   * @param {Net} net @param {string} text
   */
  #mentions(net, text) {
    return isMention(stripFormatting(text), {
      nick: net.currentNick,
      words: this.state.highlightWords,
      fold: (/** @type {string} */ s) => net.members.fold(s),
    });
  }

  /**
   * Shows a message received in its buffer (the server buffer for a private notice with no
   * query open), counted and notified as it must be; an ignored sender's is dropped.
   * @param {Net} net @param {import("../../core/protocol.js").UiEventOf<"message.received">["data"]} data
   * @param {number} time The event's time: it keeps the server time's milliseconds (read
   *   markers compare them).
   */
  #received(net, data, time) {
    const members = net.members;
    const id = net.id;
    const kind = data.kind ?? "message";
    const isPrivate = data.channel === "";
    const peer = data.peer ?? data.user;
    // The sender folded once: whether it is us, ignored, and whose typing the line ends.
    const who = members.fold(data.user);
    const fromMe = who === members.fold(net.currentNick);
    // An ignored nick's lines are dropped before they are shown or counted.
    if (!fromMe && (this.#hooks.ignored?.(id, who) ?? false)) return;
    if (kind === "ctcp") {
      const key = isPrivate ? members.fold(peer) : members.fold(data.channel);
      const text = `${data.user} sent CTCP ${data.message}`;
      this.addLine(id, net.buffers.has(key) ? key : "*", { kind: "event", text, time });
      return;
    }
    const highlight = !fromMe && this.#mentions(net, data.message);
    /** @type {string} */
    let key;
    if (!isPrivate) key = this.ensureBuffer(net, data.channel, "channel").key;
    else if (kind !== "notice") key = this.ensureBuffer(net, peer, "query").key;
    else {
      // A private notice (services, the server) joins an open query, else the server buffer.
      const query = members.fold(peer);
      key = net.buffers.has(query) ? query : "*";
    }
    /** @type {Line} */
    const line = { kind, nick: data.user, text: data.message, time, highlight };
    if (data.msgid !== undefined) line.msgid = data.msgid;
    if (data.replyTo !== undefined) line.replyTo = data.replyTo;
    if (data.bot === true) line.bot = true;
    // A message ends its sender's typing (the spec's implicit `done`).
    if (this.typists.clear(`${id} ${key}`, who)) this.dirty.typing = true;
    this.addLine(id, key, line, {
      private: isPrivate && kind !== "notice",
      fromMe: fromMe || data.history === true,
    });
  }

  /**
   * Shows one event in the buffers it belongs to.
   * @param {Net} net @param {UiEvent} event
   */
  #show(net, event) {
    // A flood is all messages: they take a path of their own, without this one's closures.
    if (event.type === "message.received") return this.#received(net, event.data, event.time);
    const me = net.members.fold(net.currentNick);
    const isMe = (/** @type {string} */ nick) => net.members.fold(nick) === me;
    const id = net.id;
    // Every line an event makes carries the event's time, as the history store does, so a
    // buffer's stored lines and its live ones can be told apart.
    /**
     * @param {string | undefined} key @param {Omit<Line, "time"> & {time?: number}} line
     * @param {{ private?: boolean, fromMe?: boolean }} [about]
     */
    const add = (key, line, about) => this.addLine(id, key, { time: event.time, ...line }, about);
    switch (event.type) {
      case "connection.established": {
        const { address, port } = event.data;
        add("*", { kind: "event", text: `Connected to ${address}:${port}` });
        return;
      }
      case "connection.lost":
        add("*", { kind: "error", text: `Disconnected: ${event.data.error}` });
        for (const b of net.buffers.values()) if (b.type === "channel") b.joined = false;
        this.dirty.buffers = true;
        return;
      case "server.motd":
        this.#showMotd(event.data);
        return;
      case "message.sent": {
        const data = event.data;
        const isPrivate = data.channel === "";
        const name = isPrivate ? data.target ?? "" : data.channel;
        if (name === "") return;
        const buffer = this.ensureBuffer(net, name, isPrivate ? "query" : "channel");
        add(buffer.key, {
          kind: data.kind === "action" ? "action" : "message",
          nick: net.currentNick,
          text: data.message,
          ...(data.replyTo !== undefined ? { replyTo: data.replyTo } : {}),
          ...(data.msgid !== undefined ? { msgid: data.msgid } : {}),
        }, { fromMe: true });
        return;
      }
      case "message.reacted": {
        const data = event.data;
        const name = data.channel === "" ? data.peer ?? data.user : data.channel;
        const buffer = net.buffers.get(net.members.fold(name));
        const line = buffer?.lines.findLast((/** @type {Line} */ l) => l.msgid === data.replyTo);
        if (!buffer || !line) return;
        applyReaction(line, data, (nick) => net.members.fold(nick));
        if (this.state.networkId === id && this.state.bufferKey === buffer.key) {
          this.#hooks.lineChanged?.(line);
        }
        return;
      }
      case "message.redacted": {
        const data = event.data;
        const name = data.channel === "" ? data.peer ?? data.user : data.channel;
        const buffer = net.buffers.get(net.members.fold(name));
        if (!buffer) return;
        // "Deleted" replaces the text everywhere: the line, and the quotes of replies to it.
        for (const line of buffer.lines) {
          if (line.msgid !== data.msgid) continue;
          line.text = "";
          line.redacted = true;
          delete line.reactions;
          if (this.state.networkId === id && this.state.bufferKey === buffer.key) {
            this.#hooks.lineChanged?.(line);
          }
        }
        return;
      }
      case "user.typing": {
        const data = event.data;
        if (isMe(data.user)) return;
        const name = data.channel === "" ? data.peer ?? data.user : data.channel;
        // Typing opens no buffer: only one already there shows it.
        const key = net.members.fold(name);
        if (!net.buffers.has(key)) return;
        this.typists.receive(
          `${id} ${key}`,
          net.members.fold(data.user),
          data.user,
          data.state,
          this.now(),
        );
        this.dirty.typing = true;
        return;
      }
      case "user.joined": {
        const data = event.data;
        const buffer = this.ensureBuffer(net, data.channel, "channel");
        if (isMe(data.nickname)) {
          buffer.joined = true;
          if (this.state.focusOnJoin.delete(`${id} ${net.members.fold(data.channel)}`)) {
            this.select(id, buffer.key);
          }
        }
        add(buffer.key, { kind: "event", text: joinText(data), presence: "join" });
        this.dirty.nicks = this.dirty.buffers = true;
        return;
      }
      case "user.parted": {
        const data = event.data;
        const buffer = net.buffers.get(net.members.fold(data.channel));
        if (!buffer) return;
        add(buffer.key, { kind: "event", text: partText(data), presence: "part" });
        if (isMe(data.nickname)) {
          buffer.joined = false;
          this.close(id, buffer.key);
        }
        this.dirty.nicks = this.dirty.buffers = true;
        return;
      }
      case "user.kicked": {
        const data = event.data;
        const buffer = net.buffers.get(net.members.fold(data.channel));
        if (!buffer) return;
        const me = isMe(data.nickname);
        add(buffer.key, { kind: me ? "error" : "event", text: kickText(data, me) });
        if (me) buffer.joined = false;
        this.dirty.nicks = this.dirty.buffers = true;
        return;
      }
      // A quit or nick change names the channels it touches (irc/ is the one roster): it
      // shows in those, and a quit in the query with that nick.
      case "user.quit": {
        const data = event.data;
        const query = net.buffers.get(net.members.fold(data.nickname));
        const names = query?.type === "query" ? [...data.channels, query.name] : data.channels;
        for (const name of names) {
          const buffer = net.buffers.get(net.members.fold(name));
          if (buffer) add(buffer.key, { kind: "event", text: quitText(data), presence: "quit" });
        }
        this.dirty.nicks = true;
        return;
      }
      case "user.nick": {
        const data = event.data;
        for (const name of data.channels) {
          const buffer = net.buffers.get(net.members.fold(name));
          if (buffer) add(buffer.key, { kind: "event", text: nickText(data), presence: "nick" });
        }
        if (isMe(data.old_nickname)) net.currentNick = data.nickname;
        this.dirty.nicks = true;
        return;
      }
      case "channel.names.complete":
        this.ensureBuffer(net, event.data.channel, "channel");
        return;
      case "channel.topic": {
        const buffer = this.ensureBuffer(net, event.data.channel, "channel");
        buffer.topic = event.data.topic;
        add(buffer.key, { kind: "event", text: topicText(event.data) });
        this.dirty.messages = true;
        return;
      }
      case "channel.mode": {
        const buffer = net.buffers.get(net.members.fold(event.data.channel));
        if (buffer) add(buffer.key, { kind: "event", text: modeText(event.data) });
        return;
      }
      case "channels.changed":
        for (const name of event.data.channels) {
          this.ensureBuffer(net, name, "channel").joined = true;
        }
        return;
      case "whois.received": {
        const w = event.data.whois;
        const text =
          `${w.nickname} is ${w.username ?? "?"}@${w.host ?? "?"} (${w.realname ?? ""})` +
          (w.channels.length ? ` on ${w.channels.join(" ")}` : "") +
          (w.away ? " [away]" : "") +
          (w.bot ? " [bot]" : "");
        const here = this.state.networkId === id ? this.state.bufferKey : "*";
        add(here, { kind: "event", text });
        return;
      }
      case "server.reply": {
        // Shown in the buffer it concerns when that is open, else the network's own.
        const data = event.data;
        const target = data.target === undefined ? "*" : net.members.fold(data.target);
        add(net.buffers.has(target) ? target : "*", {
          kind: "reply",
          reply: data.type,
          text: replyText(data),
        });
        return;
      }
      case "error": {
        // A FAIL is shown as its standard reply (server.reply), not twice.
        if (event.data.type === "FAIL") return;
        // An error about a channel or nick belongs in its buffer (else the one shown, where
        // the command came from); one about the link, in the server buffer.
        const target = event.data.target;
        const key = target === undefined
          ? "*"
          : net.buffers.has(net.members.fold(target))
          ? net.members.fold(target)
          : this.state.networkId === id
          ? this.state.bufferKey
          : "*";
        add(key, { kind: "error", text: event.data.error });
        return;
      }
    }
  }
}
