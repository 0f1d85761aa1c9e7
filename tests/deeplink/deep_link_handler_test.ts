import assert from "node:assert/strict";
import {
  createInProcessTransport,
  DeepLinkHandler,
  FrontendEvents,
  IrcUrlError,
  NetworkStore,
} from "../../deeplink/mod.ts";

/** A handler over a real in-memory store, recording every frame that reaches the "page". */
function setup() {
  const store = new NetworkStore(":memory:");
  const transport = createInProcessTransport();
  const frames: string[] = [];
  transport.listen((frame) => frames.push(frame));
  const frontend = new FrontendEvents({ transport });
  const handler = new DeepLinkHandler({ store, frontend });
  return {
    store,
    frontend,
    handler,
    frames,
    [Symbol.dispose]() {
      frontend.close();
      store.close();
    },
  };
}

Deno.test("handle() with no matching network emits deeplink:add-network, exact JSON", () => {
  using t = setup();
  t.handler.ready();
  t.store.add({ name: "Other", host: "irc.other.example", nick: "n" });
  t.handler.handle("ircs://IRC.Libera.Chat./alice,isnick,#deno,#rust?key=k");
  assert.deepEqual(t.frames, [
    '{"name":"deeplink:add-network","payload":{"host":"irc.libera.chat","port":6697,"tls":true,"channel":"#deno"}}',
  ]);
});

Deno.test("deeplink:add-network carries the default port and an empty channel when none", () => {
  using t = setup();
  t.handler.ready();
  t.handler.handle("irc://irc.example.org/bob,isnick");
  t.handler.handle("irc://irc.example.org:7000");
  assert.deepEqual(t.frames, [
    '{"name":"deeplink:add-network","payload":{"host":"irc.example.org","port":6667,"tls":false,"channel":""}}',
    '{"name":"deeplink:add-network","payload":{"host":"irc.example.org","port":7000,"tls":false,"channel":""}}',
  ]);
});

Deno.test("handle() with one matching network emits deeplink:join, exact JSON", () => {
  using t = setup();
  t.handler.ready();
  const libera = t.store.add({ name: "Libera", host: "irc.libera.chat", nick: "n" });
  const outcome = t.handler.handle("irc://irc.libera.chat:6667/#deno,alice,isnick?key=s%2Bk");
  assert.deepEqual(t.frames, [
    `{"name":"deeplink:join","payload":{"networkId":${libera.id},"targets":[{"name":"#deno","isNick":false,"key":"s+k"},{"name":"alice","isNick":true,"key":""}]}}`,
  ]);
  assert.equal(outcome.status, "delivered");
  assert.equal(outcome.status === "delivered" && outcome.event, "deeplink:join");
});

Deno.test("handle() with several matching networks emits deeplink:disambiguate, exact JSON", () => {
  using t = setup();
  t.handler.ready();
  t.store.add({ name: "Unrelated", host: "x.example", nick: "n" });
  t.store.add({
    name: "Libera (bot)",
    host: "other.example",
    nick: "bot",
    servers: [
      { host: "IRC.LIBERA.CHAT", port: 6697, tls: true },
    ],
  });
  t.store.add({ name: "Libera", host: "irc.libera.chat.", port: 7000, tls: false, nick: "me" });
  t.handler.handle("ircs://irc.libera.chat/#deno");
  assert.deepEqual(t.frames, [
    '{"name":"deeplink:disambiguate","payload":{"candidates":[{"networkId":2,"name":"Libera (bot)"},{"networkId":3,"name":"Libera"}],"targets":[{"name":"#deno","isNick":false,"key":""}]}}',
  ]);
});

Deno.test("matching ignores case, trailing dot, port and TLS, and reads server lists", () => {
  using t = setup();
  t.handler.ready();
  const net = t.store.add({
    name: "Net",
    host: "primary.example",
    port: 1,
    tls: false,
    nick: "n",
    servers: [{ host: "Alt.Example.", port: 2, tls: false }],
  });
  for (
    const link of [
      "ircs://PRIMARY.example.:9999/#a",
      "irc://alt.example/#a",
      "ircs://ALT.EXAMPLE/#a",
    ]
  ) {
    const outcome = t.handler.handle(link);
    assert.ok(outcome.status === "delivered" && outcome.event === "deeplink:join", link);
    assert.equal(outcome.payload.networkId, net.id);
  }
});

