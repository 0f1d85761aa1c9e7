/**
 * A slot: everything the host holds about one loaded plugin, from its endpoint and mailbox
 * to its crash history. The host and its private helpers share it by reference.
 *
 * @module
 */
import type { MetadataUpdate } from "../bus/events.ts";
import type { PluginGrant } from "./grant.ts";
import type { PluginState } from "./host.ts";
import type { IsolationMode } from "./manifest.ts";
import type { PluginEndpoint } from "./_endpoint.ts";
import type { FloodMeter } from "./_flood.ts";
import { type Holder, Mailbox } from "./_mailbox.ts";
import type { StoredPlugin } from "./_store.ts";

/** A pending `setTimeout`. */
export type Timer = ReturnType<typeof setTimeout>;

/** One loaded plugin's state. */
export interface Slot {
  name: string;
  stored: StoredPlugin;
  grant: PluginGrant;
  mode: IsolationMode;
  state: PluginState;
  generation: number;
  endpoint?: PluginEndpoint;
  mailbox: Mailbox;
  metaIndex: Map<string, Holder>;
  dropped: number;
  inFlight: { seq: number; sentAt: number }[];
  seq: number;
  flushQueued: boolean;
  watchdog?: Timer;
  restartTimer?: Timer;
  crashTimes: number[];
  metadataKeys: Map<string, MetadataUpdate>;
  commandWaiters: Map<number, { resolve(): void; reject(error: Error): void }>;
  ready?: { resolve(commands: string[]): void; reject(error: Error): void };
  teardownDone?: () => void;
  flood: FloodMeter;
  watcher?: Deno.FsWatcher;
}

/** A stopped slot with an empty mailbox. */
export function createSlot(
  init: Pick<Slot, "stored" | "grant" | "mode" | "crashTimes" | "flood">,
): Slot {
  return {
    name: init.stored.name,
    stored: init.stored,
    grant: init.grant,
    mode: init.mode,
    state: "stopped",
    generation: 0,
    mailbox: new Mailbox(),
    metaIndex: new Map(),
    dropped: 0,
    inFlight: [],
    seq: 0,
    flushQueued: false,
    crashTimes: init.crashTimes,
    flood: init.flood,
    metadataKeys: new Map(),
    commandWaiters: new Map(),
  };
}
