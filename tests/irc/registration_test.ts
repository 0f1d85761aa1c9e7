// Registration against the scripted peer: the connect() barrier, SCRAM-SHA-256, SASL
// failures, nick fallback, timeouts and refusals.
import assert from "node:assert/strict";
import { EventBus, IrcClient, IrcConnectError } from "../../mod.ts";
import { connectToScriptedPeer } from "./_connected.ts";
import { type PeerConn, ScriptedServer } from "./_peer.ts";
import { Recorder } from "./_recorder.ts";

const encoder = new TextEncoder();
const b64 = (text: string) => btoa(String.fromCharCode(...encoder.encode(text)));
const unb64 = (text: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));

async function hmac(key: Uint8Array<ArrayBuffer>, data: string): Promise<Uint8Array<ArrayBuffer>> {
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, encoder.encode(data)));
}

/** A SCRAM-SHA-256 server side for the peer; `tamper` sends a wrong server signature. */
function scramServer(password: string, tamper: boolean) {
  return async (peer: PeerConn) => {
    await peer.expect(/^AUTHENTICATE SCRAM-SHA-256$/);
    await peer.send("AUTHENTICATE +");
    const first = unb64((await peer.expect(/^AUTHENTICATE (?!SCRAM|\+)/)).slice(13));
    const bare = first.replace(/^n,,/, "");
    const clientNonce = /r=([^,]+)/.exec(bare)![1];
    const nonce = `${clientNonce}srvNONCE`;
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const serverFirst = `r=${nonce},s=${btoa(String.fromCharCode(...salt))},i=4096`;
    const from = peer.received.length;
    await peer.send(`AUTHENTICATE ${b64(serverFirst)}`);
    const final = unb64((await peer.expect(/^AUTHENTICATE /, from)).slice(13));
    const withoutProof = final.replace(/,p=.*$/, "");
    const base = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, [
      "deriveBits",
    ]);
    const salted = new Uint8Array(
      await crypto.subtle.deriveBits(
        { name: "PBKDF2", hash: "SHA-256", salt, iterations: 4096 },
        base,
        256,
      ),
    );
    const auth = `${bare},${serverFirst},${withoutProof}`;
    const signature = await hmac(await hmac(salted, "Server Key"), auth);
    if (tamper) signature[0] ^= 0xff;
    const from2 = peer.received.length;
    await peer.send(`AUTHENTICATE ${b64(`v=${btoa(String.fromCharCode(...signature))}`)}`);
    const answer = await peer.expect(/^AUTHENTICATE /, from2);
    if (answer === "AUTHENTICATE +") {
      await peer.send(
        ":peer.test 900 me me!me@host scrammer :You are now logged in as scrammer",
        ":peer.test 903 me :SASL authentication successful",
      );
    } else {
      await peer.send(":peer.test 906 me :SASL authentication aborted");
    }
  };
}

function options(bus: EventBus, port: number) {
  return { bus, networkId: 7, host: "127.0.0.1", port, tls: false, nick: "me" } as const;
}

Deno.test("connect() resolves only after SCRAM, the welcome, the MOTD and connection.established are on the bus", async () => {
  await using link = await connectToScriptedPeer({
    networkId: 7,
    sasl: { mechanism: "SCRAM-SHA-256", account: "scrammer", password: "pencil" },
    register: {
      caps: "sasl=PLAIN,SCRAM-SHA-256 batch server-time",
      sasl: scramServer("pencil", false),
    },
  });
  const { server, client, peer, rec } = link;
  const types = rec.events.map((e) => e.type);
  assert.deepEqual(types.filter((t) => t.startsWith("sasl") || t === "connection.established"), [
    "sasl.started",
    "sasl.success",
    "connection.established",
  ]);
  assert.deepEqual(rec.of("sasl.started")[0], { networkId: 7, mechanism: "SCRAM-SHA-256" });
  assert.deepEqual(rec.of("connection.established")[0], {
    networkId: 7,
    address: "127.0.0.1",
    port: server.port,
  });
  assert.equal(client.state, "connected");
  // A later MOTD is not a second connection.established.
  await peer.send(
    ":peer.test 375 me :- MOTD -",
    ":peer.test 376 me :End",
    ":bob!b@h PRIVMSG me :after",
  );
  await rec.waitFor("message.received", (d) => d.message === "after");
  assert.equal(rec.of("connection.established").length, 1);
  const quit = peer.expect(/^QUIT/);
  const done = client.disconnect("bye");
  await quit;
  await peer.send("ERROR :Closing link: (me@host) [Quit: bye]");
  await peer.close();
  await done;
  assert.deepEqual(rec.of("connection.lost"), [{ networkId: 7, error: "Disconnected: bye" }]);
  assert.equal(rec.of("error").length, 0, "the ERROR answering our QUIT is not an error event");
});

