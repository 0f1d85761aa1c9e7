/**
 * "If Deno's checks failed": a hostile program runs with `--allow-all` inside the OS boundary,
 * with its quotas watched from outside, and still cannot read the user's home or the host's
 * caches, see other processes, reach the host's network without a `net` grant, or write past
 * its disk quota; two nested workers spinning are throttled, then stopped.
 */
import assert from "node:assert/strict";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  createPluginCgroup,
  type PluginCgroup,
  type PluginCgroupOptions,
} from "../../plugins/_cgroup.ts";
import { CpuQuota } from "../../plugins/_cpu_quota.ts";
import { DiskQuota } from "../../plugins/_disk_quota.ts";
import { ProcessTree } from "../../plugins/_process_tree.ts";
import { probeSandbox, type Sandbox, sandboxExitReason, sdkPaths } from "../../plugins/_sandbox.ts";
import { FIXTURES } from "./_helpers.ts";

const linux = Deno.build.os === "linux";

interface Caches {
  denoDir: string;
  modulesCache: string;
  npmCache: string;
}

async function hostCaches(): Promise<Caches> {
  const output = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

async function sandbox(): Promise<Sandbox> {
  const state = await probeSandbox();
  assert.ok(state.available, state.available ? "" : state.reason);
  return state.sandbox;
}

/** A plugin's places as the host lays them out, its `DENO_DIR` linked to the host's caches. */
async function pluginPlaces(): Promise<
  { host: string; dataDir: string; codeRoot: string; denoDir: string } & AsyncDisposable
> {
  const host = await Deno.makeTempDir({ prefix: "ircbus-os-" });
  const dataDir = join(host, "plugins", "hostile");
  const codeRoot = join(dataDir, "code");
  const denoDir = join(host, "plugins", ".runtime", "hostile");
  await Deno.mkdir(codeRoot, { recursive: true });
  await Deno.mkdir(denoDir, { recursive: true });
  await Deno.copyFile(`${FIXTURES}_os_boundary_probe.ts`, join(codeRoot, "probe.ts"));
  const caches = await hostCaches();
  await Deno.symlink(caches.modulesCache, join(denoDir, "remote"));
  await Deno.symlink(caches.npmCache, join(denoDir, "npm"));
  return {
    host,
    dataDir,
    codeRoot,
    denoDir,
    [Symbol.asyncDispose]: () => Deno.remove(host, { recursive: true }),
  };
}

/** A fresh cgroup for the probe, as the host makes one for a plugin. */
async function pluginCgroup(options: PluginCgroupOptions = {}): Promise<PluginCgroup> {
  const made = await createPluginCgroup("hostile", options);
  assert.ok(made.ok, made.ok ? "" : made.reason);
  return made.cgroup;
}

function spawnProbe(
  boundary: Sandbox,
  places: { dataDir: string; codeRoot: string; denoDir: string },
  args: string[],
  cgroup?: PluginCgroup,
  options: { config?: string[]; readOnly?: string[]; net?: boolean; brokerSocket?: string } = {},
): Deno.ChildProcess {
  const { config = ["--no-config"], readOnly = [], net = false, brokerSocket } = options;
  const { command, args: argv } = boundary.command(
    ["run", "--allow-all", ...config, join(places.codeRoot, "probe.ts"), ...args],
    { ...places, readOnly: [...sdkPaths(), ...readOnly], net, brokerSocket, join: cgroup },
  );
  return new Deno.Command(command, {
    args: argv,
    clearEnv: true,
    env: { DENO_DIR: places.denoDir, NO_COLOR: "1" },
    stdin: args[0] === "echo" ? "piped" : "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
}

type Report = { attempt: string; got: { ok?: unknown; error?: string } };

async function reports(child: Deno.ChildProcess): Promise<Map<string, Report["got"]>> {
  const output = await child.output();
  if (Deno.env.get("DEBUG_PROBE")) console.error(new TextDecoder().decode(output.stderr));
  const lines = new TextDecoder().decode(output.stdout).split("\n").filter((l) => l !== "");
  const parsed: Report[] = lines.map((line) => JSON.parse(line));
  return new Map(parsed.map((report) => [report.attempt, report.got]));
}

Deno.test({
  name: "the OS boundary hides home, host caches, other processes and the host's network",
  ignore: !linux,
  async fn() {
    const boundary = await sandbox();
    await using places = await pluginPlaces();
    const home = Deno.env.get("HOME") ?? "/root";
    const secret = join(home, `.ircbus-os-secret-${crypto.randomUUID()}`);
    await Deno.writeTextFile(secret, "LEAKED");
    await Deno.mkdir(join(places.host, "plugins", "other"));
    await Deno.writeTextFile(join(places.host, "plugins", "other", "secret.txt"), "LEAKED");
    await Deno.writeTextFile(join(places.host, "host.db"), "LEAKED");
    using listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const caches = await hostCaches();
    try {
      const paths = [
        "/root",
        home,
        secret,
        caches.denoDir,
        caches.npmCache,
        caches.modulesCache,
        join(places.denoDir, "npm"),
        join(places.denoDir, "remote"),
        // Beside its data dir: another plugin's files, the host's own.
        join(places.host, "plugins", "other", "secret.txt"),
        join(places.host, "host.db"),
      ];
      const got = await reports(
        spawnProbe(boundary, places, ["look", ...paths, String(listener.addr.port)]),
      );
      for (const path of paths) {
        assert.deepEqual(got.get(`read ${path}`), { error: "NotFound" }, path);
      }
      // Its own PID namespace: bubblewrap's reaper and itself.
      assert.deepEqual(got.get("processes"), { ok: ["/usr/bin/bwrap", Deno.execPath()] });
      assert.deepEqual(got.get("connect"), { error: "ConnectionRefused" });
      assert.deepEqual(got.get("new user namespace"), { ok: "refused" });
      // Soft and hard alike, so it cannot raise them.
      assert.deepEqual(got.get("limits"), {
        ok: {
          "Max open files": ["1024", "1024"],
          "Max file size": [String(64 * 1024 * 1024), String(64 * 1024 * 1024)],
          "Max core file size": ["0", "0"],
        },
      });
    } finally {
      await Deno.remove(secret);
    }
  },
});

Deno.test({
  name: "the OS boundary refuses one file past the disk quota (RLIMIT_FSIZE)",
  ignore: !linux,
  async fn() {
    const boundary = await sandbox();
    await using places = await pluginPlaces();
    const child = spawnProbe(boundary, places, ["big-file"]);
    const status = await child.status;
    await child.stdout.cancel();
    await child.stderr.cancel();
    // SIGXFSZ ended it; bubblewrap hands that on as 128 + 25.
    assert.equal(sandboxExitReason(status.code), "wrote a file past its disk quota of 64 MiB");
    const size = (await Deno.stat(join(places.dataDir, "big.bin"))).size;
    assert.equal(size, 64 * 1024 * 1024);
  },
});

Deno.test({
  name: "DiskQuota stops the Cache API filling DENO_DIR long before 300 MB",
  ignore: !linux,
  async fn() {
    const boundary = await sandbox();
    await using places = await pluginPlaces();
    await using cgroup = await pluginCgroup();
    const exceeded = Promise.withResolvers<string>();
    await using quota = new DiskQuota([places.dataDir, places.denoDir], {
      freeze: () => cgroup.freeze(),
      onExceeded: exceeded.resolve,
    });
    await quota.start();
    const child = spawnProbe(boundary, places, ["fill"], cgroup);
    const reason = await exceeded.promise;
    await cgroup.kill();
    const got = await reports(child);
    assert.match(reason, /^held \d+(\.\d)? MiB on disk .*over its quota of 64 MiB: stopped$/);
    assert.ok(got.has("filling"));
    assert.ok(!got.has("filled 300 MB"), "the flood ran to its end");
    await quota.check();
    assert.ok(quota.usedBytes < 128 * 1024 * 1024, `${quota.usedBytes} bytes landed`);
  },
});

Deno.test({
  name: "CpuQuota throttles two nested workers spinning, then stops them",
  ignore: !linux,
  async fn() {
    const boundary = await sandbox();
    await using places = await pluginPlaces();
    await using cgroup = await pluginCgroup();
    const events: string[] = [];
    const exceeded = Promise.withResolvers<void>();
    await using quota = new CpuQuota(cgroup, cgroup, {
      windowMs: 1_000,
      pollMs: 100,
      onThrottled: (reason) => events.push(`throttled: ${reason}`),
      onExceeded: (reason) => {
        events.push(`exceeded: ${reason}`);
        exceeded.resolve();
      },
    });
    const child = spawnProbe(boundary, places, ["spin"], cgroup);
    await quota.start();
    await exceeded.promise;
    await cgroup.kill();
    await reports(child);
    // Throttled, perhaps let go and throttled again while its workers were starting, then
    // stopped.
    assert.ok(events.length >= 2, events.join("\n"));
    for (const event of events.slice(0, -1)) {
      assert.match(event, /^throttled: used [\d.]+ cores averaged over 1 s/);
    }
    events.splice(0, events.length - 2);
    assert.match(events[1], /^exceeded: kept at its limit of 0.5 cores for 1 s while throttled/);
  },
});

Deno.test({
  name: "the OS boundary holds the SDK: a plugin imports @ircbus/client/plugin as outside",
  ignore: !linux,
  async fn() {
    const boundary = await sandbox();
    await using places = await pluginPlaces();
    const config = fileURLToPath(new URL("../../deno.json", import.meta.url));
    const child = spawnProbe(boundary, places, ["sdk"], undefined, {
      config: [`--config=${config}`, "--no-lock"],
    });
    assert.deepEqual((await reports(child)).get("import the SDK"), { ok: "function" });
  },
});

Deno.test("sdkPaths() holds every module the subprocess runtime and the SDK load", async () => {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const paths = sdkPaths();
  for (const entry of ["plugins/_subprocess_main.ts", "plugins/sdk.ts"]) {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", join(root, entry)],
      stdout: "piped",
    }).output();
    const graph: { modules: { specifier: string }[] } = JSON.parse(
      new TextDecoder().decode(output.stdout),
    );
    for (const { specifier } of graph.modules) {
      // A Node builtin (node:timers, in the bus's types) is no file to bind.
      if (specifier.startsWith("node:")) continue;
      const file = fileURLToPath(specifier);
      assert.ok(paths.some((path) => file.startsWith(`${path}/`)), `${file} is not bound`);
    }
  }
});

Deno.test({
  name: "a plugin's cgroup caps its tasks: 64 workers cannot all start under 40 tasks",
  ignore: !linux,
  async fn() {
    const boundary = await sandbox();
    await using places = await pluginPlaces();
    await using cgroup = await pluginCgroup({ maxTasks: 40 });
    const got = await reports(spawnProbe(boundary, places, ["threads"], cgroup));
    assert.notDeepEqual(got.get("start 64 workers"), { ok: "started" });
    assert.ok((await cgroup.refusedTasks()) > 0);
  },
});

Deno.test({
  name: "without a cgroup, CpuQuota throttles and stops a spinning tree through /proc and signals",
  ignore: !linux,
  async fn() {
    const boundary = await sandbox();
    await using places = await pluginPlaces();
    const child = spawnProbe(boundary, places, ["spin"]);
    await using tree = new ProcessTree(child.pid);
    const events: string[] = [];
    const exceeded = Promise.withResolvers<void>();
    await using quota = new CpuQuota(tree, tree, {
      windowMs: 1_000,
      pollMs: 100,
      onThrottled: (reason) => events.push(`throttled: ${reason}`),
      onExceeded: (reason) => {
        events.push(`exceeded: ${reason}`);
        exceeded.resolve();
      },
    });
    await quota.start();
    await exceeded.promise;
    const pids = await tree.pids();
    assert.ok(pids.length >= 3, "bubblewrap, its reaper and Deno");
    // Deno's resident memory, seen through the boundary around it.
    assert.ok(await tree.residentBytes() > 10 * 1024 * 1024);
    await tree.kill();
    await reports(child);
    assert.equal((await child.status).signal, "SIGKILL");
    assert.ok(events.length >= 2, events.join("\n"));
    for (const event of events.slice(0, -1)) {
      assert.match(event, /^throttled: used [\d.]+ cores averaged over 1 s/);
    }
    assert.match(events.at(-1) ?? "", /^exceeded: kept at its limit of 0.5 cores for 1 s/);
  },
});

Deno.test({
  name: "the OS boundary holds a plugin's pinned npm package and none other of the npm cache",
  ignore: !linux,
  async fn() {
    const boundary = await sandbox();
    await using places = await pluginPlaces();
    // The test suite's own fake timers: cached wherever these tests run.
    const registry = join((await hostCaches()).npmCache, "registry.npmjs.org");
    // Its whole graph, as the host's pin would name it.
    const pinned = ["@sinonjs/fake-timers", "@sinonjs/commons", "type-detect"].map((name) =>
      join(registry, name)
    );
    const child = spawnProbe(boundary, places, ["npm", registry], undefined, {
      config: ["--no-lock", "--cached-only"],
      readOnly: pinned,
    });
    const got = await reports(child);
    assert.deepEqual(got.get("import its npm package"), { ok: "function" });
    const listed = got.get("list the npm cache")?.ok;
    assert.ok(Array.isArray(listed));
    assert.deepEqual(listed.toSorted(), ["@sinonjs", "type-detect"]);
  },
});

Deno.test({
  name: "the OS boundary shares the host's network only with a net grant",
  ignore: !linux,
  async fn() {
    const boundary = await sandbox();
    await using places = await pluginPlaces();
    using listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const child = spawnProbe(boundary, places, ["look", String(listener.addr.port)], undefined, {
      net: true,
    });
    const accepted = listener.accept();
    assert.deepEqual((await reports(child)).get("connect"), { ok: "connected" });
    (await accepted).close();
  },
});

Deno.test({
  name: "the OS boundary holds the broker's socket alone, to connect to",
  ignore: !linux,
  async fn() {
    const boundary = await sandbox();
    await using places = await pluginPlaces();
    const folder = join(places.host, "brokers");
    await Deno.mkdir(folder);
    const socket = join(folder, "hostile.sock");
    const sibling = join(folder, "other.secret");
    await Deno.writeTextFile(sibling, "LEAKED");
    using listener = Deno.listen({ transport: "unix", path: socket });
    const child = spawnProbe(boundary, places, ["broker", socket, sibling], undefined, {
      brokerSocket: socket,
    });
    const accepted = listener.accept();
    const got = await reports(child);
    assert.deepEqual(got.get("connect to the broker"), { ok: "connected" });
    assert.deepEqual(got.get(`read ${sibling}`), { error: "NotFound" });
    (await accepted).close();
  },
});

Deno.test({
  name: "every process of the OS boundary is in the plugin's cgroup, in each of its hierarchies",
  ignore: !linux,
  async fn() {
    const boundary = await sandbox();
    await using places = await pluginPlaces();
    await using cgroup = await pluginCgroup();
    const child = spawnProbe(boundary, places, ["echo"], cgroup);
    // Once a byte comes back, Deno runs: the boundary has every process it will have.
    const writer = child.stdin.getWriter();
    await writer.write(new Uint8Array([1]));
    const reader = child.stdout.getReader();
    assert.deepEqual((await reader.read()).value, new Uint8Array([1]));
    await using tree = new ProcessTree(child.pid);
    const pids = await tree.pids();
    assert.equal(pids.length, 3, "bubblewrap, its reaper and Deno");
    assert.deepEqual((await cgroup.pids()).toSorted(), pids.toSorted());
    // Its leaf's name is the same in every hierarchy, and unique.
    const leaf = basename(dirname(cgroup.tasksFiles[0]));
    for (const pid of pids) {
      const lines = (await Deno.readTextFile(`/proc/${pid}/cgroup`)).split("\n");
      const inside = lines.filter((line) => line.endsWith(`/${leaf}`));
      assert.equal(inside.length, cgroup.tasksFiles.length, `${pid}: ${lines.join(" ")}`);
    }
    await writer.close();
    reader.releaseLock();
    await child.stdout.cancel();
    await child.stderr.cancel();
    assert.equal((await child.status).code, 0);
  },
});

Deno.test({
  name: "the OS boundary passes stdin and stdout through, byte for byte",
  ignore: !linux,
  async fn() {
    const boundary = await sandbox();
    await using places = await pluginPlaces();
    await using cgroup = await pluginCgroup();
    const child = spawnProbe(boundary, places, ["echo"], cgroup);
    const sent = new Uint8Array(256 * 1024).map((_, i) => (i * 7919) % 251);
    // Read while writing: the echo blocks once the stdout pipe is full.
    const reading = child.output();
    const writer = child.stdin.getWriter();
    await writer.write(sent);
    await writer.close();
    const output = await reading;
    assert.equal(output.code, 0);
    assert.deepEqual(output.stdout, sent);
  },
});
