/**
 * Types of the `deeplink:*` payload checks (the implementation is deeplink_payloads.js, which
 * the page loads as-is).
 *
 * @module
 */

/**
 * One channel or nick named by a link.
 *
 * @example
 * ```ts
 * import type { Target } from "./deeplink_payloads.js";
 * const channel: Target = { name: "#deno", isNick: false, key: "" };
 * const nick: Target = { name: "alice", isNick: true, key: "" };
 * ```
 */
export interface Target {
  /** Channel name with its prefix (`#deno`), or a nickname. */
  name: string;
  /** True when the target is a nickname: the link opens a private conversation. */
  isNick: boolean;
  /** The channel key from the link's `key` parameter, or `""`; always `""` for nicks. */
  key: string;
}

/**
 * Payload of `deeplink:join`: the link matched exactly one saved network. The frontend
 * connects if needed, then joins or opens each target.
 *
 * @example
 * ```ts
 * import type { DeepLinkJoin } from "./deeplink_payloads.js";
 * const join: DeepLinkJoin = { networkId: 1, targets: [{ name: "#deno", isNick: false, key: "" }] };
 * ```
 */
export interface DeepLinkJoin {
  /** The saved network to use. */
  networkId: number;
  /** One entry per channel or nickname in the link. */
  targets: Target[];
}

/**
 * Payload of `deeplink:add-network`: no saved network matches the link's server. The
 * frontend opens the Add Network form prefilled with these values; it never connects on
 * its own (the form is the user's consent).
 *
 * @example
 * ```ts
 * import type { DeepLinkAddNetwork } from "./deeplink_payloads.js";
 * const add: DeepLinkAddNetwork = { host: "irc.libera.chat", port: 6697, tls: true, channel: "#deno" };
 * ```
 */
export interface DeepLinkAddNetwork {
  /** Server host from the link (normalized). */
  host: string;
  /** Port from the link, or the scheme default: 6667 for irc://, 6697 for ircs://. */
  port: number;
  /** True when the scheme is ircs://. */
  tls: boolean;
  /** The first channel of the link, or `""`; for display only, it is not auto-joined. */
  channel: string;
}

/**
 * One saved network offered by `deeplink:disambiguate`.
 *
 * @example
 * ```ts
 * import type { DeepLinkCandidate } from "./deeplink_payloads.js";
 * const candidate: DeepLinkCandidate = { networkId: 2, name: "Libera (work)" };
 * ```
 */
export interface DeepLinkCandidate {
  /** Saved network identifier. */
  networkId: number;
  /** Display name of the network. */
  name: string;
}

/**
 * Payload of `deeplink:disambiguate`: more than one saved network matches the link's
 * server. The frontend shows a picker, then proceeds as for `deeplink:join`.
 *
 * @example
 * ```ts
 * import type { DeepLinkDisambiguate } from "./deeplink_payloads.js";
 * const pick: DeepLinkDisambiguate = {
 *   candidates: [{ networkId: 1, name: "Libera" }, { networkId: 2, name: "Libera (bot)" }],
 *   targets: [{ name: "#deno", isNick: false, key: "" }],
 * };
 * ```
 */
export interface DeepLinkDisambiguate {
  /** The matching saved networks, by ascending `networkId` (creation order). */
  candidates: DeepLinkCandidate[];
  /** Same shape as in `deeplink:join`; passed through after the user picks. */
  targets: Target[];
}

/**
 * Payload of `deeplink:install-plugin`: a `jsr:` link given on the command line
 * (`deno task run 'jsr:@scope/name'`). The frontend opens the plugin consent sheet for it,
 * its source shown as the command line; nothing installs without the user's click there.
 *
 * @example
 * ```ts
 * import type { DeepLinkInstallPlugin } from "./deeplink_payloads.js";
 * const install: DeepLinkInstallPlugin = { specifier: "jsr:@someone/greeter@^1" };
 * ```
 */
export interface DeepLinkInstallPlugin {
  /** `jsr:@scope/name[@range]`, as given. */
  specifier: string;
}

/**
 * The frontend events of deep-link handling (spec 6.5), by name. This map is the contract
 * between the backend that emits them and the page that listens.
 *
 * @example
 * ```ts
 * import type { DeepLinkEventMap } from "./deeplink_payloads.js";
 * type JoinPayload = DeepLinkEventMap["deeplink:join"]; // DeepLinkJoin
 * ```
 */
export interface DeepLinkEventMap {
  /** The link matched exactly one saved network. */
  "deeplink:join": DeepLinkJoin;
  /** The link matched no saved network. */
  "deeplink:add-network": DeepLinkAddNetwork;
  /** The link matched several saved networks. */
  "deeplink:disambiguate": DeepLinkDisambiguate;
  /** A `jsr:` plugin link: open its consent sheet. */
  "deeplink:install-plugin": DeepLinkInstallPlugin;
}

/**
 * Checks an incoming payload (from JSON, a WebSocket) against its `deeplink:*` shape,
 * field by field. `FrontendEvents` and the page use these to drop forged or garbled frames.
 *
 * @example
 * ```ts
 * import { deepLinkValidators } from "./deeplink_payloads.js";
 * deepLinkValidators["deeplink:join"]({ networkId: 1, targets: [] }); // true
 * deepLinkValidators["deeplink:join"]({ networkId: "1", targets: [] }); // false
 * ```
 */
export declare const deepLinkValidators: {
  readonly [K in keyof DeepLinkEventMap]: (payload: unknown) => payload is DeepLinkEventMap[K];
};

/**
 * A received `deeplink:*` event, its payload checked.
 *
 * @example
 * ```ts
 * import type { DeepLink } from "./deeplink_payloads.js";
 * const link: DeepLink = {
 *   name: "deeplink:join",
 *   payload: { networkId: 1, targets: [{ name: "#deno", isNick: false, key: "" }] },
 * };
 * ```
 */
export type DeepLink = {
  [K in keyof DeepLinkEventMap]: { name: K; payload: DeepLinkEventMap[K] };
}[keyof DeepLinkEventMap];

/**
 * Reads a received `deeplink:*` event into its typed form, or `undefined` when malformed.
 *
 * @example
 * ```ts
 * import { readDeepLink } from "./deeplink_payloads.js";
 * console.log(readDeepLink("deeplink:join", { networkId: 1, targets: [] })?.name); // "deeplink:join"
 * console.log(readDeepLink("deeplink:join", { networkId: "1", targets: [] })); // undefined
 * ```
 */
export declare function readDeepLink(name: string, payload: unknown): DeepLink | undefined;
