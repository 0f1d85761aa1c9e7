import assert from "node:assert/strict";
import { portForTls, readNetworkForm, stateText } from "../../../client/web/network_form.js";

Deno.test("portForTls() swaps 6697 and 6667 only while the port is a default", () => {
  assert.equal(portForTls("6697", false), "6667");
  assert.equal(portForTls("6667", true), "6697");
  assert.equal(portForTls("", false), "6667");
  assert.equal(portForTls("7000", false), "7000");
  assert.equal(portForTls(" 9999 ", true), "9999");
});

function read(fields: Record<string, string>, boxes: string[] = []) {
  return readNetworkForm((name) => fields[name] ?? "", (name) => boxes.includes(name));
}

const base = { name: " Local ", host: "127.0.0.1", port: "6667", nick: "me" };

Deno.test("readNetworkForm() reads the fields; a blank password is left out (kept on edit)", () => {
  assert.deepEqual(read(base, ["tls", "autoconnect"]), {
    name: "Local",
    host: "127.0.0.1",
    port: 6667,
    tls: true,
    nick: "me",
    autoconnect: true,
    username: "",
    realname: "",
    saslMechanism: "",
    saslAccount: "",
    clientCert: "",
    saslPassword: "",
  });
  const typed = read({ ...base, password: " s3cret " });
  assert.equal(typed.password, " s3cret ");
  assert.equal(read(base, ["clearPassword"]).password, "");
});

Deno.test("readNetworkForm() keeps only the fields of the chosen SASL mechanism", () => {
  const plain = read({
    ...base,
    saslMechanism: "PLAIN",
    saslAccount: "acct",
    saslPassword: "pw",
    clientCert: "/x.pem",
  });
  assert.deepEqual(
    [plain.saslMechanism, plain.saslAccount, plain.saslPassword, plain.clientCert],
    ["PLAIN", "acct", "pw", ""],
  );
  // A PLAIN password left blank on edit keeps the saved one.
  assert.equal("saslPassword" in read({ ...base, saslMechanism: "PLAIN" }), false);
  const external = read({ ...base, saslMechanism: "EXTERNAL", clientCert: "/x.pem" });
  assert.deepEqual([external.saslMechanism, external.clientCert, external.saslPassword], [
    "EXTERNAL",
    "/x.pem",
    "",
  ]);
  assert.equal(read({ ...base, saslMechanism: "bogus" }).saslMechanism, "");
});

Deno.test("stateText() names the state and the reason of a drop", () => {
  assert.equal(stateText({ state: "connecting" }), "connecting…");
  assert.equal(stateText({ state: "connected", reason: "old" }), "connected");
  assert.equal(
    stateText({ state: "connected", stsUpgraded: true }),
    "connected, upgraded to TLS by the server's STS policy",
  );
  assert.equal(stateText({ state: "disconnected" }), "disconnected");
  assert.equal(
    stateText({ state: "disconnected", reason: "Connection refused" }),
    "disconnected: Connection refused",
  );
});
