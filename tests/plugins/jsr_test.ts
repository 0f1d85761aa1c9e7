import assert from "node:assert/strict";
import { join } from "node:path";
import { main } from "../../plugins/cli.ts";
import { harness } from "./_helpers.ts";
import { jsrDir, readPin } from "../../plugins/_jsr_pin.ts";
import {
  addGreeter,
  addSdk,
  greeterManifest,
  type LocalRegistry,
  startRegistry,
} from "./_jsr_registry.ts";

async function cli(args: string[], dataDir: string, consent = false) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main([...args, "--data-dir", dataDir], {
    out: (line) => void out.push(line),
    err: (line) => void err.push(line),
    confirm: () => consent,
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function registryWithGreeter(): Promise<LocalRegistry> {
  const registry = await startRegistry();
  await addSdk(registry);
  await addGreeter(registry, "1.0.0");
  await addGreeter(registry, "1.1.0");
  await addGreeter(registry, "2.0.0", true);
  Deno.env.set("JSR_URL", registry.url);
  return registry;
}

async function listJson(dataDir: string) {
  return JSON.parse((await cli(["list", "--json"], dataDir)).out);
}

Deno.test("plugins install jsr: refuses without consent, then installs the highest in range", async () => {
  await using registry = await registryWithGreeter();
  const dataDir = await Deno.makeTempDir();
  const refused = await cli(["install", "jsr:@test/greeter@^1"], dataDir);
  assert.equal(refused.code, 1);
  assert.match(refused.out, /capability commands \(Adds \/greet\)/);
  assert.match(refused.err, /consent was not given/);
  assert.deepEqual(await listJson(dataDir), []);

  const done = await cli(["install", "jsr:@test/greeter@^1", "--yes"], dataDir);
  assert.equal(done.code, 0, done.err);
  const [row] = await listJson(dataDir);
  assert.equal(row.name, "greeter");
  assert.equal(row.source, "jsr:@test/greeter");
  assert.equal(row.version, "1.1.0");
  assert.match(row.integrity, /^sha256-[0-9a-f]{64}$/);
  assert.deepEqual(row.grants.capabilities, ["commands"]);
  assert.equal(row.state, "stopped");
  // Its module graph is pinned in a lockfile of its own: the package it imports.
  const lock = JSON.parse(await Deno.readTextFile(join(dataDir, "plugins/.jsr/greeter.lock")));
  assert.match(lock.jsr["@test/words@1.0.0"].integrity, /^[0-9a-f]{64}$/);

  // Offline: the registry stops, the plugin still loads from its pinned, cached graph.
  await registry.close();
  await using h = await harness({ dataDir });
  await h.host.load("greeter");
  assert.ok(h.logs.some((log) => log.message === "greeter 1.1.0 up"));
});

Deno.test("plugins outdated and upgrade: same permissions proceed, wider need consent", async () => {
  await using _registry = await registryWithGreeter();
  const dataDir = await Deno.makeTempDir();
  assert.equal((await cli(["install", "jsr:@test/greeter@1.0.0", "--yes"], dataDir)).code, 0);
  const outdated = JSON.parse((await cli(["outdated", "--json"], dataDir)).out);
  assert.deepEqual(outdated, [{
    name: "greeter",
    source: "jsr:@test/greeter",
    current: "1.0.0",
    wanted: "1.0.0",
    latest: "2.0.0",
    range: "1.0.0",
  }]);

  await using h = await harness({ dataDir });
  await h.host.load("greeter");
  const same = await cli(["upgrade", "greeter", "^1"], dataDir);
  assert.equal(same.code, 0, same.err);
  assert.match(same.out, /asks for nothing new/);

  const wider = await cli(["upgrade", "greeter"], dataDir);
  assert.equal(wider.code, 1);
  assert.match(wider.out, /capability:storage \(Remembers who was greeted\)/);
  assert.doesNotMatch(wider.out, /capability:commands/);
  assert.match(wider.err, /Not upgraded: consent was not given for capability:storage/);
  assert.equal((await listJson(dataDir))[0].version, "1.1.0");
  assert.equal(h.host.list()[0].state, "running");

  const yes = await cli(["upgrade", "greeter", "--yes"], dataDir);
  assert.equal(yes.code, 0, yes.err);
  const [row] = await listJson(dataDir);
  assert.equal(row.version, "2.0.0");
  assert.deepEqual(row.grants.capabilities, ["commands", "storage"]);
});

Deno.test("plugins install of a pinned version with tampered bytes fails on integrity", async () => {
  await using registry = await registryWithGreeter();
  const dataDir = await Deno.makeTempDir();
  assert.equal((await cli(["install", "jsr:@test/greeter@1.0.0", "--yes"], dataDir)).code, 0);
  const before = await listJson(dataDir);
  // The registry republishes 1.0.0 with other bytes (a new, self-consistent manifest).
  await Deno.remove(join(registry.root, "@test/greeter/1.0.0"), { recursive: true });
  await registry.add("@test/greeter", "1.0.0", {
    "/plugin.json": greeterManifest("1.0.0"),
    "/mod.ts": `export default { setup() { throw new Error("tampered"); } };\n`,
  });
  const again = await cli(["install", "jsr:@test/greeter@1.0.0", "--yes"], dataDir);
  assert.equal(again.code, 1);
  assert.match(again.err, /integrity/);
  assert.deepEqual(await listJson(dataDir), before);
  await using h = await harness({ dataDir });
  await h.host.load("greeter");
  assert.ok(h.logs.some((log) => log.message === "greeter 1.0.0 up"));
});

Deno.test("plugins install jsr: bad input gets a clear error and changes nothing", async () => {
  await using registry = await registryWithGreeter();
  await registry.add("@test/nomanifest", "1.0.0", { "/mod.ts": "export {};\n" });
  await Deno.mkdir(join(registry.root, "@test/garbage"));
  await Deno.writeTextFile(join(registry.root, "@test/garbage/meta.json"), "{not json");
  const dataDir = await Deno.makeTempDir();
  assert.equal((await cli(["install", "jsr:@test/greeter@1.0.0", "--yes"], dataDir)).code, 0);
  const before = await listJson(dataDir);
  // Files that differ from what their version's manifest gives: shorter, longer, or of the
  // same size with other bytes.
  const tampered: Record<string, (published: string) => string> = {
    "1.5.0": () => "export {};\n",
    "1.6.0": (published) => `${published}// and more\n`,
    "1.7.0": (published) => published.replace("UP", "up"),
  };
  let size = 0;
  for (const [version, tamper] of Object.entries(tampered)) {
    await addGreeter(registry, version);
    const file = join(registry.root, `@test/greeter/${version}/mod.ts`);
    const published = await Deno.readTextFile(file);
    size = new TextEncoder().encode(published).length;
    await Deno.writeTextFile(file, tamper(published));
  }
  const cases: [string, RegExp][] = [
    [
      "jsr:@test/greeter@1.5.0",
      new RegExp(
        `integrity check failed: /mod.ts differs from the size of ${size} bytes .*, got "11 bytes"`,
      ),
    ],
    [
      "jsr:@test/greeter@1.6.0",
      new RegExp(
        `integrity check failed: /mod.ts differs from the size of ${size} bytes .*, got "more than ${size} bytes"`,
      ),
    ],
    [
      "jsr:@test/greeter@1.7.0",
      /integrity check failed: \/mod.ts differs from the checksum sha256-[0-9a-f]{64} in its version's manifest, got "sha256-[0-9a-f]{64}"/,
    ],
    ["jsr:@test/unknown", /no such package/],
    ["jsr:@test/greeter@^3", /no published version matches the range, got "\^3"/],
    ["jsr:@test/nomanifest", /has no plugin.json/],
    ["jsr:@test/garbage", /invalid JSON/],
    ["jsr:not-a-package", /jsr:@scope\/name/],
  ];
  for (const [spec, message] of cases) {
    const result = await cli(["install", spec, "--yes"], dataDir);
    assert.equal(result.code, 1, spec);
    assert.match(result.err, message);
  }
  await registry.close();
  const down = await cli(["install", "jsr:@test/greeter", "--yes"], dataDir);
  assert.equal(down.code, 1);
  assert.match(down.err, /cannot be reached/);
  assert.deepEqual(await listJson(dataDir), before);
  const left = [];
  for await (const entry of Deno.readDir(join(dataDir, "plugins", ".jsr"))) left.push(entry.name);
  assert.deepEqual(left.sort(), ["greeter", "greeter.lock", "greeter.pin.json"]);
});

Deno.test("plugins upgrade to a version that fails to install or start keeps the old one running", async () => {
  await using registry = await registryWithGreeter();
  const dataDir = await Deno.makeTempDir();
  assert.equal((await cli(["install", "jsr:@test/greeter@1.0.0", "--yes"], dataDir)).code, 0);
  await using h = await harness({ dataDir });
  await h.host.load("greeter");
  await registry.add("@test/greeter", "1.2.0", {
    "/plugin.json": greeterManifest("1.2.0"),
    "/mod.ts": `import { definePlugin } from "jsr:@ircbus/client@^0.1/plugin";
export default definePlugin({ setup() { throw new Error("broken setup"); } });
`,
  });
  const start = await cli(["upgrade", "greeter", "1.2.0", "--yes"], dataDir);
  assert.equal(start.code, 1);
  assert.match(start.err, /version 1\.2\.0 fails to start: .*broken setup/);

  await registry.add("@test/greeter", "1.3.0", {
    "/plugin.json": greeterManifest("1.3.0"),
    "/mod.ts": `import "jsr:@test/missing@^1";\nexport default {};\n`,
  });
  const install = await cli(["upgrade", "greeter", "1.3.0", "--yes"], dataDir);
  assert.equal(install.code, 1);
  assert.match(install.err, /fails to start/);

  const [row] = await listJson(dataDir);
  assert.equal(row.version, "1.0.0");
  assert.equal(h.host.list()[0].state, "running");
  await h.host.reload("greeter");
  assert.equal(h.logs.filter((log) => log.message === "greeter 1.0.0 up").length, 2);
});

Deno.test("deno task plugins install jsr: without a terminal refuses, with --yes installs", async () => {
  await using registry = await registryWithGreeter();
  const dataDir = await Deno.makeTempDir();
  const task = async (...args: string[]) => {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["task", "--quiet", "plugins", ...args, "--data-dir", dataDir],
      cwd: new URL("../..", import.meta.url),
      env: { JSR_URL: registry.url, NO_COLOR: "1" },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    return { code: output.code, out: text(output.stdout), err: text(output.stderr) };
  };
  const refused = await task("install", "jsr:@test/greeter@^1");
  assert.notEqual(refused.code, 0);
  assert.match(refused.out, /capability commands \(Adds \/greet\)/);
  assert.deepEqual(await listJson(dataDir), []);
  const done = await task("install", "jsr:@test/greeter@^1", "--yes");
  assert.equal(done.code, 0, done.err);
  const listed = JSON.parse((await task("list", "--json")).out);
  assert.equal(listed[0].version, "1.1.0");
  assert.equal(listed[0].source, "jsr:@test/greeter");
});

Deno.test("a damaged JSR pin is a clear error, never taken for a folder plugin", async () => {
  const dataDir = await Deno.makeTempDir();
  try {
    assert.equal(await readPin(dataDir, "greeter"), undefined);
    await Deno.mkdir(jsrDir(dataDir), { recursive: true });
    await Deno.writeTextFile(join(jsrDir(dataDir), "greeter.pin.json"), "{not json");
    await assert.rejects(() => readPin(dataDir, "greeter"), /pin .* is damaged; reinstall it/);
    await Deno.writeTextFile(join(jsrDir(dataDir), "greeter.pin.json"), '{"pkg":"@a/b"}');
    await assert.rejects(() => readPin(dataDir, "greeter"), /is damaged/);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
