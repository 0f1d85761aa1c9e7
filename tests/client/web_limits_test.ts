import assert from "node:assert/strict";
import { createEvent, EventBus } from "../../bus/mod.ts";
import { historyPath, MessageStore } from "../../history/mod.ts";
import { MAX_PENDING } from "../../client/web/transport.js";
import { ScriptedServer } from "../irc/_peer.ts";
import { FAST_IRC, SocketPage, startInspircd, tempClient } from "./_helpers.ts";
import { clientFrame, closeCode, rawSocket } from "../net/_raw.ts";

/** Opens a raw WebSocket to the client's page URL (its token, its Origin), then bare frames. */
function rawPageSocket(pageUrl: string): Promise<Deno.TcpConn> {
  const url = new URL(pageUrl);
  return rawSocket(Number(url.port), `/ws${url.search}`, `Origin: ${url.origin}\r\n`);
}

Deno.test("one frame over the limit is refused with 1009 at its header; text within it works", async () => {
  await using client = await tempClient({ web: { maxMessageBytes: 1024 } });
  const conn = await rawPageSocket(client.url);
  const code = closeCode(conn);
  // The header announces 1 MiB; not one byte of the payload is sent.
  const header = clientFrame(0x1, true, new Uint8Array(1 << 20)).subarray(0, 14);
  await conn.write(header);
  assert.equal(await code, 1009);
  conn.close();

  await using page = new SocketPage(client.url);
  const reply = await page.request({ kind: "plugins.refresh" }, 2);
  assert.equal(reply.kind, "reply");
});

