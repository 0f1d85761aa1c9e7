// Saved networks connect on start, but after the page: loading the IRC module takes a core for
// a while, and the page the user is waiting for loads first.
import assert from "node:assert/strict";
import { databasePath } from "../../storage/data_dir.ts";
import { NetworkStore } from "../../mod.ts";
import { ScriptedServer } from "../irc/_peer.ts";
import { SocketPage, tempClient } from "./_helpers.ts";

async function savedNetwork(port: number): Promise<string> {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-client-" });
  using store = new NetworkStore(databasePath(dataDir));
  store.add({ name: "Saved", host: "127.0.0.1", port, tls: false, nick: "me", autoconnect: true });
  return dataDir;
}

Deno.test("autoconnect networks connect as soon as the first page is ready, not before", async () => {
  await using server = new ScriptedServer();
  // A fallback far away: only the page can start the connection within this test.
  await using client = await tempClient({
    dataDir: await savedNetwork(server.port),
    autoconnectAfterMs: 600_000,
  });
  await using page = new SocketPage(client.url);
  const hello = await page.next((m) => m.kind === "hello");
  assert.match(JSON.stringify(hello.networks), /"state":"disconnected"/);
  assert.equal(client.irc(1), undefined, "nothing connects while the page loads");
  page.send({ kind: "ready", id: 1 });
  const peer = await server.accept();
  await peer.register();
  await page.next((m) => m.kind === "network.state" && m.state === "connected");
  // A second page's ready connects nothing twice.
  await using second = new SocketPage(client.url);
  await second.next((m) => m.kind === "hello");
  second.send({ kind: "ready", id: 2 });
  await second.next((m) => m.kind === "reply" && m.id === 2);
  assert.equal(client.irc(1)?.state, "connected");
});

Deno.test("with no page, autoconnect networks connect after autoconnectAfterMs", async () => {
  await using server = new ScriptedServer();
  await using client = await tempClient({
    dataDir: await savedNetwork(server.port),
    autoconnectAfterMs: 50,
  });
  const peer = await server.accept();
  await peer.register();
  assert.equal(client.irc(1)?.nickname, "me");
});
