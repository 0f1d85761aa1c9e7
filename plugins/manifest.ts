import type { EventType } from "../bus/mod.ts";
import { ManifestError } from "./errors.ts";

/**
 * Deno permissions a plugin may ask for, each an allow-list. `run`, `ffi` and `sys` do not
 * exist here: a manifest asking for them is refused.
 *
 * @example
 * ```ts
 * import type { PluginPermissions } from "./manifest.ts";
 * const permissions: PluginPermissions = { net: ["api.example.org:443"], read: ["cache"] };
 * ```
 */
export interface PluginPermissions {
  /** `host` or `host:port` entries the plugin may connect to. */
  net?: string[];
  /** Paths, relative to the plugin's data dir, it may read (`"."` is the whole dir). */
  read?: string[];
  /** Paths, relative to the plugin's data dir, it may write. */
  write?: string[];
  /** Environment variable names it may read. */
  env?: string[];
}

/**
 * How a plugin is isolated: its own Deno subprocess (the default, and the only mode that
 * contains everything) or a Deno Worker inside the client (an explicit opt-in, see
 * {@linkcode WORKER_MODE_GAPS}).
 *
 * @example
 * ```ts
 * import type { IsolationMode } from "./manifest.ts";
 * const mode: IsolationMode = "subprocess";
 * ```
 */
export type IsolationMode = "worker" | "subprocess";

/**
 * What Worker mode does not contain, said plainly: shown at consent when a user opts a plugin
 * into it, and in the docs.
 *
 * @example
 * ```ts
 * import { WORKER_MODE_GAPS } from "./manifest.ts";
 * console.log(WORKER_MODE_GAPS.length > 0); // true
 * ```
 */
export const WORKER_MODE_GAPS: readonly string[] = Object.freeze([
  "it shares the client's process: an allocation past the heap limit kills the whole client",
  "no memory limit covers its ArrayBuffers and other external memory",
  "Deno.chdir and Deno.env.set act on the client's own process, within its grant",
  "only Deno.stdin is emptied: other ways to the client's terminal are not closed",
  "its Cache API and localStorage are the client's, shared with other Worker plugins",
  "its messages are counted, but not their bytes",
  "its messages are copied into the client's main thread unchecked: a large or deeply nested one can hold the client for seconds",
]);

/**
 * A validated `plugin.json`.
 *
 * @example
 * ```ts
 * import { parseManifest } from "./manifest.ts";
 * const manifest = parseManifest({
 *   name: "hello",
 *   version: "1.0.0",
 *   description: "Says hello",
 *   entry: "mod.ts",
 *   events: ["user.joined"],
 *   permissions: {},
 *   capabilities: ["irc.send"],
 *   reasons: { "irc.send": "Greets people who join" },
 * });
 * console.log(manifest.capabilities); // ["irc.send"]
 * ```
 */
export interface PluginManifest {
  /** Lower-case name, unique per client: `[a-z][a-z0-9-]*`, at most 64 characters. */
  name: string;
  /** Semantic version, `MAJOR.MINOR.PATCH` with an optional pre-release. */
  version: string;
  /** One line shown at consent. */
  description: string;
  /** The module to run, relative to the plugin folder. */
  entry: string;
  /** Event types the plugin receives; `"*"` is every event and must be asked for. */
  events: (EventType | "*")[];
  /** Deno permissions, as allow-lists. */
  permissions: PluginPermissions;
  /** Host powers: `irc.send[:network[:target]]`, `metadata:<type>`, `storage`, `commands`. */
  capabilities: string[];
  /** One human sentence per permission kind, capability and `"events:*"`, shown at consent. */
  reasons: Record<string, string>;
  /**
   * The mode the author asks for. Plugins run in their own subprocess unless the user opts
   * one into `"worker"` at install; this field only says what the author suggests.
   */
  isolation?: IsolationMode;
  /**
   * Where the author lists what changed between versions: an `https://` (or `http://`) URL
   * of at most 500 characters, shown as a link on the upgrade sheet.
   */
  changelog?: string;
}

/** Longest `changelog` URL a manifest may give. */
const MAX_CHANGELOG_CHARS = 500;

