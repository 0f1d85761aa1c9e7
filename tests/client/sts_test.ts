// STS through the running client against scripted servers (plain text offering the policy,
// TLS with the test certificate): the network set to plain text is moved to TLS, the policy
// is saved with the network, and after a restart it connects over TLS from the start.
import assert from "node:assert/strict";
import { startClient } from "../../client/mod.ts";
import { FAST_IRC } from "./_helpers.ts";
import { ScriptedServer } from "../irc/_peer.ts";
import { TEST_CERT_PATH, TEST_KEY_PATH } from "../irc/_servers.ts";

const CERT = Deno.readTextFileSync(TEST_CERT_PATH);
const KEY = Deno.readTextFileSync(TEST_KEY_PATH);

Deno.test("the client keeps a network's STS policy: upgraded to TLS, saved, and applied after a restart", async () => {
  await using plain = new ScriptedServer();
  await using secure = new ScriptedServer({ tls: { cert: CERT, key: KEY } });
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-sts-" });
  const options = {
    dataDir,
    irc: { ...FAST_IRC, tlsOptions: { ca: [CERT] } },
    quitTimeoutMs: 5000,
    log: () => {},
  };
  try {
    const first = await startClient(options);
    try {
      const added = first.perform({
        kind: "network.add",
        network: {
          name: "Local",
          host: "127.0.0.1",
          port: plain.port,
          tls: false,
          nick: "alice",
          autoconnect: false,
        },
        connect: true,
      });
      const offer = await plain.accept();
      await offer.expect(/^CAP LS/);
      await offer.send(`:peer.test CAP * LS :batch server-time sts=port=${secure.port}`);
      await offer.expect(/^QUIT/);
      await offer.close();
      const peer = await secure.accept();
      await peer.register({ caps: "batch server-time sts=duration=86400" });
      await added;
      assert.equal(first.irc(1)?.stsUpgraded, true);
      const kept = first.networks.stsPolicy(1);
      assert.deepEqual([kept?.host, kept?.port, kept?.duration], ["127.0.0.1", secure.port, 86400]);
      assert.equal(first.networks.get(1)?.tls, false, "the network's own settings stay as set");
      const down = first.shutdown();
      await peer.expect(/^QUIT/);
      await peer.close();
      await down;
    } finally {
      await first.shutdown();
    }

    const second = await startClient(options);
    try {
      const connecting = second.connect(1);
      // Straight to TLS: the plain-text listener is never dialled.
      const peer = await secure.accept();
      await peer.register({ caps: "batch server-time sts=duration=86400" });
      await connecting;
      assert.equal(second.irc(1)?.stsUpgraded, true);
      const down = second.shutdown();
      await peer.expect(/^QUIT/);
      await peer.close();
      await down;
    } finally {
      await second.shutdown();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});