Deno.test("a wrong SCRAM server signature is sasl.failed and connect() rejects", async () => {
  await using server = new ScriptedServer();
  const bus = new EventBus();
  using rec = new Recorder(bus);
  const client = new IrcClient({
    ...options(bus, server.port),
    sasl: { mechanism: "SCRAM-SHA-256", account: "scrammer", password: "pencil" },
  });
  const connecting = client.connect();
  const peer = await server.accept();
  await peer.expect(/^CAP LS/);
  await peer.send(":peer.test CAP * LS :sasl=SCRAM-SHA-256");
  await peer.expect(/^CAP REQ/);
  await peer.send(":peer.test CAP * ACK :sasl");
  await scramServer("pencil", true)(peer);
  const error = await connecting.catch((e) => e);
  assert.ok(error instanceof IrcConnectError, String(error));
  assert.equal(error.code, "sasl");
  assert.match(rec.of("sasl.failed")[0].error, /signature does not match/);
  assert.equal(rec.of("sasl.aborted").length, 0);
  assert.equal(rec.of("sasl.success").length, 0);
  await peer.expect(/^QUIT/);
  await peer.close();
  assert.equal(client.state, "disconnected");
  await bus.close();
});

Deno.test("a bad SASL PLAIN password is sasl.failed with the server's reason and connect() rejects", async () => {
  await using server = new ScriptedServer();
  const bus = new EventBus();
  using rec = new Recorder(bus);
  const client = new IrcClient({
    ...options(bus, server.port),
    sasl: { mechanism: "PLAIN", account: "me", password: "wrong" },
  });
  const connecting = client.connect();
  const peer = await server.accept();
  await peer.expect(/^CAP LS/);
  await peer.send(":peer.test CAP * LS :sasl=PLAIN");
  await peer.expect(/^CAP REQ/);
  await peer.send(":peer.test CAP * ACK :sasl");
  await peer.expect(/^AUTHENTICATE PLAIN/);
  await peer.send("AUTHENTICATE +");
  const creds = await peer.expect(/^AUTHENTICATE (?!PLAIN)/);
  assert.equal(unb64(creds.slice(13)), "me\0me\0wrong");
  await peer.send(":peer.test 904 me :SASL authentication failed");
  const error = await connecting.catch((e) => e);
  assert.ok(error instanceof IrcConnectError);
  assert.equal(error.code, "sasl");
  assert.deepEqual(rec.of("sasl.failed"), [{ networkId: 7, error: "SASL authentication failed" }]);
  await peer.close();
  await bus.close();
});

Deno.test("an optional SASL attempt aborted with 906 is sasl.aborted and registration goes on", async () => {
  await using link = await connectToScriptedPeer({
    networkId: 7,
    sasl: { mechanism: "PLAIN", account: "me", password: "pw", required: false },
    register: {
      caps: "sasl=PLAIN",
      sasl: async (p) => {
        await p.expect(/^AUTHENTICATE PLAIN/);
        await p.send(":peer.test 906 me :SASL authentication aborted");
      },
    },
  });
  assert.deepEqual(link.rec.of("sasl.aborted"), [{ networkId: 7 }]);
  assert.equal(link.rec.of("sasl.failed").length, 0);
});

Deno.test("a nick in use at registration falls back to altNicks, then to a suffix", async () => {
  await using link = await connectToScriptedPeer({
    networkId: 7,
    nick: "taken",
    altNicks: ["alt1"],
    register: { nickInUse: ["taken", "alt1"] },
  });
  assert.equal(link.nick, "taken_");
  assert.equal(link.client.nickname, "taken_");
  assert.ok(link.peer.received.includes("NICK alt1"));
});

Deno.test("a bad server password rejects connect() with code password", async () => {
  await using server = new ScriptedServer();
  const bus = new EventBus();
  using rec = new Recorder(bus);
  const client = new IrcClient({ ...options(bus, server.port), password: "nope" });
  const connecting = client.connect();
  const peer = await server.accept();
  await peer.expect(/^PASS nope/);
  await peer.send(":peer.test 464 * :Password incorrect", "ERROR :Closing link: Bad password");
  await peer.close();
  const error = await connecting.catch((e) => e);
  assert.ok(error instanceof IrcConnectError);
  assert.equal(error.code, "password");
  assert.equal(rec.of("error").find((e) => e.type === "464")?.error, "Password incorrect");
  await bus.close();
});

Deno.test("a registration that never completes rejects connect() with code timeout", async () => {
  await using server = new ScriptedServer();
  const bus = new EventBus();
  const client = new IrcClient({ ...options(bus, server.port), registrationTimeout: 300 });
  const connecting = client.connect();
  const peer = await server.accept();
  const error = await connecting.catch((e) => e);
  assert.ok(error instanceof IrcConnectError);
  assert.equal(error.code, "timeout");
  await peer.close();
  await bus.close();
});

Deno.test("a refused connection rejects connect() with code refused", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const bus = new EventBus();
  const client = new IrcClient(options(bus, port));
  const error = await client.connect().catch((e) => e);
  assert.ok(error instanceof IrcConnectError, String(error));
  assert.equal(error.code, "refused");
  assert.equal(client.state, "disconnected");
  await bus.close();
});

Deno.test("a failed TLS handshake rejects connect() with code tls", async () => {
  await using server = new ScriptedServer();
  const bus = new EventBus();
  const client = new IrcClient({ ...options(bus, server.port), tls: true });
  const connecting = client.connect();
  const peer = await server.accept();
  await peer.write("this is not TLS at all\r\n".repeat(4));
  const error = await connecting.catch((e) => e);
  assert.ok(error instanceof IrcConnectError, String(error));
  assert.equal(error.code, "tls", error.message);
  await peer.close();
  await bus.close();
});
