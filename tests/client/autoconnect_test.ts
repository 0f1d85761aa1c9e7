// Saved networks connect on start, page or not: the user expects them up while the client runs,
// and a server's registration then overlaps the page's load. A page ready sooner than
// `autoconnectAfterMs` (kept for a server that wants a delay, and for these tests) starts them.
import assert from "node:assert/strict";
import { databasePath } from "../../storage/data_dir.ts";
import { NetworkStore } from "../../deeplink/mod.ts";
import { ScriptedServer } from "../irc/_peer.ts";
import { FAST_IRC, SocketPage, tempClient } from "./_helpers.ts";
import { EventBus } from "../../bus/mod.ts";
import { openDatabase } from "../../storage/database.ts";
import { NetworkManager, UiState } from "../../client/mod.ts";

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
  // Disconnected by the user, it stays so when another page comes up: only the start
  // connects saved networks.
  page.send({ kind: "disconnect", networkId: 1, id: 2 });
  await page.next((m) => m.kind === "reply" && m.id === 2);
  await using second = new SocketPage(client.url);
  await second.next((m) => m.kind === "hello");
  second.send({ kind: "ready", id: 3 });
  await second.next((m) => m.kind === "reply" && m.id === 3);
  // A connect it started would have replaced the client (state "connecting" at once).
  assert.equal(client.irc(1)?.state, "disconnected");
});

Deno.test("a page ready before the start is done connects networks only once it is", async () => {
  await using server = new ScriptedServer();
  const dataDir = await savedNetwork(server.port);
  const bus = new EventBus();
  const db = openDatabase(databasePath(dataDir));
  const store = new NetworkStore(db);
  const ui = new UiState({ bus, onBatch: () => {} });
  const networks = new NetworkManager({ bus, store, ui, onState: () => {}, irc: FAST_IRC });
  try {
    // As a bookmarked page may, while plugins still load: no connection comes. (Proving an
    // absence takes a wait; a connect started here reaches the server in a few ms.)
    networks.pageReady();
    const accepting = server.accept();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const early = await Promise.race([
      accepting.then(() => true),
      new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), 500)),
    ]);
    clearTimeout(timer);
    assert.equal(early, false, "connected before the start was done");
    // The start is done: connects at once, not after the fallback.
    networks.autoconnectAfter(600_000);
    const peer = await accepting;
    await peer.register();
  } finally {
    networks.stopRetries();
    await networks.irc(1)?.disconnect("bye");
    networks.close();
    ui.close();
    store.close();
    db.close();
    await bus.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("by default, autoconnect networks connect at start, before any page opens", async () => {
  await using server = new ScriptedServer();
  await using client = await tempClient({ dataDir: await savedNetwork(server.port) });
  // The first page to come finds the network already on its way: the start connected it.
  await using page = new SocketPage(client.url);
  const hello = await page.next((m) => m.kind === "hello");
  assert.doesNotMatch(JSON.stringify(hello.networks), /"state":"disconnected"/);
  const peer = await server.accept();
  await peer.register();
  await page.next((m) => m.kind === "network.state" && m.state === "connected");
  assert.equal(client.irc(1)?.nickname, "me");
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
