import assert from "node:assert/strict";
import { EventBus, IrcClient, IrcConnectError } from "../../mod.ts";
import { SaslprepError, ScramError, ScramSha256 } from "../../irc/mod.ts";
import { type PeerConn, ScriptedServer } from "./_peer.ts";
import { Recorder } from "./_recorder.ts";

const encoder = new TextEncoder();
const b64 = (text: string) => btoa(String.fromCharCode(...encoder.encode(text)));
const unb64 = (text: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));

// RFC 7677, section 3: user "user", password "pencil".
const CLIENT_NONCE = "rOprNGfwEbeRWgbNEkqO";
const SERVER_FIRST =
  "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";
const CLIENT_FINAL =
  "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=";
const SERVER_FINAL = "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=";

Deno.test("ScramSha256 reproduces the RFC 7677 example exchange", async () => {
  const scram = new ScramSha256("user", "pencil", { nonce: CLIENT_NONCE });
  assert.equal(scram.clientFirst(), "n,,n=user,r=rOprNGfwEbeRWgbNEkqO");
  assert.equal(await scram.clientFinal(SERVER_FIRST), CLIENT_FINAL);
  scram.verifyServerFinal(SERVER_FINAL);
});

Deno.test("ScramSha256 rejects a server signature that does not match", async () => {
  const scram = new ScramSha256("user", "pencil", { nonce: CLIENT_NONCE });
  scram.clientFirst();
  await scram.clientFinal(SERVER_FIRST);
  assert.throws(
    () => scram.verifyServerFinal("v=AAAATRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="),
    ScramError,
  );
  assert.throws(() => scram.verifyServerFinal("e=invalid-proof"), /invalid-proof/);
});

Deno.test("ScramSha256 refuses a nonce that does not extend ours and a malformed message", async () => {
  const scram = new ScramSha256("user", "pencil", { nonce: CLIENT_NONCE });
  scram.clientFirst();
  await assert.rejects(
    scram.clientFinal("r=someoneelse,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"),
    ScramError,
  );
  await assert.rejects(scram.clientFinal("garbage"), ScramError);
  await assert.rejects(scram.clientFinal(`r=${CLIENT_NONCE}x,s=***,i=1`), ScramError);
});

Deno.test("ScramSha256 escapes = and , in the user name", () => {
  const scram = new ScramSha256("a=b,c", "pw", { nonce: "n" });
  assert.equal(scram.clientFirst(), "n,,n=a=3Db=2Cc,r=n");
});

Deno.test("ScramSha256 refuses a server-first message carrying an m= extension", async () => {
  const scram = new ScramSha256("user", "pencil", { nonce: CLIENT_NONCE });
  scram.clientFirst();
  await assert.rejects(
    scram.clientFinal(`m=tls-only,${SERVER_FIRST}`),
    (error) =>
      error instanceof ScramError &&
      error.message ===
        'Cannot continue SCRAM: the server requires an unsupported mandatory extension, got "m=tls-only"',
  );
});

Deno.test("ScramSha256 prepares the user name and the password with SASLprep", async () => {
  // RFC 4013 section 3: "I\u00ADX" and "\u2168" both prepare to "IX".
  const proofOf = async (user: string, password: string) => {
    const scram = new ScramSha256(user, password, { nonce: CLIENT_NONCE });
    const first = scram.clientFirst();
    return { first, final: await scram.clientFinal(SERVER_FIRST) };
  };
  const plain = await proofOf("IX", "IX");
  assert.equal(plain.first, `n,,n=IX,r=${CLIENT_NONCE}`);
  assert.deepEqual(await proofOf("I\u00ADX", "\u2168"), plain);
  assert.deepEqual(await proofOf("\u2168", "I\u00ADX"), plain);
  assert.notDeepEqual(await proofOf("IX", "ix"), plain);
  // The password is a stored string: unassigned code points are refused; the user name is a
  // query: they pass.
  assert.throws(() => new ScramSha256("user", "\u0221"), { code: "unassigned" });
  assert.equal(new ScramSha256("\u0221", "pw", { nonce: "n" }).clientFirst(), "n,,n=\u0221,r=n");
  assert.throws(() => new ScramSha256("user", "\u0007"), SaslprepError);
  assert.throws(() => new ScramSha256("\u0627\u0031", "pw"), { code: "bidi" });
});

