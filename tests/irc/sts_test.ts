// STS (IRCv3 `sts`) against scripted servers: a plain-text listener offering the policy and a
// TLS listener with the test certificate (no Debian server's test setup offers both at once),
// with an injected clock for the policy's expiry.
import assert from "node:assert/strict";
import { EventBus, IrcClient, type IrcClientOptions } from "../../mod.ts";
import { IrcConnectError, type StsPolicy } from "../../irc/mod.ts";
import { ScriptedServer } from "./_peer.ts";
import { Recorder } from "./_recorder.ts";
import { TEST_CERT_PATH, TEST_KEY_PATH } from "./_servers.ts";

const CERT = Deno.readTextFileSync(TEST_CERT_PATH);
const KEY = Deno.readTextFileSync(TEST_KEY_PATH);
const START = Date.parse("2026-01-01T00:00:00Z");

/** Two listeners, a bus, a clock and the policies the client reported, torn down as one. */
function setup() {
  const plain = new ScriptedServer();
  const secure = new ScriptedServer({ tls: { cert: CERT, key: KEY } });
  const bus = new EventBus();
  const rec = new Recorder(bus);
  const time = { now: START };
  const kept: (StsPolicy | undefined)[] = [];
  const options = (more: Partial<IrcClientOptions> = {}): IrcClientOptions => ({
    bus,
    networkId: 1,
    host: "127.0.0.1",
    port: plain.port,
    tls: false,
    nick: "me",
    tlsOptions: { ca: [CERT] },
    clock: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (id) => clearTimeout(typeof id === "number" ? id : undefined),
      currentTime: () => time.now,
    },
    onStsPolicy: (policy) => kept.push(policy),
    ...more,
  });
  return {
    plain,
    secure,
    bus,
    rec,
    time,
    kept,
    options,
    async [Symbol.asyncDispose]() {
      rec[Symbol.dispose]();
      await bus.close();
      await plain.close();
      await secure.close();
    },
  };
}

/** Disconnects, answering the QUIT. */
async function hangUp(
  client: IrcClient,
  peer: { expect(m: RegExp): Promise<string>; close(): Promise<void> },
) {
  const done = client.disconnect();
  await peer.expect(/^QUIT/);
  await peer.close();
  await done;
}

Deno.test("an sts offer in plain text moves the connection to TLS on its port, verified; the TLS offer's duration is the policy kept", async () => {
  await using s = setup();
  const client = new IrcClient(s.options());
  const connecting = client.connect();
  const first = await s.plain.accept();
  await first.expect(/^CAP LS/);
  // The duration offered in plain text is not trusted: only the port is used.
  await first.send(`:peer.test CAP * LS :batch server-time sts=port=${s.secure.port},duration=999`);
  await first.expect(/^QUIT/);
  await first.close();
  const second = await s.secure.accept();
  await second.register({ caps: "batch server-time sts=duration=300,preload" });
  await connecting;
  assert.equal(client.stsUpgraded, true);
  assert.deepEqual(s.rec.of("connection.established"), [
    { networkId: 1, address: "127.0.0.1", port: s.secure.port },
  ]);
  assert.deepEqual(s.rec.of("error"), [], "moving to TLS is no error");
  assert.deepEqual(s.kept, [
    { host: "127.0.0.1", port: s.secure.port, duration: 300, expiresAt: START + 300_000 },
  ]);
  // Leaving renews the policy: it lapses `duration` after we last left the server.
  s.time.now += 60_000;
  await hangUp(client, second);
  assert.deepEqual(s.kept.at(-1), {
    host: "127.0.0.1",
    port: s.secure.port,
    duration: 300,
    expiresAt: START + 360_000,
  });
});

Deno.test("a kept policy connects over TLS until it expires, then in plain text again, and is cleared", async () => {
  await using s = setup();
  const policy = {
    host: "127.0.0.1",
    port: s.secure.port,
    duration: 300,
    expiresAt: START + 300_000,
  };
  const client = new IrcClient(s.options({ stsPolicy: policy }));
  s.time.now = policy.expiresAt - 1;
  const connecting = client.connect();
  const secure = await s.secure.accept();
  await secure.register({ caps: "batch server-time" });
  await connecting;
  assert.equal(client.stsUpgraded, true);
  await hangUp(client, secure);
  const renewed = s.kept.at(-1)!;
  assert.equal(renewed.expiresAt, policy.expiresAt - 1 + 300_000);

  s.time.now = renewed.expiresAt;
  const again = client.connect();
  const plain = await s.plain.accept();
  await plain.register({ caps: "batch server-time" });
  await again;
  assert.equal(client.stsUpgraded, false);
  assert.equal(s.kept.at(-1), undefined, "the expired policy is cleared");
  await hangUp(client, plain);
});

