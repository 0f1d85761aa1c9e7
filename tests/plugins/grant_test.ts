import assert from "node:assert/strict";
import {
  allowsIrcSend,
  effectiveGrant,
  grantAll,
  missingConsent,
  parseManifest,
} from "../../plugins/mod.ts";

const manifest = parseManifest({
  name: "g",
  version: "2.0.0",
  description: "d",
  entry: "mod.ts",
  events: ["user.joined", "user.quit"],
  permissions: { net: ["a.example:443", "b.example:443"] },
  capabilities: ["irc.send", "storage"],
  reasons: { net: "n", "irc.send": "i", storage: "s" },
});

Deno.test("missingConsent() lists what an upgrade asks for beyond the old grant", () => {
  const old = {
    events: ["user.joined" as const],
    permissions: { net: ["a.example:443"] },
    capabilities: ["irc.send"],
  };
  assert.deepEqual(missingConsent(manifest, old), [
    "event:user.quit",
    "capability:storage",
    "net:b.example:443",
  ]);
  assert.deepEqual(missingConsent(manifest, grantAll(manifest)), []);
});

Deno.test("effectiveGrant() applies only what is both requested and granted", () => {
  const grant = {
    events: ["user.joined" as const, "user.nick" as const],
    permissions: { net: ["a.example:443", "c.example:443"], env: ["HOME"] },
    capabilities: ["irc.send", "commands"],
  };
  assert.deepEqual(effectiveGrant(manifest, grant), {
    events: ["user.joined"],
    permissions: { net: ["a.example:443"] },
    capabilities: ["irc.send"],
  });
});

Deno.test("allowsIrcSend() honours network and target limits", () => {
  assert.equal(allowsIrcSend(["irc.send"], 9, "#any"), true);
  assert.equal(allowsIrcSend(["irc.send:1"], 1, "#any"), true);
  assert.equal(allowsIrcSend(["irc.send:1"], 2, "#any"), false);
  assert.equal(allowsIrcSend(["irc.send:1:#deno"], 1, "#DENO"), true);
  assert.equal(allowsIrcSend(["irc.send:1:#deno"], 1, "#node"), false);
  assert.equal(allowsIrcSend(["storage"], 1, "#deno"), false);
});
