/** The terminal client's commands against a real InspIRCd, checked from a second user's side. */
import assert from "node:assert/strict";
import { Peer, spawnTerminal, startInspircd } from "./_helpers.ts";

/** The terminal's stdout, read line by line, with waits on what it printed. */
class Output {
  readonly lines: string[] = [];
  #waiters: { re: RegExp; resolve: (line: string) => void }[] = [];
  readonly done: Promise<void>;

  constructor(stream: ReadableStream<string>) {
    this.done = (async () => {
      let pending = "";
      for await (const chunk of stream) {
        pending += chunk;
        let nl: number;
        while ((nl = pending.indexOf("\n")) !== -1) {
          const line = pending.slice(0, nl);
          pending = pending.slice(nl + 1);
          this.lines.push(line);
          this.#waiters = this.#waiters.filter((w) => {
            if (!w.re.test(line)) return true;
            w.resolve(line);
            return false;
          });
        }
      }
    })();
  }

  waitFor(re: RegExp, timeoutMs = 20_000): Promise<string> {
    const found = this.lines.find((line) => re.test(line));
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Timed out waiting for ${re}; got ${this.lines.join("\n")}`)),
        timeoutMs,
      );
      this.#waiters.push({
        re,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
    });
  }
}

Deno.test("deno task run: /topic, /op, /kick, /away, /quote, /list, usage errors and /search refused on InspIRCd", async () => {
  await using server = await startInspircd();
  await using bob = new Peer(server.port, "bob");
  const child = spawnTerminal(server.port, "#t", "null");
  const out = new Output(child.stdout.pipeThrough(new TextDecoderStream()));
  const writer = child.stdin.getWriter();
  const type = (line: string) => writer.write(new TextEncoder().encode(`${line}\n`));
  try {
    // The first to join gets channel operator status, which /op and /kick need.
    await out.waitFor(/#t → term joined/);
    await bob.irc.connect();
    bob.irc.join("#t");
    await out.waitFor(/#t → bob joined/);

    await type("/topic the terminal sets this");
    const topic = await bob.events.waitFor(
      "channel.topic",
      (d) => d.topic === "the terminal sets this",
    );
    assert.equal(topic.data.setter, "term");

    await type("/op bob");
    await bob.events.waitFor("channel.mode", (d) => d.modes === "+o bob");

    await type("/away gone fishing");
    // Each WHOIS waits for the server's reply; the terminal's AWAY may land after the first.
    let info = await bob.irc.whois("term");
    for (let i = 0; i < 20 && !info.away; i++) info = await bob.irc.whois("term");
    assert.equal(info.away_message, "gone fishing");

    await type("/quote PRIVMSG bob :straight from the wire");
    await bob.events.waitFor("message.received", (d) => d.message === "straight from the wire");

    await type("/list");
    await out.waitFor(/-- #t \(2\) .*the terminal sets this/);
    await out.waitFor(/-- end of list: 1 channels/);

    await type("/kick");
    await out.waitFor(/-- usage: \/kick <nick> \[reason\]/);

    await type("/kick bob out you go");
    const kicked = await bob.events.waitFor("user.kicked", (d) => d.nickname === "bob");
    assert.equal(kicked.data.reason, "out you go");
    assert.equal(kicked.data.kicker, "term");

    await type("/search fishing");
    await out.waitFor(/-- Cannot run \/search in the terminal/);

    await type("/help topic");
    await out.waitFor(/-- \/topic \[#channel\] \[text\] - Show or set a channel's topic/);

    await type("/quit done");
    await out.waitFor(/connection lost/);
  } finally {
    await writer.close().catch(() => {});
    const status = await child.status;
    await out.done;
    assert.equal(status.code, 0);
  }
});
