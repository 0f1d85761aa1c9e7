import assert from "node:assert/strict";
import {
  joinText,
  kickText,
  messageText,
  modeText,
  nickText,
  partText,
  quitText,
  replyText,
  storedEventText,
  topicText,
} from "../../core/event_text.js";

const bob = { networkId: 1, user: "bob", nickname: "bob" };

Deno.test("joins, parts and quits read with their reasons", () => {
  const joined = { ...bob, channel: "#a" };
  assert.equal(joinText(joined), "→ bob joined");
  assert.equal(partText(joined), "← bob left");
  const parted = { ...bob, channel: "#a", reason: "see you" };
  assert.equal(partText(parted), "← bob left (see you)");
  const quit = { ...bob, reason: "Quit: gone", channels: ["#a"] };
  assert.equal(quitText(quit), "← bob quit (Quit: gone)");
  assert.equal(quitText({ ...quit, reason: "" }), "← bob quit");
});

Deno.test("a kick names the kicker and the reason, and says 'You' when it is us", () => {
  const kick = { ...bob, channel: "#a", kicker: "alice", reason: "flooding" };
  assert.equal(kickText(kick, false), "← bob was kicked by alice (flooding)");
  assert.equal(kickText(kick, true), "← You were kicked by alice (flooding)");
});

Deno.test("nick, topic and mode changes say who did what", () => {
  const nick = { networkId: 1, old_nickname: "bob", nickname: "rob", channels: ["#a"] };
  assert.equal(nickText(nick), "bob is now rob");
  const topic = { networkId: 1, channel: "#a", topic: "new" };
  assert.equal(topicText({ ...topic, setter: "alice" }), "alice changed the topic to: new");
  assert.equal(topicText({ ...topic, topic: "", setter: "alice" }), "alice cleared the topic");
  assert.equal(topicText(topic), "Topic: new");
  const mode = { networkId: 1, channel: "#a", modes: "+o bob" };
  assert.equal(modeText({ ...mode, setter: "alice" }), "alice sets mode +o bob");
  assert.equal(modeText({ ...mode, modes: "+nt" }), "Mode: +nt");
});

Deno.test("storedEventText() words a stored event line as its live event, and no message", () => {
  const said = (kind: string, sender: string, text: string) =>
    storedEventText({ kind, sender, text });
  assert.deepEqual(said("join", "bob", ""), { words: "→ bob joined", presence: "join" });
  assert.deepEqual(said("part", "bob", "bye"), { words: "← bob left (bye)", presence: "part" });
  assert.deepEqual(said("quit", "bob", ""), { words: "← bob quit", presence: "quit" });
  assert.deepEqual(said("kick", "alice", "bob spam and eggs"), {
    words: "← bob was kicked by alice (spam and eggs)",
  });
  assert.deepEqual(said("nick", "bob", "rob"), { words: "bob is now rob", presence: "nick" });
  assert.deepEqual(said("topic", "alice", ""), { words: "alice cleared the topic" });
  assert.deepEqual(said("mode", "alice", "+o bob"), { words: "alice sets mode +o bob" });
  assert.equal(said("message", "bob", "hi"), undefined);
});

Deno.test("messageText() writes a message, an action and a notice as text lines do", () => {
  assert.equal(messageText({ sender: "bob", text: "hi" }), "<bob> hi");
  assert.equal(messageText({ kind: "action", sender: "bob", text: "waves" }), "* bob waves");
  assert.equal(messageText({ kind: "notice", sender: "bob", text: "psst" }), "-bob- psst");
});

Deno.test("messageText() marks a bot's message after its sender, as the terminal prints it", () => {
  assert.equal(messageText({ sender: "bot", text: "beep", bot: true }), "<bot> [bot] beep");
  assert.equal(
    messageText({ kind: "action", sender: "bot", text: "beeps", bot: true }),
    "* bot [bot] beeps",
  );
  assert.equal(
    messageText({ kind: "notice", sender: "bot", text: "beep", bot: true }),
    "-bot- [bot] beep",
  );
});

Deno.test("replyText() writes a standard reply's command, code, context and description", () => {
  const reply = { command: "JOIN", code: "CHANNEL_FULL", context: ["#a"], description: "Full" };
  assert.equal(replyText(reply), "JOIN CHANNEL_FULL #a: Full");
  assert.equal(replyText({ ...reply, context: [] }), "JOIN CHANNEL_FULL: Full");
});
