// The memo of current prefixes in UserMetaStore: a hit only while no snapshot changed, for
// the same prefix, account tag and casemapping.
import assert from "node:assert/strict";
import { UserMetaStore } from "../../irc/_user_meta.ts";

Deno.test("UserMetaStore.current() holds a remembered prefix until a snapshot changes", () => {
  const store = new UserMetaStore(1);
  store.update("alice", "alice", { host: "a@h" });
  assert.equal(store.current("alice!a@h", undefined, "rfc1459"), false, "not yet remembered");
  store.remember("alice!a@h", undefined, "rfc1459");
  assert.equal(store.current("alice!a@h", undefined, "rfc1459"), true);
  assert.equal(store.current("alice!a@h", "acct", "rfc1459"), false, "another account tag");
  assert.equal(store.current("alice!a@h", undefined, "ascii"), false, "another casemapping");
  assert.equal(store.current("alice!a@h2", undefined, "rfc1459"), false, "another prefix");
  assert.equal(store.update("alice", "alice", { host: "a@h" }), undefined, "no change");
  assert.equal(store.current("alice!a@h", undefined, "rfc1459"), true, "a no-op keeps it");
  store.update("bob", "bob", { host: "b@h" });
  assert.equal(store.current("alice!a@h", undefined, "rfc1459"), false, "any change drops it");
  store.remember("alice!a@h", undefined, "rfc1459");
  store.rename("alice", "alice_", "alice_");
  assert.equal(store.current("alice!a@h", undefined, "rfc1459"), false, "a rename drops it");
  store.remember("alice!a@h", undefined, "rfc1459");
  store.delete("bob");
  assert.equal(store.current("alice!a@h", undefined, "rfc1459"), false, "a quit drops it");
});

Deno.test("UserMetaStore.current() keeps 50 senders remembered at once, two to a memo set", () => {
  const store = new UserMetaStore(1);
  const prefixes = Array.from({ length: 50 }, (_, i) => `user${i}!u@host${i}`);
  for (const prefix of prefixes) store.remember(prefix, undefined, "rfc1459");
  // Direct-mapped, six of these evicted each other, and one line in eight missed.
  const forgotten = prefixes.filter((prefix) => !store.current(prefix, undefined, "rfc1459"));
  assert.deepEqual(forgotten, []);
});
