// Always on through a real bouncer: InspIRCd with ZNC in front, the client stopped while others
// talk, then restarted; ZNC's playback buffer arrives with the lines' own server-time, in order.
import assert from "node:assert/strict";
import { EventBus, IrcClient } from "../../mod.ts";
import type { BusEvent } from "../../bus/mod.ts";
import { FAST_IRC, Peer, Recorder } from "../client/_helpers.ts";
import { startInspircd, startZnc, type ZncBouncer } from "../irc/_servers.ts";

const CHANNEL = "#room";

/** One run of the client: its own bus and connection, as after a process start. */
class Session implements AsyncDisposable {
  readonly bus = new EventBus();
  readonly events = new Recorder(this.bus);
  readonly irc: IrcClient;

  constructor(znc: ZncBouncer) {
    this.irc = new IrcClient({
      bus: this.bus,
      networkId: 1,
      host: "127.0.0.1",
      port: znc.port,
      tls: false,
      nick: znc.user,
      // How a bouncer user logs in: `user/network:password` as the server password.
      password: `${znc.user}/${znc.network}:${znc.password}`,
      ...FAST_IRC,
    });
  }

  /** Connects and waits until ZNC has put us in the channel it keeps. */
  async start(): Promise<void> {
    await this.irc.connect();
    await this.events.waitFor(
      "user.joined",
      (d) => d.nickname === "alice" && d.channel === CHANNEL,
    );
  }

  /** The channel's lines as this run received them, in order. */
  lines(): BusEvent<"message.received">[] {
    return this.events.events.filter((e): e is BusEvent<"message.received"> =>
      e.type === "message.received" && e.data.channel === CHANNEL
    );
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.irc.disconnect().catch(() => {});
    this.events[Symbol.dispose]();
    await this.bus.close();
  }
}

Deno.test("through ZNC, a restarted client gets the lines said while it was away, with their own server-time, in order", async () => {
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

  const first = new Session(znc);
  await first.start();
  const live = await say("while you are here");
  await first.events.waitFor("message.received", (d) => d.message === "while you are here");
  await first[Symbol.asyncDispose]();

  const missed = [];
  for (let i = 1; i <= 5; i++) missed.push(await say(`missed ${i}`));
  const restartedAt = Date.now();

  await using second = new Session(znc);
  await second.start();
  await second.events.waitFor("message.received", (d) => d.message === "missed 5");
  const played = second.lines();
  // ZNC keeps its buffer (AutoClearChanBuffer off): the line seen live comes again too.
  assert.deepEqual(
    played.map((e) => ({
      user: e.data.user,
      message: e.data.message,
      at: e.timestamp.getTime(),
      history: e.data.history,
    })),
    [live, ...missed].map((e) => ({
      user: "bob",
      message: e.data.message,
      at: e.timestamp.getTime(),
      history: true,
    })),
    "each line once, in order, at the time the server gave it, marked as replayed",
  );
  // Registering through ZNC takes a few round trips: a line stamped at replay would be later.
  assert.ok(played.every((e) => e.timestamp.getTime() <= restartedAt), "not the replay time");
  assert.deepEqual(second.events.of("error", 1), []);
});
