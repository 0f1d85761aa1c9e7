// @ts-self-types="./protocol.d.ts"
// deno-lint-ignore-file no-control-regex
/**
 * The client's one WebSocket protocol, shared as-is by the backend and the page (the
 * browser loads it as a plain ES module, no build).
 *
 * Every frame is one JSON object tagged by `kind`. Each message is written once, as a
 * shape (core/shape.js): the shape checks a frame before any field is read, and its type
 * is the message's TypeScript type. `parseAction` reads what the page sends,
 * `parseServerMessage` what the backend sends.
 *
 * @module
 */
import { readDeepLink } from "./deeplink_payloads.js";
// `jsr:@scope/name[@range]`, as a user pastes or a chat line mentions it: one grammar with
// the registry client and deep links.
import { JSR_SPECIFIER } from "./jsr_specifier.js";
import { NETWORK_FORM, NICKNAME } from "./network_form.js";
import {
  boolean,
  custom,
  integer,
  isRecord,
  list,
  number,
  object,
  oneOf,
  optional,
  preview,
  ShapeError,
  text,
  unknown,
  variants,
  withDefault,
} from "./shape.js";

/**
 * Requests a page keeps waiting for a reply at most: the page fails the next one at once,
 * and the backend's hub answers that many of one page at a time.
 *
 * @example
 * ```ts
 * import { MAX_PENDING } from "./protocol.js";
 * console.log(MAX_PENDING); // 256
 * ```
 */
export const MAX_PENDING = 256;

/** The largest frame the backend accepts from the page, in UTF-16 code units. */
export const MAX_ACTION_BYTES = 16 * 1024;
/** The longest message text an action may carry. */
export const MAX_TEXT = 4000;
/**
 * The longest text a `say` may carry: several lines, sent as one message where the server
 * offers `draft/multiline`. It fits in one frame with room to spare.
 */
export const MAX_MESSAGE_TEXT = 12_000;
/** The most lines one `say` may carry (as many as one confirmed paste). */
export const MAX_MESSAGE_LINES = 200;
/**
 * Most lines one history page or search returns.
 *
 * @example
 * ```ts
 * import { MAX_HISTORY_LIMIT } from "./protocol.js";
 * console.log(MAX_HISTORY_LIMIT); // 500
 * ```
 */
export const MAX_HISTORY_LIMIT = 500;
/** The largest disk quota a plugin can be given at consent, in MiB (64 GiB). */
export const MAX_DISK_QUOTA_MB = 65_536;
/** Most requests a consent for an upgrade may list. */
const MAX_CONSENT = 256;
/** Places a consent sheet may pick for a plugin's scope. */
const MAX_SCOPE_PLACES = 1000;

// ---- the fields actions share -------------------------------------------------------------

const ID = integer({ min: 1, what: "a positive integer" });
/** A channel or a nickname: what a buffer or a message target is. */
const TARGET = text({ pattern: /^[^\s,\x00-\x1f\x7f]{1,200}$/, what: "a channel or nickname" });
const CHANNEL = text({ pattern: /^[^\s,\x00-\x1f\x7f]{1,200}$/, what: "a channel" });
/** A message id, as `+draft/reply` carries one. */
const MSGID = text({ pattern: /^[^\s\x00-\x1f\x7f]{1,200}$/, what: "a message id" });
const REASON = text({ pattern: /^[^\r\n\x00]{0,300}$/, what: "a reason" });
const ONE_LINE = /^[^\r\n\x00]*$/;
const LINE_TEXT = text({
  min: 1,
  max: MAX_TEXT,
  pattern: ONE_LINE,
  what: `1-${MAX_TEXT} characters without CR, LF or NUL`,
});
const MESSAGE_TEXT_WHAT =
  `1-${MAX_MESSAGE_TEXT} characters in at most ${MAX_MESSAGE_LINES} lines, without CR or NUL`;
