/**
 * The plugin CLI: `deno task plugins install <path> [--yes] [--worker] [--replace] [--dev]
 * [scope]`, `scope <plugin> [scope]`, `list [--json]`, `audit [--json] [<plugin>]`,
 * `activity <plugin> [--since 24h] [--json]`, `revoke <plugin> <kind> <value>`,
 * `grant <plugin> <kind> <value> [--yes]`, `new <dir> [--name @scope/name]`, where a scope
 * is `--network <id>`, `--channel [<id>:]<#channel>` (each repeatable) and
 * `--allow-private-messages`. `deno task plugins -- install ...` works the same.
 * The data dir comes from `--data-dir`, `IRCBUS_DATA_DIR`, or `~/.local/share/ircbus`.
 *
 * @module
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { resolveDataDir } from "../storage/mod.ts";
import { EventBus } from "../bus/mod.ts";
import { PluginIdentityError } from "./errors.ts";
import { grantAll } from "./grant.ts";
import { PluginHost } from "./host.ts";
import type { PluginBudget, PluginInfo } from "./types.ts";
import { readManifest } from "./manifest.ts";
import {
  applyInstall,
  applyUpgrade,
  hasUpdate,
  planInstall,
  planUpgrade,
  type PluginSource,
  pluginSources,
} from "./jsr.ts";
import { newPlugin } from "./_scaffold.ts";
import { describeIsolation, describeRequests } from "./_consent.ts";
import { parseDiskQuota } from "./_install.ts";
import { sandboxUnavailableNotice } from "./_sandbox.ts";
import { DEFAULT_DISK_QUOTA_BYTES } from "./_disk_quota.ts";
import { activityJson, activityLines, parseWindow } from "./_activity_report.ts";
import { describeScope, type GrantScope, ScopeError, scopeFromFlags } from "./scope.ts";
import { errorMessage } from "../common/mod.ts";
import { visibleJson, visibleText } from "../core/mod.ts";

const USAGE = `usage: deno task plugins <command> [options]
  install <path>|jsr:@scope/name[@range] [--yes] [--worker] [--replace] [--dev]
          [--disk-quota MiB] [scope]
                                          validate, show requests, ask consent, install a
                                          pinned copy that runs in its own subprocess
                                          --worker: run it in a Worker, which contains less
                                          --replace: replace a plugin of that name from
                                          another folder
                                          --dev: run from the folder itself, reloaded when it
                                          changes
                                          --disk-quota: MiB for its data dir, DENO_DIR and
                                          storage together (default 64)
  scope <plugin> [scope]                  replace where an installed plugin's grant applies
                                          a jsr: plugin comes from the registry JSR_URL
                                          names (default https://jsr.io/), pinned by
                                          integrity
  list [--json]                           installed plugins, source, version, integrity,
                                          grants, state and counts
  outdated [--json]                       newer versions of jsr: plugins, within their
                                          range (wanted) and beyond it (latest)
  upgrade <plugin> [range] [--yes]        install the latest (or highest in range) version;
                                          asks again for what it requests beyond the grant
  audit [--json] [<plugin>]               the append-only audit log
  activity <plugin> [--since 24h] [--json]
                                          what the plugin's permission checks were, as
                                          decided by the host: allowed and denied, counted
                                          by kind and value (--since: 30m, 24h, 7d; at
                                          most 30d)
  revoke <plugin> <kind> <value>          withdraw one permission (kind: event, capability,
                                          net, read, write or env), e.g. revoke greeter net
                                          api.example.org; the rest of the grant stays
  grant <plugin> <kind> <value> [--yes]   give back one permission its manifest asks for
                                          (after a revoke, or what an upgrade added)
  new <dir> [--name @scope/name]          a new plugin to publish on JSR (docs/plugins.md)
scope (without one: every network and channel, no private messages):
  --network <id>                          a whole network (repeatable)
  --channel <id>:<#channel>               one channel (repeatable); a bare <#channel> belongs
                                          to the one --network given, limiting it to them
  --allow-private-messages                share private messages with the plugin
options: --data-dir <dir>`;

/** Runs the CLI with `args`; returns the exit code. Output goes to `out`/`err`. */
export async function main(
  args: string[],
  io: {
    out: (line: string) => void;
    err: (line: string) => void;
    confirm: (q: string) => boolean;
  } = {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    confirm: (question) => confirm(question),
  },
): Promise<number> {
  // Not strict: an unknown flag is ignored, as before. A leading `--` is what
  // `deno task plugins -- install ...` passes on: the flags after it count.
  const { values, positionals } = parseArgs({
    args: args[0] === "--" ? args.slice(1) : args,
    strict: false,
    allowPositionals: true,
    options: {
      "data-dir": { type: "string" },
      yes: { type: "boolean" },
      json: { type: "boolean" },
      worker: { type: "boolean" },
      network: { type: "string", multiple: true },
      channel: { type: "string", multiple: true },
      "allow-private-messages": { type: "boolean" },
      replace: { type: "boolean" },
      dev: { type: "boolean" },
      help: { type: "boolean" },
      name: { type: "string" },
      since: { type: "string" },
      "disk-quota": { type: "string" },
    },
  });
  const flag = values["data-dir"];
  const dataDir = resolveDataDir(typeof flag === "string" ? flag : undefined);
  const [command, ...rest] = positionals;
  if (!command || values.help) {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  if (command === "new") return await newPlugin(rest[0], values.name, io);
  const bus = new EventBus();
  const host = new PluginHost({ bus, dataDir });
  try {
    switch (command) {
      case "install": {
        const path = rest[0];
        if (!path) {
          io.err(USAGE);
          return 2;
        }
        const scope = scopeOf(values);
        const quotaFlag = values["disk-quota"];
        const quotaGrant = quotaFlag === undefined
          ? {}
          : { diskQuotaMb: parseDiskQuota(typeof quotaFlag === "string" ? quotaFlag : "") };
        const diskQuota = quotaGrant.diskQuotaMb ?? DEFAULT_DISK_QUOTA_BYTES / 1024 / 1024;
        const isolationLines = describeIsolation({
          worker: values.worker === true,
          diskQuotaMb: diskQuota,
          boundary: await host.boundary(),
          quotaHint: "--disk-quota MiB to change",
        });
        if (path.startsWith("jsr:")) {
          await using plan = await planInstall(host, dataDir, path);
          const manifest = plan.manifest;
          io.out(`${manifest.name} ${manifest.version}: ${manifest.description}`);
          io.out(`from ${plan.source}@${plan.version} (${plan.integrity})`);
          io.out(`It asks for:`);
          for (const line of describeRequests(manifest)) io.out(`  ${line}`);
          io.out(`Scope: ${describeScope(scope)}`);
          for (const line of isolationLines) io.out(line);
          if (!(values.yes || io.confirm("Grant these and install?"))) {
            io.err("Not installed: consent was not given");
            return 1;
          }
          const result = await applyInstall(host, dataDir, plan, {
            grant: { ...grantAll(manifest), scope, ...quotaGrant },
            isolation: values.worker ? "worker" : "subprocess",
            replace: values.replace === true,
          });
          io.out(`Installed ${result.manifest.name} ${result.manifest.version}`);
          return 0;
        }
        const folder = await Deno.realPath(resolve(path)).catch(() => resolve(path));
        const manifest = await readManifest(folder);
        const installed = host.list().find((plugin) => plugin.name === manifest.name);
        const replacing = installed !== undefined && installed.path !== folder;
        if (replacing && !values.replace) {
          throw new PluginIdentityError(manifest.name, folder, installed.path);
        }
        io.out(`${manifest.name} ${manifest.version}: ${manifest.description}`);
        io.out(`from ${folder}`);
        if (replacing) {
          io.out(
            `It replaces ${manifest.name} installed from ${installed.path}: that plugin's grant, storage and data dir are dropped.`,
          );
        }
        io.out(`It asks for:`);
        for (const line of describeRequests(manifest)) io.out(`  ${line}`);
        io.out(`Scope: ${describeScope(scope)}`);
        io.out(
          values.dev
            ? `Development mode: it runs from ${folder} itself and reloads whenever a file there changes; edits take effect without asking you again.`
            : `It runs from a copy pinned in the data dir: edits to ${folder} take effect only when you install it again.`,
        );
        for (const line of isolationLines) io.out(line);
        const yes = values.yes || io.confirm("Grant these and install?");
        if (!yes) {
          io.err("Not installed: consent was not given");
          return 1;
        }
        const result = await host.install(folder, {
          grant: { ...grantAll(manifest), scope, ...quotaGrant },
          isolation: values.worker ? "worker" : "subprocess",
          replace: values.replace === true,
          dev: values.dev === true,
        });
        io.out(`Installed ${result.manifest.name} ${result.manifest.version}`);
        return 0;
      }
      case "scope": {
        const name = rest[0];
        if (!name) {
          io.err(USAGE);
          return 2;
        }
        const scope = scopeOf(values);
        await host.setScope(name, scope);
        io.out(`${name}: ${describeScope(scope)}`);
        return 0;
      }
      case "revoke":
      case "grant": {
        const [name, kind, value] = rest;
        if (!name || !kind || !value) {
          io.err(USAGE);
          return 2;
        }
        const permission = `${kind}:${value}`;
        if (command === "revoke") {
          await host.revokePermission(name, permission);
          io.out(visibleText(`${name}: ${permission} revoked; the rest of its grant stays`));
          return 0;
        }
        const question = visibleText(`Grant ${permission} to ${name} again?`);
        if (!(values.yes || io.confirm(question))) {
          io.err(visibleText(`Not granted: consent was not given for ${permission}`));
          return 1;
        }
        await host.grantPermission(name, permission);
        io.out(visibleText(`${name}: ${permission} granted`));
        return 0;
      }
      case "list": {
        const plugins = host.list();
        if (values.json) {
          const sources = await pluginSources(host, dataDir);
          const { available } = await host.boundary();
          const rows = plugins.map((plugin, i) => listRow(plugin, sources[i], available));
          io.out(visibleJson(JSON.stringify(rows, null, 2)));
          return 0;
        }
        if (plugins.length === 0) io.out("No plugins installed");
        const boundary = await host.boundary();
        if (plugins.length > 0 && !boundary.available) {
          io.out(sandboxUnavailableNotice(boundary.reason));
        }
        for (const p of plugins) {
          // A reason may quote a crash's words, which a plugin chose.
          io.out(visibleText(
            `${p.name} ${p.version} [${p.state}, ${p.isolation}${p.dev ? ", dev" : ""}]${
              p.disabledReason ? ` disabled: ${p.disabledReason}` : ""
            }`,
          ));
          io.out(`  from:      ${p.path}`);
          io.out(`  requested: ${summary(p.requested)}`);
          io.out(`  granted:   ${summary(p.granted)}`);
          io.out(`  scope:     ${p.scopeText}`);
          if (p.pendingConsent.length > 0) {
            io.out(`  awaiting consent: ${p.pendingConsent.join(", ")}`);
          }
          io.out(`  disk quota: ${p.diskQuotaMb} MiB`);
          io.out(`  crashes: ${p.crashes}  overflows: ${p.overflows}  denied: ${p.denied}`);
          if (p.budget) io.out(`  budget:    ${budgetText(p.budget)}`);
          if (p.lastStop) {
            io.out(
              visibleText(
                `  last stop: ${p.lastStop.time} ${p.lastStop.attempt}: ${p.lastStop.reason}`,
              ),
            );
          }
        }
        return 0;
      }
      case "outdated": {
        const rows = [];
        for (const row of await pluginSources(host, dataDir, { check: true })) {
          if (row.error) throw new Error(row.error);
          if (!hasUpdate(row)) continue;
          const { name, source, version: current, wanted, latest, range } = row;
          rows.push({ name, source, current, wanted, latest, range });
        }
        if (values.json) {
          io.out(visibleJson(JSON.stringify(rows, null, 2)));
          return 0;
        }
        if (rows.length === 0) io.out("All plugins from JSR are up to date");
        for (const row of rows) {
          io.out(
            `${row.name} ${row.current}: wanted ${row.wanted} (range ${row.range}), latest ${row.latest}`,
          );
        }
        return 0;
      }
      case "upgrade": {
        const name = rest[0];
        if (!name) {
          io.err(USAGE);
          return 2;
        }
        await using plan = await planUpgrade(host, dataDir, name, rest[1]);
        // The manifest's words are the author's: nothing in them may reach the terminal raw.
        io.out(visibleText(`${name} ${plan.from} -> ${plan.to}: ${plan.manifest.description}`));
        io.out(`  integrity ${plan.integrity}`);
        if (plan.changelog) io.out(visibleText(`  changelog ${plan.changelog}`));
        for (const line of plan.removed) io.out(`  - ${line} (no longer asked for: dropped)`);
        if (plan.added.length > 0) {
          io.out(`It asks for more than you granted:`);
          for (const line of plan.added) io.out(visibleText(`  + ${line}`));
          if (!(values.yes || io.confirm("Grant these and upgrade?"))) {
            io.err(`Not upgraded: consent was not given for ${plan.added.join("; ")}`);
            return 1;
          }
        } else io.out("It asks for nothing new.");
        await applyUpgrade(host, dataDir, plan, { consent: true });
        io.out(`Upgraded ${name} to ${plan.to}`);
        return 0;
      }
      case "audit": {
        // A plugin wrote much of this text: nothing in it may reach the terminal raw.
        const entries = host.audit(rest[0]);
        if (values.json) {
          io.out(visibleJson(JSON.stringify(entries, null, 2)));
          return 0;
        }
        for (const e of entries) {
          const more = e.repeats > 0 ? ` [${e.repeats} more like this until ${e.lastTime}]` : "";
          io.out(visibleText(
            `${e.time} ${e.plugin} ${e.decision.toUpperCase()} ${e.attempt}${
              e.detail ? ` (${e.detail})` : ""
            }${more}`,
          ));
        }
        return 0;
      }
      case "activity": {
        const name = rest[0];
        if (!name) {
          io.err(USAGE);
          return 2;
        }
        let windowMs: number;
        try {
          windowMs = parseWindow(typeof values.since === "string" ? values.since : "24h");
        } catch (error) {
          io.err(errorMessage(error));
          return 2;
        }
        const until = Date.now();
        const window = { since: until - windowMs, until };
        const entries = host.activity(name, window);
        if (values.json) io.out(activityJson(name, window, entries));
        else for (const line of activityLines(name, window, entries)) io.out(line);
        return 0;
      }
      default:
        io.err(`Unknown command ${JSON.stringify(command)}\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    io.err(errorMessage(error));
    return 1;
  } finally {
    await host[Symbol.asyncDispose]();
    await bus.close();
  }
}

function scopeOf(values: Record<string, unknown>): GrantScope {
  const strings = (flag: string): string[] => {
    const list: unknown[] = values[flag] === undefined ? [] : [values[flag]].flat();
    return list.map((value) => {
      if (typeof value !== "string") throw new ScopeError(`--${flag}`, "needs a value", value);
      return value;
    });
  };
  return scopeFromFlags(
    strings("network"),
    strings("channel"),
    values["allow-private-messages"] === true,
  );
}

/** One plugin as `list --json` shows it: its host info, source, pin, grants and state. */
function listRow(plugin: PluginInfo, source: PluginSource, osBoundary: boolean) {
  const failed = plugin.state === "disabled";
  const loaded = plugin.state === "running" || plugin.state === "starting" ||
    plugin.state === "restarting";
  return {
    ...plugin,
    source: source.source,
    version: source.version,
    range: source.range,
    integrity: source.integrity,
    grants: plugin.granted,
    state: failed ? "failed" : loaded ? "loaded" : "stopped",
    reason: failed ? plugin.disabledReason : null,
    // A Worker plugin shares the client's process: no boundary of its own.
    osBoundary: osBoundary && plugin.isolation === "subprocess",
  };
}

/** A running plugin's budgets in one line, each over its limit marked with `!`. */
function budgetText(budget: PluginBudget): string {
  const mib = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} MiB`;
  const parts: string[] = [];
  const { cpu, memory, disk, lag } = budget;
  if (cpu) {
    const mark = cpu.state === "throttled" || cpu.state === "exceeded" ? ` ${cpu.state}!` : "";
    parts.push(`cpu ${cpu.cores.toFixed(2)}/${cpu.limitCores} cores${mark}`);
  }
  if (memory) {
    const over = memory.residentBytes > memory.limitBytes ? " over!" : "";
    parts.push(`memory ${mib(memory.residentBytes)}/${mib(memory.limitBytes)}${over}`);
  }
  if (disk) {
    const over = disk.usedBytes > disk.quotaBytes ? " over!" : "";
    parts.push(`disk ${mib(disk.usedBytes)}/${mib(disk.quotaBytes)}${over}`);
  }
  const age = lag.oldestUnackedMs === null ? "" : `, oldest ${lag.oldestUnackedMs} ms`;
  parts.push(`lag ${lag.waiting} waiting, ${lag.inFlight} in flight${age}`);
  return parts.join("; ");
}

function summary(grant: { events: string[]; permissions: object; capabilities: string[] }): string {
  const permissions = Object.entries(grant.permissions).map(([k, v]) =>
    `${k}=${(v as string[]).join(",")}`
  );
  return [
    `events=${grant.events.join(",") || "-"}`,
    ...permissions,
    `capabilities=${grant.capabilities.join(",") || "-"}`,
  ].join(" ");
}

if (import.meta.main) Deno.exit(await main(Deno.args));