Deno.test("idle and slow connections are closed at the deadline, and the page is served past the cap", async () => {
  await using client = await tempClient({ web: { maxConnections: 4, requestTimeoutMs: 300 } });
  const port = Number(new URL(client.url).port);
  const idle: Deno.TcpConn[] = [];
  for (let i = 0; i < 8; i++) {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    // Half of them start a request and never finish it (slowloris).
    if (i % 2 === 0) await conn.write(new TextEncoder().encode("GET / HTTP/1.1\r\nHost: x"));
    idle.push(conn);
  }
  // The page still loads: the idle ones hold the 4 slots until their deadline, no longer.
  const response = await fetch(client.url, {
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  assert.equal(response.status, 303);
  await response.body?.cancel();
  for (const conn of idle) {
    // The server closed each one (EOF, or a reset of the unread request).
    const closed = await conn.read(new Uint8Array(1024)).then((n) => n === null, () => true);
    assert.ok(closed);
    conn.close();
  }
});

Deno.test("a page sending faster than the server's pace fills a bounded queue, then gets an error per action", async () => {
  await using server = await startInspircd();
  // One line a minute: everything after the first waits in the queue.
  await using client = await tempClient({
    irc: { ...FAST_IRC, messageRate: { burst: 1, interval: 60_000 } },
  });
  const network = client.networks.add({
    name: "Local",
    host: "127.0.0.1",
    port: server.port,
    tls: false,
    nick: "flooder",
    autoconnect: false,
  });
  await client.perform({ kind: "connect", networkId: network.id });
  await using page = await SocketPage.greeted(client.url!);
  const sent = 1_500;
  const answered = (m: Record<string, unknown>) =>
    (m.kind === "reply" || m.kind === "error") && typeof m.id === "number";
  const answers = new Map<unknown, Record<string, unknown>>();
  // In waves the page's own window allows, each answered before the next.
  const wave = 200;
  for (let first = 1; first <= sent; first += wave) {
    const last = Math.min(sent, first + wave - 1);
    for (let id = first; id <= last; id++) {
      page.send({ kind: "say", networkId: network.id, target: "#flood", text: `line ${id}`, id });
    }
    answers.set(last, await page.next((m) => answered(m) && m.id === last));
  }
  page.send({ kind: "whois", networkId: network.id, nick: "nobody", id: sent + 1 });
  page.send({
    kind: "quote",
    networkId: network.id,
    line: "PRIVMSG #flood :raw",
    id: sent + 2,
  });
  const last = await Promise.all([
    page.next((m) => answered(m) && m.id === sent + 1),
    page.next((m) => answered(m) && m.id === sent + 2),
  ]);
  for (const m of last) answers.set(m.id, m);
  for (const m of page.received.filter(answered)) answers.set(m.id, m);
  const refused = [...answers.values()].filter((m) => m.kind === "error");
  const accepted = [...answers.values()].filter((m) => m.kind === "reply");
  // The first line went out; 1,000 wait; every later action is refused aloud, none lost quietly.
  assert.equal(accepted.length, 1_001, JSON.stringify(refused[0]));
  assert.equal(refused.length, sent + 2 - 1_001);
  for (const error of refused) {
    assert.match(String(error.message), /already waiting to be sent \(at most 1000\)/);
  }
  assert.ok(refused.some((m) => m.id === sent + 1 && /^Cannot whois/.test(String(m.message))));
  // Still refused while the queue is full; the client and its connection live on.
  const multi = await page.request({
    kind: "say",
    networkId: network.id,
    target: "#flood",
    text: "a",
    id: sent + 3,
  }, sent + 3);
  assert.equal(multi.kind, "error");
  assert.equal(client.irc(network.id)?.state, "connected");
});

Deno.test("history.buffers answers with the most recent buffers only, however many a server made", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-client-" });
  // A server that sent private messages from 200,000 nicks: one query buffer each.
  const nicks = 200_000;
  const start = Date.now() - nicks;
  {
    await using bus = new EventBus();
    using store = MessageStore.open(historyPath(dataDir));
    store.attach(bus);
    for (let i = 0; i < nicks; i++) {
      const event = createEvent(
        "message.received",
        {
          networkId: 1,
          channel: "",
          user: `n${i}`,
          message: "hi",
          timestamp: 0,
        },
        "irc",
        new Date(start + i),
      );
      if (!bus.tryEmit(event)) await bus.emit(event);
    }
    await bus.emitSync(createEvent(
      "message.received",
      {
        networkId: 1,
        channel: "",
        user: "newest",
        message: "hello",
        timestamp: 0,
      },
      "irc",
      new Date(start + nicks),
    ));
    await store.flush();
  }
  await using client = await tempClient({ dataDir });
  await using page = await SocketPage.greeted(client.url!);
  const reply = await page.request({ kind: "history.buffers" }, 1);
  assert.equal(reply.kind, "reply", JSON.stringify(reply).slice(0, 200));
  assert.ok(Array.isArray(reply.result));
  assert.equal(reply.result.length, 1_000);
  assert.deepEqual(reply.result[0], { networkId: 1, name: "newest", unread: 1 });
  // The page is still open and answers.
  const again = await page.request({ kind: "history.page", networkId: 1, buffer: "newest" }, 2);
  assert.equal(again.kind, "reply");
});

Deno.test("a page holds at most as many actions in flight as the page itself allows; the rest are refused at once", async () => {
  // A server that never answers WHOIS: every whois stays in flight until its deadline.
  await using server = new ScriptedServer();
  await using client = await tempClient();
  const network = client.networks.add({
    name: "Silent",
    host: "127.0.0.1",
    port: server.port,
    tls: false,
    nick: "me",
    autoconnect: false,
  });
  const connecting = client.perform({ kind: "connect", networkId: network.id });
  const peer = await server.accept();
  await peer.register();
  await connecting;
  await using page = await SocketPage.greeted(client.url!);
  const sent = MAX_PENDING + 50;
  for (let id = 1; id <= sent; id++) {
    page.send({ kind: "whois", networkId: network.id, nick: `ghost${id}`, id });
  }
  // The last of them is refused at once, as are all past the bound.
  await page.next((m) => m.kind === "error" && m.id === sent);
  const refused = page.received.filter((m) => m.kind === "error");
  assert.equal(refused.length, sent - MAX_PENDING, JSON.stringify(refused[0]));
  assert.ok(refused.every((m) => Number(m.id) > MAX_PENDING));
  assert.match(String(refused[0].message), /actions are already in flight/);
  // The ones in flight did reach the server.
  await peer.expect(new RegExp(`^WHOIS ghost${MAX_PENDING}$`));
  assert.equal(peer.received.filter((line) => line.startsWith("WHOIS ")).length, MAX_PENDING);
  // Actions that want no reply (focus, read marks) are counted apart: still taken.
  const errors = page.received.filter((m) => m.kind === "error").length;
  page.send({ kind: "pane.focus", pane: { networkId: network.id, type: "server", name: "x" } });
  page.send({ kind: "plugins.refresh", id: sent + 1 });
  await page.next((m) => m.kind === "error" && m.id === sent + 1);
  assert.equal(page.received.filter((m) => m.kind === "error").length, errors + 1);
});
