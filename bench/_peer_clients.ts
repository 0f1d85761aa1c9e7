/**
 * The two clients the `peers` bench drives the same way: each prepared with the same
 * networks, launched as its own process, and read from a page through the same readiness
 * definition: the message input visible and a network shown registered. Registered, not
 * connected: The Lounge shows a network connected at its TCP connect, before the server has
 * registered it, ircbus only once registration ends (the end of the MOTD). Each is marked at
 * what its page shows at the end of the MOTD, so both are timed to the same moment.
 *
 * @module
 */
import { join } from "node:path";
import { runV8Flags } from "./_run_flags.ts";
import { createEvent, EventBus } from "../bus/mod.ts";
import { MessageStore } from "../history/mod.ts";
import { NetworkStore } from "../deeplink/mod.ts";
import { databasePath, historyPath } from "../storage/data_dir.ts";
import type { Page } from "playwright-core";
import type { Readiness } from "./_page.ts";
import {
  installTheLounge,
  LOUNGE_SESSION,
  loungeHome,
  loungeSession,
  type PeerNetwork,
} from "./_thelounge.ts";

export type { PeerNetwork };

const ROOT = new URL("../", import.meta.url).pathname;

/** A client's running process: started (bench clock) once spawned, serving at `url`. */
export interface Launched {
  url: string;
  started: number;
  pid: number;
  stop(): Promise<void>;
}

/** One client, as the peer bench drives it. */
export interface PeerClient {
  /** The name printed. */
  name: string;
  /** Its version, once installed. */
  version: string;
  /** What shows its page usable: the message input, and a network shown registered. */
  ready: Readiness;
  /**
   * An earlier moment its page once counted as usable, timed beside `ready` in the launch
   * lines so that the change of definition stays explained (The Lounge: a network shown
   * connected at its TCP connect, before registration).
   */
  earlier?: { what: string; ready: Readiness };
  /** A place holding `networks` (their channels saved), for {@linkcode PeerClient.launch}. */
  prepare(networks: PeerNetwork[]): Promise<string>;
  /** Starts the client on a place from {@linkcode PeerClient.prepare}. */
  launch(place: string): Promise<Launched>;
  /** What a page needs before it loads (a signed-in session). */
  preparePage(page: Page): Promise<void>;
  /** The selector of a channel in the buffer list. */
  channel(name: string): string;
  /** The selector of a nick in the open channel's user list. */
  member(nick: string): string;
  /** Removes a place. */
  remove(place: string): Promise<void>;
}

/** Clients running now, so an interrupted bench ends them ({@linkcode stopAll}). */
const running = new Set<Deno.ChildProcess>();

/** Kills every client process this module started and has not stopped yet. */
export function stopAll(): void {
  for (const child of running) {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  }
  running.clear();
}

/**
 * Spawns `command` and reads its output until `found` matches a line: the address it
 * serves. The output is drained after, so a chatty client never blocks on a full pipe.
 */
async function spawn(
  command: Deno.Command,
  found: RegExp,
  what: string,
  opened?: Deno.FsFile,
): Promise<Launched> {
  const started = performance.now();
  const child = command.spawn();
  running.add(child);
  // Where the address comes from: what the client prints, or what it opens the browser with.
  const reader = (opened?.readable ?? child.stdout).pipeThrough(new TextDecoderStream())
    .getReader();
  const exited = child.status.then(() => ({ value: undefined, done: true as const }));
  let out = "";
  let url: string | undefined;
  while (url === undefined) {
    const { value, done } = await Promise.race([reader.read(), exited]);
    if (done) throw new Error(`Cannot bench ${what}: it exited, got ${out.slice(-500)}`);
    // A match ends at white space, so a chunk cut inside the address waits for the rest.
    out += value;
    url = out.match(found)?.[1];
  }
  const draining = (async () => {
    try {
      while (!(await reader.read()).done) { /* drained */ }
    } catch { /* cancelled */ }
  })();
  let stopped: Promise<void> | undefined;
  const stop = () =>
    stopped ??= (async () => {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await child.status;
      clearTimeout(killer);
      running.delete(child);
      await reader.cancel().catch(() => {});
      await draining;
    })();
  return { url, started, pid: child.pid, stop };
}

/**
 * ircbus as `deno task run` starts it (with a warm cache) from the checkout at `root`: another
 * checkout lets a bench set a change beside the code before it, in the same run.
 */
export function ircbusAt(root: string, name = "ircbus"): PeerClient {
  return {
    ...ircbus,
    name,
    launch: (dataDir) => launchIrcbus(root, dataDir),
  };
}

/**
 * This checkout's ircbus, then the checkout in `against` (a bench's `--against DIR`) when
 * given, to be launched in turns.
 */
export function ircbusCheckouts(against: string | undefined): PeerClient[] {
  return against === undefined ? [ircbus] : [ircbus, ircbusAt(against, `ircbus at ${against}`)];
}

/**
 * ircbus opens the browser itself once its page is served, before its start is done and its
 * address printed: the bench takes that moment, as a user's browser would, through an
 * `xdg-open` of its own that writes the address to a FIFO the bench reads.
 */
