/**
 * Event delivery to plugins: routes each bus event to the mailboxes that want it (within each
 * plugin's grant scope), flushes mailboxes in acknowledged batches, and watches for batches
 * left unacknowledged.
 *
 * @module
 */
import type { AnyBusEvent } from "../bus/mod.ts";
import type { HostMessage } from "./_protocol.ts";
import { eventOf, Holder, Outgoing, ownEvent, type Queued } from "./_mailbox.ts";
import type { RunningPlugin } from "./_running_plugin.ts";
import type { PluginStore } from "./_store.ts";
import { ScopeCheck } from "./scope.ts";

/** Budgets and collaborators of {@linkcode Delivery}. */
export interface DeliveryOptions {
  /** Events waiting per plugin before drops begin. */
  mailboxSize: number;
  /** Most events per postMessage. */
  batchSize: number;
  /** Unacknowledged batches in flight per plugin. */
  maxInFlight: number;
  /** A batch must be acknowledged within this many ms. */
  ackBudgetMs: number;
  /** Where overflows and out-of-order acknowledgements are audited. */
  store: PluginStore;
  /** The clock (ms). */
  now: () => number;
}

/** The routing table from event types to running slots, and each slot's batch flow. */
export class Delivery {
  #options: DeliveryOptions;
  #routes = new Map<string, RunningPlugin[]>();
  #wildcard: RunningPlugin[] = [];
  /** Each routed slot whose grant scope filters something. */
  #scopes = new Map<RunningPlugin, ScopeCheck>();

  constructor(options: DeliveryOptions) {
    this.#options = options;
  }

  /** Starts routing the events a slot's grant allows to it, within the grant's scope. */
  addRoutes(slot: RunningPlugin): void {
    const scope = new ScopeCheck(slot.grant.scope);
    if (!scope.open) this.#scopes.set(slot, scope);
    for (const type of slot.grant.events) {
      if (type === "*") this.#wildcard = [...this.#wildcard, slot];
      else this.#routes.set(type, [...(this.#routes.get(type) ?? []), slot]);
    }
  }

  /** Stops routing events to a slot. */
  removeRoutes(slot: RunningPlugin): void {
    this.#scopes.delete(slot);
    this.#wildcard = this.#wildcard.filter((s) => s !== slot);
    for (const [type, slots] of this.#routes) {
      const kept = slots.filter((s) => s !== slot);
      if (kept.length === 0) this.#routes.delete(type);
      else this.#routes.set(type, kept);
    }
  }

  /** The one bus subscriber: hands each event to the mailboxes that want it; never waits. */
  route(event: AnyBusEvent): void {
    const typed = this.#routes.get(event.type);
    const wildcard = this.#wildcard;
    if (!typed && wildcard.length === 0) return;
    // Serialized once for every plugin, not by each postMessage; and only when first sent, so
    // a burst of emits is not held up by it while plugins wait for their next batch.
    // One serialization for every plugin when several get the event; a plugin's own is
    // serialized with the rest of its batch.
    const item = (typed?.length ?? 0) + wildcard.length > 1 ? new WireItem(event) : event;
    const metaKey = event.type === "user.meta"
      ? `${event.data.networkId}\n${event.data.nickname}`
      : undefined;
    if (typed) { for (const slot of typed) this.#deliver(slot, item, metaKey); }
    for (const slot of wildcard) {
      if (!typed?.includes(slot)) this.#deliver(slot, item, metaKey);
    }
  }

  /**
   * Handles the plugin's acknowledgement of every batch up to `seq`, which must be in flight.
   */
  acknowledge(slot: RunningPlugin, seq: number): void {
    if (!slot.awaitsAck(seq)) {
      this.#options.store.audit(slot.name, `ack ${seq}`, "denied", "out of order");
      return;
    }
    let done = 0;
    while (done < slot.inFlight.length && slot.inFlight[done].seq <= seq) done++;
    slot.inFlight.splice(0, done);
    clearTimeout(slot.watchdog);
    slot.watchdog = undefined;
    this.#armWatchdog(slot);
    this.flush(slot);
  }

  /** Posts batches (then a pending overflow notice) while the in-flight window allows. */
  flush(slot: RunningPlugin): void {
    slot.flushQueued = false;
    const endpoint = slot.endpoint;
    if (slot.state !== "running" || !endpoint) return;
    const { batchSize, maxInFlight, store, now } = this.#options;
    while (slot.inFlight.length < maxInFlight) {
      let message: HostMessage;
      if (slot.mailbox.length > 0) {
        const batch = slot.mailbox.take(batchSize);
        message = { kind: "events", seq: ++slot.seq, events: batchJson(batch) };
        for (let i = 0; i < batch.length; i++) {
          // Sent snapshots no longer coalesce: a later one for the key is a new event.
          const queued = batch[i];
          if (queued instanceof Holder) slot.metaIndex.delete(queued.metaKey);
        }
      } else if (slot.dropped > 0) {
        message = { kind: "overflow", seq: ++slot.seq, dropped: slot.dropped };
        store.audit(slot.name, "mailbox overflow", "info", `${slot.dropped} events dropped`);
        slot.dropped = 0;
      } else break;
      slot.inFlight.push({ seq: message.seq, sentAt: now() });
      endpoint.post(message);
      this.#armWatchdog(slot);
    }
  }

  /** Enqueues what the slot's grant scope lets it see of `event`, if anything. */
  #deliver(slot: RunningPlugin, item: Queued, metaKey: string | undefined): void {
    const scope = this.#scopes.get(slot);
    if (scope) {
      const event = eventOf(item);
      const seen = scope.view(event);
      if (seen === undefined) return;
      // Its own view of the event: no other plugin shares it.
      if (seen !== event) return this.#enqueue(slot, seen, metaKey);
    }
    this.#enqueue(slot, item, metaKey);
  }

