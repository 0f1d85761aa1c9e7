/**
 * Grants scoped by place: which networks and channels a plugin's events and actions are
 * limited to, and whether private messages reach it (by default they do not).
 *
 * @module
 */
import type { AnyBusEvent, MetadataUpdate } from "../bus/mod.ts";
import { casefold } from "../core/mod.ts";
import { errorMessage } from "../common/mod.ts";

/**
 * One channel on one network.
 *
 * @example
 * ```ts
 * import type { ChannelPlace } from "./scope.ts";
 * const place: ChannelPlace = { networkId: 1, channel: "#deno" };
 * ```
 */
export interface ChannelPlace {
  /** The network's id. */
  networkId: number;
  /** The channel name, e.g. `#deno`; compared case-insensitively (rfc1459). */
  channel: string;
}

/**
 * Where a plugin's grant applies. Without `networks` and `channels` it applies everywhere;
 * with either, only to the whole networks listed plus the channels listed. Private messages
 * reach the plugin (and it may send them) only when `privateMessages` is true.
 *
 * @example
 * ```ts
 * import type { GrantScope } from "./scope.ts";
 * const scope: GrantScope = {
 *   channels: [{ networkId: 1, channel: "#deno" }],
 *   privateMessages: false,
 * };
 * ```
 */
export interface GrantScope {
  /** Whole networks, by id. */
  networks?: number[];
  /** Single channels. */
  channels?: ChannelPlace[];
  /** Whether private messages are shared with the plugin. Default false. */
  privateMessages?: boolean;
}

/**
 * A scope given to a grant is invalid; `field` names the part at fault. Nothing is changed
 * when this is thrown.
 *
 * @example
 * ```ts
 * import { parseScope, ScopeError } from "./scope.ts";
 * try {
 *   parseScope({ channels: [{ networkId: 1, channel: "deno" }] });
 * } catch (error) {
 *   if (error instanceof ScopeError) console.log(error.field); // "channels[0].channel"
 * }
 * ```
 */
export class ScopeError extends TypeError {
  /** The part of the scope at fault, e.g. `networks[1]` or `channels[0].channel`. */
  readonly field: string;

  /** Builds the error for one part of a scope. */
  constructor(field: string, reason: string, value: unknown) {
    let shown: string;
    try {
      shown = JSON.stringify(value) ?? String(value);
    } catch {
      shown = String(value);
    }
    super(`Cannot accept grant scope: ${field} ${reason}, got ${shown.slice(0, 80)}`);
    this.name = "ScopeError";
    this.field = field;
  }
}

