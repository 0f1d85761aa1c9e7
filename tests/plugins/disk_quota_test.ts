import assert from "node:assert/strict";
import { join } from "node:path";
import { DiskQuota } from "../../plugins/_disk_quota.ts";

const KIB = 1024;

async function folders(): Promise<{ dataDir: string; denoDir: string } & AsyncDisposable> {
  const root = await Deno.makeTempDir({ prefix: "ircbus-disk-" });
  const dataDir = join(root, "data");
  const denoDir = join(root, "deno");
  await Deno.mkdir(dataDir);
  await Deno.mkdir(denoDir);
  return { dataDir, denoDir, [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }) };
}

/** A quota polled only when asked (`check()`), as the watcher would on each change. */
function quota(
  dirs: { dataDir: string; denoDir: string },
  options: { quotaBytes: number; storageBytes?: () => number },
  events: string[],
): DiskQuota {
  return new DiskQuota([dirs.dataDir, dirs.denoDir], {
    ...options,
    pollMs: 3_600_000,
    freeze: () => {
      events.push("frozen");
      return Promise.resolve();
    },
    onExceeded: (reason) => events.push(reason),
  });
}

Deno.test("DiskQuota counts the data dir, DENO_DIR and storage together", async () => {
  await using dirs = await folders();
  const events: string[] = [];
  let storage = 0;
  await using disk = quota(dirs, { quotaBytes: 100 * KIB, storageBytes: () => storage }, events);
  await Deno.writeFile(join(dirs.dataDir, "a"), new Uint8Array(40 * KIB));
  await Deno.writeFile(join(dirs.denoDir, "b"), new Uint8Array(40 * KIB));
  await disk.start();
  assert.ok(disk.usedBytes >= 80 * KIB && disk.usedBytes <= 100 * KIB, `${disk.usedBytes}`);
  assert.deepEqual(events, []);
  storage = 30 * KIB;
  await disk.check();
  assert.deepEqual(events, [
    "frozen",
    `held ${Number((disk.usedBytes / 1024 / 1024).toFixed(1))} MiB on disk (data dir, ` +
    "DENO_DIR and storage), over its quota of 0.1 MiB: stopped",
  ]);
  await Deno.writeFile(join(dirs.dataDir, "c"), new Uint8Array(40 * KIB));
  await disk.check();
  assert.equal(events.length, 2, "stopped once");
});

Deno.test("DiskQuota counts hard links once, empty files as a block, and follows no link out", async () => {
  await using dirs = await folders();
  await using outside = await folders();
  const events: string[] = [];
  await using disk = quota(dirs, { quotaBytes: 1024 * KIB }, events);
  await Deno.writeFile(join(dirs.dataDir, "file"), new Uint8Array(64 * KIB));
  await Deno.link(join(dirs.dataDir, "file"), join(dirs.denoDir, "link"));
  await Deno.writeFile(join(outside.dataDir, "host-cache"), new Uint8Array(512 * KIB));
  // As DENO_DIR links to the host's caches: those are not the plugin's.
  await Deno.symlink(outside.dataDir, join(dirs.denoDir, "npm"));
  for (let i = 0; i < 10; i++) {
    await Deno.writeFile(join(dirs.dataDir, `empty${i}`), new Uint8Array());
  }
  await disk.start();
  // The file once, ten empty files and a link at a block each.
  assert.equal(disk.usedBytes, 64 * KIB + 11 * 4 * KIB);
  assert.deepEqual(events, []);
});

Deno.test("DiskQuota sees a write through its watcher, without a poll", async () => {
  await using dirs = await folders();
  const exceeded = Promise.withResolvers<string>();
  await using disk = new DiskQuota([dirs.dataDir, dirs.denoDir], {
    quotaBytes: 100 * KIB,
    pollMs: 3_600_000,
    onExceeded: exceeded.resolve,
  });
  await disk.start();
  await Deno.mkdir(join(dirs.denoDir, "location_data", "cache"), { recursive: true });
  await Deno.writeFile(
    join(dirs.denoDir, "location_data", "cache", "x"),
    new Uint8Array(200 * KIB),
  );
  assert.match(await exceeded.promise, /over its quota of 0\.1 MiB: stopped$/);
});

Deno.test("DiskQuota gives the event loop back once a count has had its slice of the clock", async () => {
  await using dirs = await folders();
  for (let i = 0; i < 20; i++) await Deno.writeFile(join(dirs.dataDir, `f${i}`), new Uint8Array(1));
  // Each reading of this clock is a ms later: every entry ends a slice of 1 ms.
  let clock = 0;
  const events: string[] = [];
  await using disk = new DiskQuota([dirs.dataDir, dirs.denoDir], {
    quotaBytes: 1024 * KIB,
    pollMs: 3_600_000,
    sliceMs: 1,
    now: () => clock++,
    onExceeded: (reason) => events.push(reason),
  });
  let turns = 0;
  const ticking = setInterval(() => turns++, 0);
  try {
    await disk.start();
    // Under the old fixed slice of 256 entries, these 20 were counted in one go: no turn.
    assert.ok(turns >= 10, `the loop turned ${turns} times during a count of 20 entries`);
    assert.equal(disk.usedBytes, 20 * 4096, "each file counts as one block");
    assert.deepEqual(events, []);
  } finally {
    clearInterval(ticking);
  }
});

Deno.test("DiskQuota counts a folder in one slice while the clock allows", async () => {
  await using dirs = await folders();
  for (let i = 0; i < 20; i++) await Deno.writeFile(join(dirs.dataDir, `f${i}`), new Uint8Array(1));
  const events: string[] = [];
  await using disk = new DiskQuota([dirs.dataDir, dirs.denoDir], {
    quotaBytes: 1024 * KIB,
    pollMs: 3_600_000,
    now: () => 0,
    onExceeded: (reason) => events.push(reason),
  });
  let turns = 0;
  const ticking = setInterval(() => turns++, 0);
  try {
    await disk.start();
    assert.equal(turns, 0, "a count within its slice never waits for a timer");
    assert.equal(disk.usedBytes, 20 * 4096);
  } finally {
    clearInterval(ticking);
  }
});
