import assert from "node:assert/strict";
import { main } from "../../plugins/cli.ts";
import { copyFixture, EXAMPLES, FIXTURES } from "./_helpers.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

async function run(args: string[], answer = false) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, {
    out: (line) => void out.push(line),
    err: (line) => void err.push(line),
    confirm: () => answer,
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

Deno.test("cli install shows requests with reasons and needs consent", async () => {
  const dataDir = await Deno.makeTempDir();
  const refused = await run(["install", `${EXAMPLES}autoresponder`, "--data-dir", dataDir]);
  assert.equal(refused.code, 1);
  assert.match(refused.out, /capability irc\.send \(Sends the reply/);
  assert.match(refused.err, /consent was not given/);
  const listed = await run(["list", "--data-dir", dataDir]);
  assert.match(listed.out, /No plugins installed/);
  const accepted = await run([
    "install",
    `${EXAMPLES}autoresponder`,
    "--data-dir",
    dataDir,
    "--yes",
  ]);
  assert.equal(accepted.code, 0, accepted.err);
  assert.match(accepted.out, /Installed autoresponder 1\.0\.0/);
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("cli list and audit --json show grants, isolation, state and decisions", async () => {
  const dataDir = await Deno.makeTempDir();
  await run(["install", `${FIXTURES}recorder`, "--yes", "--data-dir", dataDir]);
  const list = await run(["list", "--data-dir", dataDir]);
  assert.match(list.out, /recorder 1\.0\.0 \[stopped, subprocess\]/);
  assert.match(list.out, /granted: {3}events=message\.received,user\.meta,user\.joined/);
  assert.match(list.out, /crashes: 0 {2}overflows: 0 {2}denied: 0/);
  const json = JSON.parse((await run(["list", "--json", "--data-dir", dataDir])).out);
  assert.equal(json[0].isolation, "subprocess");
  const audit = JSON.parse((await run(["audit", "--json", "--data-dir", dataDir])).out);
  assert.equal(audit[0].plugin, "recorder");
  assert.equal(audit[0].decision, "allowed");
  assert.match(
    (await run(["audit", "--data-dir", dataDir])).out,
    /recorder ALLOWED install 1\.0\.0/,
  );
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("cli reports a bad manifest by field and installs nothing", async () => {
  const dataDir = await Deno.makeTempDir();
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/plugin.json`, JSON.stringify({ name: "x" }));
  const result = await run(["install", dir, "--yes", "--data-dir", dataDir]);
  assert.equal(result.code, 1);
  assert.match(result.err, /Cannot accept plugin manifest: version must be a non-empty string/);
  assert.equal((await run(["nope", "--data-dir", dataDir])).code, 2);
  await Deno.remove(dir, { recursive: true });
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("deno task plugins runs the CLI with --no-prompt and --cached-only", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../../deno.json", import.meta.url)),
  );
  assert.match(config.tasks.plugins, /--no-prompt/);
  assert.match(config.tasks.plugins, /--cached-only/);
  assert.equal(config.exports["./plugin"], "./plugins/sdk.ts");
});

for (const form of [["install"], ["--", "install"]]) {
  Deno.test(`deno task plugins ${form.join(" ")} DIR --yes installs`, async () => {
    const dataDir = await Deno.makeTempDir();
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["task", "-q", "plugins", ...form, `${EXAMPLES}autoresponder`, "--yes"],
      cwd: ROOT,
      env: { IRCBUS_DATA_DIR: dataDir },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(output.stderr);
    assert.equal(output.code, 0, stderr);
    assert.match(new TextDecoder().decode(output.stdout), /Installed autoresponder 1\.0\.0/);
    const list = JSON.parse((await run(["list", "--json", "--data-dir", dataDir])).out);
    assert.equal(list[0].name, "autoresponder");
    await Deno.remove(dataDir, { recursive: true });
  });
}

Deno.test("cli install refuses another folder under an installed name before asking, unless --replace", async () => {
  const dataDir = await Deno.makeTempDir();
  const first = await copyFixture("recorder");
  const second = await copyFixture("recorder");
  assert.equal((await run(["install", first, "--yes", "--data-dir", dataDir])).code, 0);
  const refused = await run(["install", second, "--data-dir", dataDir], true);
  assert.equal(refused.code, 1);
  assert.equal(refused.out, "");
  assert.equal(
    refused.err,
    `Cannot install plugin "recorder" from ${second}: "recorder" is already installed from ${first}; pass --replace to replace it`,
  );
  const replaced = await run(["install", second, "--replace", "--data-dir", dataDir], true);
  assert.equal(replaced.code, 0, replaced.err);
  assert.match(
    replaced.out,
    new RegExp(`It replaces recorder installed from ${first}: that plugin's grant, storage`),
  );
  assert.match((await run(["list", "--data-dir", dataDir])).out, new RegExp(`from: {6}${second}`));
  for (const dir of [dataDir, first, second]) await Deno.remove(dir, { recursive: true });
});

Deno.test("cli install says a plugin runs from a pinned copy, and --dev from its folder", async () => {
  const dataDir = await Deno.makeTempDir();
  const dir = await copyFixture("recorder");
  const pinned = await run(["install", dir, "--yes", "--data-dir", dataDir]);
  assert.match(pinned.out, /runs from a copy pinned in the data dir: edits to .* take effect only/);
  const dev = await run(["install", dir, "--yes", "--dev", "--data-dir", dataDir]);
  assert.equal(dev.code, 0, dev.err);
  assert.match(dev.out, new RegExp(`Development mode: it runs from ${dir} itself and reloads`));
  assert.match(
    (await run(["list", "--data-dir", dataDir])).out,
    /recorder 1\.0\.0 \[stopped, subprocess, dev\]/,
  );
  for (const path of [dataDir, dir]) await Deno.remove(path, { recursive: true });
});

Deno.test("cli install --worker says at consent what Worker mode does not contain, for that install", async () => {
  const dataDir = await Deno.makeTempDir();
  const plain = await run(["install", `${FIXTURES}recorder`, "--data-dir", dataDir]);
  assert.match(plain.out, /isolation: its own subprocess/);
  const worker = await run([
    "install",
    `${FIXTURES}recorder`,
    "--worker",
    "--yes",
    "--data-dir",
    dataDir,
  ]);
  assert.equal(worker.code, 0, worker.err);
  assert.match(worker.out, /isolation: worker \(opted in\)/);
  assert.match(worker.out, /an allocation past the heap limit kills the whole client/);
  assert.match(worker.out, /no memory limit covers its ArrayBuffers/);
  const list = await run(["list", "--data-dir", dataDir]);
  assert.match(list.out, /recorder 1\.0\.0 \[stopped, worker\]/);
  // Its flags apply at each install, as the consent text says: without --worker, a subprocess.
  const again = await run(["install", `${FIXTURES}recorder`, "--yes", "--data-dir", dataDir]);
  assert.match(again.out, /isolation: its own subprocess/);
  const relisted = await run(["list", "--data-dir", dataDir]);
  assert.match(relisted.out, /recorder 1\.0\.0 \[stopped, subprocess\]/);
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("cli install states the OS boundary and the quotas at consent, and --disk-quota sets one", async () => {
  const dataDir = await Deno.makeTempDir();
  const asked = await run(["install", `${FIXTURES}recorder`, "--data-dir", dataDir]);
  assert.equal(asked.code, 1);
  // This machine has bubblewrap: the consent says the plugin runs inside the boundary.
  assert.match(asked.out, /isolation: its own subprocess, inside the OS boundary/);
  assert.match(asked.out, /quotas: CPU 0\.5 core on average; disk 64 MiB for its data dir/);

  const bad = await run([
    "install",
    `${FIXTURES}recorder`,
    "--disk-quota",
    "lots",
    "--yes",
    "--data-dir",
    dataDir,
  ]);
  assert.equal(bad.code, 1);
  assert.match(bad.err, /Cannot set the disk quota: give whole MiB from 1 to 65536, got "lots"/);
  assert.match((await run(["list", "--data-dir", dataDir])).out, /No plugins installed/);

  const done = await run([
    "install",
    `${FIXTURES}recorder`,
    "--disk-quota",
    "128",
    "--yes",
    "--data-dir",
    dataDir,
  ]);
  assert.equal(done.code, 0, done.err);
  assert.match(done.out, /disk 128 MiB/);
  const listed = await run(["list", "--data-dir", dataDir]);
  assert.ok(listed.out.includes("\n  disk quota: 128 MiB\n"), listed.out);
  const [row] = JSON.parse((await run(["list", "--json", "--data-dir", dataDir])).out);
  assert.equal(row.diskQuotaMb, 128);
  assert.equal(row.osBoundary, true);
  assert.equal(row.grants.diskQuotaMb, 128);
  await Deno.remove(dataDir, { recursive: true });
});