  #enqueue(slot: RunningPlugin, item: Queued, metaKey: string | undefined): void {
    if (metaKey !== undefined) {
      const pending = slot.metaIndex.get(metaKey);
      if (pending) {
        pending.item = wrapped(item);
        return;
      }
    }
    if (slot.mailbox.length >= this.#options.mailboxSize) {
      slot.dropped++;
      return;
    }
    if (metaKey === undefined) slot.mailbox.push(item);
    else {
      const holder = new Holder(wrapped(item), metaKey);
      slot.metaIndex.set(metaKey, holder);
      slot.mailbox.push(holder);
    }
    const { batchSize, maxInFlight } = this.#options;
    // A full window is flushed by the next acknowledgement, not by every event meanwhile
    // (not even by a microtask an event that would find it full).
    if (slot.inFlight.length >= maxInFlight) return;
    if (slot.mailbox.length >= batchSize) this.flush(slot);
    else if (!slot.flushQueued) {
      slot.flushQueued = true;
      queueMicrotask(() => this.flush(slot));
    }
  }

  #armWatchdog(slot: RunningPlugin): void {
    if (slot.watchdog !== undefined || slot.inFlight.length === 0) return;
    const { ackBudgetMs: budget, now } = this.#options;
    const waited = now() - slot.inFlight[0].sentAt;
    slot.watchdog = setTimeout(() => {
      slot.watchdog = undefined;
      const oldest = slot.inFlight[0];
      if (!oldest || slot.state !== "running") return;
      if (now() - oldest.sentAt >= budget) {
        slot.crash(`did not acknowledge a batch within ${budget} ms`);
      } else this.#armWatchdog(slot);
    }, Math.max(0, budget - waited));
  }
}

/**
 * A batch's JSON, a `WireBatch` (`_protocol.ts`). When no other plugin shares its events (the usual
 * case for one plugin), the whole batch is serialized in one call; otherwise runs of its own
 * events' data are, each, and shared ones are spliced in as their cached JSON. An event that is
 * not JSON is left out, alone.
 */
export function batchJson(batch: readonly Queued[]): string {
  return columnsJson(batch, baseOf(batch));
}

/** {@linkcode batchJson} with offsets from `base`, or from 0 where `base` would lose precision. */
function columnsJson(batch: readonly Queued[], base: number): string {
  const pairs = new EventPairs();
  const pairIndexes = new Array<number>(batch.length);
  const offsets = new Array<number>(batch.length);
  const data = new Array<unknown>(batch.length);
  for (let i = 0; i < batch.length; i++) {
    const event = ownEvent(batch[i]);
    if (event === undefined) return splicedJson(batch, base);
    const time = event.timestamp.getTime();
    const offset = time - base;
    // Dates thousands of years apart differ by more than a double holds exactly.
    if (base !== 0 && base + offset !== time) return columnsJson(batch, 0);
    pairIndexes[i] = pairs.of(event);
    offsets[i] = offset;
    data[i] = event.data;
  }
  return tryJson([pairs.list, base, pairIndexes, offsets, data]) ?? splicedJson(batch, base);
}

/** The timestamp a batch's offsets count from: its first event's (0 for none, or an invalid one). */
function baseOf(batch: readonly Queued[]): number {
  const first = batch.length > 0 ? eventOf(batch[0]).timestamp.getTime() : 0;
  return Number.isFinite(first) ? first : 0;
}

/**
 * Whether every event's timestamp is `base` plus a whole offset held exactly: always so with
 * a base of 0 (a date's milliseconds are a safe integer).
 */
function exactFrom(batch: readonly Queued[], base: number): boolean {
  for (let i = 0; i < batch.length && base !== 0; i++) {
    const time = eventOf(batch[i]).timestamp.getTime();
    if (base + (time - base) !== time) return false;
  }
  return true;
}

