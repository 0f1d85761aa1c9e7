/** Networks from the page's side: server password, SASL, states with reasons, removal. */
import assert from "node:assert/strict";
import { databasePath } from "../../storage/data_dir.ts";
import { FAST_IRC, SocketPage, startInspircd, tempClient } from "./_helpers.ts";

const SECRET = "serverpass";

/** The id a `network.add` reply carries. */
function networkIdOf(reply: Record<string, unknown>): number {
  const result = reply.result;
  assert.ok(typeof result === "object" && result !== null && "networkId" in result);
  assert.equal(typeof result.networkId, "number");
  return Number(result.networkId);
}

/** Whether a frame is a batch holding an event of `type`. */
function hasEvent(m: Record<string, unknown>, type: string): boolean {
  return m.kind === "batch" && Array.isArray(m.events) &&
    m.events.some((e: unknown) =>
      typeof e === "object" && e !== null && "type" in e && e.type === type
    );
}

Deno.test("a network with a server password connects; the page never sees the password", async () => {
  await using server = await startInspircd();
  await using client = await tempClient();
  await using page = await SocketPage.greeted(client.url!);
  const added = await page.request({
    kind: "network.add",
    network: {
      name: "Passworded",
      host: "127.0.0.1",
      port: server.passwordPort,
      tls: false,
      nick: "alice",
      password: SECRET,
      saslMechanism: "PLAIN",
      saslAccount: "alice",
      saslPassword: "sasl-secret",
      autoconnect: false,
    },
    connect: false,
  }, 1);
  assert.equal(added.kind, "reply");
  const networkId = networkIdOf(added);
  // No services on this server: PLAIN is not offered, so SASL is off for this connect.
  await client.networks.update(networkId, { saslMechanism: "" });
  const connected = await page.request({ kind: "connect", networkId }, 2);
  assert.equal(connected.kind, "reply", JSON.stringify(connected));
  await page.next((m) => m.kind === "network.state" && m.state === "connected");
  assert.equal(client.irc(networkId)?.state, "connected");

  await using later = new SocketPage(client.url!);
  const hello = await later.next((m) => m.kind === "hello");
  assert.ok(Array.isArray(hello.networks));
  const view = hello.networks[0];
  assert.equal(view.hasPassword, true);
  assert.equal("password" in view, false);
  const everything = JSON.stringify([...page.received, ...later.received]);
  assert.ok(!everything.includes(SECRET), "the server password reached a page");
  assert.ok(!everything.includes("sasl-secret"), "the SASL password reached a page");

  // The store holds the secrets: its files stay readable by the user alone.
  const path = databasePath(client.dataDir);
  for (const suffix of ["", "-wal"]) {
    assert.equal((Deno.statSync(path + suffix).mode ?? 0) & 0o777, 0o600, suffix);
  }

  // An edit that leaves the password out keeps it: the reconnect still gets in.
  const edited = await page.request({
    kind: "network.update",
    networkId,
    network: {
      name: "Renamed",
      host: "127.0.0.1",
      port: server.passwordPort,
      tls: false,
      nick: "alice",
    },
  }, 3);
  assert.equal(edited.kind, "reply");
  assert.equal(client.networks.get(networkId)?.password, SECRET);
  await page.request({ kind: "disconnect", networkId }, 4);
  const again = await page.request({ kind: "connect", networkId }, 5);
  assert.equal(again.kind, "reply", JSON.stringify(again));
});

Deno.test("a refused password leaves the network disconnected with the reason shown", async () => {
  await using server = await startInspircd();
  await using client = await tempClient();
  await using page = await SocketPage.greeted(client.url!);
  const added = await page.request({
    kind: "network.add",
    network: {
      name: "Wrong",
      host: "127.0.0.1",
      port: server.passwordPort,
      tls: false,
      nick: "alice",
      password: "not-it",
      autoconnect: false,
    },
    connect: false,
  }, 1);
  const networkId = networkIdOf(added);
  const states: string[] = [];
  const failed = await page.request({ kind: "connect", networkId }, 2);
  assert.equal(failed.kind, "error");
  assert.match(String(failed.message), /password/);
  const last = await page.next((m) =>
    m.kind === "network.state" && m.state === "disconnected" && typeof m.reason === "string"
  );
  for (const m of page.received) if (m.kind === "network.state") states.push(String(m.state));
  assert.ok(states.includes("connecting"), states.join(","));
  assert.match(String(last.reason), /password/);
  assert.ok(!JSON.stringify(page.received).includes("not-it"));
});

