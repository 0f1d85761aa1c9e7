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
 * import { ManifestError, parseManifest } from "./mod.ts";
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

/**
 * A plugin folder holds something that is never copied into the plugin's pinned copy: a
 * symbolic link, a hard link, a FIFO, a socket or a device, or it is too large. `path` names
 * the offending entry.
 *
 * Nothing is installed when this is thrown.
 *
 * @example
 * ```ts
 * import { PluginFileError } from "./errors.ts";
 * const error = new PluginFileError("evil", "/tmp/evil/etc", "a symbolic link is refused");
 * console.log(error.message); // Cannot install plugin "evil": a symbolic link is refused, got "/tmp/evil/etc"
 * ```
 */
export class PluginFileError extends Error {
  /** The plugin being installed. */
  readonly plugin: string;
  /** The absolute path of the refused entry. */
  readonly path: string;
  /** Why it is refused. */
  readonly reason: string;

  /** Builds the error for one refused entry of a plugin folder. */
  constructor(plugin: string, path: string, reason: string) {
    super(
      `Cannot install plugin ${JSON.stringify(plugin)}: ${reason}, got ${JSON.stringify(path)}`,
    );
    this.name = "PluginFileError";
    this.plugin = plugin;
    this.path = path;
    this.reason = reason;
  }
}

/**
 * A plugin is its name plus its source: a different source under an installed name is
 * refused unless the caller replaces the plugin explicitly (`replace: true`, `--replace`).
 *
 * Nothing is installed when this is thrown.
 *
 * @example
 * ```ts
 * import { PluginIdentityError } from "./errors.ts";
 * const error = new PluginIdentityError("x", "/b", "/a");
 * console.log(error.message);
 * // Cannot install plugin "x" from /b: "x" is already installed from /a; pass --replace to replace it
 * ```
 */
export class PluginIdentityError extends Error {
  /** The name both sources claim. */
  readonly plugin: string;
  /** The source being installed. */
  readonly source: string;
  /** The source the installed plugin came from. */
  readonly installedSource: string;

  /** Builds the error for a second source under an installed name. */
  constructor(plugin: string, source: string, installedSource: string) {
    const name = JSON.stringify(plugin);
    super(
      `Cannot install plugin ${name} from ${source}: ${name} is already installed from ${installedSource}; pass --replace to replace it`,
    );
    this.name = "PluginIdentityError";
    this.plugin = plugin;
    this.source = source;
    this.installedSource = installedSource;
  }
}

/**
 * A plugin's pinned copy no longer matches the sha256 of each file recorded at install: the
 * plugin refuses to start (and the refusal is audited) until it is installed again.
 *
 * @example
 * ```ts
 * import { PluginIntegrityError, PluginLoadError } from "./errors.ts";
 * const error = new PluginIntegrityError("weather", "mod.ts", "it was changed");
 * console.log(error instanceof PluginLoadError); // true
 * console.log(error.message);
 * // Cannot load plugin "weather": its pinned copy does not match its install (mod.ts: it was changed); install it again
 * ```
 */
export class PluginIntegrityError extends PluginLoadError {
  /** The file of the copy at fault, relative to the copy. */
  readonly path: string;

  /** Builds the error for one file of the copy that differs from the install. */
  constructor(plugin: string, path: string, reason: string) {
    super(
      plugin,
      `its pinned copy does not match its install (${path}: ${reason}); install it again`,
    );
    this.name = "PluginIntegrityError";
    this.path = path;
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

/**
 * A `jsr:` plugin could not be resolved or fetched: an unknown package, a range no version
 * matches, a registry that is down or answers garbage, a package without `plugin.json`, or
 * bytes that differ from the pinned integrity. Nothing installed changes when it is thrown.
 *
 * @example
 * ```ts
 * import { PluginRegistryError } from "./errors.ts";
 * const error = new PluginRegistryError("jsr:@a/b@^9", "no version matches the range", "^9");
 * console.log(error.message); // Cannot install plugin jsr:@a/b@^9: no version matches the range, got "^9"
 * ```
 */
export class PluginRegistryError extends Error {
  /** The `jsr:` specifier concerned. */
  readonly specifier: string;

  /** Builds the error for a specifier, the reason and the value at fault. */
  constructor(specifier: string, reason: string, got: unknown) {
    super(`Cannot install plugin ${specifier}: ${reason}, got ${describe(got)}`);
    this.name = "PluginRegistryError";
    this.specifier = specifier;
  }
}
