import assert from "node:assert/strict";
import { NETWORK_LIMITS, parseAction } from "../../core/mod.ts";
import { checkNetworkForm } from "../../client/web/network_form.js";
import { NetworkStore } from "../../deeplink/mod.ts";

const network = { name: "Local", host: "127.0.0.1", port: 6667, tls: false, nick: "me" };

/** Whether the page's form, the protocol and the store each take `fields`. */
function takenBy(
  fields: Record<string, unknown>,
): { page: boolean; protocol: boolean; store: boolean } {
  const form = { ...network, ...fields };
  using store = new NetworkStore(":memory:");
  let stored = true;
  try {
    store.add(form);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    stored = false;
  }
  return {
    page: checkNetworkForm(form) === undefined,
    protocol: parseAction(JSON.stringify({ kind: "network.add", network: form })).ok,
    store: stored,
  };
}

/** The page's verdict for a form the shapes may refuse before the page sees it. */
function pageTakes(fields: Record<string, unknown>): boolean {
  return checkNetworkForm({ ...network, ...fields }) === undefined;
}

Deno.test("the page, the protocol and the store take a network form up to the same limits", () => {
  const all = { page: true, protocol: true, store: true };
  assert.deepEqual(takenBy({ name: "n".repeat(NETWORK_LIMITS.name) }), all);
  assert.deepEqual(takenBy({ password: "p".repeat(NETWORK_LIMITS.secret) }), all);
  assert.deepEqual(takenBy({ saslPassword: "p".repeat(NETWORK_LIMITS.secret) }), all);
  assert.deepEqual(takenBy({ realname: "r".repeat(NETWORK_LIMITS.realname) }), all);
});

Deno.test("the page, the protocol and the store refuse a network form past the same limits", () => {
  const none = { page: false, protocol: false, store: false };
  const over: Record<string, unknown>[] = [
    { name: "n".repeat(NETWORK_LIMITS.name + 1) },
    { name: "   " },
    { password: "p".repeat(NETWORK_LIMITS.secret + 1) },
    { saslPassword: "p".repeat(NETWORK_LIMITS.secret + 1) },
    { password: "a\r\nQUIT" },
    { realname: "r".repeat(NETWORK_LIMITS.realname + 1) },
    { username: "u".repeat(NETWORK_LIMITS.username + 1) },
    { saslAccount: "a".repeat(NETWORK_LIMITS.saslAccount + 1) },
    { clientCert: "c".repeat(NETWORK_LIMITS.clientCert + 1) },
    { nick: "#chan" },
    { port: 70000 },
    { host: "a b" },
  ];
  for (const fields of over) {
    const verdict = {
      page: pageTakes(fields),
      protocol:
        parseAction(JSON.stringify({ kind: "network.add", network: { ...network, ...fields } }))
          .ok,
      store: (() => {
        using store = new NetworkStore(":memory:");
        try {
          store.add({ ...network, ...fields });
          return true;
        } catch (error) {
          if (error instanceof TypeError) return false;
          throw error;
        }
      })(),
    };
    assert.deepEqual(verdict, none, JSON.stringify(fields).slice(0, 80));
  }
});

Deno.test("the three say why in the same words, and never quote a secret", () => {
  const form = { ...network, password: "hunter2".repeat(50) };
  const page = checkNetworkForm(form);
  const parsed = parseAction(JSON.stringify({ kind: "network.add", network: form }));
  using store = new NetworkStore(":memory:");
  let stored = "";
  try {
    store.add(form);
  } catch (error) {
    if (error instanceof TypeError) stored = error.message;
  }
  const why =
    `must be up to ${NETWORK_LIMITS.secret} characters without CR, LF or NUL, got "(hidden)"`;
  assert.ok(!parsed.ok);
  for (const message of [page ?? "", parsed.error.message, stored]) {
    assert.ok(message.includes(why), message);
    assert.ok(!message.includes("hunter2"), message);
  }
});
