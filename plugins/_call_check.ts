/**
 * The one check of a plugin's capability call, shared by the host and the SDK's
 * `replayEvents`, so a plugin tested offline meets the rules it meets in the client: the
 * arguments are validated (a `TypeError` says which is wrong) and the call is decided against
 * the grant's capabilities and scope of places.
 *
 * @module
 */
import type { MetadataUpdate } from "../bus/mod.ts";
import { allowsIrcSend } from "./grant.ts";
import { type GrantScope, ScopeCheck } from "./scope.ts";
import type { CallOp } from "./_protocol.ts";

/** Longest text one `irc.send` may carry. */
const MAX_SEND = 4096;
/** Most metadata updates in one call. */
const MAX_UPDATES = 1000;
/** Longest storage key. */
const MAX_KEY = 512;
/** Largest stored value, as JSON text. */
const MAX_VALUE = 1024 * 1024;

/** A call that passed its check, with its arguments narrowed. */
export type CheckedCall =
  | { op: "irc.send"; attempt: string; networkId: number; target: string; text: string }
  | { op: "metadata.set"; updates: MetadataUpdate[] }
  | { op: "storage.get" | "storage.delete" | "storage.list"; key: string }
  | { op: "storage.set"; key: string; json: string };

/** Refuses a call: audits it and throws. `outOfScope` is set when the place was the reason. */
export type Deny = (capability: string, attempt: string, outOfScope?: string) => never;

/**
 * Validates `args` of `op` and decides the call against `grant`, calling `deny` (which
 * throws) for a capability or place the grant does not cover.
 */
export function checkCall(
  grant: { capabilities: string[]; scope?: GrantScope },
  op: CallOp,
  args: unknown[],
  deny: Deny,
): CheckedCall {
  const capabilities = grant.capabilities;
  switch (op) {
    case "irc.send": {
      const [networkId, target, text] = args;
      if (
        typeof networkId !== "number" || !Number.isSafeInteger(networkId) ||
        typeof target !== "string" || target === ""
      ) {
        throw new TypeError(
          `Cannot send: networkId must be an integer and target a non-empty string, got ${
            JSON.stringify([networkId, target])
          }`,
        );
      }
      if (typeof text !== "string" || /[\r\n\0]/.test(text) || text.length > MAX_SEND) {
        throw new TypeError(
          `Cannot send: text must be one line of at most ${MAX_SEND} characters, got ${
            JSON.stringify(String(text).slice(0, 40))
          }`,
        );
      }
      const attempt = `irc.send ${networkId} ${target}`;
      if (!allowsIrcSend(capabilities, networkId, target)) deny("irc.send", attempt);
      const outOfScope = new ScopeCheck(grant.scope).send(networkId, target);
      if (outOfScope !== undefined) deny("irc.send", attempt, outOfScope);
      return { op, attempt, networkId, target, text };
    }
    case "metadata.set": {
      const [updates] = args;
      if (!Array.isArray(updates) || updates.length > MAX_UPDATES) {
        throw new TypeError(`Cannot set metadata: expected at most ${MAX_UPDATES} updates`);
      }
      const scope = new ScopeCheck(grant.scope);
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
      return { op, updates: updates as MetadataUpdate[] };
    }
    default: {
      if (!capabilities.includes("storage")) deny("storage", op);
      const key = args[0];
      if (typeof key !== "string" || key.length > MAX_KEY) {
        throw new TypeError(
          `Cannot use storage: the key must be a string of at most ${MAX_KEY} characters`,
        );
      }
      if (op !== "storage.set") return { op, key };
      const json = JSON.stringify(args[1]);
      if (json === undefined || json.length > MAX_VALUE) {
        throw new TypeError(`Cannot use storage: the value must be JSON of at most 1 MiB`);
      }
      return { op, key, json };
    }
  }
}
