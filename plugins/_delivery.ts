/**
 * Event delivery to plugins: routes each bus event to the mailboxes that want it (within each
 * plugin's grant scope), flushes mailboxes in acknowledged batches, and watches for batches
 * left unacknowledged.
 *
 * @module
 */
import type { AnyBusEvent } from "../bus/events.ts";
import type { HostMessage, WireEvent } from "./_protocol.ts";
import type { Holder } from "./_mailbox.ts";
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
    // Serialized once here, not once per plugin by postMessage: cheaper, and shared.
    const json = wireJson(event);
    if (json === undefined) return;
    const metaKey = event.type === "user.meta"
      ? `${event.data.networkId}\n${event.data.nickname}`
      : undefined;
    if (typed) { for (const slot of typed) this.#deliver(slot, event, json, metaKey); }
    for (const slot of wildcard) {
      if (!typed?.includes(slot)) this.#deliver(slot, event, json, metaKey);
    }
  }

  /** Handles the plugin's acknowledgement of batch `seq`, which must be the oldest in flight. */
  acknowledge(slot: RunningPlugin, seq: number): void {
    const oldest = slot.inFlight[0];
    if (!oldest || oldest.seq !== seq) {
      this.#options.store.audit(slot.name, `ack ${seq}`, "denied", "out of order");
      return;
    }
    slot.inFlight.shift();
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
        const parts: string[] = new Array(batch.length);
        for (let i = 0; i < batch.length; i++) {
          const holder = batch[i];
          parts[i] = holder.json;
          // Sent snapshots no longer coalesce: a later one for the key is a new event.
          if (holder.metaKey !== undefined) slot.metaIndex.delete(holder.metaKey);
        }
        message = { kind: "events", seq: ++slot.seq, events: `[${parts.join(",")}]` };
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
  #deliver(
    slot: RunningPlugin,
    event: AnyBusEvent,
    json: string,
    metaKey: string | undefined,
  ): void {
    const scope = this.#scopes.get(slot);
    if (scope) {
      const seen = scope.view(event);
      if (seen === undefined) return;
      if (seen !== event) {
        const narrowed = wireJson(seen);
        if (narrowed !== undefined) this.#enqueue(slot, narrowed, metaKey);
        return;
      }
    }
    this.#enqueue(slot, json, metaKey);
  }

  #enqueue(slot: RunningPlugin, json: string, metaKey: string | undefined): void {
    if (metaKey !== undefined) {
      const pending = slot.metaIndex.get(metaKey);
      if (pending) {
        pending.json = json;
        return;
      }
    }
    if (slot.mailbox.length >= this.#options.mailboxSize) {
      slot.dropped++;
      return;
    }
    const holder: Holder = { json, metaKey };
    if (metaKey !== undefined) slot.metaIndex.set(metaKey, holder);
    slot.mailbox.push(holder);
    const { batchSize, maxInFlight } = this.#options;
    // A full window is flushed by the next acknowledgement, not by every event meanwhile.
    if (slot.mailbox.length >= batchSize) {
      if (slot.inFlight.length < maxInFlight) this.flush(slot);
    } else if (!slot.flushQueued) {
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

function wireJson(event: AnyBusEvent): string | undefined {
  const wire: WireEvent = {
    type: event.type,
    data: event.data,
    timestamp: event.timestamp.getTime(),
    source: event.source,
  };
  try {
    return JSON.stringify(wire);
  } catch (error) {
    console.error(`Cannot deliver ${event.type} to plugins: its data is not JSON`, error);
    return undefined;
  }
}
