/**
 * `jsr:` plugin links take the deep-link way: parsed by the one specifier grammar, queued
 * until the page is ready, handed from a later launch to the running instance, and turned
 * into `deeplink:install-plugin`, which only opens the consent sheet. A bad one is refused
 * with a clear error at the launch and by the instance.
 */
import assert from "node:assert/strict";
import {
  createInProcessTransport,
  DeepLinkHandler,
  deepLinkValidators,
  FrontendEvents,
  handOffLink,
  JsrLinkError,
  launchWithLink,
  listenForLinks,
  NetworkStore,
  parseJsrLink,
} from "../../deeplink/mod.ts";

function setup() {
  const store = new NetworkStore(":memory:");
  const transport = createInProcessTransport();
  const frames: string[] = [];
  transport.listen((frame) => frames.push(frame));
  const frontend = new FrontendEvents({ transport });
  const handler = new DeepLinkHandler({ store, frontend });
  return {
    handler,
    frames,
    [Symbol.dispose]() {
      frontend.close();
      store.close();
    },
  };
}

Deno.test("parseJsrLink() splits a plugin link and refuses what is not one", () => {
  assert.deepEqual(parseJsrLink("jsr:@someone/greeter@^1.2"), {
    scheme: "jsr",
    specifier: "jsr:@someone/greeter@^1.2",
    pkg: "@someone/greeter",
    range: "^1.2",
  });
  assert.equal(parseJsrLink("jsr:@someone/greeter").range, "*");
  // A range may hold spaces inside (one quoted word on a command line).
  assert.equal(parseJsrLink("jsr:@someone/greeter@>=1 <3").range, ">=1 <3");
  for (
    const bad of [
      "jsr:greeter",
      "jsr:@Someone/greeter",
      "jsr:@someone/greeter@",
      "jsr:@someone/greeter@^1\n2",
      "jsr:@someone/greeter@ ^1",
      "jsr:@someone/greeter@^1 ",
      "jsr:@someone",
      `jsr:@someone/greeter@${"1".repeat(101)}`,
      `jsr:@${"a".repeat(400)}/b`,
    ]
  ) {
    assert.throws(() => parseJsrLink(bad), (error: unknown) => {
      assert.ok(error instanceof JsrLinkError, bad);
      assert.ok(error instanceof SyntaxError);
      assert.equal(error.code, "invalid_jsr_link");
      assert.equal(error.input, bad);
      assert.match(error.message, /^Cannot open plugin link: expected jsr:@scope\/name\[@range\]/);
      assert.ok(error.message.length < 300, "a long input is cut in the message");
      return true;
    });
  }
});

Deno.test("handle() queues a jsr: link with irc:// ones until ready(), then emits deeplink:install-plugin in order", () => {
  using t = setup();
  t.handler.handle("irc://irc.example.org/#one");
  const queued = t.handler.handle("jsr:@someone/greeter@^1");
  assert.equal(queued.status === "queued" && queued.position, 1);
  assert.deepEqual(t.frames, []);
  t.handler.ready();
  assert.deepEqual(t.frames, [
    '{"name":"deeplink:add-network","payload":{"host":"irc.example.org","port":6667,"tls":false,"channel":"#one"}}',
    '{"name":"deeplink:install-plugin","payload":{"specifier":"jsr:@someone/greeter@^1"}}',
  ]);
  assert.throws(() => t.handler.handle("JSR:@someone/greeter"), JsrLinkError);
  assert.equal(t.frames.length, 2, "a refused link sends nothing");
});

Deno.test("deeplink:install-plugin's payload check takes only a jsr: specifier", () => {
  const check = deepLinkValidators["deeplink:install-plugin"];
  assert.equal(check({ specifier: "jsr:@someone/greeter@^1" }), true);
  assert.equal(check({ specifier: "https://evil.example/x.ts" }), false);
  assert.equal(check({ specifier: 1 }), false);
  assert.equal(check(null), false);
});

Deno.test("a later launch hands a jsr: link to the running instance, and a bad one is refused", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-jsr-link-" });
  using t = setup();
  t.handler.ready();
  await using _listener = await listenForLinks({
    dataDir,
    onLink: (raw) => t.handler.handle(raw),
  });
  assert.deepEqual(await handOffLink({ dataDir, link: "jsr:@someone/greeter" }), {
    status: "delivered",
  });
  assert.deepEqual(t.frames, [
    '{"name":"deeplink:install-plugin","payload":{"specifier":"jsr:@someone/greeter"}}',
  ]);
  // The instance judges for itself: a link not checked by its sender is refused there too.
  const refused = await handOffLink({ dataDir, link: "jsr:@Someone/greeter" });
  assert.equal(refused.status, "rejected");
  assert.equal(refused.status === "rejected" && refused.code, "invalid_jsr_link");
  assert.equal(t.frames.length, 1);

  // The launch checks first: a bad link exits 2 without reaching the instance.
  const errors: string[] = [];
  const error = console.error;
  console.error = (line: string) => void errors.push(line);
  try {
    assert.deepEqual(await launchWithLink(dataDir, "jsr:greeter"), { exit: 2 });
    assert.deepEqual(await launchWithLink(dataDir, "jsr:@someone/greeter@^2"), { exit: 0 });
  } finally {
    console.error = error;
  }
  assert.match(errors[0], /^JsrLinkError \[invalid_jsr_link\]: Cannot open plugin link: /);
  assert.match(errors[1], /^Handed the plugin link to the running instance/);
  assert.equal(t.frames.length, 2);
  await Deno.remove(dataDir, { recursive: true });
});
