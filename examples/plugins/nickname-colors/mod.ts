import { definePlugin, type MetadataUpdate } from "../../../plugins/sdk.ts";

/** A stable colour for a nick: FNV-1a of the lower-cased nick picks a hue. */
export function colorFor(nick: string): string {
  let hash = 0x811c9dc5;
  for (const char of nick.toLowerCase()) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `hsl(${hash % 360}, 65%, 45%)`;
}

function color(networkId: number, nick: string): MetadataUpdate {
  return { type: "nickname_color", key: nick, value: colorFor(nick), network_id: networkId };
}

export default definePlugin({
  onEvent(event, ctx) {
    switch (event.type) {
      case "user.joined":
        return ctx.metadata.set(color(event.data.networkId, event.data.nickname));
      case "message.received":
        return ctx.metadata.set(color(event.data.networkId, event.data.user));
      case "user.nick":
        return ctx.metadata.set(color(event.data.networkId, event.data.nickname));
      case "channel.names.complete":
        return ctx.metadata.setBatch(
          // NAMES entries carry mode prefixes such as @ and +.
          event.data.users.map((user) =>
            color(event.data.networkId, user.replace(/^[~&@%+]+/, ""))
          ),
        );
    }
  },
});
