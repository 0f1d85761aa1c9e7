import assert from "node:assert/strict";
import { basename, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createEvent } from "../../bus/events.ts";
import {
  PluginFileError,
  PluginIdentityError,
  PluginIntegrityError,
  PluginLoadError,
} from "../../plugins/mod.ts";
import { databasePath } from "../../storage/data_dir.ts";
import { copyFixture, EXAMPLES, type Harness, harness, logged, waitUntil } from "./_helpers.ts";

/** The error `promise` rejects with, checked to be a `type`. */
async function refusal<T extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => T,
): Promise<T> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`Expected a ${type.name}, but nothing was thrown`);
}

/** Every file under `folder`, recursively. */
async function filesUnder(folder: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(folder)) {
    const path = join(folder, entry.name);
    if (entry.isDirectory) files.push(...await filesUnder(path));
    else files.push(path);
  }
  return files;
}

/** The copy of `file` of the plugin folder `source` in the plugin's pinned copy. */
async function copied(h: Harness, name: string, source: string, file: string): Promise<string> {
  const suffix = `/${basename(source)}/${file}`;
  const found = (await filesUnder(join(h.dataDir, "plugins", name, "code")))
    .filter((path) => path.endsWith(suffix));
  assert.equal(found.length, 1, `one copy of ${file}`);
  return found[0];
}

/** Nothing of `name` was installed: no record, no copy, no leftover, and a denied audit. */
async function assertNothingInstalled(h: Harness, name: string): Promise<void> {
  assert.deepEqual(h.host.list(), []);
  const left: string[] = [];
  for await (const entry of Deno.readDir(join(h.dataDir, "plugins"))) left.push(entry.name);
  assert.deepEqual(left, []);
  assert.equal(h.host.audit(name).at(-1)?.decision, "denied");
}

function storageKeys(dataDir: string, plugin: string): string[] {
  const db = new DatabaseSync(databasePath(dataDir), { readOnly: true });
  try {
    const rows = db.prepare("SELECT key FROM plugin_storage WHERE plugin = ? ORDER BY key")
      .all(plugin);
    return rows.map((row) => String(row.key));
  } finally {
    db.close();
  }
}

