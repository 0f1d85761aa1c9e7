import assert from "node:assert/strict";
import { deepLinkValidators, readDeepLink } from "../../core/deeplink_payloads.js";
import { deepLinkValidators as fromMod } from "../../deeplink/mod.ts";

const targets = [{ name: "#deno", isNick: false, key: "k" }];

Deno.test("the backend's FrontendEvents and the page check deep links with the same validators", () => {
  assert.equal(fromMod, deepLinkValidators);
});

Deno.test("deepLinkValidators check the three deep-link payloads field by field", () => {
  const v = deepLinkValidators;
  assert.ok(v["deeplink:join"]({ networkId: 1, targets }));
  assert.ok(v["deeplink:add-network"]({ host: "h", port: 6697, tls: true, channel: "" }));
  assert.ok(v["deeplink:disambiguate"]({ candidates: [{ networkId: 1, name: "A" }], targets }));
  assert.ok(!v["deeplink:join"]({ networkId: "1", targets }));
  assert.ok(!v["deeplink:join"]({ networkId: 0, targets }));
  assert.ok(!v["deeplink:join"]({ networkId: 1, targets: [{ name: 1 }] }));
  assert.ok(!v["deeplink:join"]({ networkId: 1, targets: [{ name: "", isNick: false, key: "" }] }));
  assert.ok(!v["deeplink:add-network"]({ host: "h", port: 70000, tls: true, channel: "" }));
  assert.ok(!v["deeplink:add-network"]({ host: "h", port: 6697, tls: true }));
  assert.ok(!v["deeplink:disambiguate"]({ candidates: [{ networkId: 1 }], targets }));
  assert.ok(!v["deeplink:join"](null));
});

Deno.test("readDeepLink() gives the typed link, or undefined when malformed or unknown", () => {
  assert.deepEqual(readDeepLink("deeplink:join", { networkId: 1, targets }), {
    name: "deeplink:join",
    payload: { networkId: 1, targets },
  });
  const add = { host: "h", port: 6697, tls: true, channel: "#deno" };
  assert.deepEqual(readDeepLink("deeplink:add-network", add), {
    name: "deeplink:add-network",
    payload: add,
  });
  const pick = { candidates: [{ networkId: 2, name: "B" }], targets };
  assert.deepEqual(readDeepLink("deeplink:disambiguate", pick), {
    name: "deeplink:disambiguate",
    payload: pick,
  });
  assert.equal(readDeepLink("deeplink:join", { networkId: "1", targets }), undefined);
  assert.equal(readDeepLink("deeplink:add-network", { ...add, port: "1" }), undefined);
  assert.equal(readDeepLink("deeplink:other", {}), undefined);
  assert.equal(readDeepLink("toString", {}), undefined);
  assert.equal(readDeepLink("deeplink:join", null), undefined);
});
