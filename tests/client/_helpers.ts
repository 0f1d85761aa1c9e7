/** Shared pieces of the client tests: real InspIRCd, a second IRC user, a WebSocket page. */
import { EventBus, IrcClient } from "../../mod.ts";
import { type ClientOptions, type RunningClient, startClient } from "../../client/mod.ts";
import { Recorder } from "../irc/_recorder.ts";
import type { PeerConn, ScriptedServer } from "../irc/_peer.ts";

export { type IrcServer, startInspircd } from "../irc/_servers.ts";
export { Recorder };

/** IRC settings that keep tests quick: no pacing to speak of. */
export const FAST_IRC: ClientOptions["irc"] = {
  followUpInterval: 20,
  messageRate: { burst: 100, interval: 5 },
};

/** A client on a fresh temp data dir, removed on dispose after the ordered shutdown. */
export async function tempClient(
  options: Partial<ClientOptions> = {},
): Promise<RunningClient & { dataDir: string }> {
  const dataDir = options.dataDir ?? await Deno.makeTempDir({ prefix: "ircbus-client-" });
  const client = await startClient({
    dataDir,
    irc: FAST_IRC,
    quitTimeoutMs: 5000,
    log: () => {},
    ...options,
  });
  return {
    ...client,
    async [Symbol.asyncDispose]() {
      await client.shutdown();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}

/**
 * Saves a network on `server` for `client` (nick "reader"), connects it, and has it join
 * `channel`, the scripted server echoing the JOIN: the start of a page test on one channel.
 * Returns the server's side of the connection.
 */
export async function joinScripted(
  client: RunningClient,
  server: ScriptedServer,
  channel: string,
): Promise<PeerConn> {
  const network = client.networks.add({
    name: "Scripted",
    host: "127.0.0.1",
    port: server.port,
    tls: false,
    nick: "reader",
  });
  const accepted = server.accept().then(async (peer) => (await peer.register(), peer));
  await client.connect(network.id);
  const peer = await accepted;
  await client.perform({ kind: "join", networkId: network.id, channel });
  await peer.expect(new RegExp(`^JOIN ${channel}`));
  await peer.send(`:reader!r@h JOIN ${channel}`);
  return peer;
}

/** A second, independent IRC user on its own bus (the "other side" of a conversation). */
export class Peer implements AsyncDisposable {
  readonly bus = new EventBus();
  readonly events = new Recorder(this.bus);
  readonly irc: IrcClient;

  /** `password`: the server password (PASS), e.g. a bouncer login. */
  constructor(port: number, nick: string, password?: string) {
    this.irc = new IrcClient({
      bus: this.bus,
      networkId: 99,
      host: "127.0.0.1",
      port,
      tls: false,
      nick,
      password,
      ...FAST_IRC,
    });
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.irc.disconnect().catch(() => {});
    this.events[Symbol.dispose]();
    await this.bus.close();
  }
}

/** A WebSocket "page" speaking the protocol, with waits on what it received. */
export class SocketPage implements AsyncDisposable {
  readonly socket: WebSocket;
  readonly received: Record<string, unknown>[] = [];
  #waiters: {
    test: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }[] = [];
  #closed: Promise<void>;
  readonly opened: Promise<void>;

  /** `cookie`: the Cookie header a browser would send (a page loaded from the bare address). */
  constructor(url: string, origin = new URL(url).origin, cookie?: string) {
    const ws = new URL("/ws", url);
    ws.protocol = "ws:";
    ws.search = new URL(url).search;
    // Deno's WebSocket accepts headers, so tests can play a foreign page.
    const headers: Record<string, string> = cookie === undefined ? { origin } : { origin, cookie };
    this.socket = new WebSocket(ws, { headers } as unknown as string[]);
    this.opened = new Promise((resolve, reject) => {
      this.socket.addEventListener("open", () => resolve());
      this.socket.addEventListener("error", () => reject(new Error("WebSocket refused")));
    });
    this.opened.catch(() => {});
    this.#closed = new Promise((resolve) => this.socket.addEventListener("close", () => resolve()));
    this.socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      this.received.push(message);
      this.#waiters = this.#waiters.filter((w) => {
        if (!w.test(message)) return true;
        w.resolve(message);
        return false;
      });
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** Waits for a received message matching `test` (earlier ones count). */
  next(
    test: (m: Record<string, unknown>) => boolean,
    timeoutMs = 20_000,
  ): Promise<Record<string, unknown>> {
    const found = this.received.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        reject(new Error("Timed out waiting for a message from the client"));
      }, timeoutMs);
      const waiter = {
        test,
        resolve: (m: Record<string, unknown>) => {
          clearTimeout(timer);
          resolve(m);
        },
      };
      this.#waiters.push(waiter);
    });
  }

  /** A page on `url` that has had its `hello`, the usual start of a test; closed if none comes. */
  static async greeted(url: string): Promise<SocketPage> {
    const page = new SocketPage(url);
    try {
      await page.next((m) => m.kind === "hello");
      return page;
    } catch (error) {
      await page[Symbol.asyncDispose]();
      throw error;
    }
  }

  /** Sends an action with an id and waits for its reply or error. */
  async request(action: Record<string, unknown>, id: number): Promise<Record<string, unknown>> {
    await this.opened;
    this.send({ ...action, id });
    return await this.next((m) => (m.kind === "reply" || m.kind === "error") && m.id === id);
  }

  /** Every bus event of `type` received in batches so far. */
  events(type: string): Record<string, unknown>[] {
    return this.received.flatMap((m) =>
      m.kind === "batch"
        ? (m.events as { type: string; data: Record<string, unknown> }[])
          .filter((e) => e.type === type).map((e) => e.data)
        : []
    );
  }

  async [Symbol.asyncDispose](): Promise<void> {
    if (
      this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING
    ) {
      this.socket.close();
    }
    await this.#closed;
  }
}

/**
 * The terminal client (`deno task run`) on 127.0.0.1:`port` as "term", joining `channel`, with
 * stdin and stdout piped and colours off.
 */
export function spawnTerminal(
  port: number,
  channel: string,
  stderr: "piped" | "null",
): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: [
      "task",
      "run",
      "--",
      "--server",
      `127.0.0.1:${port}`,
      "--nick",
      "term",
      "--join",
      channel,
    ],
    cwd: new URL("../../", import.meta.url).pathname,
    stdin: "piped",
    stdout: "piped",
    stderr,
    env: { NO_COLOR: "1" },
  }).spawn();
}
