import assert from "node:assert/strict";
import {
  type AnyBusEvent,
  type BusEvent,
  createEvent,
  EventBus,
  EventSourceIRC,
  EventSourceSystem,
  EventSourceUI,
} from "../../bus/mod.ts";

Deno.test("createEvent() builds a typed event stamped now unless a time is given", () => {
  const before = Date.now();
  const event = createEvent("user.joined", {
    networkId: 1,
    channel: "#deno",
    user: "alice",
    nickname: "alice",
  }, EventSourceIRC);
  assert.equal(event.type, "user.joined");
  assert.equal(event.source, "irc");
  assert.ok(event.timestamp.getTime() >= before);
  const at = new Date(0);
  assert.equal(createEvent("sasl.aborted", { networkId: 1 }, "irc", at).timestamp, at);
});

Deno.test("event sources are the three values of the specification", () => {
  assert.deepEqual([EventSourceIRC, EventSourceUI, EventSourceSystem], ["irc", "ui", "system"]);
});

Deno.test('subscribe() narrows the event by type, and "*" receives the union', async () => {
  const bus = new EventBus();
  const nicks: string[] = [];
  bus.subscribe("user.nick", (event) => {
    const data: { old_nickname: string; nickname: string } = event.data;
    nicks.push(`${data.old_nickname}->${data.nickname}`);
    // @ts-expect-error: user.nick has no channel
    event.data.channel;
  });
  bus.subscribe("*", (event: AnyBusEvent) => {
    if (event.type === "user.nick") nicks.push(`* ${event.data.nickname}`);
  });
  await bus.emitSync(
    createEvent(
      "user.nick",
      { networkId: 1, old_nickname: "a", nickname: "b", channels: [] },
      "irc",
    ),
  );
  assert.deepEqual(nicks, ["a->b", "* b"]);
  await bus.close();
});

Deno.test("the event map refuses misspelt types and missing fields at type-check time", () => {
  // @ts-expect-error: no such event type
  createEvent("user.join", { networkId: 1 }, "irc");
  // @ts-expect-error: user.kicked needs kicker and reason
  createEvent("user.kicked", { networkId: 1, channel: "#a", user: "b", nickname: "b" }, "irc");
  // @ts-expect-error: not an event source
  createEvent("sasl.success", { networkId: 1 }, "plugin");
  const whois: BusEvent<"whois.received"> = createEvent("whois.received", {
    networkId: 1,
    whois: {
      nickname: "alice",
      channels: [],
      away: false,
      secure: false,
      operator: false,
      bot: false,
    },
  }, "irc");
  assert.equal(whois.data.whois.nickname, "alice");
});