async function launchIrcbus(root: string, dataDir: string): Promise<Launched> {
  const opener = await Deno.makeTempDir({ prefix: "ircbus-bench-opener-" });
  const fifo = join(opener, "opened");
  await new Deno.Command("mkfifo", { args: [fifo] }).output();
  await Deno.writeTextFile(
    join(opener, "xdg-open"),
    `#!/bin/sh\nprintf 'open %s \\n' "$1" > '${fifo}'\n`,
    { mode: 0o755 },
  );
  // Read and write: opening a FIFO only to read would wait for the writer.
  const opened = await Deno.open(fifo, { read: true, write: true });
  const command = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--no-prompt",
      "--cached-only",
      ...runV8Flags(root),
      "main.ts",
      "--data-dir",
      dataDir,
      "--port",
      "0",
    ],
    cwd: root,
    env: { DISPLAY: ":bench", PATH: `${opener}:${Deno.env.get("PATH") ?? ""}` },
    stdout: "null",
    stderr: "null",
  });
  // The FIFO is the reader's from here: stopping the client cancels it, which closes it.
  const launched = await spawn(command, /open (http:\/\/\S+)\s/, "ircbus", opened);
  return {
    ...launched,
    stop: async () => {
      await launched.stop();
      await Deno.remove(opener, { recursive: true });
    },
  };
}

/** ircbus, as `deno task run` starts it (with a warm cache). */
export const ircbus: PeerClient = {
  name: "ircbus",
  version: "",
  // Set once the adapter has the end of the MOTD (irc/_motd.ts): registration is over.
  ready: { input: "#input", marker: "#network-buttons button.connected" },
  async prepare(networks) {
    const dataDir = await Deno.makeTempDir({ prefix: "ircbus-bench-peers-" });
    using store = new NetworkStore(databasePath(dataDir));
    for (const network of networks) {
      const { id } = store.add({
        name: network.name,
        host: "127.0.0.1",
        port: network.port,
        tls: false,
        nick: "bench",
        username: "bench",
        realname: "bench",
        autoconnect: true,
      });
      for (const name of network.channels) store.saveChannel(id, { name });
    }
    return dataDir;
  },
  launch: (dataDir) => launchIrcbus(ROOT, dataDir),
  preparePage: () => Promise.resolve(),
  channel: (name) => `#buffer-list li[data-key="${name}"]`,
  member: (nick) => `#nicklist li[data-nick="${nick}"]`,
  remove: (dataDir) => Deno.remove(dataDir, { recursive: true }),
};

/**
 * Fills the history of a place from {@linkcode ircbus}'s `prepare` with `count` lines in
 * `channel` of its first network: `stored line N` from user`N % 500`, 10 ms apart, all read.
 */
export async function fillHistory(dataDir: string, channel: string, count: number) {
  let networkId: number;
  {
    using store = new NetworkStore(databasePath(dataDir));
    networkId = store.list()[0].id;
  }
  await using bus = new EventBus();
  using history = MessageStore.open(historyPath(dataDir));
  history.attach(bus);
  const t0 = Date.now() - count * 10;
  for (let i = 0; i < count; i++) {
    const event = createEvent(
      "message.received",
      {
        networkId,
        channel,
        user: `user${i % 500}`,
        message: `stored line ${i}`,
        timestamp: 0,
        msgid: `stored${i}`,
        kind: "message",
      },
      "irc",
      new Date(t0 + i * 10),
    );
    if (!bus.tryEmit(event)) await bus.emit(event);
  }
  // Read to the end before the restart, as a user who was following it: the page then opens
  // the buffer at its last lines, not at the first unread one.
  await bus.emitSync(
    createEvent(
      "buffer.read",
      { networkId, buffer: channel, timestamp: new Date(t0 + (count - 1) * 10).toISOString() },
      "ui",
    ),
  );
  await history.flush();
  history.index();
}

/**
 * The Lounge's first network shown registered: the MOTD (or its "no MOTD" error) in its lobby.
 * A page that opens after registration gets only the lobby's last line at first. Against the
 * scripted server and InspIRCd that is the MOTD; a server that sent more after it would have the
 * line come with the older ones the page then asks for (`more`), a round trip later.
 */
const LOUNGE_REGISTERED = '.chat-view[data-type="lobby"] .msg[data-command="motd"]';

/** The Lounge, installed from npm on first use; {@linkcode theLounge} fills in its version. */
export async function theLounge(log: (line: string) => void): Promise<PeerClient> {
  const install = await installTheLounge(log);
  return {
    name: "The Lounge",
    version: install.version,
    // The lobby's MOTD line: irc-framework's "motd" (376, or 422 with the error) puts it there
    // (dist/server/plugins/irc-events/motd.js), the moment ircbus shows a network connected.
    // The network's own "connected" comes from its "socket connected" (connection.js), before
    // NICK and USER are answered. A fresh process opens the first network's lobby: its last
    // active channel lives in memory only, so the page falls back to networks[0].channels[0].
    ready: { input: "#input", marker: LOUNGE_REGISTERED },
    earlier: {
      what: "The Lounge at TCP connect",
      ready: { input: "#input", marker: ".network:not(.not-connected)" },
    },
    prepare: (networks) => loungeHome(networks),
    launch(home) {
      const command = new Deno.Command(install.node, {
        args: [install.entry, "start"],
        env: { THELOUNGE_HOME: home, NODE_ENV: "production", FORCE_COLOR: "0" },
        stdout: "piped",
        stderr: "null",
      });
      return spawn(command, /Available at (http:\/\/\S+)\s/, "The Lounge");
    },
    async preparePage(page) {
      await page.addInitScript(loungeSession, LOUNGE_SESSION);
    },
    channel: (name) => `.channel-list-item[data-name="${name}"]`,
    member: (nick) => `.userlist .user[data-name="${nick}"]`,
    remove: (home) => Deno.remove(home, { recursive: true }),
  };
}
