import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { type AnyBusEvent, createEvent } from "../../bus/events.ts";
import { main } from "../../plugins/cli.ts";
import {
  describeScope,
  grantAll,
  type GrantScope,
  parseScope,
  readManifest,
  ScopeCheck,
  ScopeError,
  scopeFromFlags,
} from "../../plugins/mod.ts";
import { FIXTURES, type Harness, harness, logged, waitUntil } from "./_helpers.ts";

const PROBE = `${FIXTURES}scope-probe`;

function said(networkId: number, channel: string, text: string) {
  return createEvent("message.received", {
    networkId,
    channel,
    user: "bob",
    message: text,
    timestamp: 1,
    ...(channel === "" ? { peer: "bob" } : {}),
  }, "irc");
}

async function installProbe(
  h: Harness,
  scope: GrantScope | undefined,
  isolation?: "subprocess",
): Promise<void> {
  const grant = grantAll(await readManifest(PROBE));
  await h.host.install(PROBE, { grant: scope ? { ...grant, scope } : grant, isolation });
  await h.host.load("scope-probe");
}

/** Emits `events`, then an in-scope marker, and returns what the probe logged up to it. */
async function deliver(h: Harness, events: AnyBusEvent[]): Promise<string[]> {
  const marker = `marker ${crypto.randomUUID()}`;
  for (const event of events) await h.bus.emit(event);
  await h.bus.emit(said(1, "#deno", marker));
  await waitUntil(() => logged(h, "scope-probe").includes(`event 1 #deno ${marker}`), marker);
  const lines = logged(h, "scope-probe");
  h.logs.length = 0;
  return lines.slice(0, -1);
}

