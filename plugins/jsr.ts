/**
 * Plugins from JSR for a running host and the CLI alike: where each installed plugin came
 * from and whether a newer version exists, and an upgrade that asks again only for what
 * the new version requests beyond the grant, refused before it replaces anything when the
 * new version cannot be fetched, verified, installed or started.
 *
 * @module
 */
import { PluginIdentityError, PluginLoadError } from "./errors.ts";
import { grantAll, missingConsent } from "./grant.ts";
import type { PluginHost } from "./host.ts";
import type { InstallResult, PluginInfo } from "./types.ts";
import type { PluginManifest } from "./manifest.ts";
import { listVersions, parseJsrSpecifier, pickVersion } from "./_jsr.ts";
import { type ConsentRequest, consentRequests } from "./_consent.ts";
import type { PluginGrant } from "./grant.ts";
import type { IsolationMode } from "./manifest.ts";
import { compareVersions, exactVersion } from "./_sdk_range.ts";
import { jsrDir, type JsrPin, lockfilePath, readPin, writePin } from "./_jsr_pin.ts";
import { join } from "node:path";
import { type FetchedPlugin, fetchPlugin, trialStart } from "./_jsr_install.ts";
import { errorMessage } from "../common/mod.ts";

/**
 * Where an installed plugin came from and, when checked, what is newer.
 *
 * @example
 * ```ts
 * import type { PluginSource } from "./jsr.ts";
 * const row: PluginSource = {
 *   name: "greeter", source: "jsr:@someone/greeter", version: "1.0.0", range: "^1.0.0",
 *   integrity: "sha256-00", wanted: "1.1.0", latest: "2.0.0", error: null,
 * };
 * ```
 */
export interface PluginSource {
  /** The plugin's name. */
  name: string;
  /** `jsr:@scope/name`, or the folder it was installed from. */
  source: string;
  /** The exact version installed. */
  version: string;
  /** The range it follows (JSR only). */
  range: string | null;
  /** `sha256-<hex>` of its version's `<version>_meta.json` (JSR only). */
  integrity: string | null;
  /** The highest version in its range, when checked. */
  wanted: string | null;
  /** The highest version published, when checked. */
  latest: string | null;
  /** Why its pin could not be read or the registry checked, if so. */
  error: string | null;
}

/**
 * The source of each installed plugin. With `check`, the registry is asked for newer
 * versions of each JSR plugin; a registry error is reported per plugin, never thrown.
 *
 * @example
 * ```ts ignore
 * for (const row of await pluginSources(host, dataDir, { check: true })) {
 *   if (row.latest && row.latest !== row.version) console.log(`${row.name}: update available`);
 * }
 * ```
 */
export async function pluginSources(
  host: PluginHost,
  dataDir: string,
  options: { check?: boolean } = {},
): Promise<PluginSource[]> {
  const rows: PluginSource[] = [];
  for (const plugin of host.list()) {
    let pin: JsrPin | undefined;
    let damaged: string | null = null;
    try {
      pin = await readPin(dataDir, plugin.name);
    } catch (error) {
      damaged = errorMessage(error);
    }
    const row: PluginSource = {
      name: plugin.name,
      source: pin ? `jsr:${pin.pkg}` : plugin.path,
      version: pin?.version ?? plugin.version,
      range: pin?.range ?? null,
      integrity: pin?.integrity ?? null,
      wanted: null,
      latest: null,
      error: damaged,
    };
    if (pin && options.check) {
      try {
        const versions = await listVersions(row.source, pin.pkg);
        row.latest = versions.find((version) => exactVersion(version)?.pre === "") ?? pin.version;
        try {
          row.wanted = pickVersion(row.source, versions, pin.range);
        } catch {
          row.wanted = pin.version;
        }
      } catch (error) {
        row.error = errorMessage(error);
      }
    }
    rows.push(row);
  }
  return rows;
}

/** Whether `row` has a newer version than the one installed. */
export function hasUpdate(row: PluginSource): boolean {
  return row.latest !== null && compareVersions(row.latest, row.version) > 0;
}

