// @ts-check
/**
 * The Add/Edit Network form: the port that follows the TLS box while it is still a default,
 * the SASL fields shown for the chosen mechanism, the form read into a typed `NetworkForm`
 * (a secret left blank keeps the saved one, so a saved password never travels back to the
 * page) and checked by the one definition the backend and the store use
 * (core/network_form.js), and the words for a network's connection state.
 *
 * @module
 */
import { NETWORK_FORM, NETWORK_LIMITS } from "../../core/network_form.js";
import { ShapeError } from "../../core/shape.js";

/** @import { NetworkForm } from "../../core/network_form.js" */
/** @import { NetworkView } from "../../core/protocol.js" */

/** The default IRC port with TLS. */
export const TLS_PORT = 6697;
/** The default IRC port without TLS. */
export const PLAIN_PORT = 6667;

/**
 * The port to show after the TLS box changed: the other default when the port is still a
 * default (or empty), the user's own port otherwise.
 *
 * @example
 * ```ts
 * import { portForTls } from "./network_form.js";
 * console.log(portForTls("6697", false)); // "6667"
 * console.log(portForTls("7000", false)); // "7000"
 * ```
 *
 * @param {string} port
 * @param {boolean} tls
 * @returns {string}
 */
export function portForTls(port, tls) {
  const trimmed = port.trim();
  if (trimmed === "" || trimmed === String(TLS_PORT) || trimmed === String(PLAIN_PORT)) {
    return String(tls ? TLS_PORT : PLAIN_PORT);
  }
  return trimmed;
}

/**
 * Reads the form's fields (`get` gives a field's text, `checked` a box's state) into the
 * network to save. On edit, a blank password keeps the saved one; choosing no SASL clears
 * the SASL password.
 *
 * @example
 * ```ts
 * import { readNetworkForm } from "./network_form.js";
 * const fields: Record<string, string> = {
 *   name: "Local", host: "127.0.0.1", port: "6667", nick: "me", saslMechanism: "", password: "",
 * };
 * const form = readNetworkForm((name) => fields[name] ?? "", () => false);
 * console.log(form.port, "password" in form); // 6667 false
 * ```
 *
 * @param {(name: string) => string} get
 * @param {(name: string) => boolean} checked
 * @returns {NetworkForm}
 */
export function readNetworkForm(get, checked) {
  const text = (/** @type {string} */ name) => get(name).trim();
  const mechanism = text("saslMechanism");
  /** @type {NetworkForm} */
  const form = {
    name: text("name"),
    host: text("host"),
    port: Number(text("port")),
    tls: checked("tls"),
    nick: text("nick"),
    autoconnect: checked("autoconnect"),
    username: text("username"),
    realname: text("realname"),
    saslMechanism: mechanism === "PLAIN" || mechanism === "EXTERNAL" ? mechanism : "",
    saslAccount: mechanism === "PLAIN" ? text("saslAccount") : "",
    clientCert: mechanism === "EXTERNAL" ? text("clientCert") : "",
  };
  // Passwords are taken as typed (spaces may belong to them), and only when typed.
  const password = get("password");
  if (password !== "") form.password = password;
  if (checked("clearPassword")) form.password = "";
  const saslPassword = get("saslPassword");
  if (mechanism !== "PLAIN") form.saslPassword = "";
  else if (saslPassword !== "") form.saslPassword = saslPassword;
  return form;
}

/**
 * Why the network read from the form cannot be saved, in the words the backend would use,
 * or `undefined` when it fits: the page says so before sending.
 *
 * @example
 * ```ts
 * import { checkNetworkForm } from "./network_form.js";
 * const network = { name: "x".repeat(101), host: "irc.example.org", port: 6667, tls: false, nick: "me" };
 * console.log(checkNetworkForm(network));
 * // Cannot save network: name must be a name of 1-100 characters, got "xxx…
 * ```
 *
 * @param {NetworkForm} network
 * @returns {string | undefined}
 */
export function checkNetworkForm(network) {
  try {
    NETWORK_FORM.read(network, "");
    return undefined;
  } catch (error) {
    if (error instanceof ShapeError) return `Cannot save network: ${error.message}`;
    throw error;
  }
}

