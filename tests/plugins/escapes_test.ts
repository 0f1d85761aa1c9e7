/**
 * The two escapes, tested in a real client process run as the client runs:
 * `--no-prompt` (no permission prompt) and `--cached-only` (no new code at run time).
 */
import assert from "node:assert/strict";
import type { AuditEntry } from "../../plugins/mod.ts";
import { FIXTURES } from "./_helpers.ts";

async function runClient(
  plugin: string,
  messages: string[],
): Promise<{ logs: string[]; audit: AuditEntry[] }> {
  const dataDir = await Deno.makeTempDir();
  const root = new URL("../../", import.meta.url).pathname;
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-all",
      "--no-prompt",
      "--cached-only",
      `${FIXTURES}_client.ts`,
      dataDir,
      `${FIXTURES}${plugin}`,
      ...messages,
    ],
    cwd: root,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  await Deno.remove(dataDir, { recursive: true });
  const stdout = new TextDecoder().decode(output.stdout);
  assert.ok(output.success, new TextDecoder().decode(output.stderr));
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}

Deno.test("escape: an uncached npm: package or remote URL cannot be imported at run time", async () => {
  const { logs, audit } = await runClient("import-uncached", ["npm", "remote"]);
  assert.deepEqual(logs.filter((l) => l.includes("LEAKED")), []);
  const failures = audit.filter((e) => e.attempt === "uncaught error").map((e) => e.detail);
  assert.equal(failures.length, 2);
  assert.match(failures[0], /ircbus-uncached-fixture.*--cached-only is specified/s);
  // import:false refuses the remote host even before --cached-only would.
  assert.match(failures[1], /example\.invalid/);
  assert.match(failures[1], /--cached-only is specified|Requires import access/);
  // Each refused import is audited as one, not only as the error it raised.
  const imports = audit.filter((e) => e.attempt === "import" && e.decision === "denied");
  assert.ok(imports.some((e) => /ircbus-uncached-fixture/.test(e.detail)), JSON.stringify(audit));
  assert.ok(imports.some((e) => /example\.invalid/.test(e.detail)), JSON.stringify(audit));
});

Deno.test("escape: Deno.permissions.request cannot prompt; it is denied and audited", async () => {
  const { logs, audit } = await runClient("permission-request", []);
  assert.ok(logs.includes("info: request read: denied"));
  assert.ok(logs.includes("info: request run: denied"));
  assert.ok(logs.includes("info: request env: denied"));
  assert.equal(
    audit.filter((e) => e.decision === "denied" && e.attempt.startsWith("Deno.permissions.request"))
      .length,
    3,
  );
});

Deno.test("escape: in a real client, a Worker plugin cannot read files through dynamic imports", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/secret.txt`, "secret");
  const { logs } = await runClient("import-read", [`file://${dir}/secret.txt`]);
  await Deno.remove(dir, { recursive: true });
  assert.ok(logs.includes("info: done"), logs.join(" | "));
  assert.deepEqual(logs.filter((l) => l.includes("LEAKED")), []);
});
