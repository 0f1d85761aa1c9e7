import assert from "node:assert/strict";
import { ScramError, ScramSha256 } from "../../mod.ts";

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
