/**
 * Capability calls from plugins (`irc.send`, `metadata.set`, `storage.*`): each is checked
 * against the grant and its scope of places, audited when it matters, counted in the activity
 * ledger (what it sent and where, what it stored and set, what was refused), run, and
 * answered with a `result` message.
 *
 * @module
 */
import { type MetadataCoalescer, metadataKey } from "../bus/mod.ts";
import { CapabilityDeniedError } from "./errors.ts";
import type { ActivityLedger } from "./_activity.ts";
import { checkCall } from "./_call_check.ts";
import type { CallOp, WireError } from "./_protocol.ts";
import type { RunningPlugin } from "./_running_plugin.ts";
import type { PluginStore } from "./_store.ts";
import type { IrcSender } from "./types.ts";

/** What capability calls reach. */
export interface CallContext {
  /** Plugin storage and the audit log. */
  store: PluginStore;
  /** Where `irc.send` goes; without it, sends fail with an error. */
  irc?: IrcSender;
  /** Where `metadata.set` goes. */
  metadata: MetadataCoalescer;
  /** The activity ledger the calls are counted in. */
  activity: ActivityLedger;
}

const encoder = new TextEncoder();

/** Runs a plugin's call and posts its `result`, a value or an error, to the plugin. */
export function answerCall(
  slot: RunningPlugin,
  call: { id: number; op: CallOp; args: unknown[] },
  context: CallContext,
): void {
  runCall(slot, call.op, call.args, context).then(
    (value) => slot.endpoint?.post({ kind: "result", id: call.id, ok: true, value }),
    (error) =>
      slot.endpoint?.post({
        kind: "result",
        id: call.id,
        ok: false,
        error: wireOf(error),
      }),
  );
}

async function runCall(
  slot: RunningPlugin,
  op: CallOp,
  args: unknown[],
  { store, irc, metadata, activity }: CallContext,
): Promise<unknown> {
  const deny = (capability: string, attempt: string, outOfScope?: string): never => {
    store.audit(slot.name, attempt, "denied", outOfScope ?? `${capability} not granted`);
    // The attempt is the call and where it went: `irc.send 2 #elsewhere`, `storage.set`.
    const space = attempt.indexOf(" ");
    activity.recordCall(slot.name, {
      kind: space < 0 ? attempt : attempt.slice(0, space),
      value: space < 0 ? "*" : attempt.slice(space + 1),
      allowed: false,
    });
    throw new CapabilityDeniedError(capability, slot.name, outOfScope);
  };
  const call = checkCall(slot.grant, op, args, deny);
  switch (call.op) {
    case "irc.send": {
      if (!irc) throw new Error(`Cannot send: the host has no IRC connection`);
      store.audit(slot.name, call.attempt, "allowed");
      activity.recordCall(slot.name, {
        kind: "irc.send",
        value: `${call.networkId} ${call.target}`,
        allowed: true,
        bytes: encoder.encode(call.text).length,
      });
      await irc.send(call.networkId, call.target, call.text);
      return undefined;
    }
    case "metadata.set": {
      for (const update of call.updates) {
        activity.recordCall(slot.name, {
          kind: "metadata.set",
          value: `${update.type} ${update.key}`,
          allowed: true,
          bytes: encoder.encode(JSON.stringify(update.value) ?? "").length,
        });
        metadata.set(update);
        slot.metadataKeys.set(metadataKey(update), update);
      }
      return undefined;
    }
    case "storage.get":
      return store.storageGet(slot.name, call.key);
    case "storage.delete": {
      activity.recordCall(slot.name, { kind: "storage.delete", value: call.key, allowed: true });
      const deleted = store.storageDelete(slot.name, call.key);
      slot.endpoint?.storageChanged?.();
      return deleted;
    }
    case "storage.list":
      return store.storageList(slot.name, call.key);
    case "storage.set":
      store.storageSet(slot.name, call.key, call.json);
      activity.recordCall(slot.name, {
        kind: "storage.set",
        value: call.key,
        allowed: true,
        bytes: encoder.encode(call.json).length,
      });
      // Storage counts against its disk quota: a write is counted at once, as a file's is.
      slot.endpoint?.storageChanged?.();
      return undefined;
  }
}

function wireOf(error: unknown): WireError {
  if (error instanceof CapabilityDeniedError) {
    return { name: error.name, message: error.message, capability: error.capability };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}
