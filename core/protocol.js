// @ts-self-types="./protocol.d.ts"
// @ts-check
// deno-lint-ignore-file no-control-regex
/**
 * The client's one WebSocket protocol, shared as-is by the backend (Deno imports this file,
 * typed by protocol.d.ts) and the page (the browser loads it as a plain ES module, no build).
 *
 * Every frame is one JSON object tagged by `kind`. Both directions are checked here before
 * any field is read: `parseAction` for what the page sends, `parseServerMessage` for what
 * the backend sends.
 *
 * @module
 */
import { readDeepLink } from "./deeplink_payloads.js";
// `jsr:@scope/name[@range]`, as a user pastes or a chat line mentions it: one grammar with
// the registry client and deep links.
import { JSR_SPECIFIER } from "./jsr_specifier.js";

/**
 * Requests a page keeps waiting for a reply at most: the page fails the next one at once,
 * and the backend's hub answers that many of one page at a time.
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

const NAME = /^[^\s,\x00-\x1f\x7f]{1,200}$/;
/** A message id, as `+draft/reply` carries one. */
const MSGID = /^[^\s\x00-\x1f\x7f]{1,200}$/;
const NICK = /^[^\s,\x00-\x1f\x7f!@#&:][^\s,\x00-\x1f\x7f!@]{0,49}$/;
const HOST = /^[A-Za-z0-9.:\-\[\]_]{1,255}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const LINE = /^[^\r\n\x00]*$/;
const PLUGIN = /^[a-z0-9][a-z0-9-]{0,63}$/;
const COMMAND = /^[a-z0-9][a-z0-9_-]{0,31}$/i;
const VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
/** Most requests a consent for an upgrade may list. */
const MAX_CONSENT = 256;
/** A ledger window: `30m`, `24h`, `7d` (the backend holds it to 30 days). */
const LEDGER_WINDOW = /^\d{1,5}[mhd]$/;
const LEDGER_KIND = /^[a-z][a-z.]{0,15}$/;
/** One permission of a grant: `read:notes`, `capability:irc.send:1:#deno`. */
const GRANT_ITEM = /^(event|capability|net|read|write|env):[^\r\n\x00]{1,590}$/;
const INTEGRITY = /^sha256-[0-9a-f]{64}$/;
const PLAN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Places a consent sheet may pick for a plugin's scope. */
const MAX_SCOPE_PLACES = 1000;
/** Most lines one history page or search returns. */
export const MAX_HISTORY_LIMIT = 500;

/** @param {unknown} v @returns {v is Record<string, unknown>} */
function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

class FieldError extends TypeError {
  /** @param {string} field @param {string} what @param {unknown} got */
  constructor(field, what, got) {
    super(`Cannot accept action: ${field} must be ${what}, got ${preview(got)}`);
    this.code = "invalid_field";
  }
}

/** @param {unknown} v */
function preview(v) {
  // A long text (a whole bad frame) is cut before it is quoted, not copied whole first.
  if (typeof v === "string" && v.length > 60) v = v.slice(0, 61);
  let text;
  try {
    text = JSON.stringify(v);
  } catch {
    text = String(v);
  }
  if (text === undefined) text = String(v);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** @param {Record<string, unknown>} o @param {string} k */
function id(o, k) {
  const v = o[k];
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 1) {
    throw new FieldError(k, "a positive integer", v);
  }
  return v;
}

/** @param {Record<string, unknown>} o @param {string} k @param {RegExp} re @param {string} what */
function str(o, k, re, what) {
  const v = o[k];
  if (typeof v !== "string" || !re.test(v)) throw new FieldError(k, what, v);
  return v;
}

/** @param {Record<string, unknown>} o @param {string} k @param {RegExp} re @param {string} what */
function optStr(o, k, re, what) {
  return o[k] === undefined ? undefined : str(o, k, re, what);
}

/** @param {Record<string, unknown>} o @param {string} k */
function text(o, k) {
  const v = o[k];
  if (typeof v !== "string" || v.length === 0 || v.length > MAX_TEXT || !LINE.test(v)) {
    throw new FieldError(k, `1-${MAX_TEXT} characters without CR, LF or NUL`, v);
  }
  return v;
}

/**
 * A message's text: like {@linkcode text}, but longer and with line breaks (LF, never CR).
 * @param {Record<string, unknown>} o @param {string} k
 */
function messageText(o, k) {
  const v = o[k];
  if (
    typeof v !== "string" || v.length === 0 || v.length > MAX_MESSAGE_TEXT ||
    !/^[^\r\x00]*$/.test(v) || v.split("\n").length > MAX_MESSAGE_LINES
  ) {
    throw new FieldError(
      k,
      `1-${MAX_MESSAGE_TEXT} characters in at most ${MAX_MESSAGE_LINES} lines, without CR or NUL`,
      v,
    );
  }
  return v;
}

/**
 * An optional integer field within `[min, max]`.
 * @param {Record<string, unknown>} o @param {string} k @param {number} min @param {number} max
 * @returns {number | undefined}
 */
function optInt(o, k, min, max) {
  const v = o[k];
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < min || v > max) {
    throw new FieldError(k, `an integer ${min}-${max}`, v);
  }
  return v;
}

