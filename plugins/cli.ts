/**
 * The plugin CLI: `deno task plugins -- install <path> [--yes] [--worker]`, `list [--json]`,
 * `audit [--json] [<plugin>]`. The data dir comes from `--data-dir`, `IRCBUS_DATA_DIR`, or
 * `~/.local/share/ircbus`.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { resolveDataDir } from "../storage/data_dir.ts";
import { EventBus } from "../bus/event_bus.ts";
import { grantAll } from "./grant.ts";
import { PluginHost } from "./host.ts";
import { readManifest, WORKER_MODE_GAPS } from "./manifest.ts";

const USAGE = `usage: deno task plugins -- <command> [options]
  install <path> [--yes] [--worker]       validate, show requests, ask consent, install
  list [--json]                           installed plugins, grants, state and counts
  audit [--json] [<plugin>]               the append-only audit log
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
  // Not strict: an unknown flag is ignored, as before.
  const { values, positionals } = parseArgs({
    args,
    strict: false,
    allowPositionals: true,
    options: {
      "data-dir": { type: "string" },
      yes: { type: "boolean" },
      json: { type: "boolean" },
      worker: { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  const flag = values["data-dir"];
  const dataDir = resolveDataDir(typeof flag === "string" ? flag : undefined);
  const [command, ...rest] = positionals;
  if (!command || values.help) {
    io.out(USAGE);
    return command ? 0 : 2;
  }
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
        const manifest = await readManifest(path);
        io.out(`${manifest.name} ${manifest.version}: ${manifest.description}`);
        io.out(`It asks for:`);
        for (const line of describeRequests(manifest)) io.out(`  ${line}`);
        if (values.worker) {
          io.out(`isolation: worker (opted in); unlike its own subprocess, a Worker plugin:`);
          for (const gap of WORKER_MODE_GAPS) io.out(`  - ${gap}`);
        } else io.out(`isolation: its own subprocess`);
        const yes = values.yes || io.confirm("Grant these and install?");
        if (!yes) {
          io.err("Not installed: consent was not given");
          return 1;
        }
        const result = await host.install(path, {
          grant: grantAll(manifest),
          isolation: values.worker ? "worker" : undefined,
        });
        io.out(`Installed ${result.manifest.name} ${result.manifest.version}`);
        return 0;
      }
      case "list": {
        const plugins = host.list();
        if (values.json) {
          io.out(JSON.stringify(plugins, null, 2));
          return 0;
        }
        if (plugins.length === 0) io.out("No plugins installed");
        for (const p of plugins) {
          io.out(
            `${p.name} ${p.version} [${p.state}, ${p.isolation}]${
              p.disabledReason ? ` disabled: ${p.disabledReason}` : ""
            }`,
          );
          io.out(`  requested: ${summary(p.requested)}`);
          io.out(`  granted:   ${summary(p.granted)}`);
          if (p.pendingConsent.length > 0) {
            io.out(`  awaiting consent: ${p.pendingConsent.join(", ")}`);
          }
          io.out(`  crashes: ${p.crashes}  overflows: ${p.overflows}  denied: ${p.denied}`);
        }
        return 0;
      }
      case "audit": {
        const entries = host.audit(rest[0]);
        if (values.json) {
          io.out(JSON.stringify(entries, null, 2));
          return 0;
        }
        for (const e of entries) {
          io.out(
            `${e.time} ${e.plugin} ${e.decision.toUpperCase()} ${e.attempt}${
              e.detail ? ` (${e.detail})` : ""
            }`,
          );
        }
        return 0;
      }
      default:
        io.err(`Unknown command ${JSON.stringify(command)}\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await host[Symbol.asyncDispose]();
    await bus.close();
  }
}

function describeRequests(manifest: Awaited<ReturnType<typeof readManifest>>): string[] {
  const lines: string[] = [];
  const events = manifest.events.includes("*") ? "ALL events" : manifest.events.join(", ");
  lines.push(
    `events: ${events || "(none)"}${
      manifest.reasons["events:*"] ? ` (${manifest.reasons["events:*"]})` : ""
    }`,
  );
  for (const [kind, list] of Object.entries(manifest.permissions)) {
    lines.push(`permission ${kind}: ${list.join(", ")} (${manifest.reasons[kind]})`);
  }
  for (const capability of manifest.capabilities) {
    lines.push(`capability ${capability} (${manifest.reasons[capability]})`);
  }
  if (manifest.isolation === "worker") lines.push(`the author suggests Worker mode (--worker)`);
  return lines;
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