const MAX_PLACES = 1000;
// deno-lint-ignore no-control-regex -- control characters are what the name may not hold
const CHANNEL = /^[#&+!][^\s,:\x00-\x1f\x7f]{1,199}$/;
const SCOPE_KEYS = new Set(["networks", "channels", "privateMessages"]);

/**
 * Checks a scope strictly and returns a normalized copy (duplicates removed). Throws a
 * {@linkcode ScopeError} on anything else: an unknown field, a network id that is not a
 * positive integer, a channel name that does not start with `#`, `&`, `+` or `!` or holds a
 * space, comma, colon or control character.
 *
 * @example
 * ```ts
 * import { parseScope } from "./scope.ts";
 * const scope = parseScope({ networks: [2, 2], privateMessages: true });
 * console.log(scope); // { networks: [2], privateMessages: true }
 * ```
 */
export function parseScope(input: unknown): GrantScope {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new ScopeError("scope", "must be an object", input);
  }
  const record: Record<string, unknown> = { ...input };
  for (const key of Object.keys(record)) {
    if (!SCOPE_KEYS.has(key)) throw new ScopeError(key, "is not a scope field", record[key]);
  }
  const scope: GrantScope = {};
  const { networks, channels, privateMessages } = record;
  if (networks !== undefined) {
    if (!Array.isArray(networks) || networks.length > MAX_PLACES) {
      throw new ScopeError("networks", `must be an array of at most ${MAX_PLACES} ids`, networks);
    }
    scope.networks = [
      ...new Set(networks.map((id: unknown, i: number) => networkId(id, `networks[${i}]`))),
    ];
  }
  if (channels !== undefined) {
    if (!Array.isArray(channels) || channels.length > MAX_PLACES) {
      throw new ScopeError(
        "channels",
        `must be an array of at most ${MAX_PLACES} channels`,
        channels,
      );
    }
    const places = new Map<string, ChannelPlace>();
    channels.forEach((place: unknown, i: number) => {
      if (typeof place !== "object" || place === null || Array.isArray(place)) {
        throw new ScopeError(`channels[${i}]`, "must be { networkId, channel }", place);
      }
      const fields: Record<string, unknown> = { ...place };
      const extra = Object.keys(fields).find((k) => k !== "networkId" && k !== "channel");
      if (extra) throw new ScopeError(`channels[${i}].${extra}`, "is not a field", fields[extra]);
      const id = networkId(fields.networkId, `channels[${i}].networkId`);
      const channel = channelName(fields.channel, `channels[${i}].channel`);
      const key = `${id} ${casefold(channel)}`;
      if (!places.has(key)) places.set(key, { networkId: id, channel });
    });
    scope.channels = [...places.values()];
  }
  if (privateMessages !== undefined) {
    if (typeof privateMessages !== "boolean") {
      throw new ScopeError("privateMessages", "must be true or false", privateMessages);
    }
    scope.privateMessages = privateMessages;
  }
  return scope;
}

/**
 * Builds a scope from command-line values: `networks` are ids (`"1"`), `channels` are
 * `ID:#chan` or a bare `#chan`. A bare channel belongs to the one network given, which is
 * then limited to its listed channels; with no or several networks a bare channel is
 * refused as ambiguous. Throws a {@linkcode ScopeError} on bad input.
 *
 * @example
 * ```ts
 * import { describeScope, scopeFromFlags } from "./scope.ts";
 * const scope = scopeFromFlags(["1"], ["#deno"], false);
 * console.log(describeScope(scope));
 * // events and actions limited to: network 1 #deno; private messages: not shared
 * ```
 */
export function scopeFromFlags(
  networks: string[],
  channels: string[],
  privateMessages: boolean,
): GrantScope {
  const ids = networks.map((text, i) => networkId(flagNumber(text), `--network[${i}]`));
  const places: ChannelPlace[] = [];
  const limited = new Set<number>();
  channels.forEach((text, i) => {
    const colon = text.indexOf(":");
    if (colon > 0 && /^\d+$/.test(text.slice(0, colon))) {
      const id = networkId(flagNumber(text.slice(0, colon)), `--channel[${i}]`);
      places.push({
        networkId: id,
        channel: channelName(text.slice(colon + 1), `--channel[${i}]`),
      });
      return;
    }
    if (ids.length !== 1) {
      throw new ScopeError(
        `--channel[${i}]`,
        "names no network: write it as ID:#channel, or give exactly one --network",
        text,
      );
    }
    places.push({ networkId: ids[0], channel: channelName(text, `--channel[${i}]`) });
    limited.add(ids[0]);
  });
  const whole = ids.filter((id) => !limited.has(id));
  return parseScope({
    ...(whole.length > 0 ? { networks: whole } : {}),
    ...(places.length > 0 ? { channels: places } : {}),
    privateMessages,
  });
}

/**
 * The scope as the consent text shows it; an invalid one (a grant file edited by hand) is
 * described as such, not thrown.
 *
 * @example
 * ```ts
 * import { describeScope } from "./scope.ts";
 * console.log(describeScope(undefined));
 * // events and actions: every network and channel; private messages: not shared
 * console.log(describeScope({ networks: [2], privateMessages: true }));
 * // events and actions limited to: network 2; private messages: shared
 * ```
 */