/**
 * Copies the fields that are not `undefined`.
 * @param {Record<string, unknown>} fields
 */
function defined(fields) {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** @param {Record<string, unknown>} o @param {string} k */
function bool(o, k) {
  const v = o[k];
  if (typeof v !== "boolean") throw new FieldError(k, "a boolean", v);
  return v;
}

/** @type {readonly import("./protocol.d.ts").Pane["type"][]} */
const PANE_TYPES = ["channel", "query", "server"];

/** @param {unknown} type @returns {type is import("./protocol.d.ts").Pane["type"]} */
function isPaneType(type) {
  return PANE_TYPES.some((known) => known === type);
}

/**
 * @param {unknown} v
 * @returns {import("./protocol.d.ts").Pane}
 */
function pane(v) {
  if (!isObject(v)) throw new FieldError("pane", "an object", v);
  const type = v.type;
  if (!isPaneType(type)) {
    throw new FieldError("pane.type", '"channel", "query" or "server"', type);
  }
  return {
    networkId: id(v, "networkId"),
    type,
    name: str(v, "name", /^[^\r\n\x00]{1,200}$/, "a pane name"),
  };
}

/** @param {unknown} v */
function networkForm(v) {
  if (!isObject(v)) throw new FieldError("network", "an object", v);
  const port = v.port;
  if (typeof port !== "number" || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new FieldError("port", "an integer 1-65535", port);
  }
  /** @type {import("./protocol.d.ts").NetworkForm} */
  const form = {
    name: str(v, "name", /^[^\r\n\x00]{1,100}$/, "a name of 1-100 characters"),
    host: str(v, "host", HOST, "a host name or address"),
    port,
    tls: bool(v, "tls"),
    nick: str(v, "nick", NICK, "a nickname"),
  };
  if (v.autoconnect !== undefined) form.autoconnect = bool(v, "autoconnect");
  const username = optStr(v, "username", /^[^\s\x00-\x1f@]{0,50}$/, "a user name");
  const realname = optStr(v, "realname", /^[^\r\n\x00]{0,200}$/, "a real name");
  if (username !== undefined) form.username = username;
  if (realname !== undefined) form.realname = realname;
  // Secrets: absent keeps the saved value; their text is never echoed in an error.
  for (const key of /** @type {const} */ (["password", "saslPassword"])) {
    const value = v[key];
    if (value === undefined) continue;
    if (typeof value !== "string" || !/^[^\r\n\x00]{0,300}$/.test(value)) {
      throw new FieldError(key, "up to 300 characters without CR, LF or NUL", "(hidden)");
    }
    form[key] = value;
  }
  const mechanism = v.saslMechanism;
  if (mechanism !== undefined) {
    if (mechanism !== "" && mechanism !== "PLAIN" && mechanism !== "EXTERNAL") {
      throw new FieldError("saslMechanism", '"", "PLAIN" or "EXTERNAL"', mechanism);
    }
    form.saslMechanism = mechanism;
  }
  const account = optStr(v, "saslAccount", /^[^\s\x00-\x1f]{0,100}$/, "an account name");
  if (account !== undefined) form.saslAccount = account;
  const cert = optStr(v, "clientCert", /^[^\r\n\x00]{0,500}$/, "a file path");
  if (cert !== undefined) form.clientCert = cert;
  return form;
}

/**
 * A list of the requests consented to, each one line.
 * @param {unknown} consent
 * @returns {string[]}
 */
function consentList(consent) {
  if (
    !Array.isArray(consent) || consent.length > MAX_CONSENT ||
    !consent.every((item) => typeof item === "string" && item.length <= MAX_TEXT && LINE.test(item))
  ) {
    throw new FieldError("consent", "a list of the requests consented to", consent);
  }
  return consent.map(String);
}

/**
 * The ledger's allowed/denied filter, when one is given.
 * @param {unknown} v
 * @returns {"allowed" | "denied" | undefined}
 */
function ledgerDecision(v) {
  if (v === undefined || v === "allowed" || v === "denied") return v;
  throw new FieldError("decision", '"allowed" or "denied"', v);
}

/**
 * The scope picked on a consent sheet: whole networks, single channels, private messages.
 * @param {unknown} v
 * @returns {import("./protocol.d.ts").ScopeForm}
 */
function scopeForm(v) {
  if (!isObject(v)) throw new FieldError("scope", "an object", v);
  const networks = v.networks ?? [];
  const channels = v.channels ?? [];
  if (!Array.isArray(networks) || networks.length > MAX_SCOPE_PLACES) {
    throw new FieldError("scope.networks", "a list of network ids", networks);
  }
  if (!Array.isArray(channels) || channels.length > MAX_SCOPE_PLACES) {
    throw new FieldError("scope.channels", "a list of channels", channels);
  }
  return {
    networks: networks.map((n) => id({ n }, "n")),
    channels: channels.map((c) => {
      if (!isObject(c)) throw new FieldError("scope.channels", "a list of channels", c);
      return { networkId: id(c, "networkId"), channel: str(c, "channel", NAME, "a channel") };
    }),
    privateMessages: v.privateMessages === undefined ? false : bool(v, "privateMessages"),
  };
}

/**
 * @typedef {import("./protocol.d.ts").Action} Action
 * @typedef {Action["kind"]} ActionKind
 */

/**
 * Action readers, one per kind: each returns the checked action (without its `id`), typed
 * from the `Action` union, so a reader that forgets or misspells a field fails `deno check`.
 * @type {{ readonly [K in ActionKind]: (o: Record<string, unknown>) => Extract<Action, { kind: K }> }}
 */
const ACTIONS = {
  "ready": () => ({ kind: "ready" }),
  "connect": (o) => ({ kind: "connect", networkId: id(o, "networkId") }),
  "disconnect": (o) => ({ kind: "disconnect", networkId: id(o, "networkId") }),
  "join": (o) => {
    /** @type {Extract<Action, { kind: "join" }>} */
    const out = {
      kind: "join",
      networkId: id(o, "networkId"),
      channel: str(o, "channel", NAME, "a channel"),
    };
    const key = optStr(o, "key", /^[^\s,\x00-\x1f]{0,100}$/, "a channel key");
    if (key) out.key = key;
    return out;
  },
  "part": (o) => {
    /** @type {Extract<Action, { kind: "part" }>} */
    const out = {
      kind: "part",
      networkId: id(o, "networkId"),
      channel: str(o, "channel", NAME, "a channel"),
    };
    const reason = optStr(o, "reason", /^[^\r\n\x00]{0,300}$/, "a reason");
    if (reason) out.reason = reason;
    return out;
  },
  "say": (o) => {
    /** @type {Extract<Action, { kind: "say" }>} */
    const out = {
      kind: "say",
      networkId: id(o, "networkId"),
      target: str(o, "target", NAME, "a channel or nickname"),
      text: messageText(o, "text"),
    };
    if (o.reply !== undefined) {
      const reply = isObject(o.reply) ? o.reply : {};
      out.reply = {
        msgid: str(reply, "msgid", MSGID, "a message id"),
        nick: str(reply, "nick", NICK, "a nickname"),
      };
    }
    return out;
  },
  "me": (o) => ({
    kind: "me",
    networkId: id(o, "networkId"),
    target: str(o, "target", NAME, "a channel or nickname"),
    text: text(o, "text"),
  }),
  "typing": (o) => {
    const state = o.state;
    if (state !== "active" && state !== "paused" && state !== "done") {
      throw new FieldError("state", "active, paused or done", state);
    }
    return {
      kind: "typing",
      networkId: id(o, "networkId"),
      target: str(o, "target", NAME, "a channel or nickname"),
      state,
    };
  },
  "react": (o) => {
    const reaction = o.reaction;
    if (typeof reaction !== "string" || !/^[^\x00-\x1f\x7f]{1,64}$/.test(reaction)) {
      throw new FieldError("reaction", "1-64 characters", reaction);
    }
    return {
      kind: "react",
      networkId: id(o, "networkId"),
      target: str(o, "target", NAME, "a channel or nickname"),
      msgid: str(o, "msgid", MSGID, "a message id"),
      reaction,
      remove: o.remove === undefined ? false : bool(o, "remove"),
    };
  },
  "redact": (o) => {
    const reason = optStr(o, "reason", /^[^\r\n\x00]{0,300}$/, "a reason");
    return {
      kind: "redact",
      networkId: id(o, "networkId"),
      target: str(o, "target", NAME, "a channel or nickname"),
      msgid: str(o, "msgid", MSGID, "a message id"),
      ...defined({ reason }),
    };
  },
  "whois": (o) => ({
    kind: "whois",
    networkId: id(o, "networkId"),
    nick: str(o, "nick", NICK, "a nickname"),
  }),
  "nick": (o) => ({
    kind: "nick",
    networkId: id(o, "networkId"),
    nick: str(o, "nick", NICK, "a nickname"),
  }),
  "list": (o) => {
    const filter = optStr(o, "filter", /^[^\r\n\x00]{1,200}$/, "a LIST filter");
    return { kind: "list", networkId: id(o, "networkId"), ...defined({ filter }) };
  },
  "quote": (o) => ({
    kind: "quote",
    networkId: id(o, "networkId"),
    line: str(o, "line", /^[^\r\n\x00]{1,510}$/, "one IRC line of 1-510 characters"),
  }),
  "command": (o) => {
    const args = o.args ?? "";
    if (typeof args !== "string" || args.length > MAX_TEXT || !LINE.test(args)) {
      throw new FieldError("args", "a single-line string", args);
    }
    return { kind: "command", name: str(o, "name", COMMAND, "a command name"), args };
  },
  "network.add": (o) => {
    const connect = o.connect === undefined ? false : bool(o, "connect");
    return { kind: "network.add", network: networkForm(o.network), connect };
  },
  "network.update": (o) => ({
    kind: "network.update",
    networkId: id(o, "networkId"),
    network: networkForm(o.network),
  }),
  "network.remove": (o) => ({ kind: "network.remove", networkId: id(o, "networkId") }),
  "pane.focus": (o) => ({ kind: "pane.focus", pane: pane(o.pane) }),
  "pane.blur": (o) => ({ kind: "pane.blur", pane: pane(o.pane) }),
  "buffer.read": (o) => ({
    kind: "buffer.read",
    networkId: id(o, "networkId"),
    buffer: str(o, "buffer", NAME, "a channel or nickname"),
    timestamp: str(o, "timestamp", ISO_TIME, "an ISO 8601 UTC time"),
  }),
  "history.page": (o) => ({
    kind: "history.page",
    networkId: id(o, "networkId"),
    buffer: str(o, "buffer", NAME, "a channel or nickname"),
    ...defined({
      before: optInt(o, "before", 1, Number.MAX_SAFE_INTEGER),
      limit: optInt(o, "limit", 1, MAX_HISTORY_LIMIT),
    }),
  }),
  "history.search": (o) => ({
    kind: "history.search",
    text: str(o, "text", /^(?=.*\S)[^\r\n\x00]{1,200}$/, "1-200 characters of search text"),
    ...defined({
      networkId: optInt(o, "networkId", 1, Number.MAX_SAFE_INTEGER),
      buffer: optStr(o, "buffer", NAME, "a channel or nickname"),
      sender: optStr(o, "sender", NICK, "a nickname"),
      since: optInt(o, "since", 0, Number.MAX_SAFE_INTEGER),
      until: optInt(o, "until", 0, Number.MAX_SAFE_INTEGER),
      limit: optInt(o, "limit", 1, MAX_HISTORY_LIMIT),
    }),
  }),
  "history.message": (o) => ({
    kind: "history.message",
    networkId: id(o, "networkId"),
    buffer: str(o, "buffer", NAME, "a channel or nickname"),
    msgid: str(o, "msgid", MSGID, "a message id"),
  }),
  "history.buffers": () => ({ kind: "history.buffers" }),
  "plugins.refresh": () => ({ kind: "plugins.refresh" }),
  "plugin.disable": (o) => ({
    kind: "plugin.disable",
    name: str(o, "name", PLUGIN, "a plugin name"),
  }),
  "plugin.enable": (o) => ({
    kind: "plugin.enable",
    name: str(o, "name", PLUGIN, "a plugin name"),
  }),
  "plugin.revoke": (o) => ({
    kind: "plugin.revoke",
    name: str(o, "name", PLUGIN, "a plugin name"),
  }),
  "plugins.sources": () => ({ kind: "plugins.sources" }),
  "plugin.activity": (o) => ({
    kind: "plugin.activity",
    name: str(o, "name", PLUGIN, "a plugin name"),
  }),
  "plugin.ledger": (o) => ({
    kind: "plugin.ledger",
    name: str(o, "name", PLUGIN, "a plugin name"),
    window: str(o, "window", LEDGER_WINDOW, "minutes, hours or days (30m, 24h, 7d)"),
    ...defined({
      ledgerKind: optStr(o, "ledgerKind", LEDGER_KIND, "a ledger kind (read, net, irc.send...)"),
      decision: ledgerDecision(o.decision),
      text: optStr(o, "text", /^[^\r\n\x00]{0,200}$/, "at most 200 characters of text"),
    }),
  }),
  "plugin.permission.revoke": (o) => ({
    kind: "plugin.permission.revoke",
    name: str(o, "name", PLUGIN, "a plugin name"),
    permission: str(o, "permission", GRANT_ITEM, "kind:value (read:notes, net:example.org)"),
  }),
  "plugin.permission.grant": (o) => ({
    kind: "plugin.permission.grant",
    name: str(o, "name", PLUGIN, "a plugin name"),
    permission: str(o, "permission", GRANT_ITEM, "kind:value (read:notes, net:example.org)"),
  }),
  "plugin.upgrade.plan": (o) => ({
    kind: "plugin.upgrade.plan",
    name: str(o, "name", PLUGIN, "a plugin name"),
  }),
  "plugin.upgrade": (o) => ({
    kind: "plugin.upgrade",
    name: str(o, "name", PLUGIN, "a plugin name"),
    version: str(o, "version", VERSION, "an exact version"),
    consent: consentList(o.consent ?? []),
    // What the sheet showed: the bytes applied must be those (a republished version is not).
    ...defined({ integrity: optStr(o, "integrity", INTEGRITY, "sha256-<64 hex digits>") }),
  }),
  "plugin.install.plan": (o) => ({
    kind: "plugin.install.plan",
    specifier: str(o, "specifier", JSR_SPECIFIER, "jsr:@scope/name[@range]"),
  }),
  "plugin.install.cancel": (o) => ({
    kind: "plugin.install.cancel",
    planId: str(o, "planId", PLAN_ID, "a plan id"),
  }),
  "plugin.install": (o) => {
    const diskQuotaMb = optInt(o, "diskQuotaMb", 1, 1_000_000);
    if (diskQuotaMb === undefined) throw new FieldError("diskQuotaMb", "whole MiB", undefined);
    return {
      kind: "plugin.install",
      planId: str(o, "planId", PLAN_ID, "a plan id"),
      version: str(o, "version", VERSION, "an exact version"),
      consent: consentList(o.consent),
      scope: scopeForm(o.scope),
      diskQuotaMb,
    };
  },
};

/** @param {unknown} kind @returns {kind is ActionKind} */
function isActionKind(kind) {
  return typeof kind === "string" && Object.hasOwn(ACTIONS, kind);
}

/** Every action kind the page may send. */
export const ACTION_KINDS = Object.freeze(Object.keys(ACTIONS));

/**
 * Checks one frame from the page. Never throws: a bad frame is a tagged failure carrying
 * the error reply to send back (with the frame's `id` when it had a valid one).
 *
 * @param {unknown} frame
 * @returns {import("./protocol.d.ts").ParsedAction}
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
  if (!isObject(message)) {
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
  if (!isActionKind(kind)) {
    return fail(
      "unknown_action",
      `Cannot accept action: unknown kind, got ${preview(kind)}`,
      replyId,
    );
  }
  try {
    /** @type {Action} */
    const action = ACTIONS[kind](message);
    if (replyId !== undefined) action.id = replyId;
    return { ok: true, action };
  } catch (error) {
    if (error instanceof FieldError) return fail("invalid_field", error.message, replyId);
    throw error;
  }
}

