// Always on through a real bouncer: InspIRCd with ZNC in front, the client app stopped while
// others talk, then restarted; ZNC's playback lands in the app's history store with the lines'
// own server-time, in order, once each, however often ZNC plays the same buffer again.
import assert from "node:assert/strict";
import type { BusEvent } from "../../bus/mod.ts";
import { type RunningClient, startClient } from "../../client/mod.ts";
import { historyPath, MessageStore } from "../../history/mod.ts";
import { FAST_IRC, Peer, Recorder } from "../client/_helpers.ts";
import { startInspircd, startZnc } from "../irc/_servers.ts";

const CHANNEL = "#room";

/** One run of the client app on `dataDir`, as `deno task run` starts it, with its events. */
class Run implements AsyncDisposable {
  readonly client: RunningClient;
  readonly events: Recorder;

  constructor(client: RunningClient) {
    this.client = client;
    this.events = new Recorder(client.bus);
  }

  /**
   * Starts the app; a saved network is then connected by hand, once the events are recorded:
   * connect on start could bring the playback before `startClient` returns (it is tested in
   * tests/client/autojoin_test.ts). The app's store is attached either way.
   */
  static async start(dataDir: string): Promise<Run> {
    const run = new Run(await startClient({ dataDir, irc: FAST_IRC, log: () => {} }));
    if (run.client.networks.get(1) !== undefined) await run.client.connect(1);
    return run;
  }

  /** The channel's messages as this run received them, in order. */
  lines(): BusEvent<"message.received">[] {
    return this.events.events.filter((e): e is BusEvent<"message.received"> =>
      e.type === "message.received" && e.data.channel === CHANNEL
    );
  }

  /** The ordered shutdown: QUIT (ZNC stays in the channel), the bus drained, the store closed. */
  async [Symbol.asyncDispose](): Promise<void> {
    this.events[Symbol.dispose]();
    await this.client.shutdown();
  }
}

Deno.test("always on through ZNC: a restarted client stores the lines said while it was away, with their own server-time, in order, once each", async () => {
  await using server = await startInspircd();
  await using znc = await startZnc(server.port, {
    nick: "alice",
    channels: [CHANNEL],
    playback: 100,
  });
  await using bob = new Peer(server.port, "bob");
  // carol sits on the server itself: her copy of each line carries the time the server gave it.
  await using carol = new Peer(server.port, "carol");
  await Promise.all([bob.irc.connect(), carol.irc.connect()]);
  bob.irc.join(CHANNEL);
  await bob.events.waitFor("channel.names.complete", (d) => d.channel === CHANNEL);
  carol.irc.join(CHANNEL);
  await carol.events.waitFor("channel.names.complete", (d) => d.channel === CHANNEL);
  const say = async (text: string) => {
    bob.irc.say(CHANNEL, text);
    return await carol.events.waitFor("message.received", (d) => d.message === text);
  };
  const heard: BusEvent<"message.received">[] = [];
  const asStored = (e: BusEvent<"message.received">) => ({
    sender: e.data.user,
    text: e.data.message,
    time: e.timestamp.getTime(),
  });
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-always-on-" });
  try {
    // Added as a ZNC user adds it: the bouncer's address, `user/network:password` as PASS.
    {
      await using first = await Run.start(dataDir);
      await first.client.perform({
        kind: "network.add",
        network: {
          name: "ZNC",
          host: "127.0.0.1",
          port: znc.port,
          tls: false,
          nick: "alice",
          password: `${znc.user}/${znc.network}:${znc.password}`,
          autoconnect: false,
        },
        connect: true,
      });
      // ZNC puts us in the channel it keeps.
      await first.events.waitFor("channels.changed", (d) => d.channels.includes(CHANNEL));
      heard.push(await say("while you are here"));
      await first.events.waitFor("message.received", (d) => d.message === "while you are here");
    }

    for (let i = 1; i <= 5; i++) heard.push(await say(`missed ${i}`));
    // bob's lines reach carol and ZNC on separate connections: carol having them says nothing
    // of ZNC. A second client of alice's on ZNC sees them from ZNC itself, so ZNC holds them
    // all before the app comes back (a line ZNC got late would reach the app live, not replayed).
    {
      await using watcher = new Peer(
        znc.port,
        "alice",
        `${znc.user}/${znc.network}:${znc.password}`,
      );
      await watcher.irc.connect();
      await watcher.events.waitFor("message.received", (d) => d.message === "missed 5");
    }

    {
      await using second = await Run.start(dataDir);
      await second.events.waitFor("message.received", (d) => d.message === "missed 5");
      // ZNC keeps its buffer (AutoClearChanBuffer off): the line seen live comes again too.
      // A line stamped at replay would be later than carol's copy: it came before the restart.
      assert.deepEqual(
        second.lines().map((e) => ({ ...asStored(e), history: e.data.history })),
        heard.map((e) => ({ ...asStored(e), history: true })),
        "ZNC plays each line once, in order, at the time the server gave it, marked as replayed",
      );
    }

    // ZNC plays the same buffer again, and one line comes live.
    {
      await using third = await Run.start(dataDir);
      await third.events.waitFor("message.received", (d) => d.message === "missed 5");
      heard.push(await say("back again"));
      await third.events.waitFor("message.received", (d) => d.message === "back again");
    }
    // After the client stopped: the file alone holds it all.
    using stored = MessageStore.open(historyPath(dataDir));
    const messages = stored.page(1, CHANNEL).filter((line) => line.kind === "message");
    assert.deepEqual(
      messages.map(({ sender, text, time, self }) => ({ sender, text, time, self })),
      heard.map((e) => ({ ...asStored(e), self: false })),
      "each line once, in order, at its own time: the live one, the missed ones, the new one",
    );
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