/** A message's text: like a line, but longer and with line breaks (LF, never CR). */
const MESSAGE_TEXT = custom(MESSAGE_TEXT_WHAT, (value, path) => {
  if (
    typeof value !== "string" || value.length === 0 || value.length > MAX_MESSAGE_TEXT ||
    !/^[^\r\x00]*$/.test(value) || value.split("\n").length > MAX_MESSAGE_LINES
  ) {
    throw new ShapeError(path, MESSAGE_TEXT_WHAT, value);
  }
  return value;
});
const PLUGIN = text({ pattern: /^[a-z0-9][a-z0-9-]{0,63}$/, what: "a plugin name" });
const VERSION = text({
  pattern: /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/,
  what: "an exact version",
});
/** One permission of a grant: `read:notes`, `capability:irc.send:1:#deno`. */
const PERMISSION = text({
  pattern: /^(event|capability|net|read|write|env):[^\r\n\x00]{1,590}$/,
  what: "kind:value (read:notes, net:example.org)",
});
const PLAN_ID = text({
  pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  what: "a plan id",
});
/** The requests consented to, each one line. */
const CONSENT = list(text({ max: MAX_TEXT, pattern: ONE_LINE }), {
  max: MAX_CONSENT,
  what: "a list of the requests consented to",
});
const HISTORY_LIMIT = integer({ min: 1, max: MAX_HISTORY_LIMIT });
const TIME_MS = integer({ min: 0 });

/** The panes of the UI: a channel, a private query, or a network's server buffer. */
const PANE_TYPES = oneOf(["channel", "query", "server"]);

/**
 * A pane of the UI.
 *
 * @example
 * ```ts
 * import { PANE } from "./protocol.js";
 * console.log(PANE.read({ networkId: 1, type: "channel", name: "#deno" }, "pane").name); // "#deno"
 * ```
 */
export const PANE = object({
  networkId: ID,
  type: PANE_TYPES,
  name: text({ pattern: /^[^\r\n\x00]{1,200}$/, what: "a pane name" }),
});

/**
 * Where a plugin installed from a consent sheet applies: whole networks, single channels,
 * and whether it sees private messages.
 *
 * @example
 * ```ts
 * import { SCOPE_FORM } from "./protocol.js";
 * console.log(SCOPE_FORM.read({ networks: [1] }, "scope").privateMessages); // false
 * ```
 */
export const SCOPE_FORM = object({
  networks: withDefault(list(ID, { max: MAX_SCOPE_PLACES, what: "a list of network ids" }), []),
  channels: withDefault(
    list(object({ networkId: ID, channel: CHANNEL }), {
      max: MAX_SCOPE_PLACES,
      what: "a list of channels",
    }),
    [],
  ),
  privateMessages: withDefault(boolean(), false),
});

// ---- page to backend ----------------------------------------------------------------------

/**
 * Every action the page may send, by kind: one table of fields each. Adding an action is a
 * row here and its handler in `client/page_actions.ts`, which the type checker then asks for.
 *
 * @example
 * ```ts
 * import { ACTION_FIELDS } from "./protocol.js";
 * console.log(Object.keys(ACTION_FIELDS.join)); // ["networkId", "channel", "key"]
 * ```
 */