async function cli(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, {
    out: (line) => void out.push(line),
    err: (line) => void err.push(line),
    confirm: () => false,
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

Deno.test("a scoped grant delivers events from its channels only, compared case-insensitively", async () => {
  await using h = await harness();
  await installProbe(h, { channels: [{ networkId: 1, channel: "#Deno" }] });
  const seen = await deliver(h, [
    said(1, "#other", "other channel"),
    said(2, "#deno", "same name on network 2"),
    said(1, "", "a private message"),
    said(1, "#DENO", "in scope"),
    createEvent("channels.changed", { networkId: 1, channels: ["#deno", "#other"] }, "irc"),
    createEvent("channels.changed", { networkId: 2, channels: ["#deno"] }, "irc"),
    // Network-wide events follow the network: in scope through its channel #deno.
    createEvent("user.quit", {
      networkId: 2,
      user: "eve",
      nickname: "eve",
      reason: "",
      channels: [],
    }, "irc"),
    createEvent("user.quit", {
      networkId: 1,
      user: "bob",
      nickname: "bob",
      reason: "",
      channels: [],
    }, "irc"),
  ]);
  assert.deepEqual(seen, ["event 1 #DENO in scope", "channels 1 #deno", "quit 1 bob"]);
});

Deno.test("a whole network in scope delivers all its channels and nothing from others", async () => {
  await using h = await harness();
  await installProbe(h, { networks: [1] });
  const seen = await deliver(h, [
    said(2, "#deno", "network 2"),
    said(1, "#other", "network 1"),
    said(1, "", "private"),
  ]);
  assert.deepEqual(seen, ["event 1 #other network 1"]);
});

Deno.test("private messages reach a plugin only when its grant shares them", async () => {
  await using h = await harness();
  await installProbe(h, undefined);
  assert.match(
    h.host.list()[0].scopeText,
    /every network and channel; private messages: not shared/,
  );
  assert.deepEqual(await deliver(h, [said(1, "", "secret"), said(2, "#x", "public")]), [
    "event 2 #x public",
  ]);

  await h.host.setScope("scope-probe", { privateMessages: true });
  assert.equal(h.host.list()[0].state, "running");
  assert.match(h.host.list()[0].scopeText, /private messages: shared$/);
  assert.deepEqual(await deliver(h, [said(1, "", "secret")]), ["event 1 private secret"]);
  assert.ok(
    h.host.audit("scope-probe").some((e) =>
      e.attempt === "scope" && e.decision === "allowed" && /private messages: shared/.test(e.detail)
    ),
  );
});

Deno.test("irc.send and metadata.set outside the scope are refused and audited, inside they work", async () => {
  await using h = await harness();
  await installProbe(h, { channels: [{ networkId: 1, channel: "#deno" }] }, "subprocess");
  await h.bus.emit(said(1, "#deno", "act"));
  await waitUntil(() => logged(h, "scope-probe").includes("acted"), "the probe to act");
  const lines = logged(h, "scope-probe");
  assert.ok(lines.includes("send 1 #deno: sent"));
  assert.ok(lines.includes("metadata 1: set"));
  for (
    const [line, reason] of [
      ["send 1 #other", "#other on network 1 is outside the grant's scope"],
      ["send 2 #deno", "#deno on network 2 is outside the grant's scope"],
      ["send 1 bob", "private messages are not shared with this plugin"],
      ["metadata 2", "network 2 is outside the grant's scope"],
    ]
  ) {
    assert.ok(
      lines.some((l) => l.startsWith(`${line}: denied Cannot use`) && l.includes(reason)),
      `${line} refused: ${lines.join(" | ")}`,
    );
  }
  assert.deepEqual(h.sent, [{ networkId: 1, target: "#deno", text: "hello" }]);
  const denied = h.host.audit("scope-probe").filter((e) => e.decision === "denied");
  assert.deepEqual(denied.map((e) => [e.attempt, e.detail]), [
    ["irc.send 1 #other", "#other on network 1 is outside the grant's scope"],
    ["irc.send 2 #deno", "#deno on network 2 is outside the grant's scope"],
    ["irc.send 1 bob", "private messages are not shared with this plugin"],
    ["metadata.set nickname_color", "network 2 is outside the grant's scope"],
  ]);
  assert.equal(h.host.list()[0].denied, 4);
  assert.equal(h.host.list()[0].state, "running");
});

Deno.test("irc.send to a nick works once private messages are shared", async () => {
  await using h = await harness();
  await installProbe(h, { networks: [1], privateMessages: true });
  await h.bus.emit(said(1, "#deno", "act"));
  await waitUntil(() => logged(h, "scope-probe").includes("acted"), "the probe to act");
  assert.deepEqual(h.sent.map((s) => `${s.networkId} ${s.target}`), [
    "1 #deno",
    "1 #other",
    "1 bob",
  ]);
});

Deno.test("bad scope input is refused with a ScopeError and changes nothing", async () => {
  await using h = await harness();
  const grant = grantAll(await readManifest(PROBE));
  for (
    const [scope, field] of [
      [{ channels: [{ networkId: 1, channel: "deno" }] }, "channels[0].channel"],
      [{ channels: [{ networkId: 1, channel: "#a b" }] }, "channels[0].channel"],
      [{ networks: [0] }, "networks[0]"],
      [{ networks: ["1"] }, "networks[0]"],
      [{ privateMessages: "yes" }, "privateMessages"],
      [{ everywhere: true }, "everywhere"],
    ] as const
  ) {
    await assert.rejects(
      // @ts-expect-error: a caller outside TypeScript may pass anything
      h.host.install(PROBE, { grant: { ...grant, scope } }),
      (error: unknown) =>
        error instanceof ScopeError && error.field === field &&
        error.message.startsWith(`Cannot accept grant scope: ${field} `),
    );
  }
  assert.deepEqual(h.host.list(), []);

  await h.host.install(PROBE, { grant: { ...grant, scope: { networks: [1] } } });
  await assert.rejects(
    h.host.setScope("scope-probe", { networks: [-1] }),
    /Cannot accept grant scope: networks\[0\] must be a network id \(a positive integer\), got -1/,
  );
  assert.match(h.host.list()[0].scopeText, /limited to: network 1;/);
});

Deno.test("a grant file with a bad scope is shown as invalid and refused at load", async () => {
  const dataDir = await Deno.makeTempDir();
  try {
    {
      await using h = await harness({ dataDir });
      await installProbe(h, { networks: [1] });
    }
    const db = new DatabaseSync(`${dataDir}/client.sqlite`);
    const row = db.prepare("SELECT grant_json FROM plugins WHERE name = 'scope-probe'").get();
    const grant = JSON.parse(String(row?.grant_json));
    grant.scope = { channels: "#deno" };
    db.prepare("UPDATE plugins SET grant_json = ?").run(JSON.stringify(grant));
    db.close();
    await using h = await harness({ dataDir });
    assert.match(
      h.host.list()[0].scopeText,
      /^invalid scope, nothing runs: Cannot accept grant scope: channels must be an array/,
    );
    await assert.rejects(h.host.load("scope-probe"), ScopeError);
    assert.equal(h.host.list()[0].state, "stopped");
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("parseScope() normalizes, and channel names fold by rfc1459", () => {
  assert.deepEqual(
    parseScope({
      networks: [1, 1],
      channels: [{ networkId: 2, channel: "#a[b]" }, { networkId: 2, channel: "#A{B}" }],
    }),
    { networks: [1], channels: [{ networkId: 2, channel: "#a[b]" }] },
  );
  const check = new ScopeCheck({ channels: [{ networkId: 2, channel: "#a[b]" }] });
  assert.equal(check.channel(2, "#A{B}"), true);
  assert.equal(check.channel(2, "#ab"), false);
  assert.equal(check.network(2), true);
  assert.equal(check.network(1), false);
  const updates = [
    { type: "nickname_color", key: "a", value: "#fff", network_id: 2, channel: "#A{B}" },
    { type: "nickname_color", key: "b", value: "#fff", network_id: 1 },
    { type: "nickname_color", key: "c", value: "#fff" },
  ];
  const seen = check.view(createEvent("metadata.updated", { updates }, "system"));
  assert.deepEqual(seen?.data, { updates: [updates[0], updates[2]] });
  assert.equal(
    check.metadata(updates[2]),
    "metadata without a network_id is outside a scope limited to places",
  );
});

Deno.test("scopeFromFlags() binds bare channels to the one network and refuses ambiguity", () => {
  assert.deepEqual(scopeFromFlags(["1"], ["#deno"], false), {
    channels: [{ networkId: 1, channel: "#deno" }],
    privateMessages: false,
  });
  assert.deepEqual(scopeFromFlags(["1", "3"], ["2:#x"], true), {
    networks: [1, 3],
    channels: [{ networkId: 2, channel: "#x" }],
    privateMessages: true,
  });
  assert.throws(
    () => scopeFromFlags(["1", "2"], ["#deno"], false),
    /--channel\[0\] names no network: write it as ID:#channel, or give exactly one --network/,
  );
  assert.throws(() => scopeFromFlags([], ["#deno"], false), ScopeError);
  assert.throws(() => scopeFromFlags(["one"], [], false), /--network\[0\] must be a network id/);
  assert.equal(
    describeScope(scopeFromFlags(["1"], ["#deno"], false)),
    "events and actions limited to: network 1 #deno; private messages: not shared",
  );
});

Deno.test("cli install shows the scope in the consent text, persists it, and scope edits it", async () => {
  const dataDir = await Deno.makeTempDir();
  try {
    const bad = await cli([
      "install",
      PROBE,
      "--yes",
      "--channel",
      "1:deno",
      "--data-dir",
      dataDir,
    ]);
    assert.equal(bad.code, 1);
    assert.match(bad.err, /Cannot accept grant scope: --channel\[0\] must be a channel name/);
    assert.match((await cli(["list", "--data-dir", dataDir])).out, /No plugins installed/);

    const refused = await cli(["install", PROBE, "--network", "1", "--data-dir", dataDir]);
    assert.equal(refused.code, 1);
    assert.match(
      refused.out,
      /Scope: events and actions limited to: network 1; private messages: not shared/,
    );

    const args = ["install", PROBE, "--yes", "--network", "1", "--channel", "#deno"];
    const installed = await cli([...args, "--data-dir", dataDir]);
    assert.equal(installed.code, 0, installed.err);
    assert.match(
      installed.out,
      /Scope: events and actions limited to: network 1 #deno; private messages: not shared/,
    );
    assert.match(
      (await cli(["list", "--data-dir", dataDir])).out,
      /scope: {5}events and actions limited to: network 1 #deno; private messages: not shared/,
    );

    {
      // A new host reads the persisted scope and delivers by it.
      await using h = await harness({ dataDir });
      await h.host.load("scope-probe");
      assert.deepEqual(await deliver(h, [said(1, "#other", "out"), said(1, "", "pm")]), []);
    }

    const edited = await cli([
      "scope",
      "scope-probe",
      "--allow-private-messages",
      "--data-dir",
      dataDir,
    ]);
    assert.equal(edited.code, 0, edited.err);
    assert.match(
      edited.out,
      /scope-probe: events and actions: every network and channel; private messages: shared/,
    );
    const json = JSON.parse((await cli(["list", "--json", "--data-dir", dataDir])).out);
    assert.deepEqual(json[0].granted.scope, { privateMessages: true });

    const missing = await cli(["scope", "nope", "--data-dir", dataDir]);
    assert.equal(missing.code, 1);
    assert.match(missing.err, /Cannot load plugin "nope": it is not installed/);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("ScopeCheck.view() passes buffer.read for channels in scope, and private buffers only when shared", () => {
  const read = (networkId: number, buffer: string) =>
    createEvent("buffer.read", { networkId, buffer, timestamp: "2024-01-01T00:00:00.000Z" }, "ui");
  const check = new ScopeCheck({ channels: [{ networkId: 2, channel: "#a" }] });
  assert.ok(check.view(read(2, "#A")));
  assert.equal(check.view(read(2, "#b")), undefined);
  assert.equal(check.view(read(1, "#a")), undefined);
  assert.equal(check.view(read(2, "bob")), undefined, "private messages are not shared");
  const shared = new ScopeCheck({
    channels: [{ networkId: 2, channel: "#a" }],
    privateMessages: true,
  });
  assert.ok(shared.view(read(2, "bob")));
});

Deno.test("ScopeCheck.view() scopes typing, reactions and deletions like the messages they are about", () => {
  const check = new ScopeCheck({ channels: [{ networkId: 2, channel: "#a" }] });
  const typing = (channel: string) =>
    createEvent("user.typing", {
      networkId: 2,
      channel,
      user: "bob",
      state: "active",
      ...(channel === "" ? { peer: "bob" } : {}),
    }, "irc");
  const reacted = (channel: string) =>
    createEvent("message.reacted", {
      networkId: 2,
      channel,
      user: "bob",
      replyTo: "m1",
      reaction: "👍",
      removed: false,
    }, "irc");
  const redacted = (channel: string) =>
    createEvent("message.redacted", { networkId: 2, channel, user: "bob", msgid: "m1" }, "irc");
  for (const make of [typing, reacted, redacted]) {
    assert.ok(check.view(make("#a")));
    assert.equal(check.view(make("#b")), undefined);
    assert.equal(check.view(make("")), undefined, "private ones are not shared");
  }
  const shared = new ScopeCheck({ privateMessages: true });
  assert.ok(shared.view(typing("")));
});

Deno.test("ScopeCheck.view() scopes a standard reply by the buffer it concerns, else its network", () => {
  const check = new ScopeCheck({ channels: [{ networkId: 2, channel: "#a" }] });
  const reply = (networkId: number, target?: string) =>
    createEvent("server.reply", {
      networkId,
      type: "WARN",
      command: "PRIVMSG",
      code: "SLOW_DOWN",
      context: target === undefined ? [] : [target],
      description: "Slow down",
      ...(target === undefined ? {} : { target }),
    }, "irc");
  assert.ok(check.view(reply(2, "#A")));
  assert.equal(check.view(reply(2, "#b")), undefined);
  assert.equal(check.view(reply(2, "bob")), undefined, "private ones are not shared");
  assert.ok(
    check.view(reply(2)),
    "one about the network reaches a plugin scoped to one of its channels",
  );
  assert.equal(check.view(reply(1)), undefined);
  assert.ok(new ScopeCheck({ privateMessages: true }).view(reply(2, "bob")));
});
