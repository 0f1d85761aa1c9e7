import assert from "node:assert/strict";
import { basename, join, resolve, sep } from "node:path";
import { EventBus } from "../../bus/mod.ts";
import { emit, timeline } from "./_events.ts";
import { exportLogs, historyPath, MessageStore } from "../../history/mod.ts";
import { databasePath } from "../../storage/data_dir.ts";
import { NetworkStore } from "../../storage/network_store.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const T0 = Date.UTC(2026, 10, 26, 12, 0, 1);

async function run(args: string[]) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", MAIN, ...args],
    env: { TZ: "UTC" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

Deno.test("deno task run -- export writes one irssi-style log per buffer", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-export-" });
  try {
    const data = join(dir, "data");
    await Deno.mkdir(data);
    let networkId: number;
    {
      using networks = new NetworkStore(databasePath(data));
      networkId = networks.add({ name: "Local", host: "127.0.0.1", nick: "me", tls: false }).id;
    }
    {
      await using bus = new EventBus();
      // The lines' fixed dates are never in the future for the store, whatever today is.
      using store = MessageStore.open(historyPath(data), { clock: () => T0 + 86_400_000 });
      store.attach(bus, { ownNick: () => "me" });
      const n = networkId;
      await emit(
        bus,
        "channel.names.complete",
        { networkId: n, channel: "#deno", users: ["me"] },
        T0,
      );
      const next = timeline(bus, T0, 1000);
      await next("user.joined", {
        networkId: n,
        channel: "#deno",
        user: "bob",
        nickname: "bob",
      });
      await next("message.received", {
        networkId: n,
        channel: "#deno",
        user: "bob",
        message: "hello",
        timestamp: 0,
      });
      await next("message.received", {
        networkId: n,
        channel: "#deno",
        user: "bob",
        message: "waves",
        timestamp: 0,
        kind: "action",
      });
      await next("message.sent", { networkId: n, channel: "#deno", message: "hi bob" });
      await next("message.received", {
        networkId: n,
        channel: "",
        user: "NickServ",
        message: "You are now identified",
        timestamp: 0,
        kind: "notice",
        peer: "NickServ",
      });
      await next("user.kicked", {
        networkId: n,
        channel: "#deno",
        user: "bob",
        nickname: "bob",
        kicker: "me",
        reason: "enough",
      });
      await next("channel.topic", {
        networkId: n,
        channel: "#deno",
        topic: "Deno things",
        setter: "me",
      });
      await next("user.nick", {
        networkId: n,
        old_nickname: "me",
        nickname: "me_",
        channels: ["#deno"],
      });
      await next("server.reply", {
        networkId: n,
        type: "WARN",
        command: "PRIVMSG",
        code: "SLOW_DOWN",
        context: ["#deno"],
        description: "Slow down",
        target: "#deno",
      });
      await next("message.received", {
        networkId: 7,
        channel: "#../x",
        user: "z",
        message: "other network",
        timestamp: 0,
      });
    }
    const out = join(dir, "logs");
    const all = await run(["export", "--data-dir", data, "--out", out]);
    assert.equal(all.code, 0, all.stderr);
    assert.equal(
      await Deno.readTextFile(join(out, "Local", "#deno.log")),
      [
        "2026-11-26 12:00:01 → bob joined",
        "2026-11-26 12:00:02 <bob> hello",
        "2026-11-26 12:00:03 * bob waves",
        "2026-11-26 12:00:04 <me> hi bob",
        "2026-11-26 12:00:06 ← bob was kicked by me (enough)",
        "2026-11-26 12:00:07 me changed the topic to: Deno things",
        "2026-11-26 12:00:08 me is now me_",
        "2026-11-26 12:00:09 !!! WARN PRIVMSG SLOW_DOWN #deno: Slow down",
        "",
      ].join("\n"),
    );
    assert.equal(
      await Deno.readTextFile(join(out, "Local", "NickServ.log")),
      "2026-11-26 12:00:05 -NickServ- You are now identified\n",
    );
    assert.equal(
      await Deno.readTextFile(join(out, "7", "#.._x.log")),
      "2026-11-26 12:00:10 <z> other network\n",
      "an unsaved network by its id; a slash in a name cannot leave the directory",
    );
    assert.equal(Deno.statSync(join(out, "Local", "#deno.log")).mode! & 0o777, 0o600);

    const one = join(dir, "one");
    const only = await run([
      "export",
      "--data-dir",
      data,
      "--out",
      one,
      "--network",
      "local",
      "--buffer",
      "#DENO",
    ]);
    assert.equal(only.code, 0, only.stderr);
    assert.deepEqual([...Deno.readDirSync(join(one, "Local"))].map((e) => e.name), ["#deno.log"]);
    assert.equal([...Deno.readDirSync(one)].length, 1);

    const bad = await run(["export", "--data-dir", data, "--network", "nope"]);
    assert.equal(bad.code, 64);
    assert.match(bad.stderr, /Cannot export history: no network named "nope"/);

    // An out dir that is a file: a one-line reason, not a stack trace.
    const file = join(dir, "a-file");
    await Deno.writeTextFile(file, "mine\n");
    const blocked = await run(["export", "--data-dir", data, "--out", file]);
    assert.equal(blocked.code, 1);
    assert.match(blocked.stderr, /^Cannot export history: Not a directory/);
    assert.doesNotMatch(blocked.stderr, /Uncaught|at async/);
    assert.equal(await Deno.readTextFile(file), "mine\n");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("exportLogs() writes every buffer to its own file inside out, whatever its name", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-export-" });
  try {
    const hostile = [
      "#a/b",
      "#a_b",
      "#a\\b",
      `#${"x".repeat(300)}`,
      `#${"é".repeat(200)}`,
      "..",
      "../../etc",
      "CON",
      "nul.txt",
      "#trailing. ",
      "#c:d",
    ];
    {
      await using bus = new EventBus();
      using store = MessageStore.open(join(dir, "history.sqlite"), {
        clock: () => T0 + 86_400_000,
      });
      store.attach(bus);
      let t = T0;
      for (
        const [networkId, channel] of [
          ...hostile.map((name) => [1, name] as const),
          [2, "#same-dir"] as const,
        ]
      ) {
        await emit(bus, "message.received", {
          networkId,
          channel,
          user: "bob",
          message: `in ${channel}`,
          timestamp: 0,
        }, t += 1000);
      }
    }
    using store = MessageStore.open(join(dir, "history.sqlite"));
    const out = join(dir, "logs");
    // A log left world-readable by an earlier export is narrowed like a new one.
    await Deno.mkdir(join(out, "Net"), { recursive: true });
    await Deno.writeTextFile(join(out, "Net", "#a_b.log"), "old\n", { mode: 0o644 });
    Deno.chmodSync(join(out, "Net", "#a_b.log"), 0o644);
    const written = await exportLogs(store, {
      out,
      // Two networks whose names make the same directory.
      networkNames: new Map([[1, "Net"], [2, "net"]]),
    });
    assert.equal(written.length, hostile.length + 1, JSON.stringify(written));
    const paths = new Set(written.map((file) => file.path));
    assert.equal(paths.size, written.length, "no two buffers share a file");
    const root = `${resolve(out)}${sep}`;
    const seen: string[] = [];
    for (const file of written) {
      assert.ok(resolve(file.path).startsWith(root), `${file.path} is inside ${out}`);
      assert.ok(new TextEncoder().encode(basename(file.path)).length <= 255, file.path);
      assert.equal(Deno.statSync(file.path).mode! & 0o777, 0o600, file.path);
      const text = await Deno.readTextFile(file.path);
      assert.equal(text.split("\n").length, 2, `${file.path} holds one line: ${text}`);
      seen.push(text.slice(text.indexOf("in ") + 3, -1));
    }
    assert.deepEqual(seen.sort(), [...hostile, "#same-dir"].sort());
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("exportLogs() never writes through a link planted in the out dir", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-export-" });
  try {
    {
      await using bus = new EventBus();
      using store = MessageStore.open(join(dir, "history.sqlite"), {
        clock: () => T0 + 86_400_000,
      });
      store.attach(bus);
      for (const [networkId, channel] of [[1, "#a"], [2, "#b"]] as const) {
        await emit(bus, "message.received", {
          networkId,
          channel,
          user: "bob",
          message: `in ${channel}`,
          timestamp: 0,
        }, T0);
      }
    }
    // Someone who can write in a shared out dir plants a link to a file of the user's, and
    // a network directory that is a link to another of the user's directories.
    const victim = join(dir, "victim");
    await Deno.mkdir(victim);
    await Deno.writeTextFile(join(victim, ".bashrc"), "mine\n");
    const out = join(dir, "logs");
    await Deno.mkdir(join(out, "Net"), { recursive: true });
    await Deno.symlink(join(victim, ".bashrc"), join(out, "Net", "#a.log"));
    using store = MessageStore.open(join(dir, "history.sqlite"));
    const first = await exportLogs(store, { out, networkNames: new Map([[1, "Net"]]) });
    assert.equal(await Deno.readTextFile(join(victim, ".bashrc")), "mine\n");
    assert.ok(Deno.lstatSync(join(out, "Net", "#a.log")).isFile, "the link itself was replaced");
    assert.match(await Deno.readTextFile(join(out, "Net", "#a.log")), /in #a/);
    assert.equal(Deno.statSync(join(out, "Net", "#a.log")).mode! & 0o777, 0o600);
    assert.equal(first.length, 2);

    await Deno.symlink(victim, join(out, "Other"));
    await assert.rejects(
      exportLogs(store, { out, networkNames: new Map([[2, "Other"]]), networkId: 2 }),
      /Cannot export history: .*Other is not a directory of its own/,
    );
    assert.deepEqual([...Deno.readDirSync(victim)].map((e) => e.name), [".bashrc"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("deno task run -- export says in one line why it cannot read the saved networks", async () => {
  const data = await Deno.makeTempDir({ prefix: "ircbus-export-" });
  try {
    MessageStore.open(historyPath(data)).close();
    await Deno.writeTextFile(databasePath(data), "not a database\n".repeat(100));
    const result = await run(["export", "--data-dir", data, "--out", join(data, "logs")]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^Cannot export history: /);
    assert.doesNotMatch(result.stderr, /Uncaught|at async/);
  } finally {
    await Deno.remove(data, { recursive: true });
  }
});
