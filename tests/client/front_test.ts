import assert from "node:assert/strict";
import { serveFront } from "../../client/front.ts";
import { startClient } from "../../client/mod.ts";
import { SocketPage } from "./_helpers.ts";

/** The page at `url` as a browser loads it: the token's redirect, then the page by cookie. */
async function loadPage(url: string): Promise<string> {
  const redirect = await fetch(url, { redirect: "manual" });
  assert.equal(redirect.status, 303);
  await redirect.body?.cancel();
  const cookie = redirect.headers.get("set-cookie")!.split(";")[0];
  const page = await fetch(new URL("/", url), { headers: { cookie } });
  assert.equal(page.status, 200);
  return await page.text();
}

Deno.test("serveFront() serves the page before any client exists, and holds its socket until startClient() takes the server", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-front-" });
  try {
    const server = await serveFront({ dataDir, port: 0 });
    assert.match(await loadPage(server.url), /<input id="input"/);
    // The token is the data dir's, kept for the next launch's bookmark.
    assert.equal((await Deno.readTextFile(`${dataDir}/web-token`)).trim(), server.token);

    // Asked for before the client has started: no answer yet, neither refused nor lost.
    const page = new SocketPage(server.url);
    let opened = false;
    page.opened.then(() => opened = true, () => {});
    await using client = await startClient({
      dataDir,
      server,
      singleInstance: false,
      log: () => {},
    });
    assert.equal(client.url, server.url);
    const hello = await page.next((m) => m.kind === "hello");
    assert.ok(opened);
    assert.deepEqual(hello.networks, []);
    await page[Symbol.asyncDispose]();

    // The client closes the server it took.
    await client.shutdown();
    await assert.rejects(fetch(server.url));
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("a start that fails closes the server handed to it, and the socket it held is refused", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-front-" });
  try {
    const server = await serveFront({ dataDir, port: 0 });
    await Deno.writeFile(`${dataDir}/client.sqlite`, crypto.getRandomValues(new Uint8Array(4096)));
    const page = new SocketPage(server.url);
    await assert.rejects(
      startClient({ dataDir, server, singleInstance: false, log: () => {} }),
      /not a database/,
    );
    await assert.rejects(page.opened, /refused/);
    await page[Symbol.asyncDispose]();
    await assert.rejects(fetch(server.url));
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("a server names its socket receiver once: a second accept() throws", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-front-" });
  try {
    await using server = await serveFront({ dataDir, port: 0 });
    server.accept((socket) => socket.close());
    assert.throws(() => server.accept((socket) => socket.close()), /already named/);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("idle() resolves at once with nothing to answer, and a socket held for accept() does not count", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-front-" });
  try {
    await using server = await serveFront({ dataDir, port: 0 });
    await server.idle();
    const page = new SocketPage(server.url);
    await loadPage(server.url);
    // The socket's upgrade is held until accept(): were it counted, this would never resolve.
    await server.idle();
    server.accept((socket) => socket.close());
    await page.opened.catch(() => {});
    await page[Symbol.asyncDispose]();
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