Deno.test("IrcClient refuses SASL credentials SASLprep refuses, with a SaslprepError", () => {
  const bus = new EventBus();
  const base = { bus, networkId: 1, host: "127.0.0.1", port: 6667, tls: false, nick: "me" };
  for (const mechanism of ["PLAIN", "SCRAM-SHA-256"] as const) {
    assert.throws(
      () => new IrcClient({ ...base, sasl: { mechanism, account: "me", password: "bell\u0007" } }),
      { name: "SaslprepError", code: "prohibited" },
    );
    assert.throws(
      () => new IrcClient({ ...base, sasl: { mechanism, account: "\u0627a", password: "pw" } }),
      { name: "SaslprepError", code: "bidi" },
    );
  }
});

/** Registers up to the first AUTHENTICATE of `mechanism` on a scripted peer. */
async function startSasl(server: ScriptedServer, mechanism: string): Promise<PeerConn> {
  const peer = await server.accept();
  await peer.expect(/^CAP LS/);
  await peer.send(`:peer.test CAP * LS :sasl=${mechanism}`);
  await peer.expect(/^CAP REQ/);
  await peer.send(":peer.test CAP * ACK :sasl");
  await peer.expect(new RegExp(`^AUTHENTICATE ${mechanism}$`));
  await peer.send("AUTHENTICATE +");
  return peer;
}

Deno.test("SASL PLAIN sends the SASLprep form of the account and the password", async () => {
  await using server = new ScriptedServer();
  const bus = new EventBus();
  using rec = new Recorder(bus);
  const client = new IrcClient({
    bus,
    networkId: 7,
    host: "127.0.0.1",
    port: server.port,
    tls: false,
    nick: "me",
    sasl: { mechanism: "PLAIN", account: "I\u00ADX", password: "\u2168\u00A0\u00AApw" },
  });
  const connecting = client.connect();
  const peer = await startSasl(server, "PLAIN");
  const creds = await peer.expect(/^AUTHENTICATE (?!PLAIN)/);
  assert.equal(unb64(creds.slice(13)), "IX\0IX\0IX apw");
  await peer.send(":peer.test 904 me :SASL authentication failed");
  await assert.rejects(connecting, IrcConnectError);
  assert.equal(rec.of("sasl.failed").length, 1);
  await peer.close();
  await bus.close();
});

Deno.test("a SCRAM server-first with an m= extension is aborted: AUTHENTICATE *, sasl.failed, connect() rejects", async () => {
  await using server = new ScriptedServer();
  const bus = new EventBus();
  using rec = new Recorder(bus);
  const client = new IrcClient({
    bus,
    networkId: 7,
    host: "127.0.0.1",
    port: server.port,
    tls: false,
    nick: "me",
    sasl: { mechanism: "SCRAM-SHA-256", account: "user", password: "pencil" },
  });
  const connecting = client.connect();
  const peer = await startSasl(server, "SCRAM-SHA-256");
  const first = unb64((await peer.expect(/^AUTHENTICATE (?!SCRAM|\+)/)).slice(13));
  const nonce = /r=([^,]+)/.exec(first)?.[1] ?? "";
  const from = peer.received.length;
  await peer.send(
    `AUTHENTICATE ${b64(`m=must-know,r=${nonce}srv,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096`)}`,
  );
  assert.equal(await peer.expect(/^AUTHENTICATE /, from), "AUTHENTICATE *");
  await peer.send(":peer.test 906 me :SASL authentication aborted");
  const error = await connecting.catch((e) => e);
  assert.ok(error instanceof IrcConnectError, String(error));
  assert.equal(error.code, "sasl");
  assert.match(
    rec.of("sasl.failed")[0].error,
    /^Cannot continue SCRAM: the server requires an unsupported mandatory extension, got "m=must-know"$/,
  );
  await peer.close();
  await bus.close();
});