export const ACTION_FIELDS = Object.freeze({
  "ready": {},
  "connect": { networkId: ID },
  "disconnect": { networkId: ID },
  "join": {
    networkId: ID,
    channel: CHANNEL,
    key: optional(text({ pattern: /^[^\s,\x00-\x1f]{0,100}$/, what: "a channel key" }), {
      emptyIsAbsent: true,
    }),
  },
  "part": { networkId: ID, channel: CHANNEL, reason: optional(REASON, { emptyIsAbsent: true }) },
  "say": {
    networkId: ID,
    target: TARGET,
    /** Its lines (LF between them) go as one message where the server has `draft/multiline`. */
    text: MESSAGE_TEXT,
    /** The message answered (`+draft/reply`, or a `nick: ` prefix without client tags). */
    reply: optional(object({ msgid: MSGID, nick: NICKNAME })),
  },
  "me": { networkId: ID, target: TARGET, text: LINE_TEXT },
  "typing": {
    networkId: ID,
    target: TARGET,
    state: oneOf(["active", "paused", "done"], { what: "active, paused or done" }),
  },
  /** Deletes the message `msgid` (`REDACT`), where the server offers it. */
  "redact": { networkId: ID, target: TARGET, msgid: MSGID, reason: optional(REASON) },
  /** Reacts to the message `msgid` with `reaction`, or takes our reaction back (`remove`). */
  "react": {
    networkId: ID,
    target: TARGET,
    msgid: MSGID,
    reaction: text({ pattern: /^[^\x00-\x1f\x7f]{1,64}$/, what: "1-64 characters" }),
    remove: withDefault(boolean(), false),
  },
  "whois": { networkId: ID, nick: NICKNAME },
  "nick": { networkId: ID, nick: NICKNAME },
  "quote": {
    networkId: ID,
    line: text({ pattern: /^[^\r\n\x00]{1,510}$/, what: "one IRC line of 1-510 characters" }),
  },
  "list": {
    networkId: ID,
    filter: optional(text({ pattern: /^[^\r\n\x00]{1,200}$/, what: "a LIST filter" })),
  },
  "command": {
    name: text({ pattern: /^[a-z0-9][a-z0-9_-]{0,31}$/i, what: "a command name" }),
    args: withDefault(
      text({ max: MAX_TEXT, pattern: ONE_LINE, what: "a single-line string" }),
      "",
    ),
  },
  "network.add": { network: NETWORK_FORM, connect: withDefault(boolean(), false) },
  "network.update": { networkId: ID, network: NETWORK_FORM },
  "network.remove": { networkId: ID },
  "pane.focus": { pane: PANE },
  "pane.blur": { pane: PANE },
  "buffer.read": {
    networkId: ID,
    buffer: TARGET,
    timestamp: text({
      pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/,
      what: "an ISO 8601 UTC time",
    }),
  },
  "history.page": {
    networkId: ID,
    buffer: TARGET,
    before: optional(ID),
    limit: optional(HISTORY_LIMIT),
  },
  "history.search": {
    text: text({
      pattern: /^(?=.*\S)[^\r\n\x00]{1,200}$/,
      what: "1-200 characters of search text",
    }),
    networkId: optional(ID),
    buffer: optional(TARGET),
    sender: optional(NICKNAME),
    since: optional(TIME_MS),
    until: optional(TIME_MS),
    limit: optional(HISTORY_LIMIT),
  },
  /** The stored line with a msgid (a reply's original); its reply is the line or `null`. */
  "history.message": { networkId: ID, buffer: TARGET, msgid: MSGID },
  "history.buffers": {},
  "plugins.refresh": {},
  "plugin.disable": { name: PLUGIN },
  "plugin.enable": { name: PLUGIN },
  "plugin.revoke": { name: PLUGIN },
  "plugins.sources": {},
  "plugin.upgrade.plan": { name: PLUGIN },
  "plugin.activity": { name: PLUGIN },
  /**
   * A plugin's ledger page over a window (`24h`), narrowed to a kind (`ledgerKind`), a
   * decision and values containing `text`: its totals, entries, audit, grant and budgets.
   */
  "plugin.ledger": {
    name: PLUGIN,
    // The backend holds the window to 30 days.
    window: text({ pattern: /^\d{1,5}[mhd]$/, what: "minutes, hours or days (30m, 24h, 7d)" }),
    ledgerKind: optional(
      text({ pattern: /^[a-z][a-z.]{0,15}$/, what: "a ledger kind (read, net, irc.send...)" }),
    ),
    decision: optional(oneOf(["allowed", "denied"])),
    text: optional(text({ max: 200, pattern: ONE_LINE, what: "at most 200 characters of text" })),
  },
  /** Withdraws one permission (`read:notes`) and restarts the plugin without it. */
  "plugin.permission.revoke": { name: PLUGIN, permission: PERMISSION },
  /** Gives back one permission the manifest asks for: the user's re-consent. */
  "plugin.permission.grant": { name: PLUGIN, permission: PERMISSION },
  "plugin.upgrade": {
    name: PLUGIN,
    version: VERSION,
    consent: withDefault(CONSENT, []),
    // What the sheet showed: the bytes applied must be those (a republished version is not).
    integrity: optional(text({ pattern: /^sha256-[0-9a-f]{64}$/, what: "sha256-<64 hex digits>" })),
  },
  "plugin.install.plan": {
    specifier: text({ pattern: JSR_SPECIFIER, what: "jsr:@scope/name[@range]" }),
  },
  "plugin.install.cancel": { planId: PLAN_ID },
  "plugin.install": {
    planId: PLAN_ID,
    version: VERSION,
    consent: CONSENT,
    scope: SCOPE_FORM,
    diskQuotaMb: integer({ min: 1, max: MAX_DISK_QUOTA_MB, what: "whole MiB" }),
  },
});

/** Every action, read by its kind's fields. */
const ACTION = variants(ACTION_FIELDS);