export function describeScope(scope: GrantScope | undefined): string {
  if (scope !== undefined) {
    try {
      parseScope(scope);
    } catch (error) {
      return `invalid scope, nothing runs: ${errorMessage(error)}`;
    }
  }
  const privateMessages = `private messages: ${scope?.privateMessages ? "shared" : "not shared"}`;
  if (!isLimited(scope)) {
    return `events and actions: every network and channel; ${privateMessages}`;
  }
  const places = [
    ...(scope?.networks ?? []).map((id) => `network ${id}`),
    ...(scope?.channels ?? []).map((p) => `network ${p.networkId} ${p.channel}`),
  ];
  return `events and actions limited to: ${places.join(", ") || "nowhere"}; ${privateMessages}`;
}

/**
 * A scope made ready for checking each event and action against it.
 *
 * Events without a network (`plugin.lifecycle`, an `error` or metadata without one) are not
 * tied to a place and pass. Network-wide events (`user.quit`, `user.nick`, `user.meta`,
 * `connection.*`, `sasl.*`, `whois.received`) pass when the network is in scope, whole or by
 * one of its channels. Channel events pass when the channel is. A private message
 * (`message.*` with `channel: ""`, a `query` pane) passes only with `privateMessages` and its
 * network in scope. `channels.changed` and batched `metadata.updated` are narrowed to what is
 * in scope.
 *
 * @example
 * ```ts
 * import { createEvent } from "../bus/mod.ts";
 * import { ScopeCheck } from "./scope.ts";
 * const check = new ScopeCheck({ channels: [{ networkId: 1, channel: "#deno" }] });
 * const at = (channel: string) =>
 *   createEvent("message.received", {
 *     networkId: 1, channel, user: "bob", message: "hi", timestamp: 0,
 *   }, "irc");
 * console.log(check.view(at("#DENO")) !== undefined); // true
 * console.log(check.view(at("#other"))); // undefined
 * console.log(check.view(at(""))); // undefined: private messages are not shared
 * console.log(check.send(1, "#other")); // "#other on network 1 is outside the grant's scope"
 * ```
 */
export class ScopeCheck {
  #limited: boolean;
  #privateMessages: boolean;
  #networks = new Set<number>();
  #touched = new Set<number>();
  /** Folded channel names by network. */
  #channels = new Map<number, Set<string>>();

  /** Compiles `scope` (absent: everywhere, no private messages). */
  constructor(scope: GrantScope | undefined) {
    this.#limited = isLimited(scope);
    this.#privateMessages = scope?.privateMessages ?? false;
    for (const id of scope?.networks ?? []) {
      this.#networks.add(id);
      this.#touched.add(id);
    }
    for (const place of scope?.channels ?? []) {
      this.#touched.add(place.networkId);
      const names = this.#channels.get(place.networkId) ?? new Set();
      this.#channels.set(place.networkId, names.add(casefold(place.channel)));
    }
  }

  /** True when nothing is filtered: every place, and private messages shared. */
  get open(): boolean {
    return !this.#limited && this.#privateMessages;
  }

