// @ts-self-types="./network_form.d.ts"
// @ts-check
/**
 * The Add/Edit Network form: the port that follows the TLS box while it is still a default,
 * the SASL fields shown for the chosen mechanism, the form read into a typed `NetworkForm`
 * (a secret left blank keeps the saved one, so a saved password never travels back to the
 * page), and the words for a network's connection state.
 *
 * @module
 */

/** The default IRC port with TLS. */
export const TLS_PORT = 6697;
/** The default IRC port without TLS. */
export const PLAIN_PORT = 6667;

/**
 * The port to show after the TLS box changed: the other default when the port is still a
 * default (or empty), the user's own port otherwise.
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
 * @param {(name: string) => string} get
 * @param {(name: string) => boolean} checked
 * @returns {import("../../core/protocol.d.ts").NetworkForm}
 */
export function readNetworkForm(get, checked) {
  const text = (/** @type {string} */ name) => get(name).trim();
  const mechanism = text("saslMechanism");
  /** @type {import("../../core/protocol.d.ts").NetworkForm} */
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
 * Words for a network's state, with the reason it dropped: `connecting…`, `connected`,
 * `disconnected: …`; a connection the server's STS policy moved to TLS says so.
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
 * @param {HTMLFormElement} form
 * @param {Partial<import("../../core/protocol.d.ts").NetworkView> & Record<string, unknown>} values
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
 * @param {HTMLFormElement} form
 */
export function bindNetworkForm(form) {
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