/**
 * @param {import("./protocol.d.ts").ErrorCode} code @param {string} message @param {number} [replyTo]
 * @returns {{ ok: false, error: import("./protocol.d.ts").ErrorMessage }}
 */
function fail(code, message, replyTo) {
  /** @type {import("./protocol.d.ts").ErrorMessage} */
  const error = { kind: "error", code, message };
  if (replyTo !== undefined) error.id = replyTo;
  return { ok: false, error };
}

// ---- backend to page ------------------------------------------------------------------
//
// Every message is checked field by field against a shape: a small declarative table per
// message kind and per bus event type, read by one interpreter (`mismatch`) that names the
// first bad field. The shapes are typed from the protocol and the event map (`Shape<T>`),
// so a field missing from a shape, or of the wrong kind, is a type error.

/**
 * A check for what a shape cannot say (a union): the problem with `value`, or `undefined`.
 * @typedef {(value: unknown, path: string) => string | undefined} Check
 */
/**
 * The shape of an object: one field description per key of `T`, optional ones included.
 * @template T
 * @typedef {{ readonly [F in keyof T]-?: Field<T[F]> }} Shape
 */
/**
 * @template V
 * @typedef {unknown extends V ? "unknown"
 *   : undefined extends V ? { readonly optional: Present<Exclude<V, undefined>> }
 *   : Present<V>} Field
 */