/** Every action kind the page may send. */
export const ACTION_KINDS = Object.freeze(Object.keys(ACTION_FIELDS));

/**
 * What the page asks the backend to do; `id`, when given, is echoed in the reply.
 *
 * @example
 * ```ts
 * import type { Action } from "./protocol.js";
 * const join: Action = { kind: "join", networkId: 1, channel: "#deno", key: "s3cret", id: 7 };
 * ```
 *
 * @typedef {Infer<typeof ACTION> & { id?: number }} Action
 */
/**
 * The kind of an action.
 *
 * @typedef {Action["kind"]} ActionKind
 */
/**
 * A pane of the UI: a channel, a private query, or a network's server buffer.
 *
 * @typedef {Infer<typeof PANE>} Pane
 */
/**
 * The scope picked on a consent sheet.
 *
 * @typedef {Infer<typeof SCOPE_FORM>} ScopeForm
 */

/**
 * Why a frame from the page was refused.
 *
 * @typedef {"malformed" | "too_large" | "unknown_action" | "invalid_field" | "failed"} ErrorCode
 */
/** @type {readonly ErrorCode[]} */
const ERROR_CODES = ["malformed", "too_large", "unknown_action", "invalid_field", "failed"];

/**
 * The outcome of {@linkcode parseAction}.
 *
 * @typedef {{ ok: true, action: Action } | { ok: false, error: ErrorMessage }} ParsedAction
 */

/**
 * Checks one frame from the page. Never throws: a bad frame is a tagged failure carrying
 * the error reply to send back (with the frame's `id` when it had a valid one).
 *
 * @example
 * ```ts
 * import { parseAction } from "./protocol.js";
 * const parsed = parseAction('{"kind":"say","networkId":1,"target":"#a","text":"hi\\r\\nQUIT"}');
 * if (!parsed.ok) console.log(parsed.error.code); // "invalid_field"
 * ```
 *
 * @param {unknown} frame
 * @returns {ParsedAction}
 */
export function parseAction(frame) {
  if (typeof frame !== "string") {
    return fail("malformed", `Cannot accept action: the frame must be text, got ${typeof frame}`);
  }
  if (frame.length > MAX_ACTION_BYTES) {
    return fail(
      "too_large",
      `Cannot accept action: the frame exceeds ${MAX_ACTION_BYTES} characters, got ${frame.length}`,
    );
  }
  let message;
  try {
    message = JSON.parse(frame);
  } catch {
    return fail("malformed", `Cannot accept action: the frame is not JSON, got ${preview(frame)}`);
  }
  if (!isRecord(message)) {
    return fail(
      "malformed",
      `Cannot accept action: the frame must be an object, got ${preview(message)}`,
    );
  }
  const replyId = typeof message.id === "number" && Number.isSafeInteger(message.id) &&
      message.id > 0
    ? message.id
    : undefined;
  if (message.id !== undefined && replyId === undefined) {
    return fail(
      "invalid_field",
      `Cannot accept action: id must be a positive integer, got ${preview(message.id)}`,
    );
  }
  const kind = message.kind;
  if (typeof kind !== "string" || !Object.hasOwn(ACTION_FIELDS, kind)) {
    return fail(
      "unknown_action",
      `Cannot accept action: unknown kind, got ${preview(kind)}`,
      replyId,
    );
  }
  try {
    /** @type {Action} */
    const action = ACTION.read(message, "");
    if (replyId !== undefined) action.id = replyId;
    return { ok: true, action };
  } catch (error) {
    if (error instanceof ShapeError) {
      return fail("invalid_field", `Cannot accept action: ${error.message}`, replyId);
    }
    throw error;
  }
}

/**
 * @param {ErrorCode} code @param {string} message @param {number} [replyTo]
 * @returns {{ ok: false, error: ErrorMessage }}
 */
function fail(code, message, replyTo) {
  /** @type {ErrorMessage} */
  const error = { kind: "error", code, message };
  if (replyTo !== undefined) error.id = replyTo;
  return { ok: false, error };
}

// ---- backend to page ----------------------------------------------------------------------
//
// The bus events' types are the event map's (bus/events.ts); each event's table of fields
// is typed from it (`FieldsOf`), so a field missing here, or of the wrong type, fails
// `deno check`.

