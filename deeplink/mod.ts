/**
 * Deep links: `irc://` and `ircs://` links parsed, matched against saved networks, and
 * turned into one frontend event each, with a cold-start queue and single-instance handoff;
 * `jsr:` plugin links take the same way to the plugin consent sheet.
 *
 * @module
 */
export { IrcUrlError, type IrcUrlErrorCode } from "../net/mod.ts";
export * from "./irc_link.ts";
export { normalizeHost } from "../net/mod.ts";
export * from "./parse_irc_url.ts";
export * from "./jsr_link.ts";
export * from "./format_irc_url.ts";
export * from "./deeplink_events.ts";
export * from "./frontend_transport.ts";
export * from "./frontend_events.ts";
export * from "./deep_link_handler.ts";
export * from "./single_instance.ts";
export * from "./link_door.ts";
export * from "./launch.ts";
export {
  type Network,
  NETWORK_SCHEMA,
  type NetworkMatch,
  type NetworkPatch,
  type NetworkServer,
  NetworkStore,
  type NewNetwork,
  type SaslMechanism,
  type SavedChannel,
} from "../storage/mod.ts";
