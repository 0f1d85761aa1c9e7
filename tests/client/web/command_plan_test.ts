import assert from "node:assert/strict";
import { type PlanContext, planInput } from "../../../client/web/command_plan.js";

const inChannel: PlanContext = {
  networkId: 1,
  buffer: { type: "channel", name: "#a", joined: true },
  pluginCommands: ["weather"],
};
const kickedFrom: PlanContext = { ...inChannel, buffer: { ...inChannel.buffer!, joined: false } };
const server: PlanContext = {
  ...inChannel,
  buffer: { type: "server", name: "Local", joined: false },
};

Deno.test("planInput() sends text to the current buffer", () => {
  assert.deepEqual(planInput("hello", inChannel), [
    { step: "send", action: { kind: "say", networkId: 1, target: "#a", text: "hello" } },
  ]);
});

Deno.test("planInput() refuses to send in a channel we are not in, with an error, sending nothing", () => {
  for (const line of ["hello", "/me waves", "/msg #a hi"]) {
    const steps = planInput(line, kickedFrom);
    assert.equal(steps.length, 1, line);
    assert.equal(steps[0].step, "show");
    assert.match(JSON.stringify(steps[0]), /not in the channel/);
  }
  assert.match(JSON.stringify(planInput("hi", server)), /open a channel or a query first/);
});

Deno.test("planInput() shows usage and help lines in the buffer", () => {
  assert.deepEqual(planInput("/kick", inChannel), [
    { step: "show", kind: "error", text: "usage: /kick <nick> [reason]" },
  ]);
  assert.deepEqual(planInput("/help topic", inChannel), [
    {
      step: "show",
      kind: "event",
      text: "/topic [#channel] [text] - Show or set a channel's topic",
    },
  ]);
  assert.ok(planInput("/help", inChannel).length > 20);
  assert.deepEqual(planInput("/nope", inChannel), [
    { step: "show", kind: "error", text: "Unknown command /nope (try /help)" },
  ]);
});

Deno.test("planInput() maps commands onto typed actions", () => {
  assert.deepEqual(planInput("/weather Paris", inChannel), [
    { step: "send", action: { kind: "command", name: "weather", args: "Paris" } },
  ]);
  assert.deepEqual(planInput("/join deno", inChannel), [
    { step: "focusOnJoin", channel: "#deno" },
    { step: "send", action: { kind: "join", networkId: 1, channel: "#deno" } },
  ]);
  assert.deepEqual(planInput("/topic hello world", inChannel), [
    { step: "send", action: { kind: "quote", networkId: 1, line: "TOPIC #a :hello world" } },
  ]);
  assert.deepEqual(planInput("/op bob", inChannel), [
    { step: "send", action: { kind: "quote", networkId: 1, line: "MODE #a +o bob" } },
  ]);
  assert.deepEqual(planInput("/away lunch", inChannel), [
    {
      step: "send",
      action: { kind: "quote", networkId: 1, line: "AWAY :lunch" },
      done: "You are marked away: lunch",
    },
  ]);
  assert.deepEqual(planInput("/list >5", inChannel), [
    { step: "list", action: { kind: "list", networkId: 1, filter: ">5" } },
  ]);
  assert.deepEqual(planInput("/quit", inChannel), [
    { step: "send", action: { kind: "disconnect", networkId: 1 } },
  ]);
  assert.deepEqual(planInput("/query bob hi", inChannel), [
    { step: "open", name: "bob", type: "query" },
    { step: "send", action: { kind: "say", networkId: 1, target: "bob", text: "hi" } },
  ]);
  assert.deepEqual(planInput("/kick bob", server), [
    { step: "show", kind: "error", text: "Cannot kick: open a channel first" },
  ]);
});

Deno.test("planInput() closes a channel by parting it, and a query or left channel at once", () => {
  assert.deepEqual(planInput("/close", inChannel), [
    { step: "send", action: { kind: "part", networkId: 1, channel: "#a" } },
    { step: "close" },
  ]);
  assert.deepEqual(planInput("/close", kickedFrom), [{ step: "close" }]);
  assert.equal(planInput("/close", server)[0].step, "show");
});

Deno.test("planInput() searches the network's history from any buffer, usage when empty", () => {
  const query = { kind: "history.search", text: "deploy failed", networkId: 1, limit: 50 };
  assert.deepEqual(planInput("/search deploy failed", server), [{ step: "search", query }]);
  const usage =
    "usage: /search [from:nick] [in:#channel] [after:YYYY-MM-DD] [before:YYYY-MM-DD] <words>";
  assert.deepEqual(planInput("/search", inChannel), [{ step: "show", kind: "error", text: usage }]);
  // Filters alone are no search; a day that is no day is refused.
  assert.deepEqual(planInput("/search from:bob", inChannel)[0], {
    step: "show",
    kind: "error",
    text: usage,
  });
  assert.equal(planInput("/search after:2026-02-31 deploy", inChannel)[0].step, "show");
});

Deno.test("planInput() reads from:, in: and dates in a search, the rest as words", () => {
  const day = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime();
  const [step] = planInput(
    "/search deploy from:bob in:#deno after:2026-11-01 before:2026-11-27 failed",
    inChannel,
  );
  assert.deepEqual(step, {
    step: "search",
    query: {
      kind: "history.search",
      text: "deploy failed",
      sender: "bob",
      buffer: "#deno",
      since: day(2026, 11, 1),
      until: day(2026, 11, 27),
      networkId: 1,
      limit: 50,
    },
  });
  const [on] = planInput("/search on:2026-11-27 deploy", inChannel);
  assert.ok(on.step === "search");
  assert.equal(on.query.since, day(2026, 11, 27));
  assert.equal(on.query.until, day(2026, 11, 28));
  // A word with a colon that names no filter is a word.
  const [url] = planInput("/search https://deno.com", inChannel);
  assert.ok(url.step === "search");
  assert.equal(url.query.text, "https://deno.com");
});

Deno.test("planInput() ignores a nick, stops, and lists those ignored", () => {
  assert.deepEqual(planInput("/ignore bob", inChannel), [{
    step: "ignore",
    nick: "bob",
    on: true,
  }]);
  assert.deepEqual(planInput("/unignore bob", server), [{
    step: "ignore",
    nick: "bob",
    on: false,
  }]);
  assert.deepEqual(planInput("/ignore", inChannel), [{ step: "ignored" }]);
  assert.deepEqual(planInput("/unignore", inChannel), [
    { step: "show", kind: "error", text: "usage: /unignore <nick>" },
  ]);
});

Deno.test("planInput() needs a network for commands", () => {
  assert.deepEqual(
    planInput("/join #a", { networkId: undefined, buffer: undefined, pluginCommands: [] }),
    [
      { step: "show", kind: "error", text: "Cannot run the command: add a network first" },
    ],
  );
});

Deno.test("planInput() refuses a line longer than the backend takes, sending nothing", () => {
  const long = "x".repeat(4001);
  for (const line of [long, `/me ${long}`, `/msg bob ${long}`]) {
    const steps = planInput(line, inChannel);
    assert.deepEqual(steps.map((s) => s.step), ["show"], line.slice(0, 10));
    assert.match(JSON.stringify(steps[0]), /at most 4000/);
  }
  assert.equal(planInput("x".repeat(4000), inChannel)[0].step, "send");
});
