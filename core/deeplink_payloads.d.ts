/**
 * Types of the `deeplink:*` payload checks (the implementation is deeplink_payloads.js, which
 * the page loads as-is).
 *
 * @module
 */
import type { DeepLinkEventMap } from "../deeplink/deeplink_events.ts";

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
