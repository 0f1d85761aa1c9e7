/**
 * One permission of a grant on its own, as the consent text names it (`event:message.received`,
 * `capability:irc.send:1:#deno`, `read:notes`, `net:api.example.org`): what the page lists
 * with a Revoke button, and what a single revoke or re-consent takes away or gives back.
 * The names are `missingConsent()`'s, so a revoked permission the manifest still asks
 * for shows up there, awaiting re-consent, under the same name.
 *
 * @module
 */
import type { PluginGrant } from "./grant.ts";
import type { PluginManifest, PluginPermissions } from "./manifest.ts";

const PERMISSION_KINDS = ["net", "read", "write", "env"] as const;
type PermissionKind = typeof PERMISSION_KINDS[number];

/** A grant item, split into its kind and value. */
export type GrantItem =
  | { kind: "event" | "capability"; value: string }
  | { kind: PermissionKind; value: string };

/** Longest grant item accepted, in characters. */
const MAX_ITEM = 600;

/**
 * Reads a grant item's text; a `RangeError` names what is wrong with it.
 *
 * @example
 * ```ts ignore
 * parseGrantItem("net:api.example.org:443"); // { kind: "net", value: "api.example.org:443" }
 * ```
 */
export function parseGrantItem(text: string): GrantItem {
  const colon = text.indexOf(":");
  const kind = colon < 0 ? "" : text.slice(0, colon);
  const value = text.slice(colon + 1);
  if (colon < 0 || value === "" || text.length > MAX_ITEM) {
    throw new RangeError(
      `Cannot read the permission: expected kind:value (event, capability, net, read, write or env), got ${
        JSON.stringify(text.slice(0, 80))
      }`,
    );
  }
  // An event type's spelling is checked against the manifest it is given back from.
  if (kind === "event" || kind === "capability") return { kind, value };
  const permission = PERMISSION_KINDS.find((k) => k === kind);
  if (!permission) {
    throw new RangeError(
      `Cannot read the permission: its kind must be event, capability, net, read, write or env, got ${
        JSON.stringify(kind.slice(0, 40))
      }`,
    );
  }
  return { kind: permission, value };
}

/** Each item of a grant on its own, events first, then capabilities, then permissions. */
export function grantItems(grant: PluginGrant): string[] {
  return [
    ...grant.events.map((type) => `event:${type}`),
    ...grant.capabilities.map((capability) => `capability:${capability}`),
    ...PERMISSION_KINDS.flatMap((kind) =>
      (grant.permissions[kind] ?? []).map((v) => `${kind}:${v}`)
    ),
  ];
}

/** `grant` without `item`; the rest of it (scope, disk quota) unchanged. */
export function withoutItem(grant: PluginGrant, item: GrantItem): PluginGrant {
  switch (item.kind) {
    case "event":
      return { ...grant, events: grant.events.filter((type) => type !== item.value) };
    case "capability":
      return { ...grant, capabilities: grant.capabilities.filter((c) => c !== item.value) };
    default: {
      const permissions: PluginPermissions = { ...grant.permissions };
      const left = (permissions[item.kind] ?? []).filter((v) => v !== item.value);
      if (left.length > 0) permissions[item.kind] = left;
      else delete permissions[item.kind];
      return { ...grant, permissions };
    }
  }
}

/** `grant` with `item` added (once); an event only as `manifest` spells it, else unchanged. */
export function withItem(
  grant: PluginGrant,
  item: GrantItem,
  manifest: PluginManifest,
): PluginGrant {
  const stripped = withoutItem(grant, item);
  switch (item.kind) {
    case "event": {
      const type = manifest.events.find((t) => t === item.value);
      return type === undefined ? grant : { ...stripped, events: [...stripped.events, type] };
    }
    case "capability":
      return { ...stripped, capabilities: [...stripped.capabilities, item.value] };
    default:
      return {
        ...stripped,
        permissions: {
          ...stripped.permissions,
          [item.kind]: [...(stripped.permissions[item.kind] ?? []), item.value],
        },
      };
  }
}