Deno.test("duration=0 over TLS clears the policy: the next connection is in plain text", async () => {
  await using s = setup();
  const policy = { host: "127.0.0.1", port: s.secure.port, duration: 300, expiresAt: START + 1 };
  const client = new IrcClient(s.options({ stsPolicy: policy }));
  const connecting = client.connect();
  const secure = await s.secure.accept();
  await secure.register({ caps: "batch server-time sts=duration=0" });
  await connecting;
  await hangUp(client, secure);
  assert.deepEqual(s.kept, [undefined], "cleared, and not renewed on leaving");
  const again = client.connect();
  const plain = await s.plain.accept();
  await plain.register({ caps: "batch server-time" });
  await again;
  assert.equal(client.stsUpgraded, false);
  await hangUp(client, plain);
});

Deno.test("a policy for another host, or a network set to TLS, is not applied", async () => {
  await using s = setup();
  const elsewhere = {
    host: "irc.example",
    port: s.secure.port,
    duration: 300,
    expiresAt: START + 300_000,
  };
  const client = new IrcClient(s.options({ stsPolicy: elsewhere }));
  const connecting = client.connect();
  const plain = await s.plain.accept();
  await plain.register({ caps: "batch server-time" });
  await connecting;
  assert.equal(client.stsUpgraded, false);
  await hangUp(client, plain);
  // A network set to TLS goes where it is set to, whatever port a policy names.
  const here = { ...elsewhere, host: "127.0.0.1", port: s.plain.port };
  const tls = new IrcClient(s.options({ port: s.secure.port, tls: true, stsPolicy: here }));
  const connectingTls = tls.connect();
  const secure = await s.secure.accept();
  await secure.register({ caps: "batch server-time" });
  await connectingTls;
  assert.equal(tls.stsUpgraded, false);
  s.time.now += 1000;
  await hangUp(tls, secure);
  // Leaving a TLS link renews the host's policy, for the port that link used.
  assert.deepEqual(s.kept, [
    { host: "127.0.0.1", port: s.secure.port, duration: 300, expiresAt: START + 301_000 },
  ]);
});

Deno.test("an upgrade to a certificate that does not verify fails with code tls, and never falls back to plain text", async () => {
  await using s = setup();
  const client = new IrcClient(s.options({ tlsOptions: {} }));
  const connecting = client.connect();
  const first = await s.plain.accept();
  await first.expect(/^CAP LS/);
  await first.send(`:peer.test CAP * LS :batch sts=port=${s.secure.port}`);
  await first.expect(/^QUIT/);
  await first.close();
  const tried = await s.secure.accept();
  const error = await connecting.then(() => undefined, (e) => e);
  assert.ok(error instanceof IrcConnectError, String(error));
  assert.equal(error.code, "tls", error.message);
  await tried.close();
  // Trying again goes to TLS again: the offer holds for this client.
  const again = client.connect().then(() => undefined, (e) => e);
  const retried = await s.secure.accept();
  const second = await again;
  assert.equal(second?.code, "tls");
  await retried.close();
  assert.equal(client.stsUpgraded, true);
  assert.deepEqual(s.kept, []);
});

Deno.test("an sts offer by CAP NEW on a plain-text connection in use is taken at the next connection", async () => {
  await using s = setup();
  const client = new IrcClient(s.options({ reconnect: { initialDelay: 0, jitter: 0 } }));
  const connecting = client.connect();
  const plain = await s.plain.accept();
  await plain.register({ caps: "batch server-time cap-notify" });
  await connecting;
  await plain.send(`:peer.test CAP me NEW :sts=port=${s.secure.port}`);
  client.quote("PING sync");
  await plain.expect(/^PING sync$/);
  assert.equal(client.state, "connected", "the connection in use stays");
  await plain.close();
  const secure = await s.secure.accept();
  await secure.register({ caps: "batch server-time" });
  await s.rec.waitFor("connection.established", (d) => d.port === s.secure.port);
  assert.equal(client.stsUpgraded, true);
  await hangUp(client, secure);
});
