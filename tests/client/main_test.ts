import assert from "node:assert/strict";
import { resolveDataDir } from "../../client/mod.ts";
import { SocketPage } from "./_helpers.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

function launch(args: string[]) {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--no-prompt", "--cached-only", "main.ts", ...args],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    // Any free port, and no display: nothing opens a browser here.
    env: { NO_COLOR: "1", IRCBUS_PORT: "0", DISPLAY: "", WAYLAND_DISPLAY: "" },
  });
}

Deno.test("deno task run: prints the URL, takes handed-off links, and stops in order on SIGINT", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-main-" });
  const child = launch(["--data-dir", dataDir, "ircs://irc.example.org/#first"]).spawn();
  const stdout = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const stderr = new Response(child.stderr).text();
  let out = "";
  let url: string | undefined;
  while (url === undefined) {
    const { value, done } = await stdout.read();
    assert.ok(!done, `the client exited early: ${out}`);
    out += value;
    url = out.match(/ircbus is running: open (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64})/)
      ?.[1];
  }
  {
    await using page = new SocketPage(url);
    await page.next((m) => m.kind === "hello");
    // The link given at start waits for the page's ready.
    assert.equal(page.received.some((m) => m.kind === "frontend"), false);
    page.send({ kind: "ready" });
    const first = await page.next((m) => m.kind === "frontend");
    assert.deepEqual(first.event, {
      name: "deeplink:add-network",
      payload: { host: "irc.example.org", port: 6697, tls: true, channel: "#first" },
    });

    const second = await launch(["--data-dir", dataDir, "irc://irc.example.net/#second"]).output();
    assert.equal(second.code, 0, new TextDecoder().decode(second.stderr));
    assert.match(
      new TextDecoder().decode(second.stderr),
      /Handed the link to the running instance/,
    );
    const handed = await page.next((m) =>
      m.kind === "frontend" &&
      (m.event as { payload: { channel: string } }).payload.channel === "#second"
    );
    assert.equal((handed.event as { name: string }).name, "deeplink:add-network");

    const invalid = await launch(["--data-dir", dataDir, "irc://host/%23a%0D%0AQUIT"]).output();
    assert.equal(invalid.code, 2);
    assert.match(new TextDecoder().decode(invalid.stderr), /IrcUrlError \[invalid_name\]/);

    // A plugin link takes the same way, to the consent sheet (nothing is fetched here).
    const plugin = await launch(["--data-dir", dataDir, "jsr:@someone/greeter@^1"]).output();
    assert.equal(plugin.code, 0, new TextDecoder().decode(plugin.stderr));
    assert.match(new TextDecoder().decode(plugin.stderr), /Handed the plugin link/);
    const sheet = await page.next((m) =>
      m.kind === "frontend" && (m.event as { name: string }).name === "deeplink:install-plugin"
    );
    assert.deepEqual(sheet.event, {
      name: "deeplink:install-plugin",
      payload: { specifier: "jsr:@someone/greeter@^1" },
    });
    const badPlugin = await launch(["--data-dir", dataDir, "jsr:greeter"]).output();
    assert.equal(badPlugin.code, 2);
    assert.match(
      new TextDecoder().decode(badPlugin.stderr),
      /JsrLinkError \[invalid_jsr_link\]: Cannot open plugin link: expected jsr:@scope\/name\[@range\]/,
    );
  }
  child.kill("SIGINT");
  const status = await child.status;
  await stdout.cancel();
  assert.equal(status.code, 0);
  assert.match(await stderr, /Stopped \(front → networks → plugins → bus → storage\)/);
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("deno task run: a link launched while another instance starts waits for its link door", async () => {
  // The port is held as a starting instance holds it before its link door opens.
  using taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-main-" });
  try {
    const child = launch([
      "--data-dir",
      dataDir,
      "--port",
      `${taken.addr.port}`,
      "irc://irc.example.org/#late",
    ])
      .spawn();
    const stderr = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    let err = "";
    while (!err.includes("waiting for an ircbus starting there")) {
      const { value, done } = await stderr.read();
      assert.ok(!done, `the launch exited early: ${err}`);
      err += value;
    }
    // Its door opens now, after the launch found the port taken and no door.
    const { LinkDoor } = await import("../../deeplink/mod.ts");
    await using door = await LinkDoor.open({ dataDir });
    const links: string[] = [];
    door.accept((link) => links.push(link));
    const status = await child.status;
    for (let read = await stderr.read(); !read.done; read = await stderr.read()) err += read.value;
    await child.stdout.cancel();
    assert.equal(status.code, 0, err);
    assert.match(err, /Handed the link to the running instance/);
    assert.deepEqual(links, ["irc://irc.example.org/#late"]);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("deno task run --headless is the terminal client", async () => {
  const result = await launch(["--headless"]).output();
  assert.notEqual(result.code, 0);
  assert.match(new TextDecoder().decode(result.stderr), /--server is required/);
  assert.doesNotMatch(new TextDecoder().decode(result.stdout), /ircbus is running/);
});

Deno.test("deno task run rejects bad flags with exit 64", async () => {
  const result = await launch(["--port", "99999"]).output();
  assert.equal(result.code, 64);
  assert.match(new TextDecoder().decode(result.stderr), /--port must be 0-65535/);
  for (const days of ["0", "1e3", "-1", "9".repeat(400)]) {
    const retention = await launch([`--retention-days=${days}`]).output();
    assert.equal(retention.code, 64, days);
    assert.match(new TextDecoder().decode(retention.stderr), /--retention-days must be/, days);
  }
});

Deno.test("resolveDataDir() prefers the flag, then IRCBUS_DATA_DIR, then XDG_DATA_HOME", () => {
  const saved = { ircbus: Deno.env.get("IRCBUS_DATA_DIR"), xdg: Deno.env.get("XDG_DATA_HOME") };
  try {
    Deno.env.set("IRCBUS_DATA_DIR", "/env/ircbus");
    Deno.env.set("XDG_DATA_HOME", "/xdg");
    assert.equal(resolveDataDir("/flag"), "/flag");
    assert.equal(resolveDataDir(), "/env/ircbus");
    Deno.env.delete("IRCBUS_DATA_DIR");
    assert.equal(resolveDataDir(), "/xdg/ircbus");
    Deno.env.delete("XDG_DATA_HOME");
    assert.match(resolveDataDir(), /\/\.local\/share\/ircbus$/);
  } finally {
    for (const [name, value] of [["IRCBUS_DATA_DIR", saved.ircbus], ["XDG_DATA_HOME", saved.xdg]]) {
      if (value === undefined) Deno.env.delete(name!);
      else Deno.env.set(name!, value);
    }
  }
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  Deno.test(`deno task run: ${signal} during start exits 0 after the ordered shutdown`, async () => {
    const dataDir = await Deno.makeTempDir({ prefix: "ircbus-main-" });
    try {
      const child = launch(["--data-dir", dataDir]).spawn();
      const stdout = new Response(child.stdout).text();
      const stderr = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
      let err = "";
      // The signal goes as soon as the start has begun, not after a sleep.
      while (!err.includes("Starting ircbus")) {
        const { value, done } = await stderr.read();
        assert.ok(!done, `the client exited early: ${err}`);
        err += value;
      }
      child.kill(signal);
      for (let chunk = await stderr.read(); !chunk.done; chunk = await stderr.read()) {
        err += chunk.value;
      }
      const status = await child.status;
      assert.equal(status.code, 0, err);
      assert.match(err, new RegExp(`Shutting down on ${signal}`));
      assert.match(err, /Stopped \(front → networks → plugins → bus → storage\)/);
      await stdout;
      // Nothing of the instance is left behind: the next start finds no running instance.
      await assert.rejects(Deno.stat(`${dataDir}/deeplink-instance.json`), Deno.errors.NotFound);
    } finally {
      await Deno.remove(dataDir, { recursive: true });
    }
  });
}

Deno.test("deno task run survives EMFILE from idle connections, then serves the page and a second launch", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-main-" });
  // A low descriptor limit for the client only: the idle connections below exhaust it.
  const child = new Deno.Command("bash", {
    args: [
      "-c",
      `ulimit -n 96 && exec "${Deno.execPath()}" run -A --no-prompt --cached-only main.ts --data-dir "$1"`,
      "bash",
      dataDir,
    ],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const stdout = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const stderr = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  let err = "";
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });
  const idle: Deno.TcpConn[] = [];
  try {
    let url: string | undefined;
    while (url === undefined) {
      const { value, done } = await stdout.read();
      assert.ok(!done, `the client exited early: ${out}`);
      out += value;
      url = out.match(/open (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64})/)?.[1];
    }
    const webPort = Number(new URL(url).port);
    const linkPort = JSON.parse(await Deno.readTextFile(`${dataDir}/deeplink-instance.json`)).port;
    // More idle connections than the client has descriptors left, on both listeners.
    for (let i = 0; i < 64; i++) {
      idle.push(await Deno.connect({ hostname: "127.0.0.1", port: webPort }));
    }
    for (let i = 0; i < 16; i++) {
      idle.push(await Deno.connect({ hostname: "127.0.0.1", port: linkPort }));
    }
    while (!err.includes("Too many open files")) {
      const { value, done } = await stderr.read();
      assert.ok(!done, `the client exited: ${err}`);
      err += value;
    }
    assert.equal(exited, false, "the client died on EMFILE");
    for (const conn of idle.splice(0)) conn.close();

    // Still serving: the page, and a later launch finds this instance.
    const page = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(15_000) });
    assert.equal(page.status, 303);
    await page.body?.cancel();
    const second = await launch(["--data-dir", dataDir, "irc://irc.example.net/#later"]).output();
    const secondErr = new TextDecoder().decode(second.stderr);
    assert.equal(second.code, 0, secondErr);
    assert.match(secondErr, /Handed the link to the running instance/);

    child.kill("SIGTERM");
    assert.equal((await status).code, 0);
  } finally {
    for (const conn of idle) conn.close();
    if (!exited) child.kill("SIGKILL");
    await status;
    await stdout.cancel();
    await stderr.cancel();
    await Deno.remove(dataDir, { recursive: true });
  }
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  Deno.test(`deno task run --headless: ${signal} while registering exits 0`, async () => {
    // A server that accepts and never answers: the client stays in registration.
    using server = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const child = launch(["--headless", "--server", `127.0.0.1:${server.addr.port}`, "--nick", "t"])
      .spawn();
    const output = child.output();
    const conn = await server.accept();
    const lines = conn.readable.pipeThrough(new TextDecoderStream()).getReader();
    let received = "";
    while (!received.includes("NICK t")) {
      const { value, done } = await lines.read();
      assert.ok(!done, `the client hung up: ${received}`);
      received += value;
    }
    child.kill(signal);
    const result = await output;
    assert.equal(result.code, 0, new TextDecoder().decode(result.stderr));
    await lines.cancel();
  });
}

Deno.test("deno task run on a damaged client database says so in one line and exits 1", async () => {
  const dataDir = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dataDir}/client.sqlite`, crypto.getRandomValues(new Uint8Array(4096)));
    const result = await launch(["--data-dir", dataDir, "--no-open"]).output();
    const stderr = new TextDecoder().decode(result.stderr);
    assert.equal(result.code, 1, stderr);
    assert.match(
      stderr,
      new RegExp(`Cannot start ircbus with data dir ${dataDir}: .*not a database`),
    );
    assert.doesNotMatch(stderr, /Uncaught|^\s+at /m);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("deno task run with a FIFO as its web token refuses it at once instead of hanging", async () => {
  const dataDir = await Deno.makeTempDir();
  try {
    const made = await new Deno.Command("mkfifo", { args: [`${dataDir}/web-token`] }).output();
    assert.ok(made.success, "mkfifo");
    const result = await launch(["--data-dir", dataDir, "--no-open"]).output();
    const stderr = new TextDecoder().decode(result.stderr);
    assert.equal(result.code, 1, stderr);
    assert.match(stderr, /Cannot read the web token: it must be a regular file/);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

/** `main.ts` with a display and `opener` as its `xdg-open`; resolves once it prints its address. */
async function launchWithOpener(dataDir: string, opener: string) {
  const bin = await Deno.makeTempDir({ prefix: "ircbus-opener-" });
  await Deno.writeTextFile(`${bin}/xdg-open`, `#!/bin/sh\n${opener}\n`, { mode: 0o755 });
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--no-prompt", "--cached-only", "main.ts", "--data-dir", dataDir],
    cwd: ROOT,
    stdout: "piped",
    stderr: "null",
    env: {
      NO_COLOR: "1",
      IRCBUS_PORT: "0",
      DISPLAY: ":ircbus-test",
      PATH: `${bin}:${Deno.env.get("PATH") ?? ""}`,
    },
  }).spawn();
  const stdout = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("ircbus is running")) {
    const { value, done } = await stdout.read();
    if (done) break;
    out += value;
  }
  return {
    out,
    async [Symbol.asyncDispose]() {
      child.kill("SIGTERM");
      await child.status;
      await stdout.cancel();
      await Deno.remove(bin, { recursive: true });
    },
  };
}

Deno.test("deno task run opens the browser while it starts, and a browser that asks at once gets the whole page", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-main-" });
  const fifo = `${dataDir}/opened`;
  await new Deno.Command("mkfifo", { args: [fifo] }).output();
  // Read and write: opening a FIFO only to read would wait for the writer.
  using opened = await Deno.open(fifo, { read: true, write: true });
  const page = `${dataDir}/page.html`;
  try {
    // A browser: follows the token's redirect with its cookie, keeps the page, then says so.
    await using launched = await launchWithOpener(
      dataDir,
      `curl -s -L -c '${dataDir}/jar' -b '${dataDir}/jar' -o '${page}' "$1"; echo $? > '${fifo}'`,
    );
    assert.match(launched.out, /ircbus is running/);
    const said = new Uint8Array(16);
    const n = await opened.read(said);
    assert.equal(new TextDecoder().decode(said.subarray(0, n ?? 0)).trim(), "0");
    assert.match(await Deno.readTextFile(page), /<input id="input"/);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
