// The adapter against a real InspIRCd with Atheme linked as services. One server for the
// whole file; the steps share it and their clients.
import assert from "node:assert/strict";
import { EventBus, IrcClient, type IrcClientOptions, IrcConnectError } from "../../mod.ts";
import { Recorder } from "./_recorder.ts";
import { startInspircd } from "./_servers.ts";

Deno.test("IrcClient against a real InspIRCd and Atheme", async (t) => {
  await using server = await startInspircd({ services: true });
  const bus = new EventBus();
  using rec = new Recorder(bus);
  const base = (networkId: number, nick: string): IrcClientOptions => ({
    bus,
    networkId,
    host: "127.0.0.1",
    port: server.port,
    tls: false,
    nick,
    followUpInterval: 50,
    messageRate: { burst: 20, interval: 50 },
  });
  const alice = new IrcClient({
    ...base(1, "alice"),
    sasl: { mechanism: "PLAIN", account: server.account, password: "accountpass" },
  });
  const bob = new IrcClient({ ...base(2, "bob"), realname: "Bob Builder" });
  const carol = new IrcClient(base(3, "carol"));
  const on = (id: number) => (d: { networkId?: number }) => d.networkId === id;

  try {
    await t.step(
      "connect() is a barrier: SASL PLAIN, then connection.established, once",
      async () => {
        await Promise.all([alice.connect(), bob.connect(), carol.connect()]);
        const aliceTypes = rec.events
          .filter((e) => (e.data as { networkId?: number }).networkId === 1)
          .map((e) => e.type)
          .filter((type) => type.startsWith("sasl") || type === "connection.established");
        assert.deepEqual(aliceTypes, ["sasl.started", "sasl.success", "connection.established"]);
        assert.deepEqual(rec.of("sasl.started", 1), [{ networkId: 1, mechanism: "PLAIN" }]);
        for (const id of [1, 2, 3]) {
          assert.deepEqual(rec.of("connection.established", id), [
            { networkId: id, address: "127.0.0.1", port: server.port },
          ]);
        }
        alice.quote("MOTD");
        await rec.waitFor("user.meta", (d) => d.networkId === 1 && d.nickname === "alice");
        assert.equal(rec.of("connection.established", 1).length, 1);
      },
    );

    await t.step(
      "joins: user.joined, channels.changed, NAMES then WHOX enrichment into user.meta",
      async () => {
        alice.join("#room");
        await rec.waitFor("channel.names.complete", (d) => d.networkId === 1);
        bob.join("#room");
        carol.join("#room");
        await rec.waitFor("channel.names.complete", (d) => d.networkId === 3);
        await rec.waitFor("user.joined", (d) => d.networkId === 1 && d.nickname === "carol");
        assert.deepEqual(rec.of("channels.changed", 1)[0], { networkId: 1, channels: ["#room"] });
        const joined = rec.of("user.joined", 1).find((d) => d.nickname === "bob");
        assert.deepEqual(joined, { networkId: 1, channel: "#room", user: "bob", nickname: "bob" });
        const names = rec.of("channel.names.complete", 3)[0];
        assert.deepEqual(names.users.toSorted(), ["alice", "bob", "carol"]);
        // WHOX from carol's enrichment carries alice's account, host and real name.
        const meta = await rec.waitFor(
          "user.meta",
          (d) => d.networkId === 3 && d.nickname === "alice" && d.account === server.account,
        );
        assert.deepEqual(meta.data, {
          networkId: 3,
          nickname: "alice",
          away: false,
          account: server.account,
          host: "alice@127.0.0.1",
          realname: "alice",
        });
      },
    );

    await t.step("channel and private messages carry exact fields and server-time", async () => {
      bob.say("#room", "hello room");
      const got = await rec.waitFor(
        "message.received",
        (d) => on(1)(d) && d.message === "hello room",
      );
      assert.equal(typeof got.data.msgid, "string");
      assert.deepEqual(got.data, {
        networkId: 1,
        channel: "#room",
        user: "bob",
        message: "hello room",
        kind: "message",
        timestamp: Math.floor(got.timestamp.getTime() / 1000),
        msgid: got.data.msgid,
      });
      alice.say("bob", "psst");
      const pm = await rec.waitFor("message.received", (d) => on(2)(d) && d.message === "psst");
      assert.equal(pm.data.channel, "");
      assert.equal(pm.data.user, "alice");
      assert.equal(pm.data.peer, "alice");
      // InspIRCd offers echo-message: what we sent comes back with the msgid bob saw.
      const sent = await rec.waitFor("message.sent", (d) => on(1)(d) && d.message === "psst");
      assert.deepEqual(sent.data, {
        networkId: 1,
        channel: "",
        message: "psst",
        target: "bob",
        msgid: pm.data.msgid,
      });
      assert.equal(rec.of("message.sent", 1).filter((d) => d.message === "psst").length, 1);
    });

    await t.step("topic and mode changes carry the setter", async () => {
      alice.quote("TOPIC #room :A fine topic");
      const topic = await rec.waitFor(
        "channel.topic",
        (d) => on(2)(d) && d.topic === "A fine topic",
      );
      assert.deepEqual(topic.data, {
        networkId: 2,
        channel: "#room",
        topic: "A fine topic",
        setter: "alice",
      });
      alice.quote("MODE #room +v bob");
      const mode = await rec.waitFor("channel.mode", (d) => on(2)(d) && d.modes === "+v bob");
      assert.deepEqual(mode.data, {
        networkId: 2,
        channel: "#room",
        modes: "+v bob",
        setter: "alice",
      });
    });

    await t.step("away-notify updates user.meta; WHOIS resolves a WhoisInfo", async () => {
      bob.quote("AWAY :building");
      const away = await rec.waitFor(
        "user.meta",
        (d) => on(1)(d) && d.nickname === "bob" && d.away,
      );
      assert.equal(away.data.away_message, "building");
      const info = await alice.whois("bob");
      assert.equal(info.nickname, "bob");
      assert.equal(info.username, "bob");
      assert.equal(info.host, "127.0.0.1");
      assert.equal(info.realname, "Bob Builder");
      assert.equal(info.server, "irc.test");
      assert.equal(info.away, true);
      assert.equal(info.away_message, "building");
      assert.deepEqual(info.channels, ["+#room"]);
      assert.equal(typeof info.idle, "number");
      const event = await rec.waitFor(
        "whois.received",
        (d) => on(1)(d) && d.whois.nickname === "bob",
      );
      assert.deepEqual(event.data.whois, info);
      await assert.rejects(alice.whois("nobody_here"), /no such nick/);
      const err = await rec.waitFor("error", (d) => on(1)(d) && d.type === "401");
      assert.match(err.data.error, /^nobody_here: /);
    });

    await t.step("nick changes carry old_nickname, nickname and the channels shared", async () => {
      carol.quote("NICK caroline");
      const nick = await rec.waitFor("user.nick", (d) => on(1)(d) && d.nickname === "caroline");
      assert.deepEqual(nick.data, {
        networkId: 1,
        old_nickname: "carol",
        nickname: "caroline",
        channels: ["#room"],
      });
      await rec.waitFor("user.nick", (d) => on(3)(d) && d.nickname === "caroline");
      assert.equal(carol.nickname, "caroline");
    });

    await t.step(
      "error replies: 482 for a non-op, 442 for a channel we are not in, 475 for a bad key",
      async () => {
        carol.quote("MODE #room +m");
        const e482 = await rec.waitFor("error", (d) => on(3)(d) && d.type === "482");
        assert.match(e482.data.error, /^#room: /);
        carol.part("#elsewhere");
        await rec.waitFor("error", (d) => on(3)(d) && (d.type === "442" || d.type === "403"));
        alice.join("#locked", "key1");
        await rec.waitFor("channels.changed", (d) => on(1)(d) && d.channels.includes("#locked"));
        alice.quote("MODE #locked +k key1");
        await rec.waitFor("channel.mode", (d) => on(1)(d) && d.modes === "+k key1");
        bob.join("#locked");
        const e475 = await rec.waitFor("error", (d) => on(2)(d) && d.type === "475");
        assert.match(e475.data.error, /^#locked: /);
      },
    );

    await t.step(
      "kick: user.kicked with kicker; the kicked client's channels.changed",
      async () => {
        alice.quote("KICK #room caroline :out");
        const kick = await rec.waitFor("user.kicked", (d) => on(1)(d));
        assert.deepEqual(kick.data, {
          networkId: 1,
          channel: "#room",
          user: "caroline",
          nickname: "caroline",
          kicker: "alice",
          reason: "out",
        });
        await rec.waitFor("channels.changed", (d) => on(3)(d) && d.channels.length === 0);
      },
    );

    await t.step(
      "part and quit carry their reasons; a quit names the channels shared",
      async () => {
        bob.part("#room", "gone fishing");
        const part = await rec.waitFor("user.parted", (d) => on(1)(d) && d.nickname === "bob");
        assert.deepEqual(part.data, {
          networkId: 1,
          channel: "#room",
          user: "bob",
          nickname: "bob",
          reason: "gone fishing",
        });
        bob.join("#room");
        await rec.waitFor(
          "user.joined",
          (d) =>
            on(1)(d) && d.nickname === "bob" &&
            rec.of("user.joined", 1).filter((j) => j.nickname === "bob").length === 2,
        );
        await bob.disconnect("bye all");
        const quit = await rec.waitFor("user.quit", (d) => on(1)(d) && d.nickname === "bob");
        assert.deepEqual(quit.data, {
          networkId: 1,
          user: "bob",
          nickname: "bob",
          reason: "Quit: bye all",
          channels: ["#room"],
        });
        const room = alice.channels().find((c) => c.name === "#room");
        assert.equal(
          room?.members.some((m) => m.nick === "bob"),
          false,
          "irc/'s roster forgot bob",
        );
        assert.deepEqual(rec.of("connection.lost", 2), [{
          networkId: 2,
          error: "Disconnected: bye all",
        }]);
        assert.deepEqual(rec.of("channels.changed", 2).at(-1), { networkId: 2, channels: [] });
        assert.equal(rec.of("error", 2).filter((e) => e.type === "ERROR").length, 0);
      },
    );

    await t.step("a nick in use at registration falls back to altNicks", async () => {
      const again = new IrcClient({ ...base(4, "alice"), altNicks: ["alice2"] });
      await again.connect();
      assert.equal(again.nickname, "alice2");
      await again.disconnect();
    });

    await t.step(
      "Atheme refuses a wrong SASL PLAIN password: sasl.failed and a rejected connect()",
      async () => {
        const wrong = new IrcClient({
          ...base(5, "mallory"),
          sasl: { mechanism: "PLAIN", account: server.account, password: "wrong" },
        });
        const error = await wrong.connect().catch((e) => e);
        assert.ok(error instanceof IrcConnectError, String(error));
        assert.equal(error.code, "sasl");
        const failed = rec.of("sasl.failed", 5);
        assert.equal(failed.length, 1);
        assert.match(failed[0].error, /SASL authentication failed/i);
        assert.equal(wrong.state, "disconnected");
      },
    );

    await t.step(
      "TLS: an untrusted certificate rejects with code tls; trusting it connects",
      async () => {
        const strict = new IrcClient({ ...base(8, "secure"), port: server.tlsPort, tls: true });
        const error = await strict.connect().catch((e) => e);
        assert.ok(error instanceof IrcConnectError, String(error));
        assert.equal(error.code, "tls", error.message);
        const relaxed = new IrcClient({
          ...base(9, "secure"),
          port: server.tlsPort,
          tls: true,
          tlsOptions: { rejectUnauthorized: false },
        });
        await relaxed.connect();
        relaxed.quote("WHOIS secure");
        const whois = await rec.waitFor("whois.received", (d) => on(9)(d));
        assert.equal(whois.data.whois.secure, true, "671: the server sees a TLS connection");
        await relaxed.disconnect();
      },
    );

    await t.step(
      "the server password: wrong is rejected with code password, right connects",
      async () => {
        const wrong = new IrcClient({
          ...base(6, "passer"),
          port: server.passwordPort,
          password: "bad",
        });
        const error = await wrong.connect().catch((e) => e);
        assert.ok(error instanceof IrcConnectError, String(error));
        assert.equal(error.code, "password");
        const right = new IrcClient({
          ...base(7, "passer"),
          port: server.passwordPort,
          password: "serverpass",
        });
        await right.connect();
        await right.disconnect();
      },
    );
  } finally {
    await Promise.all([alice.disconnect(), bob.disconnect(), carol.disconnect()]);
    await bus.close();
  }
});
