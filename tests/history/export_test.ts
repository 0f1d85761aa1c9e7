import assert from "node:assert/strict";
import { join } from "node:path";
import { createEvent, EventBus, type EventMap, type EventType } from "../../bus/mod.ts";
import { historyPath, MessageStore } from "../../history/mod.ts";
import { databasePath } from "../../storage/data_dir.ts";
import { NetworkStore } from "../../storage/network_store.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const T0 = Date.UTC(2026, 10, 26, 12, 0, 1);

function emit<T extends EventType>(bus: EventBus, type: T, data: EventMap[T], time: number) {
  return bus.emitSync(createEvent(type, data, "irc", new Date(time)));
}

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
      using store = MessageStore.open(historyPath(data));
      store.attach(bus, { ownNick: () => "me" });
      const n = networkId;
      let t = T0;
      await emit(
        bus,
        "channel.names.complete",
        { networkId: n, channel: "#deno", users: ["me"] },
        t,
      );
      await emit(bus, "user.joined", {
        networkId: n,
        channel: "#deno",
        user: "bob",
        nickname: "bob",
      }, t);
      await emit(bus, "message.received", {
        networkId: n,
        channel: "#deno",
        user: "bob",
        message: "hello",
        timestamp: 0,
      }, t += 1000);
      await emit(bus, "message.received", {
        networkId: n,
        channel: "#deno",
        user: "bob",
        message: "waves",
        timestamp: 0,
        kind: "action",
      }, t += 1000);
      await emit(
        bus,
        "message.sent",
        { networkId: n, channel: "#deno", message: "hi bob" },
        t += 1000,
      );
      await emit(bus, "message.received", {
        networkId: n,
        channel: "",
        user: "NickServ",
        message: "You are now identified",
        timestamp: 0,
        kind: "notice",
        peer: "NickServ",
      }, t += 1000);
      await emit(bus, "user.kicked", {
        networkId: n,
        channel: "#deno",
        user: "bob",
        nickname: "bob",
        kicker: "me",
        reason: "enough",
      }, t += 1000);
      await emit(bus, "channel.topic", {
        networkId: n,
        channel: "#deno",
        topic: "Deno things",
        setter: "me",
      }, t += 1000);
      await emit(
        bus,
        "user.nick",
        { networkId: n, old_nickname: "me", nickname: "me_" },
        t += 1000,
      );
      await emit(bus, "message.received", {
        networkId: 7,
        channel: "#../x",
        user: "z",
        message: "other network",
        timestamp: 0,
      }, t += 1000);
    }
    const out = join(dir, "logs");
    const all = await run(["export", "--data-dir", data, "--out", out]);
    assert.equal(all.code, 0, all.stderr);
    assert.equal(
      await Deno.readTextFile(join(out, "Local", "#deno.log")),
      [
        "2026-11-26 12:00:01 --> bob joined #deno",
        "2026-11-26 12:00:02 <bob> hello",
        "2026-11-26 12:00:03 * bob waves",
        "2026-11-26 12:00:04 <me> hi bob",
        "2026-11-26 12:00:06 <-- bob was kicked by me (enough)",
        "2026-11-26 12:00:07 --- me changed the topic to: Deno things",
        "2026-11-26 12:00:08 --- me is now known as me_",
        "",
      ].join("\n"),
    );
    assert.equal(
      await Deno.readTextFile(join(out, "Local", "NickServ.log")),
      "2026-11-26 12:00:05 -NickServ- You are now identified\n",
    );
    assert.equal(
      await Deno.readTextFile(join(out, "7", "#.._x.log")),
      "2026-11-26 12:00:09 <z> other network\n",
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
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
