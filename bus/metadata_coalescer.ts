import { debounce } from "./debounce.ts";
import type { EventBus } from "./event_bus.ts";
import {
  createEvent,
  EventSourceSystem,
  type MetadataUpdate,
  type MetadataUpdatedData,
} from "./events.ts";

/**
 * Options of {@linkcode createMetadataCoalescer}.
 *
 * @example
 * ```ts
 * import type { MetadataCoalescerOptions } from "./metadata_coalescer.ts";
 * const options: MetadataCoalescerOptions = { wait: 10, maxWait: 100 };
 * ```
 */
export interface MetadataCoalescerOptions {
  /** Publish this many ms after the last write. Default 10. */
  wait?: number;
  /** Never publish later than this many ms after the first pending write. Default 100. */
  maxWait?: number;
}

/**
 * Collects `metadata.updated` writes and publishes them in coalesced bursts.
 *
 * @example
 * ```ts
 * import { createMetadataCoalescer, EventBus } from "../mod.ts";
 * const bus = new EventBus();
 * const metadata = createMetadataCoalescer(bus);
 * metadata.set({ type: "nickname_color", key: "alice", value: "#f80" });
 * await metadata.close();
 * await bus.close();
 * ```
 */
export interface MetadataCoalescer {
  /** Records an update; a later one with the same network, channel, type and key wins. */
  set(update: MetadataUpdate): void;
  /** Publishes what is pending now; resolves once the event is accepted by the bus. */
  flush(): Promise<void>;
  /** Publishes what is pending, then refuses further writes. Idempotent. */
  close(): Promise<void>;
  /** How many distinct updates are waiting. */
  readonly pending: number;
}

/**
 * Creates a trailing-edge coalescer for `metadata.updated`, keyed by
 * (network_id, channel, type, key).
 *
 * It publishes `wait` ms after the last write, and at most `maxWait` ms after the first
 * pending one. One pending update is published flat as the event's data; several become
 * `{ updates: [...] }` in first-write order. Events go on the ordered lane with source
 * `system`.
 *
 * @example Three writes, two keys: one event carrying two updates
 * ```ts
 * import { createMetadataCoalescer, EventBus } from "../mod.ts";
 * const bus = new EventBus();
 * bus.subscribe("metadata.updated", (event) => console.log(event.data));
 * const metadata = createMetadataCoalescer(bus, { wait: 10, maxWait: 100 });
 * metadata.set({ type: "nickname_color", key: "alice", value: "#f80", network_id: 1 });
 * metadata.set({ type: "nickname_color", key: "bob", value: "#08f", network_id: 1 });
 * metadata.set({ type: "nickname_color", key: "alice", value: "#0f0", network_id: 1 });
 * await metadata.flush(); // { updates: [alice #0f0, bob #08f] }
 * await metadata.close();
 * await bus.close();
 * ```
 */
export function createMetadataCoalescer(
  bus: EventBus,
  options: MetadataCoalescerOptions = {},
): MetadataCoalescer {
  const pending = new Map<string, MetadataUpdate>();
  let closed = false;

  const publish = (): Promise<void> => {
    schedule.clear();
    if (pending.size === 0) return Promise.resolve();
    const updates = [...pending.values()];
    pending.clear();
    const data: MetadataUpdatedData = updates.length === 1 ? updates[0] : { updates };
    return bus.emit(createEvent("metadata.updated", data, EventSourceSystem));
  };
  const schedule = debounce(
    () => {
      publish().catch((error) => {
        console.error("Cannot publish metadata.updated: the bus refused it", error);
      });
    },
    options.wait ?? 10,
    { maxWait: options.maxWait ?? 100 },
  );

  return {
    set(update: MetadataUpdate): void {
      if (closed) throw new Error(`Cannot set metadata: the coalescer is closed`);
      const clean = validUpdate(update);
      pending.set(metadataKey(clean), clean);
      schedule();
    },
    flush: publish,
    close(): Promise<void> {
      closed = true;
      return publish();
    },
    get pending(): number {
      return pending.size;
    },
  };
}

/**
 * The identity of a metadata entry: network, channel, type and key. A later update with the
 * same identity replaces an earlier one.
 *
 * @example
 * ```ts
 * import { metadataKey } from "./metadata_coalescer.ts";
 * const key = metadataKey({ type: "nickname_color", key: "alice", value: "#f00", network_id: 1 });
 * console.log(key); // [1,null,"nickname_color","alice"]
 * ```
 */
export function metadataKey(update: MetadataUpdate): string {
  return JSON.stringify([
    update.network_id ?? null,
    update.channel ?? null,
    update.type,
    update.key,
  ]);
}

/** Checks an update at the edge and copies only its known fields. */
function validUpdate(update: unknown): MetadataUpdate {
  if (typeof update !== "object" || update === null) {
    throw new TypeError(`Cannot set metadata: the update must be an object, got ${update}`);
  }
  const { type, key, value, network_id, channel } = update as Record<string, unknown>;
  if (typeof type !== "string" || type === "") {
    throw new TypeError(
      `Cannot set metadata: type must be a non-empty string, got ${JSON.stringify(type)}`,
    );
  }
  if (typeof key !== "string" || key === "") {
    throw new TypeError(
      `Cannot set metadata: key must be a non-empty string, got ${JSON.stringify(key)}`,
    );
  }
  if (network_id !== undefined && !(Number.isSafeInteger(network_id) && Number(network_id) > 0)) {
    throw new TypeError(
      `Cannot set metadata: network_id must be a positive integer, got ${String(network_id)}`,
    );
  }
  if (channel !== undefined && typeof channel !== "string") {
    throw new TypeError(
      `Cannot set metadata: channel must be a string, got ${JSON.stringify(channel)}`,
    );
  }
  const clean: MetadataUpdate = { type, key, value };
  if (network_id !== undefined) clean.network_id = network_id as number;
  if (channel !== undefined) clean.channel = channel;
  return clean;
}