/** @import { EventMap, EventType, MetadataUpdate, UserEventFields } from "../bus/mod.ts" */
/** @import { FieldsOf, Infer } from "./shape.js" */

const STRING = text();
const NUMBER = number();
const BOOLEAN = boolean();
/** A list of strings: one wrong item is reported with the whole list, which is short. */
const STRINGS = custom("a list of strings", (value, path) => {
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw new ShapeError(path, "a list of strings", value);
  }
  return value.map(String);
});
const OPTIONAL_STRING = optional(STRING);
const OPTIONAL_BOOLEAN = optional(BOOLEAN);

/** @type {FieldsOf<MetadataUpdate>} */
const METADATA_FIELDS = {
  type: STRING,
  key: STRING,
  value: unknown(),
  network_id: optional(NUMBER),
  channel: OPTIONAL_STRING,
};
/** @type {FieldsOf<EventMap["user.meta"]>} */
const ROSTER_FIELDS = {
  networkId: NUMBER,
  nickname: STRING,
  away: BOOLEAN,
  away_message: OPTIONAL_STRING,
  account: OPTIONAL_STRING,
  host: OPTIONAL_STRING,
  realname: OPTIONAL_STRING,
  bot: OPTIONAL_BOOLEAN,
};
/** @type {FieldsOf<EventMap["server.motd"]>} */
const MOTD_FIELDS = { networkId: NUMBER, lines: STRINGS };
/** @type {FieldsOf<UserEventFields>} */
const USER = { networkId: NUMBER, user: STRING, nickname: STRING };

const METADATA = object(METADATA_FIELDS);
const ROSTER = object(ROSTER_FIELDS);
/** One update flat, or several in `updates`: a union, which a table of fields cannot say. */
const METADATA_UPDATED = custom(
  "a metadata update",
  (value, path) =>
    isRecord(value) && "updates" in value
      ? { updates: list(METADATA).read(value.updates, `${path}.updates`) }
      : METADATA.read(value, path),
);

/**
 * The data of every bus event type but `metadata.updated`, as the page may receive it.
 * @type {{ readonly [K in Exclude<EventType, "metadata.updated">]: FieldsOf<EventMap[K]> }}
 */
