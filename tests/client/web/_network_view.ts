/** A backend's view of one network, for the page's unit tests. */
import type { NetworkView } from "../../../core/protocol.js";

/** Network 1, "Local", where we are "alice", connected and in no channel, with `extra` over it. */
export function networkView(extra: Partial<NetworkView> = {}): NetworkView {
  return {
    id: 1,
    name: "Local",
    host: "127.0.0.1",
    port: 6667,
    tls: false,
    nick: "alice",
    autoconnect: false,
    hasPassword: false,
    hasSaslPassword: false,
    state: "connected",
    currentNick: "alice",
    channels: [],
    ...extra,
  };
}
