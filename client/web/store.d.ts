/**
 * Types of the page's state (the implementation is store.js, loaded as-is by the page).
 *
 * @module
 */
import type { Buffer, Line, Net } from "./page_state.js";
import type {
  Action,
  HistoryBuffer,
  RosterEntry,
  ServerMessage,
  UiEvent,
} from "../../core/protocol.js";
import type { DeepLink } from "../../core/deeplink_payloads.js";
import type { TypingBoard } from "./typing.js";

/**
 * A command a plugin registered, run from the input line.
 *
 * @example
 * ```ts
 * import type { PluginCommand } from "./store.js";
 * const command: PluginCommand = { name: "autoreply", plugin: "autoresponder" };
 * ```
 */
export interface PluginCommand {
  /** The command, without its slash. */
  name: string;
  /** The plugin that runs it. */
  plugin: string;
}

/**
 * A desktop notification to show.
 *
 * @example
 * ```ts
 * import type { Note } from "./store.js";
 * const note: Note = { title: "bob (private)", body: "hi", networkId: 1, key: "bob" };
 * ```
 */
export interface Note {
  /** Who and where. */
  title: string;
  /** The text, without formatting codes. */
  body: string;
  /** The network of the buffer to open on a click. */
  networkId: number;
  /** The buffer's key. */
  key: string;
}

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
 */
export interface StoreHooks {
  /** Sends an action needing no reply (pane focus, read position). */
  send(action: Action): void;
  /** Shows a short message. */
  toast(text: string): void;
  /** Whether the page is hidden (another tab, minimised). */
  hidden(): boolean;
  /** A line was added to the buffer shown. */
  onLine(networkId: number, line: Line): void;
  /** A mention or private message arrived while hidden. */
  notify(note: Note): void;
  /** A user of the network shown went away or came back. */
  away(nick: string, away: boolean): void;
  /** These (folded) nicknames changed colour. */
  recolor(nicks: Set<string>): void;
  /** A `deeplink:*` event, checked on arrival. */
  frontend(link: DeepLink): void;
  /**
   * A buffer was shown: the page may load its stored lines, then call
   * {@linkcode PageStore.historyLoaded}.
   */
  opened?(networkId: number, buffer: Buffer): void;
  /** Whether the user ignores this nick (folded by the network's casemapping) there. */
  ignored?(networkId: number, folded: string): boolean;
  /** The time (ms) typing notifications are held from; `Date.now()` when absent. */
  now?(): number;
  /** A line of the buffer shown changed (a reaction, a deletion): to draw again. */
  lineChanged?(line: Line): void;
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
 */
export declare function applyReaction(
  line: Line,
  reacted: { user: string; reaction: string; removed: boolean },
  foldNick: (nick: string) => string,
): void;

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
 */
export interface PageState {
  /** Networks by id. */
  networks: Map<number, Net>;
  /** `"net nick"` (folded) to the user's newest roster snapshot. */
  roster: Map<string, RosterEntry>;
  /** `"net nick"` or `" nick"` (folded) to the nickname's colour. */
  colors: Map<string, string>;
  /** The network shown. */
  networkId: number | undefined;
  /** The buffer shown. */
  bufferKey: string | undefined;
  /** Commands plugins registered. */
  commands: PluginCommand[];
  /** Installed plugins, as the backend lists them. */
  plugins: unknown[];
  /** The plugin audit log. */
  audit: unknown[];
  /** The socket to the backend is up. */
  connected: boolean;
  /** Channels to open once we are in them: `"net chan"`. */
  focusOnJoin: Set<string>;
  /** Words that highlight a line, besides our nick. */
  highlightWords: string[];
}

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
 */
export interface Dirty {
  /** The network rail. */
  rail: boolean;
  /** The buffer list (and the title). */
  buffers: boolean;
  /** The message list and topic. */
  messages: boolean;
  /** The nick list. */
  nicks: boolean;
  /** The Plugins page. */
  plugins: boolean;
  /** The "alice is typing" line. */
  typing: boolean;
}

/**
 * The `plugins` message of a `plugins.refresh` reply, checked, or `undefined`.
 *
 * @example
 * ```ts
 * import { pluginsReply } from "./store.js";
 * console.log(pluginsReply({ kind: "plugins", plugins: [], audit: [], commands: [] })?.kind);
 * // "plugins"
 * ```
 */
export declare function pluginsReply(result: unknown): ServerMessage | undefined;

/**
 * The page's state and what changes it: backend messages and bus events in; buffers, lines,
 * unread and highlight counts out.
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
export declare class PageStore {
  constructor(hooks: StoreHooks);
  /** Everything the page keeps. */
  state: PageState;
  /** What to draw again. */
  dirty: Dirty;
  /** Frames drawn and lines added. */
  stats: { frames: number; lines: number };
  /** Who is typing where, keyed by `"<network id> <buffer key>"`. */
  typists: TypingBoard;
  /** The time (ms) typing notifications are held from: the hooks' clock, else `Date.now()`. */
  now(): number;
  /** The nicknames typing in a buffer now, oldest first. */
  typing(networkId: number, bufferKey: string): string[];
  /** When the typing shown in a buffer next lapses (ms), or `undefined`. */
  typingLapse(networkId: number, bufferKey: string): number | undefined;
  /** The network shown. */
  currentNet(): Net | undefined;
  /** The buffer shown. */
  currentBuffer(): Buffer | undefined;
  /** Resolves once the backend lists this network (at once when it already does). */
  whenListed(networkId: number): Promise<void>;
  /** Marks everything to be drawn again. */
  markAll(): void;
  /** A nickname's colour from the nickname-colors metadata. */
  colorOf(networkId: number, nick: string): string | undefined;
  /** Whether the user is away. */
  isAway(networkId: number, nick: string): boolean;
  /** Whether the user is marked as a bot (the server's bot mode). */
  isBot(networkId: number, nick: string): boolean;
  /**
   * Whether a message on this network mentions us (our nick or a highlight word): the one
   * rule for live and stored lines.
   */
  mentions(networkId: number, text: string): boolean;
  /** Whether the user ignores `nick` on this network (their messages are not shown). */
  isIgnored(networkId: number, nick: string): boolean;
  /** The buffer named `name`, created when missing. */
  ensureBuffer(net: Net, name: string, type: Buffer["type"]): Buffer;
  /** Shows a buffer, clearing its counts and telling the backend. */
  select(networkId: number, key: string): void;
  /**
   * Forgets a buffer; shown, it is left for the network's server buffer first (so the
   * backend hears its pane lost focus).
   */
  close(networkId: number, key: string): void;
  /**
   * Stored lines were loaded into `buffer`: when it is shown, it is read up to its newest
   * line and drawn again. Returns whether it is shown.
   */
  historyLoaded(networkId: number, buffer: Buffer): boolean;
  /**
   * Brings back stored conversations and unread counts (a channel's once it is rejoined).
   */
  restoreHistory(stored: HistoryBuffer[]): void;
  /** The page became visible: the buffer shown is read. */
  seen(): void;
  /** Adds a line to a buffer, counting it when unseen. */
  addLine(
    networkId: number | undefined,
    key: string | undefined,
    line: Omit<Line, "time"> & { time?: number },
    about?: { private?: boolean; fromMe?: boolean },
  ): void;
  /** Applies one message from the backend. */
  receive(message: ServerMessage): void;
  /** Applies one bus event. */
  onEvent(event: UiEvent): void;
}