const EVENT_FIELDS = {
  "connection.established": { networkId: NUMBER, address: STRING, port: NUMBER },
  "connection.lost": { networkId: NUMBER, error: STRING },
  "message.received": {
    networkId: NUMBER,
    channel: STRING,
    user: STRING,
    message: STRING,
    timestamp: NUMBER,
    msgid: OPTIONAL_STRING,
    replyTo: OPTIONAL_STRING,
    history: OPTIONAL_BOOLEAN,
    peer: OPTIONAL_STRING,
    kind: optional(oneOf(["message", "notice", "action", "ctcp"])),
    bot: OPTIONAL_BOOLEAN,
  },
  "message.sent": {
    networkId: NUMBER,
    channel: STRING,
    message: STRING,
    target: OPTIONAL_STRING,
    kind: optional(oneOf(["message", "action"])),
    replyTo: OPTIONAL_STRING,
    msgid: OPTIONAL_STRING,
  },
  "message.reacted": {
    networkId: NUMBER,
    channel: STRING,
    user: STRING,
    peer: OPTIONAL_STRING,
    replyTo: STRING,
    reaction: STRING,
    removed: BOOLEAN,
    history: OPTIONAL_BOOLEAN,
  },
  "message.redacted": {
    networkId: NUMBER,
    channel: STRING,
    user: STRING,
    peer: OPTIONAL_STRING,
    msgid: STRING,
    reason: OPTIONAL_STRING,
    history: OPTIONAL_BOOLEAN,
  },
  "user.joined": { ...USER, channel: STRING },
  "user.parted": { ...USER, channel: STRING, reason: OPTIONAL_STRING },
  "user.quit": { ...USER, reason: STRING, channels: STRINGS },
  "user.kicked": { ...USER, channel: STRING, kicker: STRING, reason: STRING },
  "user.nick": { networkId: NUMBER, old_nickname: STRING, nickname: STRING, channels: STRINGS },
  "user.meta": ROSTER_FIELDS,
  "user.typing": {
    networkId: NUMBER,
    channel: STRING,
    user: STRING,
    peer: OPTIONAL_STRING,
    state: oneOf(["active", "paused", "done"]),
  },
  "channel.topic": { networkId: NUMBER, channel: STRING, topic: STRING, setter: OPTIONAL_STRING },
  "channel.mode": { networkId: NUMBER, channel: STRING, modes: STRING, setter: OPTIONAL_STRING },
  "channels.changed": { networkId: NUMBER, channels: STRINGS },
  "channel.names.complete": {
    networkId: NUMBER,
    channel: STRING,
    users: STRINGS,
    members: optional(STRINGS),
    prefix: OPTIONAL_STRING,
    casemapping: OPTIONAL_STRING,
  },
  "server.motd": MOTD_FIELDS,
  "server.reply": {
    networkId: NUMBER,
    type: oneOf(["FAIL", "WARN", "NOTE"]),
    command: STRING,
    code: STRING,
    context: STRINGS,
    description: STRING,
    target: OPTIONAL_STRING,
  },
  "sasl.started": { networkId: NUMBER, mechanism: STRING },
  "sasl.success": { networkId: NUMBER },
  "sasl.failed": { networkId: NUMBER, error: STRING },
  "sasl.aborted": { networkId: NUMBER },
  "whois.received": {
    networkId: NUMBER,
    whois: object({
      nickname: STRING,
      username: OPTIONAL_STRING,
      host: OPTIONAL_STRING,
      realname: OPTIONAL_STRING,
      server: OPTIONAL_STRING,
      server_info: OPTIONAL_STRING,
      channels: STRINGS,
      idle: optional(NUMBER),
      signon: optional(NUMBER),
      account: OPTIONAL_STRING,
      away: BOOLEAN,
      away_message: OPTIONAL_STRING,
      secure: BOOLEAN,
      operator: BOOLEAN,
      bot: BOOLEAN,
    }),
  },
  "error": {
    networkId: optional(NUMBER),
    error: STRING,
    type: OPTIONAL_STRING,
    target: OPTIONAL_STRING,
  },
  "plugin.lifecycle": {
    plugin: STRING,
    action: oneOf(["loaded", "unloaded", "crashed", "restarted", "disabled"]),
  },
  "buffer.read": { networkId: NUMBER, buffer: STRING, timestamp: STRING },
  "ui.pane.focused": { networkId: NUMBER, type: PANE_TYPES, name: STRING },
  "ui.pane.blurred": { networkId: NUMBER, type: PANE_TYPES, name: STRING },
};

/** @type {[string, import("./shape.js").Fields][]} */
const EVENT_FIELD_ENTRIES = Object.entries(EVENT_FIELDS);
/** @type {Readonly<Record<string, import("./shape.js").Shape<unknown>>>} */
const EVENT_DATA = Object.freeze({
  ...Object.fromEntries(EVENT_FIELD_ENTRIES.map(([type, fields]) => [type, object(fields)])),
  "metadata.updated": METADATA_UPDATED,
});

/**
 * One bus event of type `T` as the UI sees it (`time` in ms since the epoch).
 *
 * @template {EventType} T
 * @typedef {{ type: T, data: EventMap[T], time: number, source: string }} UiEventOf
 */
/**
 * One bus event as the UI sees it: {@linkcode UiEventOf} over every type.
 *
 * @template {EventType} [T=EventType]
 * @typedef {{ [K in T]: UiEventOf<K> }[T]} UiEvent
 */
/**
 * A roster snapshot of one user (`user.meta`, coalesced).
 *
 * @typedef {EventMap["user.meta"]} RosterEntry
 */
/**
 * One plugin metadata update (`metadata.updated`).
 *
 * @typedef {MetadataUpdate} MetadataEntry
 */

/**
 * Checks one bus event: its type known, its data fitting the type's table, which is typed
 * from the event map; so a value that passes is that type's event.
 * @param {unknown} value @param {string} path
 * @returns {asserts value is UiEvent}
 */
function assertEvent(value, path) {
  if (!isRecord(value)) throw new ShapeError(path, "an object", value);
  const type = value.type;
  if (typeof type !== "string" || !Object.hasOwn(EVENT_DATA, type)) {
    throw new ShapeError(`${path}.type`, "a bus event type", type);
  }
  NUMBER.read(value.time, `${path}.time`);
  STRING.read(value.source, `${path}.source`);
  EVENT_DATA[type].read(value.data, `${path}.data`);
}

/** One bus event in a batch, as it came: fields the page does not know are kept. */
const UI_EVENT = custom("a bus event", (value, path) => {
  assertEvent(value, path);
  return value;
});

