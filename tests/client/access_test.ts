import assert from "node:assert/strict";
import { join } from "node:path";
import { startClient } from "../../client/mod.ts";
import { SocketPage } from "./_helpers.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

/** A port nothing listens on right now. */
function freePort(): number {
  using listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  return listener.addr.port;
}

/** `deno run main.ts` as `deno task run` runs it, with `env` over the test's own. */
function launch(args: string[], env: Record<string, string> = {}) {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--no-prompt", "--cached-only", "main.ts", ...args],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", DISPLAY: "", WAYLAND_DISPLAY: "", ...env },
  });
}

/** A running client process: its URL once printed, its stderr so far, and SIGINT to stop. */
class Launched implements AsyncDisposable {
  readonly child: Deno.ChildProcess;
  #out = "";
  #err = "";
  #stdout: ReadableStreamDefaultReader<string>;
  #stderr: Promise<void>;

  constructor(args: string[], env: Record<string, string> = {}) {
    this.child = launch(args, env).spawn();
    this.#stdout = this.child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    this.#stderr = this.child.stderr.pipeThrough(new TextDecoderStream()).pipeTo(
      new WritableStream({ write: (chunk) => void (this.#err += chunk) }),
    );
  }

  /** Reads stdout until the client printed its URL (and the bookmark line after it). */
  async url(): Promise<URL> {
    for (;;) {
      const match = this.#out.match(/ircbus is running: open (\S+)\n[^\n]*Bookmark[^\n]*\n/);
      if (match) return new URL(match[1]);
      const { value, done } = await this.#stdout.read();
      assert.ok(!done, `the client exited early: ${this.#out}`);
      this.#out += value;
    }
  }

  /** SIGINT, then the exit code and all of stderr. */
  async stop(): Promise<{ code: number; stderr: string }> {
    this.child.kill("SIGINT");
    const { code } = await this.child.status;
    await this.#stdout.cancel();
    await this.#stderr;
    return { code, stderr: this.#err };
  }

  async [Symbol.asyncDispose]() {
    try {
      this.child.kill("SIGKILL");
    } catch {
      // Already stopped.
    }
    await this.child.status;
  }
}

function cookieOf(response: Response): string {
  const header = response.headers.get("set-cookie");
  assert.ok(header, "expected a Set-Cookie");
  return header.split(";")[0];
}

Deno.test("deno task run --port N --no-open: the token becomes a cookie, and the bare address, its WebSocket and localhost work", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-access-" });
  // An opener that reports what it was asked to open: --no-open must not call it.
  const bin = await Deno.makeTempDir({ prefix: "ircbus-bin-" });
  await Deno.writeTextFile(`${bin}/xdg-open`, `#!/bin/sh\necho "$1" > ${bin}/opened\n`, {
    mode: 0o755,
  });
  const port = freePort();
  try {
    {
      await using client = new Launched(["--data-dir", dataDir, "--port", `${port}`, "--no-open"], {
        PATH: bin,
        DISPLAY: ":0",
      });
      const url = await client.url();
      assert.equal(url.origin, `http://127.0.0.1:${port}`);
      const token = url.searchParams.get("token")!;

      // The token URL: an HttpOnly, SameSite=Strict cookie for the whole site, then the bare
      // address.
      const first = await fetch(url, { redirect: "manual" });
      assert.equal(first.status, 303);
      assert.equal(first.headers.get("location"), "/");
      const setCookie = first.headers.get("set-cookie")!;
      assert.match(setCookie, /; Path=\/;/);
      assert.match(setCookie, /; HttpOnly/);
      assert.match(setCookie, /; SameSite=Strict/);
      const cookie = cookieOf(first);
      assert.equal(cookie.split("=")[1], token);

      // The bare address (a reload, a bookmark) loads with the cookie, and only with it.
      const bare = await fetch(`${url.origin}/`, { headers: { cookie } });
      assert.equal(bare.status, 200);
      assert.match(await bare.text(), /<title>ircbus<\/title>/);
      assert.match(
        bare.headers.get("content-security-policy")!,
        /connect-src ws:\/\/127\.0\.0\.1:/,
      );
      const anonymous = await fetch(`${url.origin}/`);
      assert.equal(anonymous.status, 403);
      await anonymous.body?.cancel();

      // Its WebSocket: the page loaded from the bare address asks with an empty token and
      // the cookie; without the cookie it is refused.
      {
        await using page = new SocketPage(`${url.origin}/?token=`, url.origin, cookie);
        await page.opened;
        await page.next((m) => m.kind === "hello");
      }
      {
        await using refused = new SocketPage(`${url.origin}/?token=`);
        await assert.rejects(refused.opened, /refused/);
      }

      // localhost: its own cookie (browsers do not share 127.0.0.1's), Host, Origin and CSP.
      const local = `http://localhost:${port}`;
      const localFirst = await fetch(`${local}/?token=${token}`, { redirect: "manual" });
      assert.equal(localFirst.status, 303);
      const localCookie = cookieOf(localFirst);
      const localPage = await fetch(`${local}/`, { headers: { cookie: localCookie } });
      assert.equal(localPage.status, 200);
      assert.match(
        localPage.headers.get("content-security-policy")!,
        new RegExp(`connect-src ws://localhost:${port};`),
      );
      await localPage.body?.cancel();
      {
        await using page = new SocketPage(`${local}/?token=`, local, localCookie);
        await page.opened;
        await page.next((m) => m.kind === "hello");
      }
      {
        // 127.0.0.1's page may not drive the socket reached as localhost, nor the reverse.
        await using crossed = new SocketPage(`${local}/?token=`, url.origin, localCookie);
        await assert.rejects(crossed.opened, /refused/);
      }

      // The fixed port is the client's: a second client on it says so and exits 69.
      const second = await launch([
        "--data-dir",
        await Deno.makeTempDir({ prefix: "ircbus-access-" }),
        "--port",
        `${port}`,
      ]).output();
      assert.equal(second.code, 69);
      assert.match(
        new TextDecoder().decode(second.stderr),
        new RegExp(`Cannot serve the web UI: port ${port} on 127\\.0\\.0\\.1 is in use`),
      );

      const { code, stderr } = await client.stop();
      assert.equal(code, 0, stderr);
      assert.doesNotMatch(stderr, /Cannot open a browser/);
    }
    await assert.rejects(Deno.stat(`${bin}/opened`), Deno.errors.NotFound);

    // A bookmark outlives the process: the next launch on the same data dir and port takes
    // the cookie the browser kept.
    await using again = new Launched(["--data-dir", dataDir, "--port", `${port}`, "--no-open"]);
    const url = await again.url();
    const first = await fetch(url, { redirect: "manual" });
    const cookie = cookieOf(first);
    await first.body?.cancel();
    const kept = await fetch(`${url.origin}/`, { headers: { cookie } });
    assert.equal(kept.status, 200);
    await kept.body?.cancel();
    assert.equal((await again.stop()).code, 0);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
    await Deno.remove(bin, { recursive: true });
  }
});

Deno.test("deno task run opens the browser with the token URL", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-access-" });
  const bin = await Deno.makeTempDir({ prefix: "ircbus-bin-" });
  // The opener writes the URL into a FIFO: reading it waits for the call, no polling.
  const fifo = `${bin}/opened`;
  assert.equal((await new Deno.Command("mkfifo", { args: [fifo] }).output()).code, 0);
  await Deno.writeTextFile(`${bin}/xdg-open`, `#!/bin/sh\necho "$1" > ${fifo}\n`, { mode: 0o755 });
  try {
    await using client = new Launched(["--data-dir", dataDir, "--port", "0"], {
      PATH: bin,
      DISPLAY: ":0",
    });
    const opened = Deno.readTextFile(fifo);
    const url = await client.url();
    assert.equal((await opened).trim(), url.href);
    const { code, stderr } = await client.stop();
    assert.equal(code, 0);
    assert.doesNotMatch(stderr, /Cannot open a browser/);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
    await Deno.remove(bin, { recursive: true });
  }
});

Deno.test("deno task run with no browser to open prints the address and keeps serving", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-access-" });
  const empty = await Deno.makeTempDir({ prefix: "ircbus-bin-" });
  try {
    for (
      const [env, reason] of [
        [{ PATH: empty, DISPLAY: ":0" }, /Cannot open a browser: xdg-open is not installed/],
        [{ DISPLAY: "" }, /Cannot open a browser: no display/],
      ] as const
    ) {
      await using client = new Launched(["--data-dir", dataDir, "--port", "0"], env);
      const url = await client.url();
      // Still serving after saying so.
      const response = await fetch(url, { redirect: "manual" });
      assert.equal(response.status, 303);
      await using page = new SocketPage(`${url.origin}/?token=`, url.origin, cookieOf(response));
      await page.next((m) => m.kind === "hello");
      const { code, stderr } = await client.stop();
      assert.equal(code, 0);
      assert.match(stderr, reason);
      assert.match(stderr, /open the address above yourself/);
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
    await Deno.remove(empty, { recursive: true });
  }
});

Deno.test("deno task run: a port another program holds is named, exit 69", async () => {
  using taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-access-" });
  try {
    const result = await launch(["--data-dir", dataDir, "--port", `${taken.addr.port}`]).output();
    assert.equal(result.code, 69);
    const stderr = new TextDecoder().decode(result.stderr);
    assert.match(stderr, new RegExp(`port ${taken.addr.port} on 127\\.0\\.0\\.1 is in use`));
    assert.match(stderr, /--port N/);
    assert.doesNotMatch(new TextDecoder().decode(result.stdout), /ircbus is running/);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("the first deno task run on a fresh cache fetches only the client's packages", async () => {
  const denoDir = await Deno.makeTempDir({ prefix: "ircbus-deno-dir-" });
  try {
    const result = await new Deno.Command(Deno.execPath(), {
      args: ["task", "run", "--help"],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1", DENO_DIR: denoDir },
    }).output();
    const stderr = new TextDecoder().decode(result.stderr);
    assert.equal(result.code, 0, stderr);
    assert.match(new TextDecoder().decode(result.stdout), /Usage: deno task run/);
    assert.doesNotMatch(stderr, /build scripts/i);
    const fetched = new Set<string>();
    for await (const entry of Deno.readDir(`${denoDir}/npm/registry.npmjs.org`)) {
      fetched.add(entry.name);
    }
    assert.ok(fetched.has("irc-framework"));
    for (const testOnly of ["playwright-core", "fast-check", "@sinonjs", "mitt", "emittery"]) {
      assert.equal(fetched.has(testOnly), false, `${testOnly} was fetched`);
    }
  } finally {
    await Deno.remove(denoDir, { recursive: true });
  }
});

Deno.test("an existing data dir left readable by others: every file holding secrets or history becomes 0600, the kept token still works", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-client-" });
  try {
    const token = "ab".repeat(32);
    await Deno.writeTextFile(join(dataDir, "web-token"), `${token}\n`);
    // A first run, stopped; then everything made world-readable, as a copy or an older
    // client might leave it, with the companions an interrupted run leaves behind.
    const first = await startClient({ dataDir, port: 0, log: () => {} });
    await first.shutdown();
    for (const name of ["history.sqlite-wal", "history.sqlite-shm"]) {
      Deno.writeFileSync(join(dataDir, name), new Uint8Array(0));
    }
    for (const entry of Deno.readDirSync(dataDir)) {
      if (entry.isFile) Deno.chmodSync(join(dataDir, entry.name), 0o644);
    }
    const client = await startClient({ dataDir, port: 0, log: () => {} });
    try {
      assert.equal(
        new URL(client.url).searchParams.get("token"),
        token,
        "a bookmark keeps working",
      );
      const modes = [...Deno.readDirSync(dataDir)]
        .filter((e) => e.isFile)
        .map((e) =>
          `${e.name} ${(Deno.statSync(join(dataDir, e.name)).mode! & 0o777).toString(8)}`
        );
      assert.ok(modes.some((line) => line.startsWith("history.sqlite ")), modes.join(", "));
      assert.deepEqual(modes.filter((line) => !line.endsWith(" 600")), [], modes.join(", "));
    } finally {
      await client.shutdown();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