/**
 * @template V
 * @typedef {[V] extends [string] ? (string extends V ? "string" : { readonly oneOf: readonly V[] })
 *   : [V] extends [number] ? "number"
 *   : [V] extends [boolean] ? "boolean"
 *   : [V] extends [readonly string[]] ? "string[]"
 *   : [V] extends [readonly (infer E)[]]
 *     ? (unknown extends E ? "array" : { readonly each: Shape<E> } | { readonly check: Check })
 *   : { readonly object: Shape<V> } | { readonly check: Check }} Present
 */
/**
 * What the interpreter reads: any field description, untied from its type.
 * @typedef {"string" | "number" | "boolean" | "string[]" | "array" | "unknown"
 *   | { readonly oneOf: readonly string[] } | { readonly optional: LooseField }
 *   | { readonly each: LooseShape } | { readonly object: LooseShape }
 *   | { readonly check: Check }} LooseField
 * @typedef {{ readonly [key: string]: LooseField }} LooseShape
 */

const KIND_NAMES = {
  string: "a string",
  number: "a finite number",
  boolean: "a boolean",
  "string[]": "a list of strings",
  array: "a list",
};

/** @param {string} path @param {string} what @param {unknown} value */
function bad(path, what, value) {
  return `${path} must be ${what}, got ${preview(value)}`;
}

