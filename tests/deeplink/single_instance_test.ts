import { databasePath } from "../../storage/data_dir.ts";
import assert from "node:assert/strict";
import {
  handOffLink,
  IrcUrlError,
  listenForLinks,
  parseIrcUrl,
  tokenFilePath,
} from "../../deeplink/mod.ts";

async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "single_instance_test_" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Sends one raw request line to the port and returns the reply line. */
async function rawRequest(port: number, line: string): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await conn.write(new TextEncoder().encode(line));
    let text = "";
    const buffer = new Uint8Array(4096);
    while (!text.includes("\n")) {
      const n = await conn.read(buffer);
      if (n === null) break;
      text += new TextDecoder().decode(buffer.subarray(0, n));
    }
    return text.trim();
  } finally {
    conn.close();
  }
}

Deno.test("listenForLinks() writes a 0600 token file and hands authenticated links to onLink", async () => {
  await withTempDir(async (dir) => {
    const received: string[] = [];
    const listener = await listenForLinks({
      dataDir: dir,
      onLink: (raw) => {
        parseIrcUrl(raw); // an invalid link is refused with its IrcUrlError
        received.push(raw);
      },
    });
    const file = tokenFilePath(dir);
    assert.equal(listener.tokenFile, file);
    const info = await Deno.stat(file);
    assert.equal(info.mode! & 0o777, 0o600);
    const content = JSON.parse(await Deno.readTextFile(file));
    assert.equal(content.port, listener.port);
    assert.equal(content.pid, Deno.pid);
    assert.match(content.token, /^[0-9a-f]{64}$/);

    assert.deepEqual(await handOffLink({ dataDir: dir, link: "ircs://irc.libera.chat/#deno" }), {
      status: "delivered",
    });
    const refused = await handOffLink({ dataDir: dir, link: "irc://example.org:0/#a" });
    assert.equal(refused.status, "rejected");
    assert.equal(refused.status === "rejected" && refused.code, "port_out_of_range");
    assert.deepEqual(received, ["ircs://irc.libera.chat/#deno"]);

    await listener.close();
    await listener.close(); // idempotent
    await assert.rejects(Deno.stat(file), Deno.errors.NotFound);
    assert.deepEqual(await handOffLink({ dataDir: dir, link: "irc://a.example" }), {
      status: "no-instance",
      reason: "no token file",
    });
  });
});

Deno.test("the listener refuses a wrong token, a missing token and non-protocol requests", async () => {
  await withTempDir(async (dir) => {
    const received: string[] = [];
    await using listener = await listenForLinks({
      dataDir: dir,
      onLink: (raw) => received.push(raw),
    });
    const { token } = JSON.parse(await Deno.readTextFile(listener.tokenFile));
    const wrong = token.replace(/^./, (c: string) => (c === "0" ? "1" : "0"));

    const replies = [
      await rawRequest(
        listener.port,
        `${JSON.stringify({ token: wrong, link: "irc://evil.example/#x" })}\n`,
      ),
      await rawRequest(
        listener.port,
        `${JSON.stringify({ token: token.slice(0, 10), link: "irc://evil.example/#x" })}\n`,
      ),
      await rawRequest(listener.port, `${JSON.stringify({ link: "irc://evil.example/#x" })}\n`),
      // A web page can only reach the port with HTTP, which is not the protocol.
      await rawRequest(listener.port, "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n{}\n"),
    ];
    assert.equal(JSON.parse(replies[0]).status, "unauthorized");
    assert.equal(JSON.parse(replies[1]).status, "unauthorized");
    assert.equal(JSON.parse(replies[2]).code, "bad_request");
    assert.equal(JSON.parse(replies[3]).code, "bad_request");
    assert.deepEqual(received, [], "no unauthenticated link reached onLink");

    // A sender holding a different token does not deliver, and falls back to cold start.
    await Deno.writeTextFile(
      listener.tokenFile,
      JSON.stringify({ version: 1, pid: 1, port: listener.port, token: wrong }),
    );
    const result = await handOffLink({ dataDir: dir, link: "irc://a.example/#x" });
    assert.equal(result.status, "no-instance");
    assert.deepEqual(received, []);
  });
});

