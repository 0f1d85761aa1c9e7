import assert from "node:assert/strict";
import { createEvent, EventBus } from "../../bus/mod.ts";
import { historyPath, MessageStore } from "../../history/mod.ts";
import { MAX_PENDING } from "../../client/web/transport.js";
import { ScriptedServer } from "../irc/_peer.ts";
import { FAST_IRC, SocketPage, startInspircd, tempClient } from "./_helpers.ts";

/** Opens a raw WebSocket to the client's page URL: the handshake by hand, then bare frames. */
async function rawSocket(pageUrl: string): Promise<Deno.TcpConn> {
  const url = new URL(pageUrl);
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(url.port) });
  await conn.write(new TextEncoder().encode(
    `GET /ws${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${url.origin}\r\n` +
      "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n" +
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
  ));
  let head = "";
  const buffer = new Uint8Array(1);
  while (!head.endsWith("\r\n\r\n")) {
    assert.notEqual(await conn.read(buffer), null, "the server closed during the handshake");
    head += String.fromCharCode(buffer[0]);
  }
  assert.match(head, /^HTTP\/1\.1 101 /);
  assert.match(head, /Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK\+xOo=/i);
  return conn;
}

/** One masked client frame. */
function clientFrame(opcode: number, fin: boolean, payload: Uint8Array): Uint8Array {
  const header = payload.length < 126 ? 6 : payload.length < 65_536 ? 8 : 14;
  const bytes = new Uint8Array(header + payload.length);
  const view = new DataView(bytes.buffer);
  bytes[0] = (fin ? 0x80 : 0) | opcode;
  if (header === 6) bytes[1] = 0x80 | payload.length;
  else if (header === 8) {
    bytes[1] = 0x80 | 126;
    view.setUint16(2, payload.length);
  } else {
    bytes[1] = 0x80 | 127;
    view.setUint32(6, payload.length);
  }
  // A zero mask key keeps the payload as it is.
  bytes.set(payload, header);
  return bytes;
}

/** Reads server frames until a close frame; resolves with its code. */
async function closeCode(conn: Deno.Conn): Promise<number> {
  let bytes = new Uint8Array(0);
  const buffer = new Uint8Array(4096);
  while (true) {
    for (let offset = 0; offset + 2 <= bytes.length;) {
      const size = bytes[offset + 1] & 0x7f;
      const header = size === 126 ? 4 : 2;
      if (offset + header > bytes.length) break;
      const length = size === 126 ? (bytes[offset + 2] << 8) | bytes[offset + 3] : size;
      if ((bytes[offset] & 0x0f) === 0x8 && offset + header + 2 <= bytes.length) {
        return (bytes[offset + header] << 8) | bytes[offset + header + 1];
      }
      offset += header + length;
    }
    const n = await conn.read(buffer);
    if (n === null) return 1006;
    const next = new Uint8Array(bytes.length + n);
    next.set(bytes);
    next.set(buffer.subarray(0, n), bytes.length);
    bytes = next;
  }
}

Deno.test("a message sent as 2,000 fragments of 60 KB is refused with 1009 before they are all sent", async () => {
  await using client = await tempClient();
  const conn = await rawSocket(client.url);
  const code = closeCode(conn);
  let refused = false;
  code.then(() => refused = true);
  const fragment = new Uint8Array(60_000).fill(0x61);
  let sent = 0;
  try {
    for (; sent < 2000 && !refused; sent++) {
      await conn.write(clientFrame(sent === 0 ? 0x1 : 0x0, false, fragment));
    }
  } catch {
    // The server ended the connection while we were still sending.
  }
  assert.equal(await code, 1009);
  assert.ok(sent < 2000, `all ${sent} fragments went out before the refusal`);
  conn.close();
  // The client keeps serving pages.
  await using page = new SocketPage(client.url);
  assert.equal((await page.request({ kind: "plugins.refresh" }, 1)).kind, "reply");
});

Deno.test("one frame over the limit is refused with 1009 at its header; text within it works", async () => {
  await using client = await tempClient({ web: { maxMessageBytes: 1024 } });
  const conn = await rawSocket(client.url);
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

Deno.test("a head larger than 16 KiB gets 431 and a malformed one 400", async () => {
  await using client = await tempClient();
  const port = Number(new URL(client.url).port);
  for (
    const [request, status] of [
      [`GET / HTTP/1.1\r\nX: ${"a".repeat(20_000)}\r\n\r\n`, 431],
      ["GET / HTTP/9.9\r\n\r\n", 400],
      ["GET / HTTP/1.1\r\nno colon\r\n\r\n", 400],
    ] as const
  ) {
    using conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(new TextEncoder().encode(request)).catch(() => 0);
    const reply = await new Response(conn.readable).text();
    assert.match(reply, new RegExp(`^HTTP/1\\.1 ${status} `));
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
