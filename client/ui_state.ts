import type { AnyBusEvent, BusEvent, EventBus, EventMap, EventType } from "../bus/mod.ts";
import { casefold } from "../core/mod.ts";
import type { MetadataEntry, RosterEntry, UiEvent } from "../core/mod.ts";

/** Bus events the page never needs as such (they arrive coalesced, or come from it). */
const NOT_FORWARDED = new Set([
  "user.meta",
  "metadata.updated",
  "ui.pane.focused",
  "ui.pane.blurred",
]);

/**
 * One batch for the page: the events of one frame, roster snapshots and metadata updates.
 *
 * @example
 * ```ts
 * import type { UiBatch } from "./ui_state.ts";
 * const quiet: UiBatch = { events: [], roster: [], updates: [] };
 * ```
 */
export interface UiBatch {
  /** Bus events in order. */
  events: UiEvent[];
  /** The newest `user.meta` snapshot per user. */
  roster: RosterEntry[];
  /** The newest `metadata.updated` entry per key. */
  updates: MetadataEntry[];
}

/**
 * The UI's view of the bus: the roster and plugin metadata (for a page that opens late), and
 * the batch of what changed since the last frame. Who is in which channel is not kept here:
 * `irc/` is the one roster (`IrcClient.channels()`), and its events name what they touch.
 * `user.meta` is coalesced per user and `metadata.updated` per key, so a 5,000-user NAMES
 * flood reaches the page as one batch per frame.
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
  #roster = new Map<string, RosterEntry>();
  #metadata = new Map<string, MetadataEntry>();
  #motd = new Map<number, EventMap["server.motd"]>();
  #pendingEvents: UiEvent[] = [];
  #pendingRoster = new Map<string, RosterEntry>();
  #pendingUpdates = new Map<string, MetadataEntry>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #interval: number;
  #onBatch: (batch: UiBatch) => void;
  #fold: (networkId: number, name: string) => string;
  #unsubscribe: () => void;

  /** Subscribes to every bus event; `onBatch` gets at most one batch per `interval` ms. */
  constructor(
    options: {
      bus: EventBus;
      onBatch: (batch: UiBatch) => void;
      interval?: number;
      /** Folds a nick by its network's CASEMAPPING (default rfc1459), as irc/ keys users. */
      fold?: (networkId: number, name: string) => string;
    },
  ) {
    this.#interval = options.interval ?? 16;
    this.#fold = options.fold ?? ((_, name) => casefold(name));
    this.#onBatch = options.onBatch;
    this.#unsubscribe = options.bus.subscribe("*", (event) => this.#take(event));
  }

  /** Every user's newest roster snapshot. */
  roster(): RosterEntry[] {
    return [...this.#roster.values()];
  }

  /** Every live metadata entry. */
  metadata(): MetadataEntry[] {
    return [...this.#metadata.values()];
  }

  /** The last message of the day of each network, for a page that opens later. */
  motd(): EventMap["server.motd"][] {
    return [...this.#motd.values()];
  }

  /** Forgets a network's MOTD (after it was removed or disconnected). */
  forget(networkId: number): void {
    this.#motd.delete(networkId);
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
    if (event.type === "user.meta") {
      const key = `${event.data.networkId} ${
        this.#fold(event.data.networkId, event.data.nickname)
      }`;
      this.#roster.set(key, event.data);
      this.#pendingRoster.set(key, event.data);
    } else if (event.type === "metadata.updated") {
      const data = event.data;
      for (const update of "updates" in data ? data.updates : [data]) {
        const key = `${update.type} ${update.network_id ?? ""} ${
          update.channel ?? ""
        } ${update.key}`;
        if (update.value === null) this.#metadata.delete(key);
        else this.#metadata.set(key, update);
        this.#pendingUpdates.set(key, update);
      }
    } else if (!NOT_FORWARDED.has(event.type)) {
      if (event.type === "server.motd") this.#motd.set(event.data.networkId, event.data);
      if (event.type === "user.quit") {
        // A user who left the network has no roster line any more.
        const { networkId, nickname } = event.data;
        this.#roster.delete(`${networkId} ${this.#fold(networkId, nickname)}`);
      }
      this.#pendingEvents.push(uiEvent(event));
    } else return;
    this.#timer ??= setTimeout(() => this.flush(), this.#interval);
  }
}

/** A bus event as the page receives it, typed from the event map. */
function uiEvent<T extends EventType>(event: BusEvent<T>): UiEvent<T> {
  return {
    type: event.type,
    data: event.data,
    time: event.timestamp.getTime(),
    source: event.source,
  };
}
