import assert from "node:assert/strict";
import { EventBus } from "../../bus/event_bus.ts";
import { type AnyBusEvent, type BusEvent, createEvent } from "../../bus/events.ts";
import { PluginHost, type PluginHostOptions } from "../../plugins/host.ts";
import { ensurePackages } from "../irc/_servers.ts";

// Subprocess plugins run inside bubblewrap's OS boundary where the machine has it, and the
// tests prove that boundary: a fresh machine gets it as the IRC servers are got.
await ensurePackages({ bubblewrap: "/usr/bin/bwrap" });

export const EXAMPLES = new URL("../../examples/plugins/", import.meta.url).pathname;
export const FIXTURES = new URL("./fixtures/", import.meta.url).pathname;

/**
 * Copies a fixture's `plugin.json` and `mod.ts` into a new temp folder (or `dir`), its SDK
 * import rewritten to an absolute URL; returns the folder.
 */
export async function copyFixture(name: string, dir?: string): Promise<string> {
  const folder = dir ?? await Deno.makeTempDir({ prefix: `fixture-${name}-` });
  await Deno.mkdir(folder, { recursive: true });
  const sdk = new URL("../../plugins/sdk.ts", import.meta.url).href;
  for (const file of ["plugin.json", "mod.ts"]) {
    const text = await Deno.readTextFile(`${FIXTURES}${name}/${file}`);
    await Deno.writeTextFile(`${folder}/${file}`, text.replace("../../../../plugins/sdk.ts", sdk));
  }
  return folder;
}

export interface Sent {
  networkId: number;
  target: string;
  text: string;
}

export interface Harness extends AsyncDisposable {
  bus: EventBus;
  host: PluginHost;
  dataDir: string;
  sent: Sent[];
  logs: { plugin: string; level: string; message: string }[];
  events: AnyBusEvent[];
}

/** Installs each fixture with the grant it requests and loads it, in its own subprocess. */
export async function loadFixtures(h: Harness, ...names: string[]): Promise<void> {
  for (const name of names) {
    await h.host.install(`${FIXTURES}${name}`, { grant: "requested" });
    await h.host.load(name);
    if (h.host.list().find((p) => p.name === name)?.isolation !== "subprocess") {
      throw new Error(`Cannot test ${name}: it did not start in its own subprocess`);
    }
  }
}

/** A real bus, a real host over a real SQLite file in a temp dir, and an IRC sink. */
export async function harness(options: Partial<PluginHostOptions> = {}): Promise<Harness> {
  const bus = new EventBus();
  const dataDir = options.dataDir ?? await Deno.makeTempDir({ prefix: "plugins-test-" });
  const sent: Sent[] = [];
  const logs: Harness["logs"] = [];
  const events: AnyBusEvent[] = [];
  const unsubscribe = bus.subscribe("*", (event) => {
    if (event.type === "plugin.lifecycle" || event.type === "metadata.updated") events.push(event);
  });
  const host = new PluginHost({
    bus,
    dataDir,
    irc: { send: (networkId, target, text) => void sent.push({ networkId, target, text }) },
    onLog: (plugin, level, message) => void logs.push({ plugin, level, message }),
    ...options,
  });
  return {
    bus,
    host,
    dataDir,
    sent,
    logs,
    events,
    async [Symbol.asyncDispose]() {
      await host[Symbol.asyncDispose]();
      unsubscribe();
      await bus.close();
      if (!options.dataDir) await Deno.remove(dataDir, { recursive: true });
    },
  };
}

/** Waits for a condition, checking every few ms; fails after a generous timeout. */
export async function waitUntil(
  condition: () => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Waits for a `plugin.lifecycle` event with the given action. */
export function lifecycle(h: Harness, plugin: string, action: string): number {
  return h.events.filter((e) =>
    e.type === "plugin.lifecycle" && e.data.plugin === plugin && e.data.action === action
  ).length;
}

/** A `message.received` from `user` in #deno on network 1. */
export function message(text: string, user = "alice"): BusEvent<"message.received"> {
  return createEvent("message.received", {
    networkId: 1,
    channel: "#deno",
    user,
    message: text,
    timestamp: 1,
  }, "irc");
}

/** What a plugin logged, in order. */
export function logged(h: Pick<Harness, "logs">, plugin: string): string[] {
  return h.logs.filter((l) => l.plugin === plugin).map((l) => l.message);
}

/** The host still routes events, and the innocent plugin still gets and handles them. */
export async function hostAndInnocentWork(h: Harness): Promise<void> {
  let seen = 0;
  const unsubscribe = h.bus.subscribe("sasl.success", () => void seen++);
  await h.bus.emitSync(createEvent("sasl.success", { networkId: 1 }, "irc"));
  unsubscribe();
  assert.equal(seen, 1);
  const text = `still here ${crypto.randomUUID()}`;
  await h.bus.emit(message(text));
  await waitUntil(
    () => logged(h, "recorder").includes(`event message.received ${text}`),
    "the innocent plugin to get an event",
  );
  assert.equal(h.host.list().find((p) => p.name === "recorder")?.state, "running");
}
