// A page loads its ~28 files over a few kept-alive connections instead of one connection per
// file; each connection still ends where HTTP/1.1 says it must, and at its deadline.
import assert from "node:assert/strict";
import { RawHttp, UPGRADE_HEADERS } from "./_raw.ts";
import { fileServer, request } from "./_servers.ts";

Deno.test("serve() answers pipelined requests on one kept-alive connection in order, then upgrades it", async () => {
  await using server = fileServer();
  const port = server.addr.port;
  using http = await RawHttp.open(port);
  // Two requests in one write, then a third: each gets its own whole response, in order.
  await http.write(request(port, "/app.js") + request(port, "/style.css"));
  const script = await http.reply();
  const style = await http.reply();
  assert.equal(script.status, 200);
  assert.match(script.headers.get("content-type")!, /javascript/);
  assert.match(script.body, /import/);
  assert.equal(script.headers.get("connection"), "keep-alive");
  assert.equal(style.status, 200);
  assert.match(style.headers.get("content-type")!, /css/);
  await http.write(request(port, "/socket.js"));
  assert.match((await http.reply()).body, /WebSocket/);
  // A WebSocket can come on a connection that served files before.
  await http.write(request(port, "/ws", UPGRADE_HEADERS));
  // (The 101 has no content-length: its head is read, then the socket's frames follow.)
  assert.equal((await http.reply()).status, 101);
});

Deno.test("Connection: close, HTTP/1.0, a request with a body and a refused request each end the connection after the response", async () => {
  await using server = fileServer();
  const port = server.addr.port;
  for (
    const [name, text] of [
      ["Connection: close", request(port, "/app.js", "Connection: close\r\n")],
      ["HTTP/1.0", request(port, "/app.js", "", "1.0")],
      // The body is not read as the next request.
      [
        "a body",
        request(port, "/app.js", "Content-Length: 27\r\n") +
        request(port, "/style.css").slice(0, 27),
      ],
    ]
  ) {
    using http = await RawHttp.open(port);
    await http.write(text);
    const reply = await http.reply();
    assert.equal(reply.status, 200, name);
    assert.equal(reply.headers.get("connection"), "close", name);
    assert.ok(await http.closed(), `${name}: the connection ends`);
  }
  for (
    const [status, text] of [
      [404, request(port, "/missing.js")],
      [403, request(port, "/forbidden")],
    ] as const
  ) {
    using http = await RawHttp.open(port);
    await http.write(text);
    const reply = await http.reply();
    assert.equal(reply.status, status);
    assert.equal(reply.headers.get("connection"), "close", String(status));
    assert.ok(await http.closed(), `${status}: the connection ends`);
  }
});

Deno.test("a kept-alive connection left idle is closed at the request deadline", async () => {
  await using server = fileServer({ requestTimeoutMs: 300 });
  using http = await RawHttp.open(server.addr.port);
  await http.write(request(server.addr.port, "/app.js"));
  assert.equal((await http.reply()).status, 200);
  // No next request: the server ends the connection on its own (the read waits for it).
  assert.ok(await http.closed());
});

Deno.test("a kept-alive connection gets 2 s for its next request, however long the first one had", async () => {
  await using server = fileServer({ requestTimeoutMs: 60_000 });
  using http = await RawHttp.open(server.addr.port);
  await http.write(request(server.addr.port, "/app.js"));
  assert.equal((await http.reply()).status, 200);
  // Ended at 2 s; the 60 s of the first request would fail this bound.
  assert.ok(await http.closed(10_000));
});

Deno.test("a head split across reads after a pipelined one is read whole; the 100th request ends the connection", async () => {
  await using server = fileServer();
  const port = server.addr.port;
  using http = await RawHttp.open(port);
  const second = request(port, "/style.css");
  await http.write(request(port, "/app.js") + second.slice(0, 10));
  assert.match((await http.reply()).headers.get("content-type")!, /javascript/);
  await http.write(second.slice(10));
  assert.match((await http.reply()).headers.get("content-type")!, /css/);
  for (let served = 2; served < 99; served++) {
    await http.write(request(port, "/socket.js"));
    assert.equal((await http.reply()).headers.get("connection"), "keep-alive");
  }
  await http.write(request(port, "/socket.js"));
  assert.equal((await http.reply()).headers.get("connection"), "close", "the 100th");
  assert.ok(await http.closed());
});
