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

/** The largest frame the backend accepts from the page, in UTF-16 code units. */
export const MAX_ACTION_BYTES = 16 * 1024;
/** The longest message text an action may carry. */
export const MAX_TEXT = 4000;

const NAME = /^[^\s,\x00-\x1f\x7f]{1,200}$/;
const NICK = /^[^\s,\x00-\x1f\x7f!@#&:][^\s,\x00-\x1f\x7f!@]{0,49}$/;
const HOST = /^[A-Za-z0-9.:\-\[\]_]{1,255}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const LINE = /^[^\r\n\x00]*$/;
const PLUGIN = /^[a-z0-9][a-z0-9-]{0,63}$/;
const COMMAND = /^[a-z0-9][a-z0-9_-]{0,31}$/i;
const VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
/** Most requests a consent for an upgrade may list. */
const MAX_CONSENT = 256;
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

/** @param {unknown} v */
function pane(v) {
  if (!isObject(v)) throw new FieldError("pane", "an object", v);
  const type = v.type;
  if (type !== "channel" && type !== "query" && type !== "server") {
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
 * Action readers, one per kind: each returns the checked action without `kind`/`id`.
 * @type {Record<string, (o: Record<string, unknown>) => Record<string, unknown>>}
 */
const ACTIONS = {
  "ready": () => ({}),
  "connect": (o) => ({ networkId: id(o, "networkId") }),
  "disconnect": (o) => ({ networkId: id(o, "networkId") }),
  "join": (o) => {
    const out = { networkId: id(o, "networkId"), channel: str(o, "channel", NAME, "a channel") };
    const key = optStr(o, "key", /^[^\s,\x00-\x1f]{0,100}$/, "a channel key");
    return key ? { ...out, key } : out;
  },
  "part": (o) => {
    const out = { networkId: id(o, "networkId"), channel: str(o, "channel", NAME, "a channel") };
    const reason = optStr(o, "reason", /^[^\r\n\x00]{0,300}$/, "a reason");
    return reason ? { ...out, reason } : out;
  },
  "say": (o) => ({
    networkId: id(o, "networkId"),
    target: str(o, "target", NAME, "a channel or nickname"),
    text: text(o, "text"),
  }),
  "me": (o) => ({
    networkId: id(o, "networkId"),
    target: str(o, "target", NAME, "a channel or nickname"),
    text: text(o, "text"),
  }),
  "whois": (o) => ({ networkId: id(o, "networkId"), nick: str(o, "nick", NICK, "a nickname") }),
  "nick": (o) => ({ networkId: id(o, "networkId"), nick: str(o, "nick", NICK, "a nickname") }),
  "list": (o) => {
    const out = { networkId: id(o, "networkId") };
    const filter = optStr(o, "filter", /^[^\r\n\x00]{1,200}$/, "a LIST filter");
    return filter ? { ...out, filter } : out;
  },
  "quote": (o) => ({
    networkId: id(o, "networkId"),
    line: str(o, "line", /^[^\r\n\x00]{1,510}$/, "one IRC line of 1-510 characters"),
  }),
  "command": (o) => {
    const args = o.args ?? "";
    if (typeof args !== "string" || args.length > MAX_TEXT || !LINE.test(args)) {
      throw new FieldError("args", "a single-line string", args);
    }
    return { name: str(o, "name", COMMAND, "a command name"), args };
  },
  "network.add": (o) => {
    const connect = o.connect === undefined ? false : bool(o, "connect");
    return { network: networkForm(o.network), connect };
  },
  "network.update": (o) => ({ networkId: id(o, "networkId"), network: networkForm(o.network) }),
  "network.remove": (o) => ({ networkId: id(o, "networkId") }),
  "pane.focus": (o) => ({ pane: pane(o.pane) }),
  "pane.blur": (o) => ({ pane: pane(o.pane) }),
  "buffer.read": (o) => ({
    networkId: id(o, "networkId"),
    buffer: str(o, "buffer", NAME, "a channel or nickname"),
    timestamp: str(o, "timestamp", ISO_TIME, "an ISO 8601 UTC time"),
  }),
  "history.page": (o) => ({
    networkId: id(o, "networkId"),
    buffer: str(o, "buffer", NAME, "a channel or nickname"),
    ...defined({
      before: optInt(o, "before", 1, Number.MAX_SAFE_INTEGER),
      limit: optInt(o, "limit", 1, MAX_HISTORY_LIMIT),
    }),
  }),
  "history.search": (o) => ({
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
  "history.buffers": () => ({}),
  "plugins.refresh": () => ({}),
  "plugin.disable": (o) => ({ name: str(o, "name", PLUGIN, "a plugin name") }),
  "plugin.enable": (o) => ({ name: str(o, "name", PLUGIN, "a plugin name") }),
  "plugin.revoke": (o) => ({ name: str(o, "name", PLUGIN, "a plugin name") }),
  "plugins.sources": () => ({}),
  "plugin.upgrade.plan": (o) => ({ name: str(o, "name", PLUGIN, "a plugin name") }),
  "plugin.upgrade": (o) => {
    const consent = o.consent ?? [];
    if (
      !Array.isArray(consent) || consent.length > MAX_CONSENT ||
      !consent.every((item) =>
        typeof item === "string" && item.length <= MAX_TEXT && LINE.test(item)
      )
    ) {
      throw new FieldError("consent", "a list of the requests consented to", consent);
    }
    return {
      name: str(o, "name", PLUGIN, "a plugin name"),
      version: str(o, "version", VERSION, "an exact version"),
      consent: consent.map(String),
    };
  },
};

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
  if (typeof kind !== "string" || !Object.hasOwn(ACTIONS, kind)) {
    return fail(
      "unknown_action",
      `Cannot accept action: unknown kind, got ${preview(kind)}`,
      replyId,
    );
  }
  try {
    const fields = ACTIONS[kind](message);
    /** @type {any} */
    const action = { kind, ...fields };
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

const SERVER_KINDS = {
  hello: (/** @type {Record<string, unknown>} */ o) =>
    Array.isArray(o.networks) && Array.isArray(o.plugins) && typeof o.version === "number",
  networks: (/** @type {Record<string, unknown>} */ o) => Array.isArray(o.networks),
  "network.state": (/** @type {Record<string, unknown>} */ o) =>
    typeof o.networkId === "number" && typeof o.state === "string",
  batch: (/** @type {Record<string, unknown>} */ o) =>
    Array.isArray(o.events) && Array.isArray(o.roster) && Array.isArray(o.updates),
  frontend: (/** @type {Record<string, unknown>} */ o) =>
    isObject(o.event) && typeof o.event.name === "string" && isObject(o.event.payload),
  plugins: (/** @type {Record<string, unknown>} */ o) =>
    Array.isArray(o.plugins) && Array.isArray(o.audit) && Array.isArray(o.commands),
  reply: (/** @type {Record<string, unknown>} */ o) => typeof o.id === "number",
  error: (/** @type {Record<string, unknown>} */ o) =>
    typeof o.code === "string" && typeof o.message === "string",
};

/**
 * Checks one frame from the backend, on the page. Returns the message, or `undefined` for
 * a frame that is not a known, well-formed message.
 *
 * @param {unknown} frame
 * @returns {import("./protocol.d.ts").ServerMessage | undefined}
 */
export function parseServerMessage(frame) {
  if (typeof frame !== "string") return undefined;
  let message;
  try {
    message = JSON.parse(frame);
  } catch {
    return undefined;
  }
  if (!isObject(message) || typeof message.kind !== "string") return undefined;
  const check = Object.hasOwn(SERVER_KINDS, message.kind)
    ? SERVER_KINDS[/** @type {keyof typeof SERVER_KINDS} */ (message.kind)]
    : undefined;
  return check && check(message) ? /** @type {any} */ (message) : undefined;
}

/** @param {unknown} t */
function isTargets(t) {
  return Array.isArray(t) &&
    t.every((x) =>
      isObject(x) && typeof x.name === "string" && typeof x.isNick === "boolean" &&
      typeof x.key === "string"
    );
}

/**
 * Checks the shape of a `deeplink:*` frontend event's payload on the page, before any field
 * is read. The values (port range, ids, names) were validated by the backend that sent it.
 *
 * @param {string} name
 * @param {unknown} p
 * @returns {boolean}
 */
export function isDeepLinkPayload(name, p) {
  if (!isObject(p)) return false;
  switch (name) {
    case "deeplink:join":
      return typeof p.networkId === "number" && isTargets(p.targets);
    case "deeplink:add-network":
      return typeof p.host === "string" && typeof p.port === "number" &&
        typeof p.tls === "boolean" && (p.channel === undefined || typeof p.channel === "string");
    case "deeplink:disambiguate":
      return isTargets(p.targets) && Array.isArray(p.candidates) &&
        p.candidates.every((c) =>
          isObject(c) && typeof c.networkId === "number" && typeof c.name === "string"
        );
    default:
      return false;
  }
}

/**
 * @param {unknown} t
 * @returns {import("./protocol.d.ts").DeepLinkTarget[] | undefined}
 */
function readTargets(t) {
  if (!isTargets(t) || !Array.isArray(t)) return undefined;
  /** @type {import("./protocol.d.ts").DeepLinkTarget[]} */
  const out = [];
  for (const x of t) {
    if (!isObject(x)) return undefined;
    const { name, isNick, key } = x;
    if (typeof name !== "string" || typeof isNick !== "boolean" || typeof key !== "string") {
      return undefined;
    }
    out.push({ name, isNick, key });
  }
  return out;
}

/**
 * Reads a `deeplink:*` frontend event on the page into its typed form, or `undefined` when
 * its shape is wrong (the same checks as {@linkcode isDeepLinkPayload}).
 *
 * @param {string} name
 * @param {unknown} p
 * @returns {import("./protocol.d.ts").DeepLink | undefined}
 */
export function readDeepLink(name, p) {
  if (!isObject(p) || !isDeepLinkPayload(name, p)) return undefined;
  const targets = readTargets(p.targets);
  switch (name) {
    case "deeplink:join":
      return typeof p.networkId === "number" && targets
        ? { name, payload: { networkId: p.networkId, targets } }
        : undefined;
    case "deeplink:add-network": {
      const { host, port, tls, channel } = p;
      if (typeof host !== "string" || typeof port !== "number" || typeof tls !== "boolean") {
        return undefined;
      }
      const payload = { host, port, tls };
      return { name, payload: typeof channel === "string" ? { ...payload, channel } : payload };
    }
    case "deeplink:disambiguate": {
      if (!targets || !Array.isArray(p.candidates)) return undefined;
      /** @type {{ networkId: number, name: string }[]} */
      const candidates = [];
      for (const c of p.candidates) {
        if (!isObject(c) || typeof c.networkId !== "number" || typeof c.name !== "string") {
          return undefined;
        }
        candidates.push({ networkId: c.networkId, name: c.name });
      }
      return { name, payload: { targets, candidates } };
    }
    default:
      return undefined;
  }
}
