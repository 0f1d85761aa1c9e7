// @ts-self-types="./network_form.d.ts"
// deno-lint-ignore-file no-control-regex
/**
 * The Add/Edit Network form, defined once: its fields and their limits. The page checks
 * the form with it before sending, the protocol checks `network.add` and `network.update`
 * with it, and the network store checks what it saves with the same fields.
 *
 * @module
 */
import { boolean, integer, object, oneOf, optional, text } from "./shape.js";

/**
 * The limits of the network form's text fields, in UTF-16 code units.
 *
 * @example
 * ```ts
 * import { NETWORK_LIMITS } from "./network_form.js";
 * console.log(NETWORK_LIMITS.name, NETWORK_LIMITS.secret); // 100 300
 * ```
 */
export const NETWORK_LIMITS = Object.freeze({
  /** A display name: long enough for any network's, short enough for the buffer list. */
  name: 100,
  /** A host name (RFC 1123 allows 253) or an address. */
  host: 255,
  /** A nickname: servers allow 9-30; 50 leaves room. */
  nick: 50,
  /** A user name (ident). */
  username: 50,
  /** A real name (GECOS). */
  realname: 200,
  /** A server or SASL password: PASS carries it in one IRC line of 510 bytes. */
  secret: 300,
  /** A SASL account. */
  saslAccount: 100,
  /** The path of a client certificate file. */
  clientCert: 500,
});

/** One IRC line carries each of these: CR, LF and NUL would end it early. */
const ONE_LINE = /^[^\r\n\x00]*$/;

/**
 * A display name: 1-100 characters, not blank, on one line.
 *
 * @example
 * ```ts
 * import { NETWORK_NAME } from "./network_form.js";
 * console.log(NETWORK_NAME.read("Libera", "name")); // "Libera"
 * ```
 */
export const NETWORK_NAME = text({
  min: 1,
  max: NETWORK_LIMITS.name,
  pattern: /^(?=[^]*\S)[^\r\n\x00]*$/,
  what: `a name of 1-${NETWORK_LIMITS.name} characters`,
});

/**
 * A server host: a name or an IPv4 or IPv6 address.
 *
 * @example
 * ```ts
 * import { NETWORK_HOST } from "./network_form.js";
 * console.log(NETWORK_HOST.read("irc.libera.chat", "host")); // "irc.libera.chat"
 * ```
 */
export const NETWORK_HOST = text({
  pattern: /^[A-Za-z0-9.:\-\[\]_]{1,255}$/,
  what: "a host name or address",
});

/**
 * A TCP port.
 *
 * @example
 * ```ts
 * import { NETWORK_PORT } from "./network_form.js";
 * console.log(NETWORK_PORT.read(6697, "port")); // 6697
 * ```
 */
export const NETWORK_PORT = integer({ min: 1, max: 65535 });

/**
 * A nickname as a user may pick one: no spaces, commas, `!` or `@`, not starting with a
 * channel prefix or `:`.
 *
 * @example
 * ```ts
 * import { NICKNAME } from "./network_form.js";
 * console.log(NICKNAME.read("alice", "nick")); // "alice"
 * ```
 */
export const NICKNAME = text({
  pattern: /^[^\s,\x00-\x1f\x7f!@#&:][^\s,\x00-\x1f\x7f!@]{0,49}$/,
  what: "a nickname",
});

/**
 * A secret (a server or SASL password): up to 300 characters on one line, never quoted
 * in an error.
 *
 * @example
 * ```ts
 * import { SECRET } from "./network_form.js";
 * console.log(SECRET.read("hunter2", "password")); // "hunter2"
 * ```
 */
export const SECRET = text({
  max: NETWORK_LIMITS.secret,
  pattern: ONE_LINE,
  what: `up to ${NETWORK_LIMITS.secret} characters without CR, LF or NUL`,
  secret: true,
});

/**
 * The fields of the form besides the four that identify a network, each as the store keeps
 * it (`""` is none).
 *
 * @example
 * ```ts
 * import { NETWORK_DETAILS } from "./network_form.js";
 * console.log(NETWORK_DETAILS.saslMechanism.read("PLAIN", "saslMechanism")); // "PLAIN"
 * ```
 */
export const NETWORK_DETAILS = Object.freeze({
  username: text({
    pattern: /^[^\s\x00-\x1f@]*$/,
    max: NETWORK_LIMITS.username,
    what: `a user name of up to ${NETWORK_LIMITS.username} characters without spaces or @`,
  }),
  realname: text({
    max: NETWORK_LIMITS.realname,
    pattern: ONE_LINE,
    what: `a real name of up to ${NETWORK_LIMITS.realname} characters`,
  }),
  password: SECRET,
  saslMechanism: oneOf(["", "PLAIN", "EXTERNAL"]),
  saslAccount: text({
    max: NETWORK_LIMITS.saslAccount,
    pattern: /^[^\s\x00-\x1f]*$/,
    what: `an account name of up to ${NETWORK_LIMITS.saslAccount} characters`,
  }),
  saslPassword: SECRET,
  clientCert: text({
    max: NETWORK_LIMITS.clientCert,
    pattern: ONE_LINE,
    what: `a file path of up to ${NETWORK_LIMITS.clientCert} characters`,
  }),
});

/**
 * The Add/Edit Network form as the page sends it. A secret left absent keeps the saved
 * one, `""` clears it; `autoconnect` absent is true for a new network, unchanged on edit.
 *
 * @example
 * ```ts
 * import { NETWORK_FORM } from "./network_form.js";
 * const form = NETWORK_FORM.read(
 *   { name: "Libera", host: "irc.libera.chat", port: 6697, tls: true, nick: "me" },
 *   "network",
 * );
 * console.log(form.port); // 6697
 * ```
 */
export const NETWORK_FORM = object({
  name: NETWORK_NAME,
  host: NETWORK_HOST,
  port: NETWORK_PORT,
  tls: boolean(),
  nick: NICKNAME,
  autoconnect: optional(boolean()),
  username: optional(NETWORK_DETAILS.username),
  realname: optional(NETWORK_DETAILS.realname),
  password: optional(NETWORK_DETAILS.password),
  saslMechanism: optional(NETWORK_DETAILS.saslMechanism),
  saslAccount: optional(NETWORK_DETAILS.saslAccount),
  saslPassword: optional(NETWORK_DETAILS.saslPassword),
  clientCert: optional(NETWORK_DETAILS.clientCert),
});

/**
 * The Add/Edit Network form's fields.
 *
 * @typedef {import("./shape.js").Infer<typeof NETWORK_FORM>} NetworkForm
 */
