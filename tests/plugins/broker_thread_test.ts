/**
 * The broker's thread: a Worker of the host that answers permission checks while it waits in
 * the kernel, through libc. Everything the broker on the event loop does, it does the same
 * (each test runs against both), with real `deno run` processes as the plugins; and it leaves
 * no thread and no descriptor behind.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  type BrokerServedBy,
  brokerThreadState,
  holdBrokerThread,
  MAX_CHECK_BYTES,
  PermissionBroker,
  PermissionPolicy,
  settleBrokerDecisions,
} from "../../plugins/_broker.ts";
import { harness, loadFixtures, logged, message, waitUntil } from "./_helpers.ts";

const policy = new PermissionPolicy({
  read: ["/data/p"],
  write: [],
  net: [],
  env: ["TZ", "BENCH_VAR"],
  import: [],
});

const SERVINGS: BrokerServedBy[] = ["thread", "event loop"];

function listen(
  dir: string,
  servedBy: BrokerServedBy,
  onDecision: (line: string) => void = () => {},
): Promise<PermissionBroker> {
  return PermissionBroker.listen(join(dir, "b.sock"), policy, (check, decision) => {
    onDecision(
      `${check.permission} ${check.value} ${decision.allow ? "allow" : `deny: ${decision.reason}`}`,
    );
  }, { thread: servedBy === "thread" });
}

/** Runs `code` in a `deno run` whose checks go to `broker`; its stdout, stderr and exit code. */
async function runPlugin(broker: PermissionBroker, dir: string, code: string) {
  const script = join(dir, `plugin-${crypto.randomUUID()}.ts`);
  await Deno.writeTextFile(script, code);
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "--no-config", script],
    clearEnv: true,
    env: { DENO_PERMISSION_BROKER_PATH: broker.path, TZ: "UTC", BENCH_VAR: "1", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    out: decoder.decode(output.stdout),
    err: decoder.decode(output.stderr),
    code: output.code,
  };
}

function openFds(): number {
  return [...Deno.readDirSync("/proc/self/fd")].length;
}

/** Deno names each Worker's OS thread `worker-N`, N counting up from 1 in each process. */
function workerThreadNames(): string[] {
  const names: string[] = [];
  for (const task of Deno.readDirSync("/proc/self/task")) {
    let comm = "";
    try {
      comm = Deno.readTextFileSync(`/proc/self/task/${task.name}/comm`).trim();
    } catch {
      continue; // It ended since the folder was read.
    }
    if (/^worker-\d+$/.test(comm)) names.push(comm);
  }
  return names;
}

function workerThreads(): number {
  return workerThreadNames().length;
}

Deno.test("broker's thread: runs in the test process, which has --allow-ffi on Linux", () => {
  assert.deepEqual(brokerThreadState(), { available: true });
});

