import assert from "node:assert/strict";
import { casefold } from "../../core/casemapping.js";
import { Membership, type MembershipEvent, parsePrefix } from "../../core/membership.js";

const user = (nickname: string) => ({ networkId: 1, user: nickname, nickname });
const listed = (state: Membership, channel: string) =>
  state.members(channel)?.map((m) => m.prefix + m.nick);

function fed(events: MembershipEvent[], options?: { casemapping?: string; prefix?: string }) {
  const state = new Membership(options);
  for (const event of events) state.apply(event);
  return state;
}

Deno.test("casefold() follows the server's casemapping, and parsePrefix() reads PREFIX", () => {
  assert.equal(casefold("Nick[A]\\~", "rfc1459"), "nick{a}|^");
  assert.equal(casefold("Nick[A]\\~", "strict-rfc1459"), "nick{a}|~");
  assert.equal(casefold("Nick[A]\\~", "ascii"), "nick[a]\\~");
  assert.deepEqual(parsePrefix("(qaohv)~&@%+"), { modes: "qaohv", symbols: "~&@%+" });
  assert.deepEqual(parsePrefix("(ov)@"), { modes: "ov", symbols: "@+" });
});

Deno.test("Membership reads NAMES with multi-prefix and userhost, sorted by rank", () => {
  const state = fed([{
    type: "channel.names.complete",
    data: { networkId: 1, channel: "#a", users: ["zed", "+bob", "@+Alice!a@host", "%hal"] },
  }], { prefix: "(ohv)@%+" });
  assert.deepEqual(listed(state, "#A"), ["@Alice", "%hal", "+bob", "zed"]);
  assert.deepEqual(state.members("#a")?.[0], { nick: "Alice", modes: "ov", prefix: "@" });
});

Deno.test("Membership applies MODE +o/-o/+v to prefixes, skipping other modes' parameters", () => {
  const state = fed([
    {
      type: "channel.names.complete",
      data: { networkId: 1, channel: "#a", users: ["bob", "carol"] },
    },
    { type: "channel.mode", data: { networkId: 1, channel: "#a", modes: "+ov bob bob" } },
    { type: "channel.mode", data: { networkId: 1, channel: "#a", modes: "+kv secret Carol" } },
  ]);
  assert.deepEqual(listed(state, "#a"), ["@bob", "+carol"]);
  state.apply({
    type: "channel.mode",
    data: { networkId: 1, channel: "#a", modes: "-o+b bob *!*@x" },
  });
  assert.deepEqual(listed(state, "#a"), ["+bob", "+carol"]);
  state.apply({ type: "channel.mode", data: { networkId: 1, channel: "#a", modes: "-v bob" } });
  assert.deepEqual(listed(state, "#a"), ["+carol", "bob"]);
});

Deno.test("Membership follows joins, nick changes, parts, kicks and quits by casemapping", () => {
  const state = fed([
    { type: "channels.changed", data: { networkId: 1, channels: ["#a", "#b"] } },
    {
      type: "channel.names.complete",
      data: { networkId: 1, channel: "#a", users: ["@me", "bob[x]"] },
    },
    { type: "user.joined", data: { ...user("dave"), channel: "#B" } },
    { type: "user.joined", data: { ...user("Bob{X}"), channel: "#b" } },
    {
      type: "user.nick",
      data: { networkId: 1, old_nickname: "BOB{x}", nickname: "rob", channels: ["#a", "#b"] },
    },
  ]);
  assert.deepEqual(listed(state, "#a"), ["@me", "rob"]);
  assert.deepEqual(listed(state, "#b"), ["dave", "rob"]);
  state.apply({
    type: "user.kicked",
    data: { ...user("DAVE"), channel: "#b", kicker: "me", reason: "" },
  });
  state.apply({ type: "user.parted", data: { ...user("ME"), channel: "#A" } });
  assert.deepEqual(listed(state, "#a"), ["rob"]);
  assert.deepEqual(listed(state, "#b"), ["rob"]);
  assert.equal(
    state.apply({ type: "user.quit", data: { ...user("Rob"), reason: "bye", channels: ["#b"] } }),
    true,
  );
  assert.deepEqual(listed(state, "#b"), []);
  state.apply({ type: "channel.topic", data: { networkId: 1, channel: "#B", topic: "hi" } });
  state.apply({ type: "channels.changed", data: { networkId: 1, channels: ["#b"] } });
  assert.deepEqual(state.channels(), [{ name: "#b", topic: "hi", members: [] }]);
  assert.equal(state.members("#a"), undefined);
});

Deno.test("Membership under ascii casemapping keeps [ and { apart", () => {
  const state = fed([
    { type: "channel.names.complete", data: { networkId: 1, channel: "#a", users: ["a[1]"] } },
    { type: "user.joined", data: { ...user("a{1}"), channel: "#a" } },
  ], { casemapping: "ascii" });
  assert.deepEqual(listed(state, "#a"), ["a[1]", "a{1}"]);
});

Deno.test("Membership.has() answers by casemapping, false for a channel we are not in", () => {
  const state = fed([{
    type: "channel.names.complete",
    data: { networkId: 1, channel: "#a", users: ["@Alice", "bob[1]"] },
  }]);
  assert.equal(state.has("#A", "alice"), true);
  assert.equal(state.has("#a", "BOB{1}"), true, "rfc1459 folds [ to {");
  assert.equal(state.has("#a", "carol"), false);
  assert.equal(state.has("#b", "alice"), false);
});
