import assert from "node:assert/strict";
import { join } from "node:path";
import { PortInUseError, startClient } from "../../client/mod.ts";
import { databasePath, historyPath } from "../../storage/mod.ts";
import { tokenFilePath } from "../../deeplink/mod.ts";
import { IrcUrlError } from "../../deeplink/mod.ts";
import { freePort } from "../irc/_servers.ts";
import { FIXTURES } from "../plugins/_helpers.ts";

// Each test also runs under Deno.test's resource and op sanitizers: a listener, socket or
// timer a failed start left behind fails the test by itself.

/** True when `path` exists. */
async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/**
 * Asserts the client's two databases were closed: SQLite removes a WAL database's `-wal` and
 * `-shm` files when its last connection closes, and keeps them while one is open.
 */
async function assertDatabasesClosed(dataDir: string): Promise<void> {
  for (const file of [databasePath(dataDir), historyPath(dataDir)]) {
    assert.ok(await exists(file), `${file} was created by the start`);
    assert.equal(await exists(`${file}-wal`), false, `${file} is still open`);
    assert.equal(await exists(`${file}-shm`), false, `${file} is still open`);
  }
}

/** Asserts nothing listens on `port` any more: it can be taken again. */
function assertPortFree(port: number): void {
  const listener = Deno.listen({ hostname: "127.0.0.1", port });
  listener.close();
}

Deno.test("startClient() with the web port taken stops the storage it opened", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-start-" });
  using taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const error = await startClient({ dataDir, port: taken.addr.port, log: () => {} }).then(
    () => assert.fail("the start should fail"),
    (error: unknown) => error,
  );
  assert.ok(error instanceof PortInUseError);
  assert.equal(error.port, taken.addr.port);
  await assertDatabasesClosed(dataDir);
  assert.equal(await exists(tokenFilePath(dataDir)), false, "the link door never opened");
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("startClient() whose link door cannot open stops the plugins, web server and storage it started", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-start-" });
  {
    // An enabled plugin, loaded (in its own subprocess) before the link door opens.
    await using client = await startClient({ dataDir, singleInstance: false, log: () => {} });
    await client.plugins.install(`${FIXTURES}recorder`, { grant: "requested" });
  }
  // A directory where the link door writes its token file: the write fails.
  await Deno.mkdir(join(tokenFilePath(dataDir), "blocked"), { recursive: true });
  const port = freePort();
  const lines: string[] = [];
  await assert.rejects(startClient({ dataDir, port, log: (line) => lines.push(line) }));
  // The plugin was set up, then torn down by the failed start; no stop failed.
  assert.deepEqual(lines, ["[plugin:recorder] info: setup", "[plugin:recorder] info: teardown"]);
  assertPortFree(port);
  await assertDatabasesClosed(dataDir);
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("startClient() with a cold link it cannot parse stops every part it started", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-start-" });
  const port = freePort();
  const lines: string[] = [];
  await assert.rejects(
    startClient({ dataDir, port, link: "irc://", log: (line) => lines.push(line) }),
    IrcUrlError,
  );
  assertPortFree(port);
  await assertDatabasesClosed(dataDir);
  assert.equal(await exists(tokenFilePath(dataDir)), false, "the link door closed");
  assert.deepEqual(lines, [], "every stop succeeded");
  await Deno.remove(dataDir, { recursive: true });
});