/** A batch's JSON made piece by piece: shared events, or one that is not JSON. */
function splicedJson(batch: readonly Queued[], start: number): string {
  const base = exactFrom(batch, start) ? start : 0;
  const pairs = new EventPairs();
  const pairIndexes: number[] = [];
  const offsets: number[] = [];
  // Each event's data JSON, or a run's, without its brackets: joined by commas once, not made
  // into one more string an event.
  const parts: string[] = [];
  let run: AnyBusEvent[] = [];
  const flush = () => {
    if (run.length > 0) addRun(run, { pairs, base, pairIndexes, offsets, parts });
    run = [];
  };
  for (let i = 0; i < batch.length; i++) {
    const item = batch[i];
    const event = ownEvent(item);
    if (event !== undefined) {
      run.push(event);
      continue;
    }
    flush();
    // Not its own, so wrapped: shared, its JSON made once.
    const json = item instanceof Outgoing ? item.json() : undefined;
    if (json === undefined) continue;
    const shared = eventOf(item);
    pairIndexes.push(pairs.of(shared));
    offsets.push(shared.timestamp.getTime() - base);
    parts.push(json);
  }
  flush();
  return `[${JSON.stringify(pairs.list)},${base},${JSON.stringify(pairIndexes)},${
    JSON.stringify(offsets)
  },[${parts.join(",")}]]`;
}

/** The columns {@linkcode splicedJson} fills. */
interface Columns {
  pairs: EventPairs;
  base: number;
  pairIndexes: number[];
  offsets: number[];
  parts: string[];
}

/**
 * Adds a run of own events: their data's JSON in one call, or, when one of them is not JSON,
 * each alone (leaving that one out).
 */
function addRun(run: readonly AnyBusEvent[], columns: Columns): void {
  const { pairs, base, pairIndexes, offsets, parts } = columns;
  const json = tryJson(run.map((event) => event.data));
  for (let i = 0; i < run.length; i++) {
    const event = run[i];
    if (json === undefined) {
      const one = dataJson(event.type, event.data);
      if (one === undefined) continue;
      parts.push(one);
    }
    pairIndexes.push(pairs.of(event));
    offsets.push(event.timestamp.getTime() - base);
  }
  if (json !== undefined) parts.push(json.slice(1, -1));
}

/** The JSON of `value`, or `undefined` when something in it is not JSON. */
function tryJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * An event's data as it appears in a batch (`undefined` as `null`, as in an array), or
 * `undefined` when it is not JSON (said on the console, naming its `type`).
 */
function dataJson(type: string, data: unknown): string | undefined {
  try {
    return JSON.stringify([data]).slice(1, -1);
  } catch (error) {
    console.error(`Cannot deliver ${type} to plugins: its data is not JSON`, error);
    return undefined;
  }
}

/**
 * The distinct `[type, source]` pairs of a batch, flattened as a `WireBatch` begins,
 * and each one's index. Consecutive events mostly share theirs: the last is checked first.
 */
class EventPairs {
  /** `[type0, source0, type1, source1, …]`. */
  readonly list: string[] = [];
  #byType = new Map<string, Map<string, number>>();
  #lastType: string | undefined;
  #lastSource: string | undefined;
  #last = 0;

  /** The index of `event`'s pair, added if new. */
  of(event: AnyBusEvent): number {
    const { type, source } = event;
    if (type === this.#lastType && source === this.#lastSource) return this.#last;
    let bySource = this.#byType.get(type);
    if (bySource === undefined) {
      bySource = new Map();
      this.#byType.set(type, bySource);
    }
    let index = bySource.get(source);
    if (index === undefined) {
      index = this.list.length / 2;
      this.list.push(type, source);
      bySource.set(source, index);
    }
    this.#lastType = type;
    this.#lastSource = source;
    this.#last = index;
    return index;
  }
}

/** The item a `user.meta` snapshot's {@linkcode Holder} holds. */
function wrapped(item: Queued): Outgoing {
  return item instanceof Outgoing ? item : new WireItem(item, { shared: false });
}

/**
 * An event that several plugins get (or a snapshot's, held), and once first asked for, its data's
 * batch JSON (`null` when it is not JSON).
 */
export class WireItem extends Outgoing {
  readonly event: AnyBusEvent;
  /** Whether other plugins get this same item: its JSON is then made once and kept. */
  readonly #shared: boolean;
  #json: string | null | undefined;

  /** Wraps `event`, shared with other plugins unless `shared` is `false`. */
  constructor(event: AnyBusEvent, options: { shared?: boolean } = {}) {
    super();
    this.event = event;
    this.#shared = options.shared ?? true;
  }

  own(): AnyBusEvent | undefined {
    return this.#shared || this.#json !== undefined ? undefined : this.event;
  }

  json(): string | undefined {
    if (this.#json === undefined) {
      const { type, data } = this.event;
      this.#json = dataJson(type, data) ?? null;
    }
    return this.#json ?? undefined;
  }
}