Deno.test("handOffLink() reports a stale token file (dead instance) as no-instance without hanging", async () => {
  await withTempDir(async (dir) => {
    const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const deadPort = probe.addr.port;
    probe.close();
    const file = tokenFilePath(dir);
    await Deno.writeTextFile(
      file,
      JSON.stringify({ version: 1, pid: 999999, port: deadPort, token: "a".repeat(64) }),
      { mode: 0o600 },
    );
    const result = await handOffLink({ dataDir: dir, link: "irc://a.example/#x" });
    assert.equal(result.status, "no-instance");
    assert.match(result.status === "no-instance" ? result.reason : "", /^stale token file/);

    // A new instance replaces the stale file.
    const listener = await listenForLinks({ dataDir: dir, onLink: () => {} });
    assert.equal(JSON.parse(await Deno.readTextFile(file)).port, listener.port);
    assert.equal(
      (await handOffLink({ dataDir: dir, link: "irc://a.example/#x" })).status,
      "delivered",
    );
    await listener.close();
  });
});

Deno.test("handOffLink() gives up on a port that accepts but never answers", async () => {
  await withTempDir(async (dir) => {
    const silent = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const held: Deno.Conn[] = [];
    const accepting = (async () => {
      for await (const conn of silent) held.push(conn);
    })().catch(() => {});
    await Deno.writeTextFile(
      tokenFilePath(dir),
      JSON.stringify({ version: 1, pid: 1, port: silent.addr.port, token: "b".repeat(64) }),
      { mode: 0o600 },
    );
    const result = await handOffLink({ dataDir: dir, link: "irc://a.example/#x", timeout: 300 });
    assert.equal(result.status, "no-instance");
    assert.match(result.status === "no-instance" ? result.reason : "", /no answer within 300 ms/);
    silent.close();
    await accepting;
    for (const conn of held) conn.close();
  });
});

Deno.test("handOffLink() distrusts garbled or group/world-readable token files", async () => {
  await withTempDir(async (dir) => {
    const file = tokenFilePath(dir);
    await Deno.writeTextFile(file, "{not json", { mode: 0o600 });
    assert.deepEqual(await handOffLink({ dataDir: dir, link: "irc://a.example" }), {
      status: "no-instance",
      reason: "garbled token file",
    });
    await Deno.writeTextFile(file, JSON.stringify({ port: 1, token: "c".repeat(64) }));
    await Deno.chmod(file, 0o644);
    const result = await handOffLink({ dataDir: dir, link: "irc://a.example" });
    assert.equal(result.status, "no-instance");
    assert.match(
      result.status === "no-instance" ? result.reason : "",
      /untrusted token file: mode 644/,
    );
  });
});

Deno.test("an onLink failure other than IrcUrlError is reported, not fatal", async () => {
  await withTempDir(async (dir) => {
    const errors: Error[] = [];
    await using _listener = await listenForLinks({
      dataDir: dir,
      onLink: () => {
        throw new Error("store is down");
      },
      onError: (error) => errors.push(error),
    });
    const result = await handOffLink({ dataDir: dir, link: "irc://a.example" });
    assert.equal(result.status === "rejected" && result.code, "internal");
    assert.equal(errors[0]?.message, "store is down");
    assert.ok(!(errors[0] instanceof IrcUrlError));
  });
});

// --- Two real processes through deeplink/cli.ts -------------------------------------------

const CLI = new URL("../../deeplink/cli.ts", import.meta.url).pathname;
const PERMISSIONS = [
  "--no-prompt",
  "--allow-read",
  "--allow-write",
  "--allow-net=127.0.0.1",
  "--allow-env",
  "--allow-sys=uid",
];

interface Running {
  child: Deno.ChildProcess;
  nextLine(): Promise<string>;
  stop(signal: Deno.Signal): Promise<{ code: number; stderr: string }>;
}

function startCli(dataDir: string, link?: string): Running {
  const args = ["run", ...PERMISSIONS, CLI, "--data-dir", dataDir, ...(link ? [link] : [])];
  const child = new Deno.Command(Deno.execPath(), {
    args,
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  })
    .spawn();
  const stderr = new Response(child.stderr).text();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  async function nextLine(): Promise<string> {
    // Generous deadline: a loaded 2-core machine may be slow to start deno.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("no line from the CLI within 60 s")), 60_000);
    });
    try {
      while (!buffer.includes("\n")) {
        const { value, done } = await Promise.race([reader.read(), deadline]);
        if (done) throw new Error(`the CLI ended its output; stderr: ${await stderr}`);
        buffer += value;
      }
    } finally {
      clearTimeout(timer);
    }
    const newline = buffer.indexOf("\n");
    const line = buffer.slice(0, newline);
    buffer = buffer.slice(newline + 1);
    return line;
  }
  async function stop(signal: Deno.Signal) {
    child.kill(signal);
    const status = await child.status;
    await reader.cancel();
    return { code: status.code, stderr: await stderr };
  }
  return { child, nextLine, stop };
}

