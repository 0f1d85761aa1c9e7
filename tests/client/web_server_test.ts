import assert from "node:assert/strict";
import { handOffLink } from "../../deeplink/mod.ts";
import { SocketPage, tempClient } from "./_helpers.ts";
import { inlineSource } from "../../client/page_bundle.ts";

Deno.test("the page and its socket need the per-run token and the page's own Origin", async () => {
  await using client = await tempClient();
  const url = new URL(client.url!);
  assert.equal(url.hostname, "127.0.0.1");
  assert.match(url.searchParams.get("token")!, /^[0-9a-f]{64}$/);

  // The token becomes a cookie and the page moves to the bare address.
  const redirect = await fetch(url, { redirect: "manual" });
  assert.equal(redirect.status, 303);
  assert.equal(redirect.headers.get("location"), "/");
  const cookie = redirect.headers.get("set-cookie")!;
  assert.match(cookie, /HttpOnly; SameSite=Strict/);
  await redirect.body?.cancel();
  const page = await fetch(`${url.origin}/`, { headers: { cookie: cookie.split(";")[0] } });
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<title>ircbus<\/title>/);

  for (
    const bad of [
      `${url.origin}/`,
      `${url.origin}/?token=${"0".repeat(64)}`,
      // 64 characters but 65 bytes: still a plain mismatch, not a server error.
      `${url.origin}/?token=%C3%A9${"a".repeat(63)}`,
      `${url.origin}/app.js`,
    ]
  ) {
    const response = await fetch(bad);
    assert.equal(response.status, 403, bad);
    await response.body?.cancel();
  }
  // A rebound DNS name pointing at 127.0.0.1 is refused even with the token.
  // (Raw HTTP: fetch() would not let us set Host.)
  {
    using conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(url.port) });
    await conn.write(new TextEncoder().encode(
      `GET /${url.search} HTTP/1.1\r\nHost: evil.example:${url.port}\r\nConnection: close\r\n\r\n`,
    ));
    const reply = await new Response(conn.readable).text();
    assert.match(reply, /^HTTP\/1\.1 421 /);
  }
  // The page holds its modules as one bundle, made from them as they are (index_html_test),
  // the script that opens its socket first, and its style sheet: all allowed by their hashes,
  // nothing else inline.
  const index = await fetch(`${url.origin}/`, { headers: { cookie: cookie.split(";")[0] } });
  const served = await index.text();
  const inline = served.match(/<script type="module">([\s\S]*?)<\/script>/)?.[1] ?? "";
  assert.ok(inline?.startsWith("// sources sha256:"), "the bundle is inside index.html");
  const early = served.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? "";
  assert.match(early, /new WebSocket\(/, "the socket's opener is inside index.html");
  const style = served.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? "";
  const csp = index.headers.get("content-security-policy")!;
  assert.ok(
    csp.includes(`script-src 'self' ${await inlineSource(early)} ${await inlineSource(inline)}`),
    csp,
  );
  assert.ok(csp.includes(`style-src 'self' ${await inlineSource(style)}`), csp);
  assert.doesNotMatch(csp, /unsafe-inline/);
  const bundle = await fetch(`${url.origin}/app.bundle.js`, {
    headers: { cookie: cookie.split(";")[0] },
  });
  assert.equal(bundle.status, 200);
  assert.match(await bundle.text(), /^\/\/ sources sha256:[0-9a-f]{64}\n/);
  // The cookie the page got lets it load its modules without the token in their URLs.
  const script = await fetch(`${url.origin}/app.js`, { headers: { cookie: cookie.split(";")[0] } });
  assert.equal(script.status, 200);
  assert.match(script.headers.get("content-type")!, /javascript/);
  await script.body?.cancel();

  await using foreign = new SocketPage(client.url!, "http://evil.example");
  await assert.rejects(foreign.opened, /refused/);
  const tokenless = new URL(client.url!);
  tokenless.search = "";
  await using anonymous = new SocketPage(tokenless.href);
  await assert.rejects(anonymous.opened, /refused/);

  await using good = new SocketPage(client.url!);
  await good.opened;
  const hello = await good.next((m) => m.kind === "hello");
  assert.deepEqual(hello.networks, []); // a fresh data dir: nothing configured
});

Deno.test("bad input from the page gets an error reply and the client keeps running", async () => {
  await using client = await tempClient();
  await using page = new SocketPage(client.url!);
  await page.next((m) => m.kind === "hello");
  page.send("{garbage");
  assert.equal((await page.next((m) => m.code === "malformed")).kind, "error");
  page.send({ kind: "format-disk", id: 5 });
  assert.equal((await page.next((m) => m.id === 5)).code, "unknown_action");
  page.send({ kind: "say", id: 6, networkId: 1, target: "#a", text: "x".repeat(20_000) });
  assert.equal((await page.next((m) => m.code === "too_large")).kind, "error");
  page.send({ kind: "say", id: 7, networkId: 1, target: "#a", text: "hi\r\nQUIT :pwned" });
  assert.equal((await page.next((m) => m.id === 7)).code, "invalid_field");
  // Valid but impossible: the network does not exist.
  const failed = await page.request({ kind: "join", networkId: 42, channel: "#x" }, 8);
  assert.equal(failed.code, "failed");
  assert.match(String(failed.message), /^Cannot join: the network is not connected, got 42/);
  // Still alive and serving.
  const added = await page.request({
    kind: "network.add",
    network: {
      name: "Later",
      host: "irc.example.org",
      port: 6697,
      tls: true,
      nick: "me",
      autoconnect: false,
    },
    connect: false,
  }, 9);
  assert.equal(added.kind, "reply");
  assert.deepEqual(client.networks.list().map((n) => n.name), ["Later"]);
  const networkId = (added.result as { networkId: number }).networkId;
  const renamed = await page.request({
    kind: "network.update",
    networkId,
    network: {
      name: "Renamed",
      host: "irc.example.org",
      port: 6697,
      tls: true,
      nick: "me",
      autoconnect: false,
    },
  }, 10);
  assert.equal(renamed.kind, "reply");
  await page.next((m) =>
    m.kind === "networks" && (m.networks as { name: string }[])[0]?.name === "Renamed"
  );
  assert.equal((await page.request({ kind: "network.remove", networkId }, 11)).kind, "reply");
  await page.next((m) => m.kind === "networks" && (m.networks as unknown[]).length === 0);
  assert.deepEqual(client.networks.list(), []);
});

Deno.test("a deep link waits while no page is open, then goes to the newest ready page only", async () => {
  await using client = await tempClient();
  const hand = async (link: string) =>
    assert.equal((await handOffLink({ dataDir: client.dataDir, link })).status, "delivered");
  const channelOf = (m: Record<string, unknown>) =>
    m.kind === "frontend" ? (m.event as { payload: { channel?: string } }).payload.channel : "";
  await hand("irc://a.example/#one");
  await using first = new SocketPage(client.url!);
  await first.request({ kind: "ready" }, 1);
  await first.next((m) => channelOf(m) === "#one");
  await using second = new SocketPage(client.url!);
  await second.request({ kind: "ready" }, 1);
  await hand("irc://a.example/#two");
  await second.next((m) => channelOf(m) === "#two");
  await second[Symbol.asyncDispose]();
  await hand("irc://a.example/#three");
  await first.next((m) => channelOf(m) === "#three");
  assert.deepEqual(first.received.map(channelOf).filter(Boolean), ["#one", "#three"]);
  assert.deepEqual(second.received.map(channelOf).filter(Boolean), ["#two"]);
});