Deno.test("install() refuses a symlink to /etc inside a plugin folder and installs nothing", async () => {
  await using h = await harness();
  const dir = await copyFixture("recorder");
  await Deno.mkdir(`${dir}/assets`);
  await Deno.symlink("/etc", `${dir}/assets/etc`);
  const error = await refusal(h.host.install(dir, { grant: "requested" }), PluginFileError);
  assert.equal(error.path, `${dir}/assets/etc`);
  assert.equal(error.plugin, "recorder");
  assert.equal(
    error.message,
    `Cannot install plugin "recorder": a symbolic link is refused, got "${dir}/assets/etc"`,
  );
  await assertNothingInstalled(h, "recorder");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("install() refuses a hard link to a file outside the plugin folder", async () => {
  await using h = await harness();
  const outside = await Deno.makeTempDir();
  await Deno.writeTextFile(`${outside}/secret.txt`, "secret");
  const dir = await copyFixture("recorder");
  await Deno.link(`${outside}/secret.txt`, `${dir}/data.txt`);
  const error = await refusal(h.host.install(dir, { grant: "requested" }), PluginFileError);
  assert.equal(error.path, `${dir}/data.txt`);
  assert.match(error.message, /a hard link is refused \(2 links\)/);
  await assertNothingInstalled(h, "recorder");
  await Deno.remove(dir, { recursive: true });
  await Deno.remove(outside, { recursive: true });
});

Deno.test("install() refuses a FIFO and a socket in a plugin folder", async () => {
  for (const kind of ["FIFO", "socket"]) {
    await using h = await harness();
    const dir = await copyFixture("recorder");
    const path = `${dir}/lib/${kind}`;
    await Deno.mkdir(`${dir}/lib`);
    // A socket file lasts as long as its listener.
    let listener: Deno.Listener | undefined;
    if (kind === "FIFO") {
      const made = await new Deno.Command("mkfifo", { args: [path] }).output();
      assert.ok(made.success, "mkfifo");
    } else listener = Deno.listen({ transport: "unix", path });
    const error = await refusal(h.host.install(dir, { grant: "requested" }), PluginFileError);
    listener?.close();
    assert.equal(error.path, path);
    assert.equal(error.reason, `a ${kind} is refused`);
    await assertNothingInstalled(h, "recorder");
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("install() refuses a plugin whose module imports a file outside its folder", async () => {
  await using h = await harness();
  const parent = await Deno.makeTempDir();
  const dir = await copyFixture("recorder", `${parent}/recorder`);
  await Deno.writeTextFile(`${parent}/outside.ts`, "export const leaked = 1;\n");
  const code = await Deno.readTextFile(`${dir}/mod.ts`);
  await Deno.writeTextFile(`${dir}/mod.ts`, `import "../outside.ts";\n${code}`);
  const error = await refusal(h.host.install(dir, { grant: "requested" }), PluginLoadError);
  assert.match(error.message, /caching its modules failed: .*outside\.ts/s);
  await assertNothingInstalled(h, "recorder");
  await Deno.remove(parent, { recursive: true });
});

Deno.test({
  name: "install() refuses a device file in a plugin folder",
  // Only root may make a device node.
  ignore: Deno.uid() !== 0,
  async fn() {
    await using h = await harness();
    const dir = await copyFixture("recorder");
    const made = await new Deno.Command("mknod", { args: [`${dir}/null`, "c", "1", "3"] }).output();
    assert.ok(made.success, "mknod");
    const error = await refusal(h.host.install(dir, { grant: "requested" }), PluginFileError);
    assert.equal(error.path, `${dir}/null`);
    assert.equal(error.reason, "a device file is refused");
    await assertNothingInstalled(h, "recorder");
    await Deno.remove(dir, { recursive: true });
  },
});

Deno.test("a plugin runs from its pinned copy: editing its source changes nothing until it is installed again", async () => {
  const dataDir = await Deno.makeTempDir();
  const dir = await copyFixture("recorder");
  const setups = (h: Harness) =>
    logged(h, "recorder").filter((line) => line.startsWith("setup") || line === "edited");
  {
    await using h = await harness({ dataDir });
    await h.host.install(dir, { grant: "requested" });
    const copy = await copied(h, "recorder", dir, "mod.ts");
    assert.equal(await Deno.readTextFile(copy), await Deno.readTextFile(`${dir}/mod.ts`));
    assert.equal(h.host.list()[0].path, dir);
    assert.equal(h.host.list()[0].runsFrom, join(copy, ".."));
    await h.host.load("recorder");
    const code = await Deno.readTextFile(`${dir}/mod.ts`);
    await Deno.writeTextFile(`${dir}/mod.ts`, code.replace('"setup"', '"edited"'));
    // A restart runs the pinned copy again.
    await h.host.reload("recorder");
    assert.deepEqual(setups(h), ["setup", "setup"]);
  }
  {
    // So does a new host (the client started again).
    await using h = await harness({ dataDir });
    await h.host.load("recorder");
    assert.deepEqual(setups(h), ["setup"]);
    // An explicit install of the same source is an upgrade, and takes the edit.
    await h.host.unload("recorder");
    await h.host.install(dir);
    await h.host.load("recorder");
    assert.deepEqual(setups(h), ["setup", "edited"]);
  }
  await Deno.remove(dir, { recursive: true });
  await Deno.remove(dataDir, { recursive: true });
});

for (const isolation of ["worker", "subprocess"] as const) {
  Deno.test(`${isolation} isolation: a plugin reads its pinned copy, not its source folder`, async () => {
    await using h = await harness();
    const dir = await copyFixture("import-read");
    await h.host.install(dir, { grant: "requested", isolation });
    await h.host.load("import-read");
    const tryImport = async (specifier: string) => {
      const done = logged(h, "import-read").filter((line) => line === "done").length;
      await h.bus.emit(createEvent("message.received", {
        networkId: 1,
        channel: "#t",
        user: "u",
        message: specifier,
        timestamp: 1,
      }, "irc"));
      await waitUntil(
        () => logged(h, "import-read").filter((line) => line === "done").length > done,
        `the attempt on ${specifier}`,
      );
      return logged(h, "import-read").filter((line) => line.startsWith("computed")).at(-1);
    };
    assert.match(await tryImport(`file://${dir}/plugin.json`) ?? "", /computed: blocked/);
    assert.match(await tryImport("./plugin.json") ?? "", /computed: LEAKED .*"import-read"/s);
    await Deno.remove(dir, { recursive: true });
  });
}

Deno.test("a tampered pinned copy refuses to start, and the refusal is audited", async () => {
  await using h = await harness();
  const dir = await copyFixture("recorder");
  await h.host.install(dir, { grant: "requested" });
  const copy = await copied(h, "recorder", dir, "mod.ts");
  await Deno.chmod(copy, 0o644);
  await Deno.writeTextFile(copy, (await Deno.readTextFile(copy)).replace('"setup"', '"tampered"'));
  const changed = await refusal(h.host.load("recorder"), PluginIntegrityError);
  assert.ok(changed instanceof PluginLoadError);
  assert.match(changed.path, /mod\.ts$/);
  assert.match(
    changed.message,
    /^Cannot load plugin "recorder": its pinned copy does not match its install \(.*mod\.ts: its sha256 differs from the one recorded at install\); install it again$/,
  );
  assert.deepEqual(logged(h, "recorder"), []);
  const audited = h.host.audit("recorder").filter((entry) => entry.attempt === "verify copy");
  assert.equal(audited.length, 1);
  assert.equal(audited[0].decision, "denied");
  assert.match(audited[0].detail, /mod\.ts: its sha256 differs/);

  // An install restores the copy; a file added to it is refused as well.
  await h.host.install(dir);
  await Deno.writeTextFile(join(copy, "..", "extra.ts"), "export {};\n");
  const added = await refusal(h.host.load("recorder"), PluginIntegrityError);
  assert.match(added.message, /extra\.ts: it was not installed/);
  await h.host.install(dir);
  await h.host.load("recorder");
  assert.deepEqual(logged(h, "recorder"), ["setup"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("another folder under an installed name is refused; replace gives fresh consent and empty storage", async () => {
  await using h = await harness();
  const first = await copyFixture("recorder");
  const second = await copyFixture("recorder");
  await h.host.install(first, { grant: "requested" });
  await h.host.load("recorder");
  await h.host.runCommand("record", "kept");
  const notes = join(h.dataDir, "plugins", "recorder", "notes.txt");
  await Deno.writeTextFile(notes, "the old plugin's file");

  const error = await refusal(h.host.install(second, { grant: "requested" }), PluginIdentityError);
  assert.equal(
    error.message,
    `Cannot install plugin "recorder" from ${second}: "recorder" is already installed from ${first}; pass --replace to replace it`,
  );
  assert.equal(h.host.list()[0].path, first);
  assert.equal(h.host.list()[0].state, "running");
  assert.equal(h.host.audit("recorder").at(-1)?.decision, "denied");

  // The same source again is an upgrade: its grant and storage stay.
  await h.host.install(first);
  assert.deepEqual(storageKeys(h.dataDir, "recorder"), ["cmd:kept"]);

  // A replacement never inherits the old grant.
  const noConsent = await refusal(h.host.install(second, { replace: true }), PluginLoadError);
  assert.match(noConsent.message, /no grant was given/);
  assert.equal(h.host.list()[0].path, first);
  assert.deepEqual(storageKeys(h.dataDir, "recorder"), ["cmd:kept"]);

  await h.host.install(second, {
    replace: true,
    grant: { events: ["message.received"], permissions: {}, capabilities: [] },
  });
  const [info] = h.host.list();
  assert.equal(info.path, second);
  assert.equal(info.state, "stopped");
  assert.deepEqual(info.granted.capabilities, []);
  assert.deepEqual(info.granted.events, ["message.received"]);
  assert.deepEqual(storageKeys(h.dataDir, "recorder"), []);
  await assert.rejects(() => Deno.stat(notes), Deno.errors.NotFound);
  const replaced = h.host.audit("recorder").find((entry) => entry.attempt === "replace");
  assert.equal(
    replaced?.detail,
    `${first} replaced by ${second}: its grant, storage and data dir dropped`,
  );
  await h.host.load("recorder");
  assert.deepEqual(logged(h, "recorder").filter((line) => line === "setup"), ["setup", "setup"]);
  await Deno.remove(first, { recursive: true });
  await Deno.remove(second, { recursive: true });
});

Deno.test("a replacement starts with its own empty localStorage and Cache API, not the old plugin's", async () => {
  await using h = await harness();
  const writer = await copyFixture("storage-writer");
  await h.host.install(writer, { grant: "requested" });
  await h.host.load("storage-writer");
  assert.ok(logged(h, "storage-writer").includes("own: from storage-writer"));
  const runtime = join(h.dataDir, "plugins", ".runtime", "storage-writer");
  assert.ok((await Deno.stat(join(runtime, "location_data"))).isDirectory);

  // The reader, installed under the writer's name from another folder, replaces it.
  const reader = await copyFixture("storage-reader");
  const manifest = JSON.parse(await Deno.readTextFile(join(reader, "plugin.json")));
  await Deno.writeTextFile(
    join(reader, "plugin.json"),
    JSON.stringify({ ...manifest, name: "storage-writer" }),
  );
  await h.host.install(reader, { grant: "requested", replace: true });
  // Its DENO_DIR is new: the module cache made from the replacement, and nothing else.
  await assert.rejects(() => Deno.stat(join(runtime, "location_data")), Deno.errors.NotFound);
  await h.host.load("storage-writer");
  await waitUntil(
    () => logged(h, "storage-writer").filter((line) => line === "done").length === 2,
    "the replacement's setup",
  );
  const lines = logged(h, "storage-writer");
  assert.ok(lines.includes("localStorage: empty"), lines.join("\n"));
  assert.ok(lines.includes("caches: empty"), lines.join("\n"));
  assert.deepEqual(lines.filter((line) => line.includes("LEAKED")), []);
  for (const dir of [writer, reader]) await Deno.remove(dir, { recursive: true });
});

for (const isolation of ["worker", "subprocess"] as const) {
  Deno.test(`${isolation} isolation: a pinned copy imports the SDK by its package name or a relative path`, async () => {
    await using h = await harness();
    const dir = await copyFixture("recorder");
    const code = await Deno.readTextFile(`${dir}/mod.ts`);
    await Deno.writeTextFile(
      `${dir}/mod.ts`,
      code.replace(/from "[^"]*sdk\.ts"/, 'from "@ircbus/client/plugin"'),
    );
    await h.host.install(dir, { grant: "requested", isolation });
    await h.host.load("recorder");
    assert.deepEqual(logged(h, "recorder"), ["setup"]);
    // `../../../plugins/sdk.ts` from examples/plugins/autoresponder, in its copy.
    await h.host.install(`${EXAMPLES}autoresponder`, { grant: "requested", isolation });
    await h.host.load("autoresponder");
    const [info] = h.host.list().filter((plugin) => plugin.name === "autoresponder");
    assert.equal(info.state, "running");
    assert.ok(info.runsFrom.startsWith(join(h.dataDir, "plugins", "autoresponder", "code")));
    await Deno.remove(dir, { recursive: true });
  });
}

Deno.test("a plugin installed before pinned copies refuses to start until installed again", async () => {
  await using h = await harness();
  const dir = await copyFixture("recorder");
  await h.host.install(dir, { grant: "requested" });
  // What the version 2 migration leaves for a plugin installed by an older client.
  const db = new DatabaseSync(databasePath(h.dataDir));
  db.prepare("UPDATE plugins SET code_path = NULL").run();
  db.prepare("DELETE FROM plugin_files").run();
  db.close();
  const error = await refusal(h.host.load("recorder"), PluginLoadError);
  assert.match(
    error.message,
    /it has no pinned copy \(installed by an older version\); install it again/,
  );
  assert.equal(h.host.audit("recorder").at(-2)?.attempt, "verify copy");
  await h.host.install(dir);
  await h.host.load("recorder");
  assert.deepEqual(logged(h, "recorder"), ["setup"]);
  await Deno.remove(dir, { recursive: true });
});