/**
 * The first item of the list `value` that `check` finds wrong, or the list itself.
 * @param {unknown} value @param {string} path @param {Check} check
 * @returns {string | undefined}
 */
function listMismatch(value, path, check) {
  if (!Array.isArray(value)) return bad(path, KIND_NAMES.array, value);
  for (const [i, item] of value.entries()) {
    const problem = check(item, `${path}[${i}]`);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * The first field of `value` that does not fit `field`, as "path must be X, got Y".
 * @param {LooseField} field @param {unknown} value @param {string} path
 * @returns {string | undefined}
 */
function mismatch(field, value, path) {
  switch (field) {
    case "unknown":
      return undefined;
    case "string":
      return typeof value === "string" ? undefined : bad(path, KIND_NAMES.string, value);
    case "number":
      return typeof value === "number" && Number.isFinite(value)
        ? undefined
        : bad(path, KIND_NAMES.number, value);
    case "boolean":
      return typeof value === "boolean" ? undefined : bad(path, KIND_NAMES.boolean, value);
    case "string[]":
      return Array.isArray(value) && value.every((item) => typeof item === "string")
        ? undefined
        : bad(path, KIND_NAMES["string[]"], value);
    case "array":
      return Array.isArray(value) ? undefined : bad(path, KIND_NAMES.array, value);
  }
  if ("optional" in field) {
    return value === undefined ? undefined : mismatch(field.optional, value, path);
  }
  if ("oneOf" in field) {
    return typeof value === "string" && field.oneOf.includes(value)
      ? undefined
      : bad(path, `one of ${field.oneOf.map((v) => JSON.stringify(v)).join(", ")}`, value);
  }
  if ("check" in field) return field.check(value, path);
  if ("each" in field) {
    const item = { object: field.each };
    return listMismatch(value, path, (v, at) => mismatch(item, v, at));
  }
  if (!isObject(value)) return bad(path, "an object", value);
  for (const [key, inner] of Object.entries(field.object)) {
    const problem = mismatch(inner, value[key], path ? `${path}.${key}` : key);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * @typedef {import("../bus/mod.ts").EventMap} EventMap
 * @typedef {import("../bus/mod.ts").EventType} EventType
 * @typedef {import("./protocol.d.ts").ServerMessage} ServerMessage
 */

/** @type {Shape<import("../bus/mod.ts").MetadataUpdate>} */
const METADATA = {
  type: "string",
  key: "string",
  value: "unknown",
  network_id: { optional: "number" },
  channel: { optional: "string" },
};
/** @type {readonly import("./protocol.d.ts").Pane["type"][]} */
/** @type {Shape<EventMap["user.meta"]>} */
const ROSTER = {
  networkId: "number",
  nickname: "string",
  away: "boolean",
  away_message: { optional: "string" },
  account: { optional: "string" },
  host: { optional: "string" },
  realname: { optional: "string" },
  bot: { optional: "boolean" },
};
/** @type {readonly import("../bus/mod.ts").TypingState[]} */
const TYPING_STATES = ["active", "paused", "done"];
/** @type {Shape<EventMap["server.motd"]>} */
const MOTD = { networkId: "number", lines: "string[]" };
/** @type {Shape<import("../bus/mod.ts").UserEventFields>} */
const USER = { networkId: "number", user: "string", nickname: "string" };

/** @type {Check} */
function metadataMismatch(value, path) {
  return isObject(value) && "updates" in value
    ? mismatch({ each: METADATA }, value.updates, `${path}.updates`)
    : mismatch({ object: METADATA }, value, path);
}

/**
 * The data of every bus event type, as the page may receive it.
 * @type {{ readonly [K in EventType]: Present<EventMap[K]> }}
 */
const EVENT_DATA = {
  "connection.established": { object: { networkId: "number", address: "string", port: "number" } },
  "connection.lost": { object: { networkId: "number", error: "string" } },
  "message.received": {
    object: {
      networkId: "number",
      channel: "string",
      user: "string",
      message: "string",
      timestamp: "number",
      msgid: { optional: "string" },
      replyTo: { optional: "string" },
      history: { optional: "boolean" },
      peer: { optional: "string" },
      kind: { optional: { oneOf: ["message", "notice", "action", "ctcp"] } },
      bot: { optional: "boolean" },
    },
  },
  "message.sent": {
    object: {
      networkId: "number",
      channel: "string",
      message: "string",
      target: { optional: "string" },
      kind: { optional: { oneOf: ["message", "action"] } },
      replyTo: { optional: "string" },
      msgid: { optional: "string" },
    },
  },
  "message.reacted": {
    object: {
      networkId: "number",
      channel: "string",
      user: "string",
      peer: { optional: "string" },
      replyTo: "string",
      reaction: "string",
      removed: "boolean",
      history: { optional: "boolean" },
    },
  },
  "message.redacted": {
    object: {
      networkId: "number",
      channel: "string",
      user: "string",
      peer: { optional: "string" },
      msgid: "string",
      reason: { optional: "string" },
      history: { optional: "boolean" },
    },
  },
  "user.joined": { object: { ...USER, channel: "string" } },
  "user.parted": { object: { ...USER, channel: "string", reason: { optional: "string" } } },
  "user.quit": { object: { ...USER, reason: "string", channels: "string[]" } },
  "user.kicked": { object: { ...USER, channel: "string", kicker: "string", reason: "string" } },
  "user.nick": {
    object: {
      networkId: "number",
      old_nickname: "string",
      nickname: "string",
      channels: "string[]",
    },
  },
  "user.meta": { object: ROSTER },
  "user.typing": {
    object: {
      networkId: "number",
      channel: "string",
      user: "string",
      peer: { optional: "string" },
      state: { oneOf: TYPING_STATES },
    },
  },
  "channel.topic": {
    object: {
      networkId: "number",
      channel: "string",
      topic: "string",
      setter: { optional: "string" },
    },
  },
  "channel.mode": {
    object: {
      networkId: "number",
      channel: "string",
      modes: "string",
      setter: { optional: "string" },
    },
  },
  "channels.changed": { object: { networkId: "number", channels: "string[]" } },
  "channel.names.complete": {
    object: {
      networkId: "number",
      channel: "string",
      users: "string[]",
      members: { optional: "string[]" },
      prefix: { optional: "string" },
      casemapping: { optional: "string" },
    },
  },
  "server.motd": { object: MOTD },
  "server.reply": {
    object: {
      networkId: "number",
      type: { oneOf: ["FAIL", "WARN", "NOTE"] },
      command: "string",
      code: "string",
      context: "string[]",
      description: "string",
      target: { optional: "string" },
    },
  },
  "sasl.started": { object: { networkId: "number", mechanism: "string" } },
  "sasl.success": { object: { networkId: "number" } },
  "sasl.failed": { object: { networkId: "number", error: "string" } },
  "sasl.aborted": { object: { networkId: "number" } },
  "whois.received": {
    object: {
      networkId: "number",
      whois: {
        object: {
          nickname: "string",
          username: { optional: "string" },
          host: { optional: "string" },
          realname: { optional: "string" },
          server: { optional: "string" },
          server_info: { optional: "string" },
          channels: "string[]",
          idle: { optional: "number" },
          signon: { optional: "number" },
          account: { optional: "string" },
          away: "boolean",
          away_message: { optional: "string" },
          secure: "boolean",
          operator: "boolean",
          bot: "boolean",
        },
      },
    },
  },
  "error": {
    object: {
      networkId: { optional: "number" },
      error: "string",
      type: { optional: "string" },
      target: { optional: "string" },
    },
  },
  // One update flat, or several in `updates`: a union, which a shape cannot say.
  "metadata.updated": { check: metadataMismatch },
  "plugin.lifecycle": {
    object: {
      plugin: "string",
      action: { oneOf: ["loaded", "unloaded", "crashed", "restarted", "disabled"] },
    },
  },
  "buffer.read": { object: { networkId: "number", buffer: "string", timestamp: "string" } },
  "ui.pane.focused": {
    object: { networkId: "number", type: { oneOf: PANE_TYPES }, name: "string" },
  },
  "ui.pane.blurred": {
    object: { networkId: "number", type: { oneOf: PANE_TYPES }, name: "string" },
  },
};
/** @type {Readonly<Record<string, LooseField>>} */
const EVENT_DATA_BY_TYPE = EVENT_DATA;

/**
 * One bus event in a batch: a known type, its data checked against that type's shape.
 * @type {Check}
 */
function eventMismatch(value, path) {
  if (!isObject(value)) return `${path} must be an object, got ${preview(value)}`;
  const type = value.type;
  if (typeof type !== "string" || !Object.hasOwn(EVENT_DATA_BY_TYPE, type)) {
    return `${path}.type must be a bus event type, got ${preview(type)}`;
  }
  return mismatch("number", value.time, `${path}.time`) ??
    mismatch("string", value.source, `${path}.source`) ??
    mismatch(EVENT_DATA_BY_TYPE[type], value.data, `${path}.data`);
}

/** @type {Check} */
function eventsMismatch(value, path) {
  return listMismatch(value, path, eventMismatch);
}

/** @type {Shape<import("./protocol.d.ts").NetworkView>} */
const NETWORK_VIEW = {
  id: "number",
  name: "string",
  host: "string",
  port: "number",
  tls: "boolean",
  nick: "string",
  autoconnect: { optional: "boolean" },
  username: { optional: "string" },
  realname: { optional: "string" },
  saslMechanism: { optional: { oneOf: ["", "PLAIN", "EXTERNAL"] } },
  saslAccount: { optional: "string" },
  clientCert: { optional: "string" },
  state: "string",
  reason: { optional: "string" },
  hasPassword: "boolean",
  hasSaslPassword: "boolean",
  currentNick: "string",
  canRedact: { optional: "boolean" },
  multiline: { optional: "boolean" },
  stsUpgraded: { optional: "boolean" },
  casemapping: { optional: "string" },
  channels: { each: { name: "string", topic: "string", members: "string[]" } },
};

/**
 * A frontend event: a `deeplink:*` link, checked by the grammar the backend's
 * `FrontendEvents` uses (core/deeplink_payloads.js).
 * @type {Check}
 */
function deepLinkMismatch(value, path) {
  if (!isObject(value)) return `${path} must be an object, got ${preview(value)}`;
  if (typeof value.name !== "string") {
    return `${path}.name must be a string, got ${preview(value.name)}`;
  }
  return readDeepLink(value.name, value.payload)
    ? undefined
    : `${path}.payload must be a ${value.name} payload, got ${preview(value.payload)}`;
}

/**
 * Every message the backend sends, by kind.
 * @type {{ readonly [K in ServerMessage["kind"]]: Shape<Extract<ServerMessage, { kind: K }>> }}
 */
const SERVER_MESSAGES = {
  hello: {
    kind: { oneOf: ["hello"] },
    version: "number",
    networks: { each: NETWORK_VIEW },
    plugins: "array",
    roster: { each: ROSTER },
    updates: { each: METADATA },
    motd: { each: MOTD },
  },
  networks: { kind: { oneOf: ["networks"] }, networks: { each: NETWORK_VIEW } },
  "network.state": {
    kind: { oneOf: ["network.state"] },
    networkId: "number",
    state: "string",
    nick: "string",
    reason: { optional: "string" },
    canRedact: { optional: "boolean" },
    multiline: { optional: "boolean" },
    stsUpgraded: { optional: "boolean" },
  },
  batch: {
    kind: { oneOf: ["batch"] },
    events: { check: eventsMismatch },
    roster: { each: ROSTER },
    updates: { each: METADATA },
  },
  frontend: { kind: { oneOf: ["frontend"] }, event: { check: deepLinkMismatch } },
  plugins: { kind: { oneOf: ["plugins"] }, plugins: "array", audit: "array", commands: "array" },
  reply: { kind: { oneOf: ["reply"] }, id: "number", result: "unknown" },
  error: {
    kind: { oneOf: ["error"] },
    id: { optional: "number" },
    code: { oneOf: ["malformed", "too_large", "unknown_action", "invalid_field", "failed"] },
    message: "string",
  },
};
/** @type {Readonly<Record<string, LooseShape>>} */
const SERVER_MESSAGE_BY_KIND = SERVER_MESSAGES;

/**
 * Narrows a decoded frame to a `ServerMessage` once its kind's shape fits, else throws a
 * `TypeError` naming the first bad field.
 * @param {unknown} message
 * @returns {asserts message is ServerMessage}
 */
function assertServerMessage(message) {
  if (!isObject(message)) {
    throw new TypeError(
      `Cannot read message: the frame must be an object, got ${preview(message)}`,
    );
  }
  const kind = message.kind;
  if (typeof kind !== "string" || !Object.hasOwn(SERVER_MESSAGE_BY_KIND, kind)) {
    throw new TypeError(`Cannot read message: unknown kind, got ${preview(kind)}`);
  }
  const problem = mismatch({ object: SERVER_MESSAGE_BY_KIND[kind] }, message, "");
  if (problem) throw new TypeError(`Cannot read ${kind} message: ${problem}`);
}

/**
 * Checks one frame from the backend, on the page. Never throws: a frame that is not a known,
 * well-formed message is a tagged failure whose `TypeError` names the first bad field.
 *
 * @param {unknown} frame
 * @returns {import("./protocol.d.ts").ParsedServerMessage}
 */
export function parseServerMessage(frame) {
  if (typeof frame !== "string") {
    return {
      ok: false,
      error: new TypeError(`Cannot read message: the frame must be text, got ${typeof frame}`),
    };
  }
  let message;
  try {
    message = JSON.parse(frame);
  } catch {
    return {
      ok: false,
      error: new TypeError(`Cannot read message: the frame is not JSON, got ${preview(frame)}`),
    };
  }
  try {
    assertServerMessage(message);
  } catch (error) {
    if (error instanceof TypeError) return { ok: false, error };
    throw error;
  }
  return { ok: true, message };
}
