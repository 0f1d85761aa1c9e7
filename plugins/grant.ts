import type { EventType } from "../bus/mod.ts";
import type { PluginManifest, PluginPermissions } from "./manifest.ts";
import type { GrantScope } from "./scope.ts";

/**
 * What the user consented to: a subset of what a manifest requests.
 *
 * @example
 * ```ts
 * import type { PluginGrant } from "./grant.ts";
 * const grant: PluginGrant = {
 *   events: ["message.received"],
 *   permissions: {},
 *   capabilities: ["irc.send:1"],
 * };
 * ```
 */
export interface PluginGrant {
  /** Event types the plugin may receive. */
  events: (EventType | "*")[];
  /** Deno permissions granted, as allow-lists. */
  permissions: PluginPermissions;
  /** Host capabilities granted. */
  capabilities: string[];
  /**
   * Where events and actions are limited to; absent, every network and channel, and no
   * private messages.
   */
  scope?: GrantScope;
  /**
   * Its disk quota in MiB (data dir, `DENO_DIR` and storage together), if the user set one
   * at consent; absent, the host's default (64 MiB).
   */
  diskQuotaMb?: number;
}

/**
 * The grant that accepts everything a manifest requests (what `--yes` consents to).
 *
 * @example
 * ```ts
 * import { grantAll, parseManifest } from "./mod.ts";
 * const manifest = parseManifest({
 *   name: "a", version: "1.0.0", description: "d", entry: "mod.ts",
 *   events: ["user.joined"], permissions: {}, capabilities: [], reasons: {},
 * });
 * console.log(grantAll(manifest).events); // ["user.joined"]
 * ```
 */
export function grantAll(manifest: PluginManifest): PluginGrant {
  return structuredClone({
    events: manifest.events,
    permissions: manifest.permissions,
    capabilities: manifest.capabilities,
  });
}

/**
 * Lists what a manifest requests that a grant does not cover, as readable strings
 * (`capability:irc.send`, `net:api.example.org`, `event:*`). Empty means no new consent is
 * needed.
 *
 * @example
 * ```ts
 * import { missingConsent, parseManifest } from "./mod.ts";
 * const manifest = parseManifest({
 *   name: "a", version: "2.0.0", description: "d", entry: "mod.ts", events: [],
 *   permissions: {}, capabilities: ["storage"], reasons: { storage: "Remembers things" },
 * });
 * console.log(missingConsent(manifest, { events: [], permissions: {}, capabilities: [] }));
 * // ["capability:storage"]
 * ```
 */
export function missingConsent(manifest: PluginManifest, grant: PluginGrant): string[] {
  const missing: string[] = [];
  for (const type of manifest.events) {
    if (!grant.events.includes(type)) missing.push(`event:${type}`);
  }
  for (const capability of manifest.capabilities) {
    if (!grant.capabilities.includes(capability)) missing.push(`capability:${capability}`);
  }
  for (const [kind, list] of Object.entries(manifest.permissions) as [string, string[]][]) {
    const granted = grant.permissions[kind as keyof PluginPermissions] ?? [];
    for (const item of list) if (!granted.includes(item)) missing.push(`${kind}:${item}`);
  }
  return missing;
}

/**
 * What actually applies: the intersection of what the manifest requests now and what was
 * granted. An upgrade that asks for more runs with the old grant until consent is given.
 *
 * @example
 * ```ts
 * import { effectiveGrant, parseManifest } from "./mod.ts";
 * const manifest = parseManifest({
 *   name: "a", version: "1.0.0", description: "d", entry: "mod.ts", events: ["user.quit"],
 *   permissions: {}, capabilities: [], reasons: {},
 * });
 * const grant = { events: ["user.quit", "user.nick"] as const, permissions: {}, capabilities: [] };
 * console.log(effectiveGrant(manifest, { ...grant, events: [...grant.events] }).events);
 * // ["user.quit"]
 * ```
 */
export function effectiveGrant(manifest: PluginManifest, grant: PluginGrant): PluginGrant {
  const permissions: PluginPermissions = {};
  for (const [kind, list] of Object.entries(manifest.permissions) as [string, string[]][]) {
    const granted = grant.permissions[kind as keyof PluginPermissions] ?? [];
    const both = list.filter((item) => granted.includes(item));
    if (both.length > 0) permissions[kind as keyof PluginPermissions] = both;
  }
  return {
    events: manifest.events.filter((type) => grant.events.includes(type)),
    permissions,
    capabilities: manifest.capabilities.filter((c) => grant.capabilities.includes(c)),
    ...(grant.scope ? { scope: structuredClone(grant.scope) } : {}),
    ...(grant.diskQuotaMb !== undefined ? { diskQuotaMb: grant.diskQuotaMb } : {}),
  };
}

/**
 * Whether granted capabilities allow `irc.send` to a network and target.
 * `irc.send` allows all; `irc.send:1` allows network 1; `irc.send:1:#deno` one target.
 *
 * @example
 * ```ts
 * import { allowsIrcSend } from "./grant.ts";
 * console.log(allowsIrcSend(["irc.send:1:#deno"], 1, "#Deno")); // true
 * console.log(allowsIrcSend(["irc.send:1:#deno"], 2, "#deno")); // false
 * ```
 */
export function allowsIrcSend(capabilities: string[], networkId: number, target: string): boolean {
  for (const capability of capabilities) {
    if (capability === "irc.send") return true;
    if (!capability.startsWith("irc.send:")) continue;
    const [network, ...rest] = capability.slice("irc.send:".length).split(":");
    if (Number(network) !== networkId) continue;
    if (rest.length === 0) return true;
    if (rest.join(":").toLowerCase() === target.toLowerCase()) return true;
  }
  return false;
}