/**
 * A fetched, verified upgrade waiting for consent. Dispose of it when not applied.
 *
 * @example
 * ```ts ignore
 * await using plan = await planUpgrade(host, dataDir, "greeter");
 * console.log(plan.added); // ["capability:storage (Remembers who was greeted)"]
 * console.log(plan.removed); // ["net:old.example.org"]
 * await applyUpgrade(host, dataDir, plan, { consent: true });
 * ```
 */
export interface UpgradePlan extends AsyncDisposable {
  /** The plugin. */
  name: string;
  /** `jsr:@scope/name`. */
  source: string;
  /** The version installed now. */
  from: string;
  /** The version it would upgrade to. */
  to: string;
  /** `sha256-<hex>` of the new version's `<version>_meta.json`: what will be pinned. */
  integrity: string;
  /** The new version's `changelog` URL from its `plugin.json`, or `null`. */
  changelog: string | null;
  /** The new version's manifest. */
  manifest: PluginManifest;
  /** What it requests beyond the grant, each with its reason: empty when nothing is new. */
  added: string[];
  /** What was granted that the new version no longer requests (it is dropped). */
  removed: string[];
  /** @internal The fetched files and the range to pin. */
  fetched: FetchedPlugin;
  /** @internal */
  range: string;
  /** @internal */
  installed: PluginInfo;
}

/**
 * Fetches and verifies the latest version of JSR plugin `name` (or the highest in `range`,
 * which then becomes its range), and works out what it requests beyond the grant and what
 * of the grant it no longer requests. Throws a `PluginRegistryError` or `PluginLoadError`;
 * nothing installed changes.
 *
 * @example
 * ```ts ignore
 * await using plan = await planUpgrade(host, dataDir, "greeter", "^1");
 * ```
 */
export async function planUpgrade(
  host: PluginHost,
  dataDir: string,
  name: string,
  range?: string,
): Promise<UpgradePlan> {
  const installed = host.list().find((plugin) => plugin.name === name);
  const pin = await readPin(dataDir, name);
  if (!installed || !pin) {
    throw new PluginLoadError(name, "it is not installed from JSR, so it cannot be upgraded");
  }
  const source = `jsr:${pin.pkg}`;
  const fetched = await fetchPlugin(dataDir, source, pin.pkg, range ?? "*", [pin]);
  const manifest = fetched.manifest;
  if (manifest.name !== name) {
    await fetched[Symbol.asyncDispose]();
    throw new PluginIdentityError(manifest.name, source, installed.path);
  }
  const to = fetched.pinned.version;
  const requested = new Set(missingConsent(manifest, NOTHING_GRANTED));
  return {
    name,
    source,
    from: pin.version,
    to,
    integrity: fetched.pinned.integrity,
    changelog: manifest.changelog ?? null,
    manifest,
    added: newRequests(manifest, installed),
    removed: grantItems(installed.granted).filter((item) => !requested.has(item)),
    fetched,
    range: range ?? `^${to}`,
    installed,
    [Symbol.asyncDispose]: () => fetched[Symbol.asyncDispose](),
  };
}

/**
 * Applies a plan: refused when it adds requests without `consent`; then the new version
 * is installed and started in a scratch host, and only when that works does it replace
 * the installed one (reloaded when it runs). When the new version fails at any step, the
 * previous pinned version is put back (files, lockfile, grant; started again when it ran)
 * and a `PluginLoadError` says what failed and that it rolled back.
 *
 * @example
 * ```ts ignore
 * await applyUpgrade(host, dataDir, plan, { consent: false });
 * ```
 */
