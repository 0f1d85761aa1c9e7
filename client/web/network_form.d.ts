/**
 * Types of the Add/Edit Network form's logic (the implementation is network_form.js, which
 * the page loads as-is).
 *
 * @module
 */
import type { NetworkForm, NetworkView } from "../../core/protocol.js";

/** The default IRC port with TLS. */
export declare const TLS_PORT: number;
/** The default IRC port without TLS. */
export declare const PLAIN_PORT: number;

/**
 * The port to show after the TLS box changed: the other default while it is a default.
 *
 * @example
 * ```ts
 * import { portForTls } from "./network_form.js";
 * console.log(portForTls("6697", false)); // "6667"
 * console.log(portForTls("7000", false)); // "7000"
 * ```
 */
export declare function portForTls(port: string, tls: boolean): string;

/**
 * Reads the form's fields into the network to save; a blank password keeps the saved one.
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
 */
export declare function readNetworkForm(
  get: (name: string) => string,
  checked: (name: string) => boolean,
): NetworkForm;

/**
 * Words for a network's state, with the reason it dropped; a connection the server's STS
 * policy (IRCv3 `sts`) moved to TLS says so.
 *
 * @example
 * ```ts
 * import { stateText } from "./network_form.js";
 * console.log(stateText({ state: "disconnected", reason: "Connection refused" }));
 * // "disconnected: Connection refused"
 * ```
 */
export declare function stateText(
  net: { state: string; reason?: string; stsUpgraded?: boolean },
): string;

/**
 * Fills the form for a network, or empties it for a new one.
 *
 * @example
 * ```ts ignore
 * import { fillNetworkForm } from "./network_form.js";
 * fillNetworkForm(document.querySelector("form")!, { name: "Local", port: 6667, tls: false });
 * ```
 */
export declare function fillNetworkForm(
  form: HTMLFormElement,
  values: Partial<NetworkView> & Record<string, unknown>,
): void;

/**
 * Hooks the TLS box to the port and the SASL menu to the fields shown.
 *
 * @example
 * ```ts ignore
 * import { bindNetworkForm } from "./network_form.js";
 * bindNetworkForm(document.querySelector("form")!);
 * ```
 */
export declare function bindNetworkForm(form: HTMLFormElement): void;
