import assert from "node:assert/strict";
import { requestLine, serve } from "../../net/mod.ts";
import { fileServer } from "./_servers.ts";

Deno.test("a head larger than 16 KiB gets 431 and a malformed one 400", async () => {
  let handled = 0;
  await using server = serve({ port: 0 }, () => {
    handled++;
    return new Response("ok");
  });
  const port = server.addr.port;
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
  assert.equal(handled, 0, "no unreadable head reached the handler");
});

Deno.test("idle and slow connections are closed at the deadline, and a request is served past the cap", async () => {
  await using server = fileServer({ maxConnections: 4, requestTimeoutMs: 300 });
  const port = server.addr.port;
  const idle: Deno.TcpConn[] = [];
  for (let i = 0; i < 8; i++) {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    // Half of them start a request and never finish it (slowloris).
    if (i % 2 === 0) await conn.write(new TextEncoder().encode("GET / HTTP/1.1\r\nHost: x"));
    idle.push(conn);
  }
  // The request is still answered: the idle ones hold the 4 slots until their deadline.
  const response = await fetch(`http://127.0.0.1:${port}/app.js`, {
    signal: AbortSignal.timeout(15_000),
  });
  assert.equal(response.status, 200);
  await response.body?.cancel();
  for (const conn of idle) {
    // The server closed each one (EOF, or a reset of the unread request).
    const closed = await conn.read(new Uint8Array(1024)).then((n) => n === null, () => true);
    assert.ok(closed);
    conn.close();
  }
});

Deno.test("serve() hands the handler a Request with the head's method, path and headers", async () => {
  const seen: Request[] = [];
  await using server = serve({ port: 0 }, (request, info) => {
    seen.push(request);
    return new Response(
      `${request.method} ${new URL(request.url).search} ${info.remoteAddr.hostname}`,
    );
  });
  const response = await fetch(`http://127.0.0.1:${server.addr.port}/a?b=1`, {
    headers: { cookie: "c=d" },
  });
  assert.equal(await response.text(), "GET ?b=1 127.0.0.1");
  assert.equal(seen[0].headers.get("cookie"), "c=d");
  assert.equal(new URL(seen[0].url).pathname, "/a");
});

Deno.test("a handler that throws ends its connection and reaches onError; the server serves on", async () => {
  const errors: Error[] = [];
  let calls = 0;
  await using server = serve({ port: 0, onError: (error) => errors.push(error) }, () => {
    if (++calls === 1) throw new Error("the handler broke");
    return new Response("fine");
  });
  const url = `http://127.0.0.1:${server.addr.port}/`;
  await assert.rejects(fetch(url));
  assert.equal(errors[0]?.message, "the handler broke");
  assert.equal(await (await fetch(url)).text(), "fine");
});

Deno.test("shutdown() closes open connections and settles finished; the signal does the same", async () => {
  const server = fileServer();
  using conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
  await conn.write(new TextEncoder().encode("GET / HTTP/1.1\r\n")); // never finished
  await server.shutdown();
  await server.finished;
  assert.equal(await conn.read(new Uint8Array(16)).catch(() => null), null);
  assert.equal(server.connections, 0);
  await assert.rejects(Deno.connect({ hostname: "127.0.0.1", port: server.addr.port }));

  const controller = new AbortController();
  const signalled = serve({ port: 0, signal: controller.signal }, () => new Response("x"));
  controller.abort();
  await signalled.finished;
  await assert.rejects(Deno.connect({ hostname: "127.0.0.1", port: signalled.addr.port }));
});

Deno.test("serve() refuses bad bounds before it listens, and a taken port with AddrInUse", async () => {
  assert.throws(
    () => serve({ port: 0, maxConnections: 0 }, () => new Response()),
    new RangeError("Cannot serve: maxConnections must be a positive integer, got 0"),
  );
  assert.throws(
    () => serve({ port: 0, requestTimeoutMs: 1.5 }, () => new Response()),
    new RangeError("Cannot serve: requestTimeoutMs must be a positive integer, got 1.5"),
  );
  assert.throws(
    () => serve({ port: 0, maxHeadBytes: -1 }, () => new Response()),
    new RangeError("Cannot serve: maxHeadBytes must be a positive integer, got -1"),
  );
  await using taken = serve({ port: 0 }, () => new Response());
  assert.throws(
    () => serve({ port: taken.addr.port }, () => new Response()),
    Deno.errors.AddrInUse,
  );
});

Deno.test("the line framing: one line in as a POST body, the response's body back as one line", async () => {
  const bodies: string[] = [];
  await using server = serve({ port: 0, framing: "line", maxLineBytes: 1024 }, async (request) => {
    const body = await request.text();
    bodies.push(body);
    return new Response(body.toUpperCase());
  });
  const port = server.addr.port;
  assert.equal(await requestLine({ port, line: "hello", timeoutMs: 5_000 }), "HELLO");
  // Over the bound, or not UTF-8: the handler gets an empty body, and no part of the line.
  assert.equal(await requestLine({ port, line: "a".repeat(5_000), timeoutMs: 5_000 }), "");
  {
    using conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(new Uint8Array([0xff, 0xfe, 0x0a]));
    assert.equal(await new Response(conn.readable).text(), "\n");
  }
  assert.deepEqual(bodies, ["hello", "", ""]);
  await assert.rejects(
    requestLine({ port, line: "two\nlines", timeoutMs: 5_000 }),
    new TypeError("Cannot send the request line: it holds a line break"),
  );
});

Deno.test("requestLine() gives up with TimedOut on a port that accepts but never answers", async () => {
  const silent = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const held: Deno.Conn[] = [];
  const accepting = (async () => {
    for await (const conn of silent) held.push(conn);
  })().catch(() => {});
  await assert.rejects(
    requestLine({ port: silent.addr.port, line: "hi", timeoutMs: 300 }),
    (error) =>
      error instanceof Deno.errors.TimedOut && /no answer within 300 ms/.test(error.message),
  );
  silent.close();
  await accepting;
  for (const conn of held) conn.close();
});
