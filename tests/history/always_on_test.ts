// Always on through a real bouncer: InspIRCd with ZNC in front, the client app stopped while
// others talk, then restarted; ZNC's playback lands in the history store with the lines' own
// server-time, in order, once each, however often ZNC plays the same buffer again.
import assert from "node:assert/strict";
import type { BusEvent } from "../../bus/mod.ts";
import { type RunningClient, startClient } from "../../client/mod.ts";
import { MessageStore } from "../../history/mod.ts";
import { FAST_IRC, Peer, Recorder } from "../client/_helpers.ts";
import { startInspircd, startZnc } from "../irc/_servers.ts";

const CHANNEL = "#room";
const historyPath = (dataDir: string) => `${dataDir}/history.sqlite`;

/** One run of the client app on `dataDir`, its history store attached to its bus. */
class Run implements AsyncDisposable {
  readonly client: RunningClient;
  readonly store: MessageStore;
  readonly events: Recorder;
  #detach: () => void;
  #stopped = false;

  constructor(client: RunningClient, store: MessageStore) {
    this.client = client;
    this.store = store;
    this.events = new Recorder(client.bus);
    this.#detach = store.attach(client.bus, { ownNick: (id) => client.irc(id)?.nickname });
  }

  /**
   * Starts the app, then connects network 1 (saved with connect on start off): the store
   * is attached before the first line can arrive, as it will be when the app opens it.
   */
  static async start(dataDir: string): Promise<Run> {
    const client = await startClient({ dataDir, irc: FAST_IRC, log: () => {} });
    const run = new Run(client, MessageStore.open(historyPath(dataDir)));
    if (client.networks.get(1) !== undefined) await run.attach();
    return run;
  }

  /** Connects network 1 through ZNC and waits until ZNC has put us in the channel it keeps. */
  async attach(): Promise<void> {
    await this.client.connect(1);
    await this.events.waitFor("channels.changed", (d) => d.channels.includes(CHANNEL));
  }

  /** The channel's messages as this run received them, in order. */
  lines(): BusEvent<"message.received">[] {
    return this.events.events.filter((e): e is BusEvent<"message.received"> =>
      e.type === "message.received" && e.data.channel === CHANNEL
    );
  }

  /** The ordered shutdown (QUIT: ZNC stays in the channel), then the store's last commit. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.events[Symbol.dispose]();
    await this.client.shutdown();
    this.#detach();
    await this.store.flush();
    this.store[Symbol.dispose]();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.stop();
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
        connect: false,
      });
      await first.attach();
      heard.push(await say("while you are here"));
      await first.events.waitFor("message.received", (d) => d.message === "while you are here");
    }

    for (let i = 1; i <= 5; i++) heard.push(await say(`missed ${i}`));

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
