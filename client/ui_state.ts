import type { AnyBusEvent, EventBus } from "../bus/mod.ts";
import type { MetadataEntry, RosterEntry, UiEvent } from "./web/protocol.js";
import { bareNick, renamedMember } from "./web/protocol.js";

/** Bus events the page never needs as such (they arrive coalesced, or come from it). */
const NOT_FORWARDED = new Set([
  "user.meta",
  "metadata.updated",
  "ui.pane.focused",
  "ui.pane.blurred",
]);

interface ChannelView {
  name: string;
  topic: string;
  members: Map<string, string>; // folded nick -> nick with its mode prefix
}

/** One batch for the page: the events of one frame, roster snapshots and metadata updates. */
export interface UiBatch {
  /** Bus events in order. */
  events: UiEvent[];
  /** The newest `user.meta` snapshot per user. */
  roster: RosterEntry[];
  /** The newest `metadata.updated` entry per key. */
  updates: MetadataEntry[];
}

/**
 * The UI's view of the bus: channels with members and topics per network, the roster and
 * plugin metadata (for a page that opens late), and the batch of what changed since the
 * last frame. `user.meta` is coalesced per user and `metadata.updated` per key, so a
 * 5,000-user NAMES flood reaches the page as one batch per frame.
 *
 * @example
 * ```ts
 * import { EventBus, createEvent } from "../bus/mod.ts";
 * import { UiState } from "./ui_state.ts";
 * const bus = new EventBus();
 * const batches: number[] = [];
 * const state = new UiState({ bus, onBatch: (batch) => batches.push(batch.events.length) });
 * await bus.emitSync(createEvent("user.joined",
 *   { networkId: 1, user: "me", nickname: "me", channel: "#a" }, "irc"));
 * state.flush();
 * console.log(batches); // [1]
 * state.close();
 * await bus.close();
 * ```
 */
export class UiState implements Disposable {
  #channels = new Map<number, Map<string, ChannelView>>();
  #roster = new Map<string, RosterEntry>();
  #metadata = new Map<string, MetadataEntry>();
  #pendingEvents: UiEvent[] = [];
  #pendingRoster = new Map<string, RosterEntry>();
  #pendingUpdates = new Map<string, MetadataEntry>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #interval: number;
  #onBatch: (batch: UiBatch) => void;
  #unsubscribe: () => void;

  /** Subscribes to every bus event; `onBatch` gets at most one batch per `interval` ms. */
  constructor(
    options: { bus: EventBus; onBatch: (batch: UiBatch) => void; interval?: number },
  ) {
    this.#interval = options.interval ?? 16;
    this.#onBatch = options.onBatch;
    this.#unsubscribe = options.bus.subscribe("*", (event) => this.#take(event));
  }