Deno.test("removing a network disconnects it and forgets it and its channels", async () => {
  await using server = await startInspircd();
  await using client = await tempClient();
  await using page = await SocketPage.greeted(client.url!);
  const added = await page.request({
    kind: "network.add",
    network: { name: "Gone", host: "127.0.0.1", port: server.port, tls: false, nick: "alice" },
    connect: true,
  }, 1);
  const networkId = networkIdOf(added);
  await page.request({ kind: "join", networkId, channel: "#keep" }, 2);
  await page.next((m) => hasEvent(m, "user.joined"));
  const listed = await page.request({ kind: "list", networkId }, 3);
  assert.match(JSON.stringify(listed.result), /^\{"channels":\[\{"name":"#keep","users":1,/);
  const irc = client.irc(networkId)!;
  const removed = await page.request({ kind: "network.remove", networkId }, 4);
  assert.equal(removed.kind, "reply");
  assert.equal(irc.state, "disconnected");
  assert.equal(client.networks.get(networkId), undefined);
  assert.deepEqual(client.networks.channels(networkId), []);
  await page.next((m) =>
    m.kind === "networks" && Array.isArray(m.networks) && m.networks.length === 0
  );
});

Deno.test("SASL PLAIN from the form's fields logs in to the services account", async () => {
  await using server = await startInspircd({ services: true });
  await using client = await tempClient();
  await using page = await SocketPage.greeted(client.url!);
  const added = await page.request({
    kind: "network.add",
    network: {
      name: "Services",
      host: "127.0.0.1",
      port: server.port,
      tls: false,
      nick: "saslnick",
      saslMechanism: "PLAIN",
      saslAccount: server.account,
      saslPassword: "accountpass",
      autoconnect: false,
    },
    connect: true,
  }, 1);
  assert.equal(added.kind, "reply", JSON.stringify(added));
  const success = await page.next((m) => hasEvent(m, "sasl.success"));
  assert.ok(success);
  assert.ok(!JSON.stringify(page.received).includes("accountpass"));
});

Deno.test("SASL EXTERNAL with a missing certificate file fails with the reason, before dialling", async () => {
  await using client = await tempClient();
  const network = client.networks.add({
    name: "Cert",
    host: "127.0.0.1",
    port: 1,
    tls: true,
    nick: "me",
    saslMechanism: "EXTERNAL",
    clientCert: "/nonexistent/client.pem",
    autoconnect: false,
  });
  await assert.rejects(
    client.perform({ kind: "connect", networkId: network.id }),
    /Cannot read the client certificate: \/nonexistent\/client\.pem/,
  );
  await using page = new SocketPage(client.url!);
  const hello = await page.next((m) => m.kind === "hello");
  assert.match(JSON.stringify(hello), /"reason":"Cannot read the client certificate/);
});

Deno.test("a client certificate file (certificate and key in one PEM) is read for a TLS connect", async () => {
  await using server = await startInspircd();
  const dir = await Deno.makeTempDir({ prefix: "ircbus-cert-" });
  try {
    const fixtures = new URL("../irc/fixtures/", import.meta.url);
    const pem = await Deno.readTextFile(new URL("test_cert.pem", fixtures)) +
      await Deno.readTextFile(new URL("test_key.pem", fixtures));
    await Deno.writeTextFile(`${dir}/client.pem`, pem, { mode: 0o600 });
    await using client = await tempClient({
      irc: { ...FAST_IRC, tlsOptions: { rejectUnauthorized: false } },
    });
    const network = client.networks.add({
      name: "Cert",
      host: "127.0.0.1",
      port: server.tlsPort,
      tls: true,
      nick: "certuser",
      clientCert: `${dir}/client.pem`,
      autoconnect: false,
    });
    await client.perform({ kind: "connect", networkId: network.id });
    assert.equal(client.irc(network.id)?.state, "connected");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a client certificate path that is a device, a pipe, a directory or a huge file is refused at once", async () => {
  await using client = await tempClient();
  const dir = await Deno.makeTempDir({ prefix: "ircbus-cert-" });
  try {
    const fifo = `${dir}/pipe.pem`;
    const made = await new Deno.Command("mkfifo", { args: [fifo] }).output();
    assert.ok(made.success, "mkfifo");
    const huge = `${dir}/huge.pem`;
    // A PEM that goes on and on: its start would pass, its size does not.
    await Deno.writeTextFile(huge, `-----BEGIN CERTIFICATE-----\n${"A".repeat(4 << 20)}\n`);
    const secret = `${dir}/secret.txt`;
    await Deno.writeTextFile(secret, "hunter2 the secret\n");
    for (
      const [path, reason] of [
        ["/dev/zero", /must be a regular file/],
        [fifo, /must be a regular file/],
        [dir, /must be a regular file/],
        [huge, /at most 1 MiB/],
        [secret, /needs a CERTIFICATE and a PRIVATE KEY/],
      ] as const
    ) {
      const network = client.networks.add({
        name: "Cert",
        host: "127.0.0.1",
        port: 1,
        tls: true,
        nick: "me",
        saslMechanism: "EXTERNAL",
        clientCert: path,
        autoconnect: false,
      });
      const failure = await client.perform({ kind: "connect", networkId: network.id }).then(
        () => assert.fail(`${path} was accepted`),
        (error: unknown) => error instanceof Error ? error.message : String(error),
      );
      assert.match(failure, /^Cannot read the client certificate: /);
      assert.match(failure, reason, path);
      assert.ok(!failure.includes("hunter2"), "what the file holds is never shown");
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
