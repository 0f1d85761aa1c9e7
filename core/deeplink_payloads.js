// @ts-self-types="./deeplink_payloads.d.ts"
// @ts-check
/**
 * The one grammar of the `deeplink:*` payloads, as plain JavaScript so that both the backend
 * (`FrontendEvents`, through deeplink_events.ts) and the page (loaded as-is, no build) check
 * what they receive with the same code.
 *
 * @module
 */

import { JSR_SPECIFIER } from "./jsr_specifier.js";

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** @param {unknown} value @returns {value is number} */
function isId(value) {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

/** @param {unknown} value */
function isPort(value) {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 65535;
}

/** @param {unknown} value */
function isTargets(value) {
  return Array.isArray(value) &&
    value.every((t) =>
      isRecord(t) && typeof t.name === "string" && t.name !== "" &&
      typeof t.isNick === "boolean" && typeof t.key === "string"
    );
}

/** @param {unknown} value */
function isCandidates(value) {
  return Array.isArray(value) &&
    value.every((c) => isRecord(c) && isId(c.networkId) && typeof c.name === "string");
}

/**
 * @param {unknown} payload
 * @returns {payload is import("./deeplink_payloads.d.ts").DeepLinkJoin}
 */
function isJoin(payload) {
  return isRecord(payload) && isId(payload.networkId) && isTargets(payload.targets);
}

/**
 * @param {unknown} payload
 * @returns {payload is import("./deeplink_payloads.d.ts").DeepLinkAddNetwork}
 */
function isAddNetwork(payload) {
  return isRecord(payload) && typeof payload.host === "string" && payload.host !== "" &&
    isPort(payload.port) && typeof payload.tls === "boolean" &&
    typeof payload.channel === "string";
}

/**
 * @param {unknown} payload
 * @returns {payload is import("./deeplink_payloads.d.ts").DeepLinkDisambiguate}
 */
function isDisambiguate(payload) {
  return isRecord(payload) && isCandidates(payload.candidates) && isTargets(payload.targets);
}

/**
 * @param {unknown} payload
 * @returns {payload is import("./deeplink_payloads.d.ts").DeepLinkInstallPlugin}
 */
function isInstallPlugin(payload) {
  return isRecord(payload) && typeof payload.specifier === "string" &&
    JSR_SPECIFIER.test(payload.specifier);
}

/** Checks an incoming payload against its `deeplink:*` shape, field by field. */
export const deepLinkValidators = Object.freeze({
  "deeplink:join": isJoin,
  "deeplink:add-network": isAddNetwork,
  "deeplink:disambiguate": isDisambiguate,
  "deeplink:install-plugin": isInstallPlugin,
});

/**
 * Reads a received `deeplink:*` event into its typed form, or `undefined` when the name is
 * unknown or the payload fails its validator.
 *
 * @param {string} name
 * @param {unknown} payload
 * @returns {import("./deeplink_payloads.d.ts").DeepLink | undefined}
 */
export function readDeepLink(name, payload) {
  switch (name) {
    case "deeplink:join":
      return isJoin(payload) ? { name, payload } : undefined;
    case "deeplink:add-network":
      return isAddNetwork(payload) ? { name, payload } : undefined;
    case "deeplink:disambiguate":
      return isDisambiguate(payload) ? { name, payload } : undefined;
    case "deeplink:install-plugin":
      return isInstallPlugin(payload) ? { name, payload } : undefined;
    default:
      return undefined;
  }
}