  /** Channels with topic and members, per network. */
  channels(networkId: number): { name: string; topic: string; members: string[] }[] {
    return [...(this.#channels.get(networkId)?.values() ?? [])].map((c) => ({
      name: c.name,
      topic: c.topic,
      members: [...c.members.values()],
    }));
  }

  /** Every user's newest roster snapshot. */
  roster(): RosterEntry[] {
    return [...this.#roster.values()];
  }

  /** Every live metadata entry. */
  metadata(): MetadataEntry[] {
    return [...this.#metadata.values()];
  }

  /** Forgets a network's channels (after it was removed or disconnected). */
  forget(networkId: number): void {
    this.#channels.delete(networkId);
  }

  /** Sends what is pending now, as one batch. */
  flush(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (
      this.#pendingEvents.length === 0 && this.#pendingRoster.size === 0 &&
      this.#pendingUpdates.size === 0
    ) return;
    const batch: UiBatch = {
      events: this.#pendingEvents,
      roster: [...this.#pendingRoster.values()],
      updates: [...this.#pendingUpdates.values()],
    };
    this.#pendingEvents = [];
    this.#pendingRoster.clear();
    this.#pendingUpdates.clear();
    this.#onBatch(batch);
  }

  /** Unsubscribes and sends what is pending. */
  close(): void {
    this.#unsubscribe();
    this.flush();
  }

  /** Same as {@linkcode UiState.close}. */
  [Symbol.dispose](): void {
    this.close();
  }

  #take(event: AnyBusEvent): void {
    this.#track(event);
    if (event.type === "user.meta") {
      const data = event.data as RosterEntry;
      const key = `${data.networkId} ${data.nickname.toLowerCase()}`;
      this.#roster.set(key, data);
      this.#pendingRoster.set(key, data);
    } else if (event.type === "metadata.updated") {
      const data = event.data as MetadataEntry | { updates: MetadataEntry[] };
      for (const update of "updates" in data ? data.updates : [data]) {
        const key = `${update.type} ${update.network_id ?? ""} ${
          update.channel ?? ""
        } ${update.key}`;
        if (update.value === null) this.#metadata.delete(key);
        else this.#metadata.set(key, update);
        this.#pendingUpdates.set(key, update);
      }
    } else if (!NOT_FORWARDED.has(event.type)) {
      this.#pendingEvents.push({
        type: event.type,
        data: event.data as unknown as Record<string, unknown>,
        time: event.timestamp.getTime(),
        source: event.source,
      });
    } else return;
    this.#timer ??= setTimeout(() => this.flush(), this.#interval);
  }

  #network(networkId: number): Map<string, ChannelView> {
    let channels = this.#channels.get(networkId);
    if (!channels) this.#channels.set(networkId, channels = new Map());
    return channels;
  }

  #channel(networkId: number, name: string): ChannelView {
    const channels = this.#network(networkId);
    const key = name.toLowerCase();
    let channel = channels.get(key);
    if (!channel) channels.set(key, channel = { name, topic: "", members: new Map() });
    return channel;
  }

  #track(event: AnyBusEvent): void {
    switch (event.type) {
      case "channels.changed": {
        const { networkId, channels } = event.data as { networkId: number; channels: string[] };
        const keep = new Set(channels.map((c) => c.toLowerCase()));
        const known = this.#network(networkId);
        for (const key of known.keys()) if (!keep.has(key)) known.delete(key);
        for (const name of channels) this.#channel(networkId, name);
        return;
      }
      case "channel.names.complete": {
        const { networkId, channel, users } = event.data as {
          networkId: number;
          channel: string;
          users: string[];
        };
        const view = this.#channel(networkId, channel);
        view.members = new Map(users.map((u) => [bareNick(u).toLowerCase(), u]));
        return;
      }
      case "user.joined": {
        const d = event.data as { networkId: number; nickname: string; channel: string };
        this.#channel(d.networkId, d.channel).members.set(d.nickname.toLowerCase(), d.nickname);
        return;
      }
      case "user.parted":
      case "user.kicked": {
        const d = event.data as { networkId: number; nickname: string; channel: string };
        this.#network(d.networkId).get(d.channel.toLowerCase())?.members.delete(
          d.nickname.toLowerCase(),
        );
        return;
      }
      case "user.quit": {
        const d = event.data as { networkId: number; nickname: string };
        // A user who left the network has no roster line any more.
        this.#roster.delete(`${d.networkId} ${d.nickname.toLowerCase()}`);
        for (const c of this.#network(d.networkId).values()) {
          c.members.delete(d.nickname.toLowerCase());
        }
        return;
      }
      case "user.nick": {
        const d = event.data as { networkId: number; old_nickname: string; nickname: string };
        for (const c of this.#network(d.networkId).values()) {
          const old = c.members.get(d.old_nickname.toLowerCase());
          if (old === undefined) continue;
          c.members.delete(d.old_nickname.toLowerCase());
          c.members.set(d.nickname.toLowerCase(), renamedMember(old, d.nickname));
        }
        return;
      }
      case "channel.topic": {
        const d = event.data as { networkId: number; channel: string; topic: string };
        this.#channel(d.networkId, d.channel).topic = d.topic;
        return;
      }
    }
  }
}