async function runCli(dataDir: string, link: string): Promise<{ code: number; stderr: string }> {
  const args = ["run", ...PERMISSIONS, CLI, "--data-dir", dataDir, link];
  const output = await new Deno.Command(Deno.execPath(), {
    args,
    stdout: "null",
    stderr: "piped",
    stdin: "null",
  })
    .output();
  return { code: output.code, stderr: new TextDecoder().decode(output.stderr) };
}

Deno.test({
  name: "cli.ts: a second process hands its link to the running instance and exits 0",
  async fn() {
    await withTempDir(async (dir) => {
      const { NetworkStore } = await import("../../deeplink/mod.ts");
      const store = new NetworkStore(databasePath(dir));
      const libera = store.add({ name: "Libera", host: "irc.libera.chat", nick: "alice" });
      store.close();

      // Process A: no instance yet, so it becomes the instance; its own link is delivered
      // at cold start.
      const a = startCli(dir, "ircs://irc.libera.chat/#one");
      try {
        assert.equal(
          await a.nextLine(),
          `{"name":"deeplink:join","payload":{"networkId":${libera.id},"targets":[{"name":"#one","isNick":false,"key":""}]}}`,
        );
        assert.equal((await Deno.stat(tokenFilePath(dir))).mode! & 0o777, 0o600);

        // Process B hands its link over and exits 0; A delivers it.
        const b = await runCli(dir, "irc://new.example:7000/#two");
        assert.equal(b.code, 0, b.stderr);
        assert.match(b.stderr, /Handed the link to the running instance/);
        assert.equal(
          await a.nextLine(),
          '{"name":"deeplink:add-network","payload":{"host":"new.example","port":7000,"tls":false,"channel":"#two"}}',
        );

        // Process C has an invalid link: it prints the IrcUrlError and exits non-zero.
        const c = await runCli(dir, "irc://new.example/%23a%0D%0AQUIT");
        assert.equal(c.code, 2);
        assert.match(c.stderr, /IrcUrlError \[invalid_name\]: Cannot parse IRC link/);
      } finally {
        const { code, stderr } = await a.stop("SIGTERM");
        assert.equal(code, 0, stderr);
      }
      await assert.rejects(
        Deno.stat(tokenFilePath(dir)),
        Deno.errors.NotFound,
        "A removed its token file",
      );
    });
  },
});

Deno.test({
  name: "cli.ts: after an instance dies, its stale token file does not stop the next launch",
  async fn() {
    await withTempDir(async (dir) => {
      const dead = startCli(dir, "irc://a.example/#first");
      assert.match(await dead.nextLine(), /"channel":"#first"/);
      await dead.stop("SIGKILL"); // no cleanup: the token file stays behind
      await Deno.stat(tokenFilePath(dir));

      const next = startCli(dir, "irc://b.example/#second");
      try {
        assert.equal(
          await next.nextLine(),
          '{"name":"deeplink:add-network","payload":{"host":"b.example","port":6667,"tls":false,"channel":"#second"}}',
        );
        // And it is the instance now.
        const handed = await runCli(dir, "irc://c.example/#third");
        assert.equal(handed.code, 0, handed.stderr);
        assert.match(await next.nextLine(), /"channel":"#third"/);
      } finally {
        await next.stop("SIGTERM");
      }
    });
  },
});

Deno.test("listenForLinks() answers a launch queued behind idle connections that fill its cap", async () => {
  await withTempDir(async (dataDir) => {
    const links: string[] = [];
    await using listener = await listenForLinks({
      dataDir,
      onLink: (raw) => links.push(raw),
      maxConnections: 2,
    });
    const idle = [
      await Deno.connect({ hostname: "127.0.0.1", port: listener.port }),
      await Deno.connect({ hostname: "127.0.0.1", port: listener.port }),
    ];
    // The idle ones are dropped after 2 s, within the launch's 3 s wait.
    const result = await handOffLink({ dataDir, link: "irc://a.example/#queued" });
    assert.deepEqual(result, { status: "delivered" });
    assert.deepEqual(links, ["irc://a.example/#queued"]);
    for (const conn of idle) {
      assert.equal(await conn.read(new Uint8Array(16)), null, "the idle connection was closed");
      conn.close();
    }
  });
});

Deno.test("handOffLink() refuses a token file that is a FIFO instead of waiting on it", async () => {
  await withTempDir(async (dir) => {
    const made = await new Deno.Command("mkfifo", { args: ["-m", "600", tokenFilePath(dir)] })
      .output();
    assert.ok(made.success, "mkfifo");
    const result = await handOffLink({ dataDir: dir, link: "irc://a.example" });
    assert.equal(result.status, "no-instance");
    assert.match(result.reason ?? "", /must be a regular file/);
  });
});
