// The nick menu's items and the ignore list, without a browser.
import assert from "node:assert/strict";
import { IGNORE_KEY, IgnoreList } from "../../../client/web/ignore_list.js";
import { menuItems } from "../../../client/web/views/nick_menu.js";

const member = (nick: string, modes: string) => ({ nick, modes, prefix: "" });
const labels = (about: Parameters<typeof menuItems>[0]) => menuItems(about).map((i) => i.label);

Deno.test("menuItems() offers the channel actions our status allows, and each runs a command line", () => {
  const bob = member("bob", "");
  const base = { nick: "bob", them: bob, ignored: false, self: false };
  assert.deepEqual(labels({ ...base, me: member("alice", "") }), ["Whois", "Message", "Ignore"]);
  assert.deepEqual(labels({ ...base, me: member("alice", "h") }), [
    "Whois",
    "Message",
    "Ignore",
    "Give voice",
    "Kick",
  ]);
  assert.deepEqual(labels({ ...base, me: member("alice", "ov") }), [
    "Whois",
    "Message",
    "Ignore",
    "Give op",
    "Give voice",
    "Kick",
  ]);
  assert.deepEqual(
    menuItems({ ...base, me: member("alice", "q"), them: member("bob", "ov"), ignored: true })
      .map((i) => i.line),
    ["/whois bob", "/query bob", "/unignore bob", "/deop bob", "/devoice bob", "/kick bob"],
  );
  // Outside a channel, and for ourselves, only what makes sense.
  assert.deepEqual(labels({ nick: "bob", ignored: false, self: false }), [
    "Whois",
    "Message",
    "Ignore",
  ]);
  assert.deepEqual(
    labels({
      ...base,
      nick: "alice",
      me: member("alice", "o"),
      them: member("alice", "o"),
      self: true,
    }),
    ["Whois", "Message"],
  );
});

Deno.test("IgnoreList keeps nicks per network across instances, and survives storage that fails", () => {
  const saved = new Map<string, string>();
  const storage = {
    getItem: (k: string) => saved.get(k) ?? null,
    setItem: (k: string, v: string) => void saved.set(k, v),
  };
  const list = new IgnoreList(storage);
  assert.equal(list.set(1, "bob", true), true);
  assert.equal(list.set(1, "bob", true), false);
  assert.equal(list.set(2, "carol", true), true);
  assert.deepEqual(JSON.parse(saved.get(IGNORE_KEY)!), { 1: ["bob"], 2: ["carol"] });
  const again = new IgnoreList(storage);
  assert.equal(again.has(1, "bob"), true);
  assert.equal(again.has(2, "bob"), false);
  assert.equal(again.set(1, "bob", false), true);
  assert.deepEqual(again.list(1), []);
  assert.deepEqual(new IgnoreList(storage).list(2), ["carol"]);
  saved.set(IGNORE_KEY, "{not json");
  assert.deepEqual(new IgnoreList(storage).list(1), []);
  const broken = {
    getItem: (): string | null => {
      throw new DOMException("denied", "SecurityError");
    },
    setItem: () => {
      throw new DOMException("denied", "SecurityError");
    },
  };
  const off = new IgnoreList(broken);
  assert.equal(off.set(1, "bob", true), true);
  assert.equal(off.has(1, "bob"), true);
});
