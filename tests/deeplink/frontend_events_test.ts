import assert from "node:assert/strict";
import {
  createInProcessTransport,
  type DeepLinkJoin,
  FrontendEvents,
  type FrontendTransport,
} from "../../deeplink/mod.ts";

const join: DeepLinkJoin = { networkId: 1, targets: [{ name: "#deno", isNick: false, key: "" }] };

Deno.test("FrontendEvents.emit() sends one JSON frame and on() receives a parsed copy", () => {
  const frames: string[] = [];
  const transport = createInProcessTransport();
  transport.listen((frame) => frames.push(frame));
  const frontend = new FrontendEvents({ transport });
  const received: DeepLinkJoin[] = [];
  frontend.on("deeplink:join", (payload) => received.push(payload));
  frontend.emit("deeplink:join", join);
  assert.deepEqual(frames, [
    '{"name":"deeplink:join","payload":{"networkId":1,"targets":[{"name":"#deno","isNick":false,"key":""}]}}',
  ]);
  assert.deepEqual(received, [join]);
  assert.notEqual(received[0], join, "a copy, as over a WebSocket");
  frontend.close();
});

Deno.test("FrontendEvents.on() returns an unsubscribe that is also disposable", () => {
  const frontend = new FrontendEvents();
  let calls = 0;
  const stop = frontend.on("deeplink:join", () => calls++);
  {
    using _second = frontend.on("deeplink:join", () => calls++);
    frontend.emit("deeplink:join", join);
  }
  frontend.emit("deeplink:join", join);
  stop();
  stop();
  frontend.emit("deeplink:join", join);
  assert.equal(calls, 3);
  frontend.close();
});

Deno.test("FrontendEvents.emit() refuses payloads JSON cannot carry, with TypeError, sending nothing", () => {
  const transport = createInProcessTransport();
  const frames: string[] = [];
  transport.listen((frame) => frames.push(frame));
  const frontend = new FrontendEvents<{ any: unknown }>({ transport });
  const cycle: Record<string, unknown> = { a: 1 };
  cycle.self = cycle;
  const bad: [string, unknown][] = [
    ["function", { f: () => {} }],
    ["top-level function", () => {}],
    ["cycle", cycle],
    [
      "cycle in an array",
      (() => {
        const a: unknown[] = [];
        a.push({ a });
        return a;
      })(),
    ],
    ["bigint", { n: 1n }],
    ["symbol", { s: Symbol("x") }],
    ["NaN", { n: NaN }],
    ["Infinity", [Infinity]],
    ["undefined in an array", [undefined]],
    ["top-level undefined", undefined],
    ["Map", { m: new Map() }],
    ["Date", new Date(0)],
  ];
  for (const [what, payload] of bad) {
    assert.throws(() => frontend.emit("any", payload), TypeError, what);
  }
  assert.deepEqual(frames, []);
  // Shared (acyclic) references, null and undefined object fields are fine.
  const shared = { x: 1 };
  frontend.emit("any", { a: shared, b: shared, c: null, d: undefined });
  assert.deepEqual(frames, ['{"name":"any","payload":{"a":{"x":1},"b":{"x":1},"c":null}}']);
});

Deno.test("FrontendEvents drops garbled and forged frames and reports them", () => {
  const transport = createInProcessTransport();
  const errors: Error[] = [];
  const frontend = new FrontendEvents({ transport, onError: (error) => errors.push(error) });
  const received: unknown[] = [];
  frontend.on("deeplink:join", (payload) => received.push(payload));
  transport.send("not json");
  transport.send('{"payload":{}}');
  transport.send('{"name":"deeplink:join","payload":{"networkId":"1","targets":[]}}');
  transport.send('{"name":"deeplink:join","payload":{"networkId":1,"targets":[{"name":"#a"}]}}');
  transport.send('{"name":"deeplink:join","payload":{"networkId":1,"targets":[]}}');
  assert.deepEqual(received, [{ networkId: 1, targets: [] }]);
  assert.equal(errors.length, 4);
  assert.ok(errors[0] instanceof SyntaxError);
  assert.ok(errors.slice(1).every((error) => error instanceof TypeError));
  frontend.close();
});

Deno.test("FrontendEvents isolates a throwing handler", () => {
  const errors: Error[] = [];
  const frontend = new FrontendEvents({ onError: (error) => errors.push(error) });
  let reached = false;
  frontend.on("deeplink:join", () => {
    throw new Error("boom");
  });
  frontend.on("deeplink:join", () => {
    reached = true;
  });
  frontend.emit("deeplink:join", join);
  assert.equal(reached, true);
  assert.equal(errors.length, 1);
  assert.match(errors[0].message, /deeplink:join handler threw/);
  frontend.close();
});

Deno.test("FrontendEvents works over any transport: two ends joined by a MessageChannel", async () => {
  const channel = new MessageChannel();
  const fromPort = (port: MessagePort): FrontendTransport => ({
    send: (frame) => port.postMessage(frame),
    listen(receive) {
      const onMessage = (event: MessageEvent) => {
        if (typeof event.data === "string") receive(event.data);
      };
      port.addEventListener("message", onMessage);
      port.start();
      return () => port.removeEventListener("message", onMessage);
    },
  });
  const backend = new FrontendEvents({ transport: fromPort(channel.port1) });
  const page = new FrontendEvents({ transport: fromPort(channel.port2) });
  const got = Promise.withResolvers<DeepLinkJoin>();
  page.on("deeplink:join", got.resolve);
  backend.emit("deeplink:join", join);
  assert.deepEqual(await got.promise, join);
  page.close();
  backend.close();
  channel.port1.close();
  channel.port2.close();
});