  /**
   * What the plugin may see of `event`: the event itself, a narrowed copy, or `undefined`
   * when it is outside the scope.
   */
  view(event: AnyBusEvent): AnyBusEvent | undefined {
    switch (event.type) {
      case "message.received":
      case "message.sent":
      case "message.reacted":
      case "message.redacted":
      case "user.typing":
        return this.#at(event.data.networkId, event.data.channel, event.data.channel === "")
          ? event
          : undefined;
      case "user.joined":
      case "user.parted":
      case "user.kicked":
      case "channel.topic":
      case "channel.mode":
      case "channel.names.complete":
        return this.#at(event.data.networkId, event.data.channel, false) ? event : undefined;
      case "ui.pane.focused":
      case "ui.pane.blurred": {
        const { networkId, type, name } = event.data;
        const inScope = type === "server"
          ? this.network(networkId)
          : this.#at(networkId, type === "channel" ? name : "", type === "query");
        return inScope ? event : undefined;
      }
      case "buffer.read": {
        const { networkId, buffer } = event.data;
        const isChannel = CHANNEL.test(buffer);
        return this.#at(networkId, isChannel ? buffer : "", !isChannel) ? event : undefined;
      }
      case "channels.changed": {
        if (!this.network(event.data.networkId)) return undefined;
        if (!this.#limited || this.#networks.has(event.data.networkId)) return event;
        const channels = event.data.channels.filter((c) => this.channel(event.data.networkId, c));
        return { ...event, data: { ...event.data, channels } };
      }
      case "metadata.updated": {
        if (!this.#limited) return event;
        const seen = (u: MetadataUpdate) =>
          u.network_id === undefined || this.metadata(u) === undefined;
        if (!("updates" in event.data)) return seen(event.data) ? event : undefined;
        const updates = event.data.updates.filter(seen);
        if (updates.length === event.data.updates.length) return event;
        return updates.length > 0 ? { ...event, data: { updates } } : undefined;
      }
      case "plugin.lifecycle":
        return event;
      case "server.reply": {
        // One about a channel or a private conversation is seen only where that is in scope.
        const { networkId, target } = event.data;
        if (target === undefined) return this.network(networkId) ? event : undefined;
        const isChannel = CHANNEL.test(target);
        return this.#at(networkId, isChannel ? target : "", !isChannel) ? event : undefined;
      }
      case "error":
        return event.data.networkId === undefined || this.network(event.data.networkId)
          ? event
          : undefined;
      default:
        return this.network(event.data.networkId) ? event : undefined;
    }
  }

  /** Whether the network is in scope, whole or by one of its channels. */
  network(networkId: number): boolean {
    return !this.#limited || this.#touched.has(networkId);
  }

  /** Whether the channel is in scope (its whole network or itself). */
  channel(networkId: number, channel: string): boolean {
    if (!this.#limited || this.#networks.has(networkId)) return true;
    const names = this.#channels.get(networkId);
    return names !== undefined && (names.has(channel) || names.has(casefold(channel)));
  }

  /**
   * Why sending to `target` (a channel, or a nick for a private message) is outside the
   * scope, or `undefined` when it is in scope.
   */
  send(networkId: number, target: string): string | undefined {
    if (!CHANNEL.test(target)) {
      if (!this.#privateMessages) return `private messages are not shared with this plugin`;
      return this.network(networkId)
        ? undefined
        : `network ${networkId} is outside the grant's scope`;
    }
    return this.channel(networkId, target)
      ? undefined
      : `${target} on network ${networkId} is outside the grant's scope`;
  }

  /** Why a metadata update is outside the scope, or `undefined` when it is in scope. */
  metadata(update: MetadataUpdate): string | undefined {
    if (!this.#limited) return undefined;
    const { network_id: networkId, channel } = update;
    if (typeof networkId !== "number") {
      return "metadata without a network_id is outside a scope limited to places";
    }
    if (typeof channel === "string") {
      return this.channel(networkId, channel)
        ? undefined
        : `${channel} on network ${networkId} is outside the grant's scope`;
    }
    return this.network(networkId)
      ? undefined
      : `network ${networkId} is outside the grant's scope`;
  }

  #at(networkId: number, channel: string, isPrivate: boolean): boolean {
    if (isPrivate) return this.#privateMessages && this.network(networkId);
    return this.channel(networkId, channel);
  }
}

function isLimited(scope: GrantScope | undefined): boolean {
  return scope?.networks !== undefined || scope?.channels !== undefined;
}

function networkId(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new ScopeError(field, "must be a network id (a positive integer)", value);
  }
  return value;
}

function flagNumber(text: string): number | string {
  return /^\d{1,15}$/.test(text) ? Number(text) : text;
}

function channelName(value: unknown, field: string): string {
  if (typeof value !== "string" || !CHANNEL.test(value)) {
    throw new ScopeError(
      field,
      "must be a channel name: #, &, + or ! then no space, comma, colon or control character",
      value,
    );
  }
  return value;
}