const EVENT_TYPES: Record<EventType, true> = {
  "connection.established": true,
  "connection.lost": true,
  "message.received": true,
  "message.sent": true,
  "message.reacted": true,
  "message.redacted": true,
  "user.joined": true,
  "user.parted": true,
  "user.quit": true,
  "user.kicked": true,
  "user.nick": true,
  "user.meta": true,
  "user.typing": true,
  "channel.topic": true,
  "channel.mode": true,
  "channels.changed": true,
  "channel.names.complete": true,
  "server.motd": true,
  "server.reply": true,
  "sasl.started": true,
  "sasl.success": true,
  "sasl.failed": true,
  "sasl.aborted": true,
  "whois.received": true,
  "error": true,
  "metadata.updated": true,
  "plugin.lifecycle": true,
  "ui.pane.focused": true,
  "ui.pane.blurred": true,
  "buffer.read": true,
};

const FIELDS = new Set([
  "name",
  "version",
  "description",
  "entry",
  "events",
  "permissions",
  "capabilities",
  "reasons",
  "isolation",
  "changelog",
]);
const PERMISSION_KINDS = new Set(["net", "read", "write", "env"]);
const REFUSED: Record<string, string> = {
  run: "is refused: plugins may not start subprocesses",
  ffi: "is refused: plugins may not load native libraries",
  sys: "is refused: plugins may not read system information",
};
const NAME = /^[a-z][a-z0-9-]{0,63}$/;
const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
const NET = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;
const ENV = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CAPABILITY =
  /^(irc\.send(:[1-9]\d*(:[^\s,]+)?)?|metadata:[a-z][a-z0-9_.-]*|storage|commands)$/;

/**
 * Validates a parsed `plugin.json` strictly: unknown fields, wrong types, unsafe paths,
 * refused permissions (`run`, `ffi`, `sys`) and missing reasons all throw a
 * {@linkcode ManifestError} naming the field and why.
 *
 * @example A manifest asking to run programs is refused
 * ```ts
 * import { ManifestError, parseManifest } from "./mod.ts";
 * try {
 *   parseManifest({
 *     name: "sneaky",
 *     version: "1.0.0",
 *     description: "x",
 *     entry: "mod.ts",
 *     events: [],
 *     permissions: { run: ["sh"] },
 *     capabilities: [],
 *     reasons: {},
 *   });
 * } catch (error) {
 *   console.log((error as ManifestError).field); // "permissions.run"
 * }
 * ```
 */
export function parseManifest(input: unknown): PluginManifest {
  const raw = object(input, "(manifest)");
  for (const key of Object.keys(raw)) {
    if (!FIELDS.has(key)) throw new ManifestError(key, "is not a known field", raw[key]);
  }
  const name = string(raw.name, "name");
  if (!NAME.test(name)) {
    throw new ManifestError("name", "must match [a-z][a-z0-9-]* (at most 64 characters)", name);
  }
  const version = string(raw.version, "version");
  if (!VERSION.test(version)) {
    throw new ManifestError("version", "must be a semantic version like 1.2.3", version);
  }
  const description = string(raw.description, "description");
  if (description.length > 300) {
    throw new ManifestError("description", "must be at most 300 characters", description);
  }
  const entry = relativePath(string(raw.entry, "entry"), "entry");
  if (!/\.(ts|js|mjs|mts)$/.test(entry)) {
    throw new ManifestError("entry", "must be a .ts, .mts, .js or .mjs module", entry);
  }

  const events = stringList(raw.events, "events").map((type, i) => {
    if (type !== "*" && !Object.hasOwn(EVENT_TYPES, type)) {
      throw new ManifestError(`events[${i}]`, "is not a known event type", type);
    }
    return type as EventType | "*";
  });
  unique(events, "events");

  const permissionsRaw = object(raw.permissions, "permissions");
  const permissions: PluginPermissions = {};
  for (const [kind, value] of Object.entries(permissionsRaw)) {
    const field = `permissions.${kind}`;
    if (Object.hasOwn(REFUSED, kind)) throw new ManifestError(field, REFUSED[kind], value);
    if (!PERMISSION_KINDS.has(kind)) {
      throw new ManifestError(field, "is not a permission (use net, read, write or env)", value);
    }
    const list = stringList(value, field);
    if (list.length === 0) continue;
    list.forEach((item, i) => {
      const at = `${field}[${i}]`;
      if (kind === "net" && !NET.test(item)) {
        throw new ManifestError(at, "must be a host or host:port", item);
      }
      if (kind === "env" && !ENV.test(item)) {
        throw new ManifestError(at, "must be an environment variable name", item);
      }
      if (kind === "read" || kind === "write") relativePath(item, at);
    });
    unique(list, field);
    permissions[kind as keyof PluginPermissions] = list;
  }

  const capabilities = stringList(raw.capabilities, "capabilities");
  capabilities.forEach((capability, i) => {
    if (!CAPABILITY.test(capability)) {
      throw new ManifestError(
        `capabilities[${i}]`,
        "is not a capability (irc.send[:network[:target]], metadata:<type>, storage, commands)",
        capability,
      );
    }
  });
  unique(capabilities, "capabilities");

  const reasonsRaw = object(raw.reasons, "reasons");
  const needed = [
    ...Object.keys(permissions),
    ...capabilities,
    ...(events.includes("*") ? ["events:*"] : []),
  ];
  const reasons: Record<string, string> = {};
  for (const key of needed) {
    const reason = reasonsRaw[key];
    if (typeof reason !== "string" || reason.trim() === "") {
      throw new ManifestError(
        `reasons.${key}`,
        "must be one human sentence saying why it is needed",
        reason,
      );
    }
    reasons[key] = reason;
  }
  for (const key of Object.keys(reasonsRaw)) {
    if (!needed.includes(key)) {
      throw new ManifestError(`reasons.${key}`, "explains nothing the manifest asks for", key);
    }
  }

  const manifest: PluginManifest = {
    name,
    version,
    description,
    entry,
    events,
    permissions,
    capabilities,
    reasons,
  };
  if (raw.isolation !== undefined) {
    if (raw.isolation !== "worker" && raw.isolation !== "subprocess") {
      throw new ManifestError("isolation", 'must be "worker" or "subprocess"', raw.isolation);
    }
    manifest.isolation = raw.isolation;
  }
  if (raw.changelog !== undefined) manifest.changelog = changelogUrl(raw.changelog);
  return manifest;
}