export async function applyUpgrade(
  host: PluginHost,
  dataDir: string,
  plan: UpgradePlan,
  options: { consent: boolean },
): Promise<void> {
  const { name, installed } = plan;
  if (plan.added.length > 0 && !options.consent) {
    throw new PluginLoadError(
      name,
      `version ${plan.to} asks for more and consent was not given for ${plan.added.join("; ")}`,
    );
  }
  const grant = plan.added.length > 0
    ? { ...grantAll(plan.manifest), scope: installed.granted.scope }
    : undefined;
  const lockfile = lockfilePath(dataDir, name);
  const rolledBack = `rolled back: ${plan.from} stays installed`;
  const running = installed.state === "running";
  // Before the trial too: its module cache writes the new graph into the lockfile.
  await using previous = await setAside(dataDir, name);
  try {
    await trialStart(dataDir, plan.fetched.folder, {
      grant: grant ?? installed.granted,
      isolation: installed.isolation,
      lockfile,
    });
  } catch (error) {
    await previous.restore();
    const reason = errorMessage(error);
    throw new PluginLoadError(name, `version ${plan.to} fails to start: ${reason}; ${rolledBack}`);
  }
  try {
    await host.install(await plan.fetched.place(), { grant, lockfile });
    if (running) await host.reload(name);
    await writePin(dataDir, name, { ...plan.fetched.pinned, range: plan.range });
  } catch (error) {
    const reason = errorMessage(error);
    try {
      await previous.restore();
      await host.install(join(jsrDir(dataDir), name), { grant: installed.granted, lockfile });
      if (running) await host.reload(name);
    } catch (again) {
      throw new PluginLoadError(
        name,
        `version ${plan.to} failed (${reason}), and putting ${plan.from} back failed too: ${
          errorMessage(again)
        }; reinstall it`,
      );
    }
    throw new PluginLoadError(name, `version ${plan.to} failed: ${reason}; ${rolledBack}`);
  }
}

/** The requests (with reasons) `manifest` makes beyond what `plugin` was granted. */
function newRequests(manifest: PluginManifest, plugin: PluginInfo): string[] {
  return missingConsent(manifest, plugin.granted).map((request) => {
    const [kind, ...item] = request.split(":");
    const reason = kind === "event"
      ? manifest.reasons["events:*"]
      : kind === "capability"
      ? manifest.reasons[item.join(":")]
      : manifest.reasons[kind];
    return reason ? `${request} (${reason})` : request;
  });
}

/** A grant that grants nothing: what every request is missing from. */
const NOTHING_GRANTED: PluginGrant = { events: [], permissions: {}, capabilities: [] };

/** A grant's items in `missingConsent`'s words (`event:x`, `capability:x`, `net:host`). */
function grantItems(grant: PluginGrant): string[] {
  return [
    ...grant.events.map((type) => `event:${type}`),
    ...grant.capabilities.map((capability) => `capability:${capability}`),
    ...Object.entries(grant.permissions).flatMap(([kind, list]: [string, string[]]) =>
      list.map((item) => `${kind}:${item}`)
    ),
  ];
}

/**
 * The installed version's source folder and lockfile, moved aside while an upgrade
 * replaces them: `restore()` puts them back; disposing drops them once the upgrade stands.
 */
async function setAside(
  dataDir: string,
  name: string,
): Promise<AsyncDisposable & { restore(): Promise<void> }> {
  const source = join(jsrDir(dataDir), name);
  const lockfile = lockfilePath(dataDir, name);
  const aside = join(jsrDir(dataDir), `.previous-${crypto.randomUUID()}`);
  await Deno.mkdir(aside);
  try {
    await Deno.rename(source, join(aside, "source"));
  } catch (error) {
    await Deno.remove(aside, { recursive: true }).catch(() => {});
    // Without it nothing could be put back: refuse before anything changes.
    throw new PluginLoadError(
      name,
      `its source folder ${source} cannot be set aside (${errorMessage(error)}); reinstall it`,
    );
  }
  const hadLock = await Deno.copyFile(lockfile, join(aside, "lock")).then(() => true, (error) => {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  });
  return {
    async restore() {
      await Deno.remove(source, { recursive: true }).catch(() => {});
      await Deno.rename(join(aside, "source"), source);
      // A graph that had no remote modules had no lockfile: the new version's goes too.
      if (hadLock) await Deno.rename(join(aside, "lock"), lockfile);
      else await Deno.remove(lockfile).catch(() => {});
    },
    async [Symbol.asyncDispose]() {
      await Deno.remove(aside, { recursive: true }).catch(() => {});
    },
  };
}