/**
 * A saved network as the page sees it, with its live state (never its secrets).
 *
 * @example
 * ```ts
 * import { NETWORK_VIEW } from "./protocol.js";
 * console.log(NETWORK_VIEW.what); // "an object"
 * ```
 */
export const NETWORK_VIEW = object({
  id: NUMBER,
  name: STRING,
  host: STRING,
  port: NUMBER,
  tls: BOOLEAN,
  nick: STRING,
  autoconnect: OPTIONAL_BOOLEAN,
  username: OPTIONAL_STRING,
  realname: OPTIONAL_STRING,
  saslMechanism: optional(oneOf(["", "PLAIN", "EXTERNAL"])),
  saslAccount: OPTIONAL_STRING,
  clientCert: OPTIONAL_STRING,
  /** Connection state: `connecting`, `connected`, `disconnecting` or `disconnected`. */
  state: STRING,
  /** Why the last connection ended or failed, when it did. */
  reason: OPTIONAL_STRING,
  /** A server password is saved (the password itself never reaches the page). */
  hasPassword: BOOLEAN,
  /** A SASL password is saved. */
  hasSaslPassword: BOOLEAN,
  /** Our current nickname there. */
  currentNick: STRING,
  /** The server lets messages be deleted (`draft/message-redaction`); absent means no. */
  canRedact: OPTIONAL_BOOLEAN,
  /**
   * The server takes a multi-line text as one message (`draft/multiline`); absent means each
   * line is a message of its own, so the page asks before sending many.
   */
  multiline: OPTIONAL_BOOLEAN,
  /** The network was connected over TLS as the server's STS policy (IRCv3 `sts`) asks. */
  stsUpgraded: OPTIONAL_BOOLEAN,
  /**
   * The server's CASEMAPPING, by which the page folds buffer and nick names, as the backend
   * does; absent before the network was first connected (then `rfc1459`).
   */
  casemapping: OPTIONAL_STRING,
  /** Channels we are in, with their members (mode prefixes kept). */
  channels: list(object({ name: STRING, topic: STRING, members: STRINGS })),
});
/**
 * A saved network as the page sees it, with its live state.
 *
 * @typedef {Infer<typeof NETWORK_VIEW>} NetworkView
 */

/**
 * A frontend event: a `deeplink:*` link, checked by the grammar the backend's
 * `FrontendEvents` uses (core/deeplink_payloads.js).
 */
const DEEP_LINK = custom("a deep link", (value, path) => {
  if (!isRecord(value)) throw new ShapeError(path, "an object", value);
  if (typeof value.name !== "string") throw new ShapeError(`${path}.name`, "a string", value.name);
  const link = readDeepLink(value.name, value.payload);
  if (link === undefined) {
    throw new ShapeError(`${path}.payload`, `a ${value.name} payload`, value.payload);
  }
  return link;
});

/**
 * Everything the backend sends to the page, by kind: `hello` on connect (the whole state),
 * `batch` once per frame (bus events, roster snapshots, metadata updates), `frontend` for
 * the `deeplink:*` events (checked by the backend's own grammar), and replies.
 *
 * @example
 * ```ts
 * import { SERVER_MESSAGE_FIELDS } from "./protocol.js";
 * console.log(Object.keys(SERVER_MESSAGE_FIELDS.reply)); // ["id", "result"]
 * ```
 */