/** A `changelog` value that is an http(s) URL the page can link to safely, or throws. */
function changelogUrl(value: unknown): string {
  const text = string(value, "changelog");
  let url: URL | undefined;
  try {
    url = text.length <= MAX_CHANGELOG_CHARS ? new URL(text) : undefined;
  } catch {
    url = undefined;
  }
  // Only a web page: a javascript: or data: link on the sheet would run in the page.
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw new ManifestError(
      "changelog",
      `must be an http(s) URL of at most ${MAX_CHANGELOG_CHARS} characters`,
      text,
    );
  }
  return url.href;
}

/**
 * Reads and validates `plugin.json` in a plugin folder.
 *
 * @example
 * ```ts ignore
 * import { readManifest } from "./manifest.ts";
 * const manifest = await readManifest("./examples/plugins/autoresponder");
 * ```
 */
export async function readManifest(folder: string): Promise<PluginManifest> {
  const path = `${folder.replace(/\/+$/, "")}/plugin.json`;
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    throw new ManifestError("(file)", `cannot be read at ${path}`, (error as Error).message);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ManifestError("(file)", "is not valid JSON", (error as Error).message);
  }
  return parseManifest(json);
}

function object(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ManifestError(field, "must be an object", value);
  }
  return value as Record<string, unknown>;
}

function string(value: unknown, field: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new ManifestError(field, "must be a non-empty string", value);
  }
  return value;
}

function stringList(value: unknown, field: string): string[] {
  if (!Array.isArray(value)) throw new ManifestError(field, "must be an array of strings", value);
  return value.map((item, i) => string(item, `${field}[${i}]`));
}

function unique(list: string[], field: string): void {
  const seen = new Set<string>();
  for (const item of list) {
    if (seen.has(item)) throw new ManifestError(field, "must not repeat an entry", item);
    seen.add(item);
  }
}

function relativePath(path: string, field: string): string {
  if (path.startsWith("/") || path.startsWith("\\") || /^[A-Za-z]:/.test(path)) {
    throw new ManifestError(field, "must be a relative path", path);
  }
  if (path.split(/[\\/]/).some((part) => part === "..")) {
    throw new ManifestError(field, "must not leave its folder with ..", path);
  }
  if (path.includes("\0")) throw new ManifestError(field, "must not contain NUL", path);
  return path;
}