/** The form's text fields and the limit of each, from the one definition. */
const FIELD_LIMITS = Object.freeze({
  name: NETWORK_LIMITS.name,
  host: NETWORK_LIMITS.host,
  nick: NETWORK_LIMITS.nick,
  username: NETWORK_LIMITS.username,
  realname: NETWORK_LIMITS.realname,
  password: NETWORK_LIMITS.secret,
  saslAccount: NETWORK_LIMITS.saslAccount,
  saslPassword: NETWORK_LIMITS.secret,
  clientCert: NETWORK_LIMITS.clientCert,
});

/**
 * Words for a network's state, with the reason it dropped: `connecting…`, `connected`,
 * `disconnected: …`; a connection the server's STS policy moved to TLS says so.
 *
 * @example
 * ```ts
 * import { stateText } from "./network_form.js";
 * console.log(stateText({ state: "disconnected", reason: "Connection refused" }));
 * // "disconnected: Connection refused"
 * ```
 *
 * @param {{ state: string, reason?: string, stsUpgraded?: boolean }} net
 * @returns {string}
 */
export function stateText(net) {
  switch (net.state) {
    case "connecting":
      return "connecting…";
    case "connected":
      return net.stsUpgraded
        ? "connected, upgraded to TLS by the server's STS policy"
        : "connected";
    case "disconnecting":
      return "disconnecting…";
    default:
      return net.reason ? `disconnected: ${net.reason}` : "disconnected";
  }
}

/**
 * Fills the form for a network (or empties it for a new one) and keeps it live: the port
 * follows the TLS box, and only the fields of the chosen SASL mechanism are shown.
 *
 * @example
 * ```ts ignore
 * import { fillNetworkForm } from "./network_form.js";
 * fillNetworkForm(document.querySelector("form")!, { name: "Local", port: 6667, tls: false });
 * ```
 *
 * @param {HTMLFormElement} form
 * @param {Partial<NetworkView> & Record<string, unknown>} values
 */
export function fillNetworkForm(form, values) {
  form.reset();
  for (const [key, value] of Object.entries(values)) {
    const field = form.elements.namedItem(key);
    if (field instanceof HTMLInputElement) {
      if (field.type === "checkbox") field.checked = Boolean(value);
      else if (field.type !== "password") {
        field.value = value === undefined || value === null ? "" : String(value);
      }
    } else if (field instanceof HTMLSelectElement) {
      field.value = typeof value === "string" ? value : "";
    }
  }
  const saved = (/** @type {string} */ name, /** @type {boolean} */ has) => {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement) {
      field.placeholder = has ? "saved (leave blank to keep)" : "";
    }
  };
  saved("password", values.hasPassword === true);
  saved("saslPassword", values.hasSaslPassword === true);
  const clear = form.querySelector("[data-clear-password]");
  if (clear instanceof HTMLElement) clear.hidden = values.hasPassword !== true;
  showSaslFields(form);
}

/** @param {HTMLFormElement} form */
function showSaslFields(form) {
  const select = form.elements.namedItem("saslMechanism");
  const mechanism = select instanceof HTMLSelectElement ? select.value : "";
  for (const el of form.querySelectorAll("[data-sasl]")) {
    if (el instanceof HTMLElement) el.hidden = el.dataset.sasl !== mechanism;
  }
}

/**
 * Hooks the form's TLS box to its port and its SASL menu to the fields shown.
 *
 * @example
 * ```ts ignore
 * import { bindNetworkForm } from "./network_form.js";
 * bindNetworkForm(document.querySelector("form")!);
 * ```
 *
 * @param {HTMLFormElement} form
 */
export function bindNetworkForm(form) {
  // The inputs take no more than the definition allows, so a user is stopped while typing.
  for (const [name, limit] of Object.entries(FIELD_LIMITS)) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement) field.maxLength = limit;
  }
  const tls = form.elements.namedItem("tls");
  const port = form.elements.namedItem("port");
  if (tls instanceof HTMLInputElement && port instanceof HTMLInputElement) {
    tls.addEventListener("change", () => port.value = portForTls(port.value, tls.checked));
  }
  const mechanism = form.elements.namedItem("saslMechanism");
  if (mechanism instanceof HTMLSelectElement) {
    mechanism.addEventListener("change", () => showSaslFields(form));
  }
}
