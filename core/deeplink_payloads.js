// @ts-self-types="./deeplink_payloads.d.ts"
/**
 * The one grammar of the `deeplink:*` payloads, as shapes (core/shape.js), so that both the
 * backend (`FrontendEvents`, through deeplink_events.ts) and the page (loaded as-is, no
 * build) check what they receive with the same code, and their types come from it.
 *
 * @module
 */

import { JSR_SPECIFIER } from "./jsr_specifier.js";
import { boolean, fits, integer, list, object, text } from "./shape.js";

const ID = integer({ min: 1, what: "a positive integer" });

/**
 * One channel or nick named by a link.
 *
 * @example
 * ```ts
 * import { TARGET } from "./deeplink_payloads.js";
 * console.log(TARGET.read({ name: "#deno", isNick: false, key: "" }, "target").name); // "#deno"
 * ```
 */
export const TARGET = object({
  /** Channel name with its prefix (`#deno`), or a nickname. */
  name: text({ min: 1 }),
  /** True when the target is a nickname: the link opens a private conversation. */
  isNick: boolean(),
  /** The channel key from the link's `key` parameter, or `""`; always `""` for nicks. */
  key: text(),
});

/**
 * One saved network offered by `deeplink:disambiguate`.
 *
 * @example
 * ```ts
 * import { DEEP_LINK_CANDIDATE } from "./deeplink_payloads.js";
 * console.log(DEEP_LINK_CANDIDATE.read({ networkId: 1, name: "Libera" }, "c").name); // "Libera"
 * ```
 */
export const DEEP_LINK_CANDIDATE = object({
  /** Saved network identifier. */
  networkId: ID,
  /** Display name of the network. */
  name: text(),
});

/**
 * The payload of each frontend event of deep-link handling (spec 6.5), by name: the
 * contract between the backend that emits them and the page that listens.
 *
 * @example
 * ```ts
 * import { DEEP_LINK_PAYLOADS } from "./deeplink_payloads.js";
 * const join = DEEP_LINK_PAYLOADS["deeplink:join"].read({ networkId: 1, targets: [] }, "payload");
 * console.log(join.networkId); // 1
 * ```
 */
export const DEEP_LINK_PAYLOADS = Object.freeze({
  /**
   * The link matched exactly one saved network. The frontend connects if needed, then joins
   * or opens each target.
   */
  "deeplink:join": object({
    /** The saved network to use. */
    networkId: ID,
    /** One entry per channel or nickname in the link. */
    targets: list(TARGET),
  }),
  /**
   * No saved network matches the link's server. The frontend opens the Add Network form
   * prefilled with these values; it never connects on its own (the form is the user's
   * consent).
   */
  "deeplink:add-network": object({
    /** Server host from the link (normalized). */
    host: text({ min: 1 }),
    /** Port from the link, or the scheme default: 6667 for irc://, 6697 for ircs://. */
    port: integer({ min: 1, max: 65535 }),
    /** True when the scheme is ircs://. */
    tls: boolean(),
    /** The first channel of the link, or `""`; for display only, it is not auto-joined. */
    channel: text(),
  }),
  /**
   * More than one saved network matches the link's server. The frontend shows a picker,
   * then proceeds as for `deeplink:join`.
   */
  "deeplink:disambiguate": object({
    /** The matching saved networks, by ascending `networkId` (creation order). */
    candidates: list(DEEP_LINK_CANDIDATE),
    /** Same shape as in `deeplink:join`; passed through after the user picks. */
    targets: list(TARGET),
  }),
  /**
   * A `jsr:` link given on the command line (`deno task run 'jsr:@scope/name'`). The
   * frontend opens the plugin consent sheet for it, its source shown as the command line;
   * nothing installs without the user's click there.
   */
  "deeplink:install-plugin": object({
    /** `jsr:@scope/name[@range]`, as given. */
    specifier: text({ pattern: JSR_SPECIFIER, what: "jsr:@scope/name[@range]" }),
  }),
});

/** @import { Infer } from "./shape.js" */
/**
 * One channel or nick named by a link.
 * @typedef {Infer<typeof TARGET>} Target
 */
/**
 * One saved network offered by `deeplink:disambiguate`.
 * @typedef {Infer<typeof DEEP_LINK_CANDIDATE>} DeepLinkCandidate
 */
/**
 * The payload of each `deeplink:*` event, by name.
 * @typedef {{ -readonly [K in keyof typeof DEEP_LINK_PAYLOADS]: Infer<(typeof DEEP_LINK_PAYLOADS)[K]> }} DeepLinkEventMap
 */
/**
 * Payload of `deeplink:join`: the link matched exactly one saved network.
 * @typedef {DeepLinkEventMap["deeplink:join"]} DeepLinkJoin
 */
/**
 * Payload of `deeplink:add-network`: no saved network matches the link's server.
 * @typedef {DeepLinkEventMap["deeplink:add-network"]} DeepLinkAddNetwork
 */
/**
 * Payload of `deeplink:disambiguate`: several saved networks match the link's server.
 * @typedef {DeepLinkEventMap["deeplink:disambiguate"]} DeepLinkDisambiguate
 */
/**
 * Payload of `deeplink:install-plugin`: a `jsr:` link given on the command line.
 * @typedef {DeepLinkEventMap["deeplink:install-plugin"]} DeepLinkInstallPlugin
 */
/**
 * A received `deeplink:*` event, its payload checked.
 * @typedef {{ [K in keyof DeepLinkEventMap]: { name: K, payload: DeepLinkEventMap[K] } }[keyof DeepLinkEventMap]} DeepLink
 */

const isJoin = fits(DEEP_LINK_PAYLOADS["deeplink:join"]);
const isAddNetwork = fits(DEEP_LINK_PAYLOADS["deeplink:add-network"]);
const isDisambiguate = fits(DEEP_LINK_PAYLOADS["deeplink:disambiguate"]);
const isInstallPlugin = fits(DEEP_LINK_PAYLOADS["deeplink:install-plugin"]);

/**
 * Checks an incoming payload against its `deeplink:*` shape, field by field.
 *
 * @example
 * ```ts
 * import { deepLinkValidators } from "./deeplink_payloads.js";
 * deepLinkValidators["deeplink:join"]({ networkId: 1, targets: [] }); // true
 * deepLinkValidators["deeplink:join"]({ networkId: "1", targets: [] }); // false
 * ```
 */
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
 * @example
 * ```ts
 * import { readDeepLink } from "./deeplink_payloads.js";
 * console.log(readDeepLink("deeplink:join", { networkId: 1, targets: [] })?.name); // "deeplink:join"
 * console.log(readDeepLink("deeplink:join", { networkId: "1", targets: [] })); // undefined
 * ```
 *
 * @param {string} name
 * @param {unknown} payload
 * @returns {DeepLink | undefined}
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
