import type { Target } from "./irc_link.ts";

/**
 * Payload of `deeplink:join`: the link matched exactly one saved network. The frontend
 * connects if needed, then joins or opens each target.
 *
 * @example
 * ```ts
 * import type { DeepLinkJoin } from "./deeplink_events.ts";
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
 * import type { DeepLinkAddNetwork } from "./deeplink_events.ts";
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
 * import type { DeepLinkCandidate } from "./deeplink_events.ts";
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
 * import type { DeepLinkDisambiguate } from "./deeplink_events.ts";
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
 * The frontend events of deep-link handling (spec 6.5), by name. This map is the contract
 * between the backend that emits them and the page that listens.
 *
 * @example
 * ```ts
 * import type { DeepLinkEventMap } from "./deeplink_events.ts";
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
}

/**
 * Checks an incoming payload (from JSON, a WebSocket) against its `deeplink:*` shape,
 * field by field. `FrontendEvents` uses these to drop forged or garbled frames.
 *
 * @example
 * ```ts
 * import { deepLinkValidators } from "../mod.ts";
 * deepLinkValidators["deeplink:join"]({ networkId: 1, targets: [] }); // true
 * deepLinkValidators["deeplink:join"]({ networkId: "1", targets: [] }); // false
 * ```
 */
export const deepLinkValidators: {
  readonly [K in keyof DeepLinkEventMap]: (payload: unknown) => payload is DeepLinkEventMap[K];
} = {
  "deeplink:join": (payload: unknown): payload is DeepLinkJoin =>
    isRecord(payload) && isId(payload.networkId) && isTargets(payload.targets),
  "deeplink:add-network": (payload: unknown): payload is DeepLinkAddNetwork =>
    isRecord(payload) && typeof payload.host === "string" && payload.host !== "" &&
    Number.isInteger(payload.port) && (payload.port as number) >= 1 &&
    (payload.port as number) <= 65535 && typeof payload.tls === "boolean" &&
    typeof payload.channel === "string",
  "deeplink:disambiguate": (payload: unknown): payload is DeepLinkDisambiguate =>
    isRecord(payload) && Array.isArray(payload.candidates) &&
    payload.candidates.every((c: unknown) =>
      isRecord(c) && isId(c.networkId) && typeof c.name === "string"
    ) && isTargets(payload.targets),
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

function isTargets(value: unknown): value is Target[] {
  return Array.isArray(value) &&
    value.every((t: unknown) =>
      isRecord(t) && typeof t.name === "string" && t.name !== "" && typeof t.isNick === "boolean" &&
      typeof t.key === "string"
    );
}