Deno.test("candidate order is stable: ascending network id, whatever matched", () => {
  using t = setup();
  t.handler.ready();
  const ids = [];
  for (let i = 0; i < 5; i++) {
    ids.push(
      t.store.add({
        name: `N${i}`,
        host: i % 2 ? "h.example" : `n${i}.example`,
        nick: "n",
        servers: i % 2 ? [] : [{ host: "h.example", port: 6697, tls: true }],
      }).id,
    );
  }
  const first = t.handler.handle("irc://h.example/#a");
  const second = t.handler.handle("irc://H.EXAMPLE./#a");
  assert.ok(first.status === "delivered" && first.event === "deeplink:disambiguate");
  assert.deepEqual(first.payload.candidates.map((c) => c.networkId), ids);
  assert.deepEqual(second.status === "delivered" && second.payload, first.payload);
});

Deno.test("an invalid link throws IrcUrlError and emits nothing, before or after ready()", () => {
  using t = setup();
  assert.throws(() => t.handler.handle("irc://example.org/#a\r\nQUIT"), IrcUrlError);
  assert.deepEqual(t.handler.pending(), [], "nothing queued");
  t.handler.ready();
  assert.throws(
    () => t.handler.handle("http://example.org/#a"),
    (e) => e instanceof IrcUrlError && e.code === "invalid_scheme",
  );
  assert.deepEqual(t.frames, []);
});

Deno.test("cold start: three links are queued, then delivered once each, in order, on ready()", () => {
  using t = setup();
  const libera = t.store.add({ name: "Libera", host: "irc.libera.chat", nick: "n" });
  const received: string[] = [];
  const outcomes = [
    t.handler.handle("ircs://irc.libera.chat/#one"),
    t.handler.handle("irc://unknown.example/#two"),
    t.handler.handle("ircs://irc.libera.chat/#three"),
  ];
  assert.deepEqual(outcomes.map((o) => o.status === "queued" && o.position), [0, 1, 2]);
  assert.deepEqual(t.handler.pending().map((link) => "targets" in link && link.targets[0].name), [
    "#one",
    "#two",
    "#three",
  ]);
  assert.deepEqual(t.frames, [], "nothing live before ready()");

  // The page's listeners go live, then it calls ready().
  t.frontend.on("deeplink:join", (p) => received.push(`join ${p.networkId} ${p.targets[0].name}`));
  t.frontend.on("deeplink:add-network", (p) => received.push(`add ${p.host} ${p.channel}`));
  const delivered = t.handler.ready();
  assert.equal(delivered.length, 3);
  assert.deepEqual(received, [
    `join ${libera.id} #one`,
    "add unknown.example #two",
    `join ${libera.id} #three`,
  ]);
  assert.deepEqual(t.handler.pending(), []);

  // Exactly once: a second ready() delivers nothing, and a live link is delivered only live.
  assert.deepEqual(t.handler.ready(), []);
  t.handler.handle("ircs://irc.libera.chat/#four");
  assert.deepEqual(received.slice(3), [`join ${libera.id} #four`]);
  assert.equal(t.frames.length, 4);
});

Deno.test("cold start keeps every link, not just the last one, and matches at delivery", () => {
  using t = setup();
  for (let i = 0; i < 50; i++) t.handler.handle(`irc://late.example/#c${i}`);
  const late = t.store.add({ name: "Late", host: "late.example", nick: "n" }); // saved before ready
  const delivered = t.handler.ready();
  assert.equal(delivered.length, 50);
  assert.ok(delivered.every((d) => d.event === "deeplink:join" && d.payload.networkId === late.id));
  assert.deepEqual(
    t.frames.map((f) => JSON.parse(f).payload.targets[0].name),
    Array.from({ length: 50 }, (_, i) => `#c${i}`),
  );
});

Deno.test("a link handled from inside a handler during ready() is delivered once, after the queue", () => {
  using t = setup();
  const order: string[] = [];
  t.handler.handle("irc://a.example/#first");
  t.handler.handle("irc://a.example/#second");
  t.frontend.on("deeplink:add-network", (p) => {
    order.push(p.channel);
    if (p.channel === "#first") t.handler.handle("irc://a.example/#nested");
  });
  t.handler.ready();
  assert.deepEqual(order, ["#first", "#second", "#nested"]);
});

Deno.test("ready() delivers the rest when one delivery throws, then reports it", () => {
  const emitted: string[] = [];
  let fail = true;
  const handler = new DeepLinkHandler({
    store: { matchHost: () => [] },
    frontend: {
      emit(_name, payload) {
        if ("channel" in payload && payload.channel === "#bad" && fail) {
          fail = false;
          throw new Error("transport down");
        }
        if ("channel" in payload) emitted.push(payload.channel);
      },
    },
  });
  handler.handle("irc://a.example/#bad");
  handler.handle("irc://a.example/#good");
  assert.throws(() => handler.ready(), AggregateError);
  assert.deepEqual(emitted, ["#good"]);
  assert.equal(handler.isReady, true);
});