for (const servedBy of SERVINGS) {
  Deno.test(`broker (${servedBy}): allows, denies with the reason, hears every decision, and the plugin exits 87 once it is gone`, async () => {
    const dir = await Deno.makeTempDir();
    const decisions: string[] = [];
    const broker = await listen(dir, servedBy, (line) => decisions.push(line));
    assert.equal(broker.servedBy, servedBy);
    const closed = new Promise<string>((resolve) => broker.onClose = resolve);
    const run = runPlugin(
      broker,
      dir,
      `try { Deno.readTextFileSync("/etc/hostname"); console.log("LEAKED"); }
       catch (e) { console.log(e.name + ": " + e.message); }
       console.log(Deno.env.get("TZ"));
       for (let i = 0; i < 1000; i++) Deno.env.get("BENCH_VAR");
       console.log("checked");
       // Checks go on until one finds the broker gone.
       setInterval(() => Deno.env.get("TZ"), 5);`,
    );
    await waitUntil(
      () => decisions.filter((d) => d === "env BENCH_VAR allow").length === 1000,
      "the plugin's 1000 checks to be heard",
    );
    await broker[Symbol.asyncDispose]();
    const { out, code } = await run;
    assert.equal(
      out,
      'NotCapable: Requires read access to "/etc/hostname", which is not granted to this plugin\n' +
        "UTC\nchecked\n",
    );
    assert.equal(code, 87);
    assert.ok(
      decisions.includes(
        'read /etc/hostname deny: Requires read access to "/etc/hostname", which is not granted to this plugin',
      ),
      decisions.join("\n"),
    );
    assert.ok(decisions.includes("env TZ allow"), decisions.join("\n"));
    // The first denial comes before the allowed reads, in the order they were made.
    assert.ok(decisions.indexOf("env TZ allow") > decisions.findIndex((d) => d.startsWith("read")));
    assert.equal(await closed, "closed its permission broker connection");
    await assert.rejects(Deno.lstat(broker.path), Deno.errors.NotFound);
    await Deno.remove(dir, { recursive: true });
  });

  Deno.test(`broker (${servedBy}): a check line past the bound, or one that is not JSON, ends the conversation with why`, async () => {
    const dir = await Deno.makeTempDir();
    for (
      const [bytes, why] of [
        [new Uint8Array(MAX_CHECK_BYTES + 1).fill(0x61), /over 16384 bytes/],
        [new TextEncoder().encode("{not json\n"), /not JSON: "{not json"/],
        [new TextEncoder().encode('{"id":1,"permission":"read"}\n'), /without id, permission/],
      ] as const
    ) {
      const broker = await listen(dir, servedBy);
      const closed = new Promise<string>((resolve) => broker.onClose = resolve);
      const conn = await Deno.connect({ transport: "unix", path: broker.path });
      await conn.write(bytes).catch(() => 0);
      assert.match(await closed, why);
      // The broker closed its side: the peer reads the end.
      assert.equal(await conn.read(new Uint8Array(16)).catch(() => null), null);
      conn.close();
      await broker[Symbol.asyncDispose]();
    }
    await Deno.remove(dir, { recursive: true });
  });

  Deno.test(`broker (${servedBy}): answers only the first process, and its socket file is gone once that one connected`, async () => {
    const dir = await Deno.makeTempDir();
    const broker = await listen(dir, servedBy);
    const first = await Deno.connect({ transport: "unix", path: broker.path });
    const answer = new Uint8Array(256);
    await first.write(new TextEncoder().encode('{"id":7,"permission":"env","value":"TZ"}\n'));
    const n = await first.read(answer);
    assert.equal(
      new TextDecoder().decode(answer.subarray(0, n ?? 0)),
      '{"id":7,"result":"allow"}\n',
    );
    await assert.rejects(Deno.lstat(broker.path), Deno.errors.NotFound);
    await assert.rejects(Deno.connect({ transport: "unix", path: broker.path }));
    first.close();
    await broker[Symbol.asyncDispose]();
    await Deno.remove(dir, { recursive: true });
  });
}

