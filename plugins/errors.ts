/**
 * The errors plugin authors and hosts catch.
 *
 * @module
 */

/**
 * A plugin tried something its grant does not allow: a host capability such as `irc.send`.
 *
 * The attempt is recorded in the audit log before this is thrown.
 *
 * @example
 * ```ts
 * import { CapabilityDeniedError } from "./errors.ts";
 * const error = new CapabilityDeniedError("irc.send", "autoresponder");
 * console.log(error.message); // Cannot use irc.send: not granted to plugin, got "autoresponder"
 * ```
 */
export class CapabilityDeniedError extends Error {
  /** The capability that was needed, e.g. `irc.send` or `metadata:nickname_color`. */
  readonly capability: string;
  /** The plugin that asked. */
  readonly plugin: string;

  /** Builds the error for the capability a plugin lacked. */
  constructor(capability: string, plugin: string, detail?: string) {
    super(
      `Cannot use ${capability}: ${detail ?? "not granted to plugin"}, got ${
        JSON.stringify(plugin)
      }`,
    );
    this.name = "CapabilityDeniedError";
    this.capability = capability;
    this.plugin = plugin;
  }
}

/**
 * A `plugin.json` is invalid; `field` names the offending field and `reason` says why.
 *
 * Nothing is installed when this is thrown.
 *
 * @example
 * ```ts
 * import { ManifestError, parseManifest } from "../mod.ts";
 * try {
 *   parseManifest({ name: "Bad Name" });
 * } catch (error) {
 *   if (error instanceof ManifestError) console.log(error.field); // "name"
 * }
 * ```
 */
export class ManifestError extends TypeError {
  /** The dotted path of the field at fault, e.g. `permissions.run`. */
  readonly field: string;
  /** Why the field is refused. */
  readonly reason: string;

  /** Builds the error for one field. */
  constructor(field: string, reason: string, value: unknown) {
    super(`Cannot accept plugin manifest: ${field} ${reason}, got ${describe(value)}`);
    this.name = "ManifestError";
    this.field = field;
    this.reason = reason;
  }
}

/**
 * A plugin could not be loaded: its module failed to import, `setup` threw, it has no grant,
 * or it is disabled.
 *
 * @example
 * ```ts
 * import { PluginLoadError } from "./errors.ts";
 * const error = new PluginLoadError("weather", "setup threw: no API key");
 * console.log(error.message); // Cannot load plugin "weather": setup threw: no API key
 * ```
 */
export class PluginLoadError extends Error {
  /** The plugin that failed to load. */
  readonly plugin: string;

  /** Builds the error for a plugin and the reason it did not load. */
  constructor(plugin: string, reason: string, options?: ErrorOptions) {
    super(`Cannot load plugin ${JSON.stringify(plugin)}: ${reason}`, options);
    this.name = "PluginLoadError";
    this.plugin = plugin;
  }
}

function describe(value: unknown): string {
  if (value === undefined) return "undefined";
  try {
    const text = JSON.stringify(value);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  } catch {
    return String(value);
  }
}