/**
 * A fetched, verified `jsr:` plugin waiting for consent, in a scratch folder away from
 * anything installed. Dispose of it when not applied: its files go with it.
 *
 * @example
 * ```ts ignore
 * await using plan = await planInstall(host, dataDir, "jsr:@someone/greeter@^1");
 * for (const request of plan.requests) console.log(request.text);
 * await applyInstall(host, dataDir, plan, { grant: grantAll(plan.manifest) });
 * ```
 */
export interface InstallPlan extends AsyncDisposable {
  /** `jsr:@scope/name`. */
  source: string;
  /** The version that will be pinned. */
  version: string;
  /** `sha256-<hex>` of that version's `<version>_meta.json`. */
  integrity: string;
  /** The range it will follow: the one asked for, or `^<version>`. */
  range: string;
  /** Its validated manifest. */
  manifest: PluginManifest;
  /** Each event, permission and capability it asks for, with its reason. */
  requests: ConsentRequest[];
  /** @internal The fetched files. */
  fetched: FetchedPlugin;
}

/**
 * Resolves `specifier` (`jsr:@scope/name[@range]`), fetches that version and checks every
 * file against the registry's checksums, into a scratch folder. Throws a
 * `PluginRegistryError` (registry down, unknown package, a file that does not match) with
 * nothing left behind. Installed pins of the same version must match its integrity.
 *
 * @example
 * ```ts ignore
 * await using plan = await planInstall(host, dataDir, "jsr:@someone/greeter");
 * console.log(plan.version, plan.integrity);
 * ```
 */
export async function planInstall(
  host: PluginHost,
  dataDir: string,
  specifier: string,
): Promise<InstallPlan> {
  const { pkg, range } = parseJsrSpecifier(specifier);
  const pins: JsrPin[] = [];
  for (const plugin of host.list()) {
    const pin = await readPin(dataDir, plugin.name).catch(() => undefined);
    if (pin) pins.push(pin);
  }
  const fetched = await fetchPlugin(dataDir, specifier, pkg, range, pins);
  const version = fetched.pinned.version;
  return {
    source: `jsr:${pkg}`,
    version,
    integrity: fetched.pinned.integrity,
    range: range === "*" ? `^${version}` : range,
    manifest: fetched.manifest,
    requests: consentRequests(fetched.manifest),
    fetched,
    [Symbol.asyncDispose]: () => fetched[Symbol.asyncDispose](),
  };
}

/**
 * Installs a plan with `grant` (the consent) and pins its version. When the install fails
 * (its module graph cannot be cached, say), the plugin's files and lockfile are removed
 * again, so nothing half-installed stays, and the error is thrown.
 *
 * @example
 * ```ts ignore
 * await applyInstall(host, dataDir, plan, { grant: { ...grantAll(plan.manifest), scope } });
 * ```
 */
export async function applyInstall(
  host: PluginHost,
  dataDir: string,
  plan: InstallPlan,
  options: { grant: PluginGrant; isolation?: IsolationMode; replace?: boolean },
): Promise<InstallResult> {
  const name = plan.manifest.name;
  const installed = host.list().some((plugin) => plugin.name === name);
  const lockfile = lockfilePath(dataDir, name);
  const folder = await plan.fetched.place();
  let result: InstallResult;
  try {
    result = await host.install(folder, {
      grant: options.grant,
      isolation: options.isolation ?? "subprocess",
      replace: options.replace,
      lockfile,
    });
  } catch (error) {
    if (!installed) {
      await Deno.remove(join(jsrDir(dataDir), name), { recursive: true }).catch(() => {});
      await Deno.remove(lockfile).catch(() => {});
    }
    throw error;
  }
  await writePin(dataDir, name, { ...plan.fetched.pinned, range: plan.range });
  return result;
}