Deno.test("broker's thread: a peer that never reads its answers holds up no other plugin's checks", async () => {
  const dir = await Deno.makeTempDir();
  const stuck = await PermissionBroker.listen(join(dir, "stuck.sock"), policy, () => {});
  assert.equal(stuck.servedBy, "thread");
  const peer = await Deno.connect({ transport: "unix", path: stuck.path });
  // Checks whose answers (each with its long reason) fill the socket's buffers many times over.
  const check = JSON.stringify({ id: 1, permission: "read", value: `/${"x".repeat(4000)}` }) + "\n";
  const flood = new TextEncoder().encode(check.repeat(400));
  const writing = (async () => {
    for (let i = 0; i < 10; i++) await peer.write(flood);
  })().catch(() => {});
  const other = await listen(dir, "thread");
  const { out, code } = await runPlugin(
    other,
    dir,
    `for (let i = 0; i < 100; i++) Deno.env.get("TZ"); console.log(Deno.env.get("TZ"));`,
  );
  assert.deepEqual({ out, code }, { out: "UTC\n", code: 0 });
  peer.close();
  await writing;
  await other[Symbol.asyncDispose]();
  await stuck[Symbol.asyncDispose]();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("broker's thread: a host slow to record holds the checks back and loses none of them", async () => {
  const dir = await Deno.makeTempDir();
  let heard = 0;
  const broker = await PermissionBroker.listen(join(dir, "b.sock"), policy, (check) => {
    if (check.value !== "BENCH_VAR") return;
    heard++;
    // The main thread spends longer on each decision than the thread takes to make it.
    const until = performance.now() + 0.05;
    while (performance.now() < until) { /* busy */ }
  });
  const { out, code } = await runPlugin(
    broker,
    dir,
    `for (let i = 0; i < 20000; i++) Deno.env.get("BENCH_VAR"); console.log("done");`,
  );
  assert.deepEqual({ out, code }, { out: "done\n", code: 0 });
  await broker[Symbol.asyncDispose]();
  assert.equal(heard, 20000);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("broker's thread: every decision a plugin was answered is heard once settleBrokerDecisions() returns", async () => {
  const dir = await Deno.makeTempDir();
  const heard: string[] = [];
  const broker = await listen(dir, "thread", (line) => heard.push(line));
  assert.equal(broker.servedBy, "thread");
  const peer = await Deno.connect({ transport: "unix", path: broker.path });
  const encoder = new TextEncoder();
  const answers = new Uint8Array(64 * 1024);
  // Checks one after another keep the thread's batch open (it sends one once they pause):
  // each answer is read, and what the host knows is asked for at once, as when a plugin's
  // frame follows its check.
  for (let id = 1; id <= 200; id++) {
    const value = id % 2 === 0 ? "TZ" : "HOME";
    await peer.write(encoder.encode(JSON.stringify({ id, permission: "env", value }) + "\n"));
    let answer = "";
    while (!answer.endsWith("\n")) {
      const n = await peer.read(answers);
      assert.ok(n !== null, "the broker answers");
      answer += new TextDecoder().decode(answers.subarray(0, n));
    }
    settleBrokerDecisions();
    assert.equal(heard.length, id, `decision ${id} heard before anything after it`);
    assert.ok(heard[id - 1].startsWith(`env ${value} ${id % 2 === 0 ? "allow" : "deny"}`));
  }
  peer.close();
  await broker[Symbol.asyncDispose]();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("broker's thread: stops with the last broker, leaving no thread and no descriptor", async () => {
  // The only Workers in this file are the broker's thread of earlier tests, ending by now.
  await waitUntil(() => workerThreads() === 0, "the earlier tests' broker threads to end");
  const dir = await Deno.makeTempDir();
  const fds = openFds();
  const brokers = await Promise.all(
    ["a", "b", "c"].map((name) =>
      PermissionBroker.listen(join(dir, `${name}.sock`), policy, () => {})
    ),
  );
  const runs = brokers.slice(0, 2).map((broker) =>
    runPlugin(broker, dir, `console.log(Deno.env.get("TZ"));`)
  );
  assert.deepEqual((await Promise.all(runs)).map((r) => r.out), ["UTC\n", "UTC\n"]);
  assert.equal(workerThreads(), 1, "one thread serves every broker");
  for (const broker of brokers) await broker[Symbol.asyncDispose]();
  await waitUntil(() => workerThreads() === 0, "the broker's thread to end");
  assert.equal(openFds(), fds);
  for (const name of ["a", "b", "c"]) {
    await assert.rejects(Deno.lstat(join(dir, `${name}.sock`)), Deno.errors.NotFound);
  }
  // A later broker starts it again.
  await using again = await PermissionBroker.listen(join(dir, "d.sock"), policy, () => {});
  assert.equal(again.servedBy, "thread");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("broker's thread: a hold (the plugin host's) keeps it from one broker to the next", async () => {
  await waitUntil(() => workerThreads() === 0, "the earlier tests' broker threads to end");
  const dir = await Deno.makeTempDir();
  const hold = holdBrokerThread();
  assert.equal(workerThreads(), 0, "a hold starts nothing by itself");
  const servedBy: string[][] = [];
  for (const name of ["a", "b"]) {
    await using broker = await PermissionBroker.listen(join(dir, `${name}.sock`), policy, () => {});
    const { out } = await runPlugin(broker, dir, `console.log(Deno.env.get("TZ"));`);
    assert.equal(out, "UTC\n");
    servedBy.push(workerThreadNames());
  }
  // The second broker opened after the first closed, and the same one thread served both.
  assert.equal(servedBy[0].length, 1);
  assert.deepEqual(servedBy[1], servedBy[0]);
  await hold[Symbol.asyncDispose]();
  await waitUntil(() => workerThreads() === 0, "the broker's thread to end with the hold");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("broker's thread: a plugin holds its own broker connection and no other plugin's", async () => {
  const dir = await Deno.makeTempDir();
  await using first = await PermissionBroker.listen(join(dir, "a.sock"), policy, () => {});
  await using second = await PermissionBroker.listen(join(dir, "b.sock"), policy, () => {});
  const script = join(dir, "idle.ts");
  await Deno.writeTextFile(
    script,
    `console.log(Deno.env.get("TZ")); setInterval(() => {}, 60_000);`,
  );
  // The second starts once the first is connected, when a descriptor leaking to it is open.
  const plugins: Deno.ChildProcess[] = [];
  const outs: ReadableStreamDefaultReader<string>[] = [];
  for (const broker of [first, second]) {
    const plugin = new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-prompt", "--no-config", script],
      clearEnv: true,
      env: { DENO_PERMISSION_BROKER_PATH: broker.path, TZ: "UTC" },
      stdout: "piped",
      stderr: "null",
    }).spawn();
    const out = plugin.stdout.pipeThrough(new TextDecoderStream()).getReader();
    assert.equal((await out.read()).value, "UTC\n");
    plugins.push(plugin);
    outs.push(out);
  }
  const sockets = (pid: number | "self") => {
    const found = new Set<string>();
    for (const fd of Deno.readDirSync(`/proc/${pid}/fd`)) {
      try {
        const link = Deno.readLinkSync(`/proc/${pid}/fd/${fd.name}`);
        if (link.startsWith("socket:")) found.add(link);
      } catch {
        // The directory's own descriptor, closed by now.
      }
    }
    return found;
  };
  // The host's sockets: every broker's listening and accepted ones among them.
  const host = sockets("self");
  for (const plugin of plugins) {
    const shared = [...sockets(plugin.pid)].filter((socket) => host.has(socket));
    assert.deepEqual(shared, [], `pid ${plugin.pid} holds the host's ${shared.join(", ")}`);
  }
  for (const plugin of plugins) plugin.kill();
  await Promise.all(plugins.map((p) => p.status));
  for (const out of outs) await out.cancel();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("broker's thread: a socket path it cannot listen on is a clear error, and starts no thread", async () => {
  await waitUntil(() => workerThreads() === 0, "the earlier tests' broker threads to end");
  const long = join(await Deno.makeTempDir(), "x".repeat(120) + ".sock");
  await assert.rejects(
    PermissionBroker.listen(long, policy, () => {}),
    RangeError,
    "Cannot listen on a Unix socket: its path takes",
  );
  assert.equal(workerThreads(), 0);
});

Deno.test("broker: without --allow-ffi the host answers on its event loop, and says why", async () => {
  const module = new URL("../../plugins/_broker.ts", import.meta.url).href;
  const dir = await Deno.makeTempDir();
  const script = join(dir, "host.ts");
  await Deno.writeTextFile(
    script,
    `import { brokerThreadState, PermissionBroker, PermissionPolicy } from ${
      JSON.stringify(module)
    };
     const policy = new PermissionPolicy({ read: [], write: [], net: [], env: [], import: [] });
     await using broker = await PermissionBroker.listen(${
      JSON.stringify(join(dir, "b.sock"))
    }, policy, () => {});
     console.log(JSON.stringify({ servedBy: broker.servedBy, state: brokerThreadState() }));`,
  );
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-prompt",
      "--allow-read",
      "--allow-write",
      "--allow-net",
      "--allow-env",
      script,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(output.stderr);
  assert.equal(output.code, 0, err);
  assert.deepEqual(JSON.parse(new TextDecoder().decode(output.stdout)), {
    servedBy: "event loop",
    state: { available: false, reason: "the host runs without --allow-ffi" },
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("plugin host: one broker thread answers its subprocess plugins, from the first load to its close", async () => {
  await waitUntil(() => workerThreads() === 0, "the earlier tests' broker threads to end");
  const h = await harness();
  try {
    assert.equal(workerThreads(), 0, "no thread before a plugin needs one");
    await loadFixtures(h, "recorder", "broker-probe");
    const [thread] = workerThreadNames();
    assert.deepEqual(workerThreadNames(), [thread]);
    // The hostile suite checks the decisions themselves; here, that they came through it.
    await h.bus.emit(message("thread-read /etc/shadow"));
    await waitUntil(() => logged(h, "broker-probe").includes("done"), "the probe to finish");
    await waitUntil(
      () => h.host.activity("broker-probe").some((e) => e.value === "/etc/shadow"),
      "the denial in the ledger",
    );
    await h.host.unload("broker-probe");
    await h.host.unload("recorder");
    await h.host.load("recorder");
    assert.deepEqual(workerThreadNames(), [thread], "the same thread serves the next plugin");
  } finally {
    await h[Symbol.asyncDispose]();
  }
  await waitUntil(() => workerThreads() === 0, "the thread to end with the host");
});
