/**
 * Capability calls from plugins (`irc.send`, `metadata.set`, `storage.*`): each is checked
 * against the grant and its scope of places, audited when it matters, run, and answered with
 * a `result` message.
 *
 * @module
 */
import type { MetadataUpdate } from "../bus/events.ts";
import { type MetadataCoalescer, metadataKey } from "../bus/metadata_coalescer.ts";
import { CapabilityDeniedError } from "./errors.ts";
import { allowsIrcSend } from "./grant.ts";
import { ScopeCheck } from "./scope.ts";
import type { IrcSender } from "./host.ts";
import type { CallOp, WireError } from "./_protocol.ts";
import type { RunningPlugin } from "./_running_plugin.ts";
import type { PluginStore } from "./_store.ts";

/** What capability calls reach. */
export interface CallContext {
  /** Plugin storage and the audit log. */
  store: PluginStore;
  /** Where `irc.send` goes; without it, sends fail with an error. */
  irc?: IrcSender;
  /** Where `metadata.set` goes. */
  metadata: MetadataCoalescer;
}

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
  { store, irc, metadata }: CallContext,
): Promise<unknown> {
  const deny = (capability: string, attempt: string, outOfScope?: string): never => {
    store.audit(slot.name, attempt, "denied", outOfScope ?? `${capability} not granted`);
    throw new CapabilityDeniedError(capability, slot.name, outOfScope);
  };
  const capabilities = slot.grant.capabilities;
  switch (op) {
    case "irc.send": {
      const [networkId, target, text] = args;
      if (!Number.isSafeInteger(networkId) || typeof target !== "string" || target === "") {
        throw new TypeError(
          `Cannot send: networkId must be an integer and target a non-empty string, got ${
            JSON.stringify([networkId, target])
          }`,
        );
      }
      if (typeof text !== "string" || /[\r\n\0]/.test(text) || text.length > 4096) {
        throw new TypeError(
          `Cannot send: text must be one line of at most 4096 characters, got ${
            JSON.stringify(String(text).slice(0, 40))
          }`,
        );
      }
      const attempt = `irc.send ${networkId} ${target}`;
      if (!allowsIrcSend(capabilities, networkId as number, target)) deny("irc.send", attempt);
      const outOfScope = new ScopeCheck(slot.grant.scope).send(networkId as number, target);
      if (outOfScope !== undefined) deny("irc.send", attempt, outOfScope);
      if (!irc) throw new Error(`Cannot send: the host has no IRC connection`);
      store.audit(slot.name, attempt, "allowed");
      await irc.send(networkId as number, target, text);
      return undefined;
    }
    case "metadata.set": {
      const [updates] = args;
      if (!Array.isArray(updates) || updates.length > 1000) {
        throw new TypeError(`Cannot set metadata: expected at most 1000 updates`);
      }
      const scope = new ScopeCheck(slot.grant.scope);
      for (const update of updates as MetadataUpdate[]) {
        const type = (update as { type?: unknown })?.type;
        if (!capabilities.includes(`metadata:${String(type)}`)) {
          deny(`metadata:${String(type)}`, `metadata.set ${String(type)}`);
        }
        const outOfScope = scope.metadata(update);
        if (outOfScope !== undefined) {
          deny(`metadata:${String(type)}`, `metadata.set ${String(type)}`, outOfScope);
        }
      }
      for (const update of updates as MetadataUpdate[]) {
        metadata.set(update);
        slot.metadataKeys.set(metadataKey(update), update);
      }
      return undefined;
    }
    default: {
      if (!capabilities.includes("storage")) deny("storage", op);
      const key = args[0];
      if (typeof key !== "string" || key.length > 512) {
        throw new TypeError(
          `Cannot use storage: the key must be a string of at most 512 characters`,
        );
      }
      if (op === "storage.get") return store.storageGet(slot.name, key);
      if (op === "storage.delete") return store.storageDelete(slot.name, key);
      if (op === "storage.list") return store.storageList(slot.name, key);
      const text = JSON.stringify(args[1]);
      if (text === undefined || text.length > 1024 * 1024) {
        throw new TypeError(`Cannot use storage: the value must be JSON of at most 1 MiB`);
      }
      store.storageSet(slot.name, key, text);
      return undefined;
    }
  }
}

function wireOf(error: unknown): WireError {
  if (error instanceof CapabilityDeniedError) {
    return { name: error.name, message: error.message, capability: error.capability };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}
