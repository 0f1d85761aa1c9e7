import assert from "node:assert/strict";
import {
  joinText,
  kickText,
  modeText,
  nickText,
  partText,
  quitText,
  topicText,
} from "../../core/event_text.js";

const bob = { networkId: 1, user: "bob", nickname: "bob" };

Deno.test("joins, parts and quits read with their reasons", () => {
  assert.equal(joinText({ ...bob, channel: "#a" }), "→ bob joined");
  assert.equal(partText({ ...bob, channel: "#a" }), "← bob left");
  assert.equal(partText({ ...bob, channel: "#a", reason: "see you" }), "← bob left (see you)");
  assert.equal(quitText({ ...bob, reason: "Quit: gone" }), "← bob quit (Quit: gone)");
  assert.equal(quitText({ ...bob, reason: "" }), "← bob quit");
});

Deno.test("a kick names the kicker and the reason, and says 'You' when it is us", () => {
  const kick = { ...bob, channel: "#a", kicker: "alice", reason: "flooding" };
  assert.equal(kickText(kick, false), "← bob was kicked by alice (flooding)");
  assert.equal(kickText(kick, true), "← You were kicked by alice (flooding)");
});

Deno.test("nick, topic and mode changes say who did what", () => {
  assert.equal(nickText({ networkId: 1, old_nickname: "bob", nickname: "rob" }), "bob is now rob");
  const topic = { networkId: 1, channel: "#a", topic: "new" };
  assert.equal(topicText({ ...topic, setter: "alice" }), "alice changed the topic to: new");
  assert.equal(topicText({ ...topic, topic: "", setter: "alice" }), "alice cleared the topic");
  assert.equal(topicText(topic), "Topic: new");
  const mode = { networkId: 1, channel: "#a", modes: "+o bob" };
  assert.equal(modeText({ ...mode, setter: "alice" }), "alice sets mode +o bob");
  assert.equal(modeText({ ...mode, modes: "+nt" }), "Mode: +nt");
});