export const SERVER_MESSAGE_FIELDS = Object.freeze({
  hello: {
    /** The protocol version. */
    version: NUMBER,
    /** Saved networks with live state and channels. */
    networks: list(NETWORK_VIEW),
    /** Installed plugins (as `PluginHost.list()`). */
    plugins: list(unknown()),
    /** Every user's newest roster snapshot. */
    roster: list(ROSTER),
    /** Every live plugin metadata entry. */
    updates: list(METADATA),
    /** The last message of the day of each network, so a page opened later shows it too. */
    motd: list(object(MOTD_FIELDS)),
  },
  networks: { networks: list(NETWORK_VIEW) },
  "network.state": {
    networkId: NUMBER,
    state: STRING,
    nick: STRING,
    reason: OPTIONAL_STRING,
    /** The server lets messages be deleted (`draft/message-redaction`). */
    canRedact: OPTIONAL_BOOLEAN,
    /** The server takes a multi-line text as one message (`draft/multiline`). */
    multiline: OPTIONAL_BOOLEAN,
    /** The connection went over TLS because of the server's STS policy. */
    stsUpgraded: OPTIONAL_BOOLEAN,
  },
  batch: {
    /** Bus events, in bus order. */
    events: list(UI_EVENT),
    /** `user.meta`, coalesced: the newest snapshot per user. */
    roster: list(ROSTER),
    /** `metadata.updated`, coalesced: the newest entry per key. */
    updates: list(METADATA),
  },
  frontend: { event: DEEP_LINK },
  plugins: { plugins: list(unknown()), audit: list(unknown()), commands: list(unknown()) },
  reply: { id: NUMBER, result: optional(unknown()) },
  error: {
    /** The failed action's id, when it had one. */
    id: optional(NUMBER),
    code: oneOf(ERROR_CODES),
    /** What went wrong, in "Cannot do X: reason, got VALUE" form. */
    message: STRING,
  },
});

const SERVER_MESSAGE = variants(SERVER_MESSAGE_FIELDS);

/**
 * Everything the backend sends to the page.
 *
 * @example
 * ```ts
 * import type { ServerMessage } from "./protocol.js";
 * const message: ServerMessage = { kind: "reply", id: 7, result: null };
 * ```
 *
 * @typedef {Infer<typeof SERVER_MESSAGE>} ServerMessage
 */
/**
 * The first message on a socket: everything the page needs to draw.
 *
 * @typedef {Extract<ServerMessage, { kind: "hello" }>} HelloMessage
 */
/**
 * What changed during one frame.
 *
 * @typedef {Extract<ServerMessage, { kind: "batch" }>} BatchMessage
 */
/**
 * The error reply to a refused or failed action.
 *
 * @typedef {Extract<ServerMessage, { kind: "error" }>} ErrorMessage
 */

/**
 * One stored line as the reply to `history.page` and `history.search` carries it: the
 * store's `StoredLine`, its kind read as plain text (the page words kinds it does not know
 * as they are).
 *
 * @typedef {Omit<import("./stored_line.ts").StoredLine, "kind"> & { kind: string }} HistoryLine
 */
/**
 * A buffer with stored history, the reply to `history.buffers`: the store's `StoredBuffer`
 * with its unread count (lines from others since the last-read position, at most 999).
 *
 * @typedef {import("./stored_line.ts").StoredBuffer & { unread: number }} HistoryBuffer
 */

/**
 * The outcome of {@linkcode parseServerMessage}: the message, or why the frame was refused.
 *
 * @typedef {{ ok: true, message: ServerMessage } | { ok: false, error: TypeError }} ParsedServerMessage
 */

/**
 * Checks one frame from the backend, every field of every message and bus event against
 * its type; never throws. A refused frame's error names the first bad field.
 *
 * @example
 * ```ts
 * import { parseServerMessage } from "./protocol.js";
 * const parsed = parseServerMessage('{"kind":"network.state","networkId":"1","state":"x","nick":""}');
 * if (!parsed.ok) console.log(parsed.error.message);
 * // Cannot read network.state message: networkId must be a finite number, got "1"
 * ```
 *
 * @param {unknown} frame
 * @returns {ParsedServerMessage}
 */
export function parseServerMessage(frame) {
  if (typeof frame !== "string") {
    return refuse(`the frame must be text, got ${typeof frame}`);
  }
  let message;
  try {
    message = JSON.parse(frame);
  } catch {
    return refuse(`the frame is not JSON, got ${preview(frame)}`);
  }
  if (!isRecord(message)) return refuse(`the frame must be an object, got ${preview(message)}`);
  const kind = message.kind;
  if (typeof kind !== "string" || !Object.hasOwn(SERVER_MESSAGE_FIELDS, kind)) {
    return refuse(`unknown kind, got ${preview(kind)}`);
  }
  try {
    return { ok: true, message: SERVER_MESSAGE.read(message, "") };
  } catch (error) {
    if (error instanceof ShapeError) {
      return { ok: false, error: new TypeError(`Cannot read ${kind} message: ${error.message}`) };
    }
    throw error;
  }
}

/** @param {string} reason @returns {ParsedServerMessage} */
function refuse(reason) {
  return { ok: false, error: new TypeError(`Cannot read message: ${reason}`) };
}
