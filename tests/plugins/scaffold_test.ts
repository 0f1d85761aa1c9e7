import assert from "node:assert/strict";
import { join } from "node:path";
import { main } from "../../plugins/cli.ts";
import { configFlags } from "../../plugins/_endpoint.ts";
import { SDK_VERSION } from "../../plugins/_sdk_range.ts";
import { createEvent } from "../../bus/events.ts";
import { startPublishRegistry } from "./_jsr_publish_registry.ts";
import { type Harness, harness, waitUntil } from "./_helpers.ts";

const REPO = new URL("../../", import.meta.url).pathname;

/** Runs the plugins CLI in-process; returns its exit code and output. */
/** Emits a `!ping` in #deno on network 1 and asserts the plugin answered `pong` there. */
async function assertAnswersPing(h: Harness, what: string): Promise<void> {
  await h.bus.emit(createEvent("message.received", {
    networkId: 1,
    channel: "#deno",
    user: "ann",
    message: "!ping",
    timestamp: 1,
  }, "irc"));
  await waitUntil(() => h.sent.length > 0, what);
  assert.deepEqual(h.sent, [{ networkId: 1, target: "#deno", text: "pong" }]);
}

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, {
    out: (line) => void out.push(line),
    err: (line) => void err.push(line),
    confirm: () => false,
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** Runs `deno <args>` in `cwd` with `env` added; returns its exit code and output. */
async function deno(
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; output: string }> {
  const result = await new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    env: { ...env, NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  const stdout = decode(result.stdout);
  return { code: result.code, stdout, output: stdout + decode(result.stderr) };
}

async function sha256(data: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

Deno.test("plugins new refuses a folder in use and a bad name, writing nothing", async () => {
  const dir = await Deno.makeTempDir({ prefix: "scaffold-busy-" });
  try {
    await Deno.writeTextFile(join(dir, "notes.txt"), "mine");
    const busy = await cli(["new", dir, "--name", "@someone/pinger"]);
    assert.equal(busy.code, 1);
    assert.equal(
      busy.err,
      `Cannot create plugin: the folder exists and is not empty, got ${JSON.stringify(dir)}`,
    );
    assert.deepEqual([...Deno.readDirSync(dir)].map((entry) => entry.name), ["notes.txt"]);
    const file = await cli(["new", join(dir, "notes.txt"), "--name", "@someone/pinger"]);
    assert.equal(file.code, 1);
    assert.match(file.err, /^Cannot create plugin: the path exists and is not a folder, got/);
    assert.equal(await Deno.readTextFile(join(dir, "notes.txt")), "mine");

    for (const name of ["@someone/Pinger", "@x/pinger", "pinger/extra", "@someone/", "9lives"]) {
      const bad = await cli(["new", join(dir, "fresh"), "--name", name]);
      assert.equal(bad.code, 1, name);
      assert.match(bad.err, /^Cannot create plugin: the name must be @scope\/name or name/, name);
      assert.ok(bad.err.endsWith(`got ${JSON.stringify(name)}`), bad.err);
    }
    // Without --name, the folder's name must do.
    const unnamed = await cli(["new", join(dir, "Not A Name")]);
    assert.equal(unnamed.code, 1);
    assert.match(unnamed.err, /pass --name/);
    assert.deepEqual([...Deno.readDirSync(dir)].map((entry) => entry.name), ["notes.txt"]);
    assert.equal((await cli(["new"])).code, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("plugins new without a scope names a placeholder to replace", async () => {
  const parent = await Deno.makeTempDir({ prefix: "scaffold-bare-" });
  try {
    const made = await cli(["new", join(parent, "greeter")]);
    assert.equal(made.code, 0, made.err);
    const config = JSON.parse(await Deno.readTextFile(join(parent, "greeter", "deno.json")));
    assert.equal(config.name, "@your-scope/greeter");
    assert.match(made.out, /Replace @your-scope in deno\.json with your JSR scope/);
    const manifest = JSON.parse(await Deno.readTextFile(join(parent, "greeter", "plugin.json")));
    assert.equal(manifest.name, "greeter");
  } finally {
    await Deno.remove(parent, { recursive: true });
  }
});

Deno.test("a scaffolded plugin passes deno test and deno publish, lands in the registry, runs on the client's SDK", async () => {
  await using registry = await startPublishRegistry();
  const parent = await Deno.makeTempDir({ prefix: "scaffold-" });
  const denoDir = await Deno.makeTempDir({ prefix: "scaffold-deno-dir-" });
  try {
    // The SDK is publishable as it is: the client's own package goes to the registry first.
    const sdk = await deno(["publish", "--token", registry.token, "--allow-dirty"], REPO, {
      JSR_URL: registry.url,
    });
    assert.equal(sdk.code, 0, sdk.output);
    const sdkMeta = JSON.parse(
      await Deno.readTextFile(join(registry.root, "@ircbus", "client", `${SDK_VERSION}_meta.json`)),
    );
    assert.equal(sdkMeta.exports["./plugin"], "./plugins/sdk.ts");

    const dir = join(parent, "pinger");
    const made = await cli(["new", dir, "--name", "@someone/pinger"]);
    assert.equal(made.code, 0, made.err);
    assert.match(made.out, /Created @someone\/pinger/);
    const files = [...Deno.readDirSync(dir)].map((entry) => entry.name).sort();
    assert.deepEqual(files, ["README.md", "deno.json", "mod.ts", "mod_test.ts", "plugin.json"]);

    // A fresh DENO_DIR: the SDK can only come from the registry, as for an author.
    const env = { JSR_URL: registry.url, DENO_DIR: denoDir };
    const test = await deno(["test"], dir, env);
    assert.equal(test.code, 0, test.output);
    assert.match(test.output, /1 passed \| 0 failed/);
    const dryRun = await deno(["publish", "--dry-run"], dir, env);
    assert.equal(dryRun.code, 0, dryRun.output);
    assert.match(dryRun.output, /plugin\.json/);
    assert.doesNotMatch(dryRun.output, /mod_test\.ts/);

    const published = await deno(["publish", "--token", registry.token], dir, env);
    assert.equal(published.code, 0, published.output);
    assert.match(published.output, /Successfully published @someone\/pinger@0\.1\.0/);
    assert.ok(
      registry.requests.includes("POST /api/scopes/someone/packages/pinger/versions/0.1.0"),
      registry.requests.join("\n"),
    );
    // What landed is what was written, the manifest included, each file with its checksum.
    const packageDir = join(registry.root, "@someone", "pinger");
    const meta = JSON.parse(await Deno.readTextFile(join(packageDir, "meta.json")));
    assert.deepEqual(Object.keys(meta.versions), ["0.1.0"]);
    const versionMeta = JSON.parse(await Deno.readTextFile(join(packageDir, "0.1.0_meta.json")));
    assert.deepEqual(versionMeta.exports, { ".": "./mod.ts" });
    assert.deepEqual(Object.keys(versionMeta.manifest).sort(), [
      "/README.md",
      "/deno.json",
      "/mod.ts",
      "/plugin.json",
    ]);
    for (const [path, entry] of Object.entries(versionMeta.manifest)) {
      const data = await Deno.readFile(join(packageDir, "0.1.0", path));
      assert.deepEqual(entry, { size: data.length, checksum: `sha256-${await sha256(data)}` });
    }
    assert.deepEqual(
      JSON.parse(await Deno.readTextFile(join(packageDir, "0.1.0", "plugin.json"))),
      JSON.parse(await Deno.readTextFile(join(dir, "plugin.json"))),
    );
    // Published code names the SDK by a full specifier, whose range this client satisfies.
    assert.match(
      await Deno.readTextFile(join(packageDir, "0.1.0", "mod.ts")),
      new RegExp(`"jsr:/?@ircbus/client@\\^${SDK_VERSION.split(".")[0]}\\.x/plugin"`),
    );

    // Resolved as the client runs plugins, the published code's SDK import is the client's
    // own file, though the registry holds the SDK too: nothing of it is fetched.
    const fetched = registry.requests.length;
    const graph = await deno(
      ["info", "--json", ...configFlags(), "jsr:@someone/pinger@0.1.0"],
      parent,
      env,
    );
    assert.equal(graph.code, 0, graph.output);
    const modules: { specifier: string; dependencies?: { code?: { specifier: string } }[] }[] =
      JSON.parse(graph.stdout).modules;
    const entry = modules.find((module) =>
      module.specifier.endsWith("/@someone/pinger/0.1.0/mod.ts")
    );
    assert.deepEqual(entry?.dependencies?.map((dependency) => dependency.code?.specifier), [
      new URL("../../plugins/sdk.ts", import.meta.url).href,
    ]);
    assert.deepEqual(
      registry.requests.slice(fetched).filter((request) => request.includes("@ircbus")),
      [],
    );

    // Installed from its folder (outside this repository), it runs against the client's SDK.
    await using h = await harness();
    await h.host.install(dir, { grant: "requested" });
    await h.host.load("pinger");
    await assertAnswersPing(h, "the answer to !ping");

    // Installed from the registry it was published to, pinned, it answers the same way.
    Deno.env.set("JSR_URL", registry.url);
    try {
      const fromJsr = await harness();
      await using _fromJsr = fromJsr;
      const installed = await cli([
        "install",
        "jsr:@someone/pinger",
        "--yes",
        "--data-dir",
        fromJsr.dataDir,
      ]);
      assert.equal(installed.code, 0, installed.err);
      assert.match(installed.out, /from jsr:@someone\/pinger@0\.1\.0 \(sha256-[0-9a-f]{64}\)/);
      await fromJsr.host.load("pinger");
      await assertAnswersPing(fromJsr, "the answer to !ping from the JSR install");
    } finally {
      Deno.env.delete("JSR_URL");
    }

    // The same version again is seen as published: nothing is sent twice.
    const again = await deno(["publish", "--token", registry.token], dir, env);
    assert.match(again.output, /already published @someone\/pinger@0\.1\.0/);
    const posts = registry.requests.filter((request) =>
      request.startsWith("POST /api/scopes/someone")
    );
    assert.equal(posts.length, 1);
  } finally {
    await Deno.remove(parent, { recursive: true });
    await Deno.remove(denoDir, { recursive: true });
  }
});
