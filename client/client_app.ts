import type { DatabaseSync } from "node:sqlite";
import { createEvent, EventBus, EventSourceUI } from "../bus/mod.ts";
import { openDatabase } from "../storage/database.ts";
import { databasePath } from "../storage/data_dir.ts";
import { type Network, NetworkStore } from "../storage/network_store.ts";
import { backoff, IrcClient, type IrcClientOptions } from "../irc/mod.ts";
import { PluginHost, type PluginHostOptions } from "../plugins/mod.ts";
import {
  DeepLinkHandler,
  FrontendEvents,
  type FrontendTransport,
  type LinkListener,
  listenForLinks,
} from "../deeplink/mod.ts";
import { type Action, type NetworkView, parseAction } from "./web/protocol.js";
import { UiState } from "./ui_state.ts";
import { serveWeb, type WebServer, type WebServerOptions } from "./web_server.ts";
import { webToken } from "./_web_token.ts";
import type { PageSocket } from "./page_socket.ts";
import { shutdownInOrder, type ShutdownReport } from "./shutdown.ts";
import { Autojoin } from "./_autojoin.ts";

/** The protocol version the hello carries. */
const PROTOCOL_VERSION = 1;
/** Frontend frames kept while no page is open, oldest dropped first beyond this. */
const FRONTEND_QUEUE = 256;

/**
 * Options of {@linkcode startClient}.
 *
 * @example
 * ```ts
 * import type { ClientOptions } from "./client_app.ts";
 * const options: ClientOptions = { dataDir: "/tmp/ircbus", port: 0 };
 * ```
 */
export interface ClientOptions {
  /** Where the database and plugin data live; created (0700) when missing. */
  dataDir: string;
  /**
   * The web UI port; 0 (default) picks a free one (`deno task run` passes its fixed
   * default). A port another program holds rejects with `PortInUseError`.
   */
  port?: number;
  /** An `irc://` link to handle at cold start (delivered once the page is ready). */
  link?: string;
  /** Limits of the web server (tests lower them); the defaults are in `WebServerOptions`. */
  web?: Pick<WebServerOptions, "maxConnections" | "requestTimeoutMs" | "maxMessageBytes">;
  /** Listen for links handed off by later launches (default true). */
  singleInstance?: boolean;
  /** Bound on the QUIT wait at shutdown. Default 3000 ms. */
  quitTimeoutMs?: number;
  /** Extra IRC options for every network (tests lower the pacing). */
  irc?: Partial<Omit<IrcClientOptions, "bus" | "networkId" | "host" | "port" | "tls" | "nick">>;
  /** Extra plugin host options. */
  plugins?: Partial<Omit<PluginHostOptions, "bus" | "dataDir" | "db" | "irc">>;
  /** Where status lines go. Default `console.error`. */
  log?: (line: string) => void;
}

/**
 * A running client.
 *
 * @example
 * ```ts ignore
 * const client = await startClient({ dataDir: "/tmp/ircbus" });
 * console.log(client.url);
 * await client.shutdown();
 * ```
 */
export interface RunningClient extends AsyncDisposable {
  /** The web UI URL with the token: it sets the cookie and redirects to `address`. */
  readonly url: string;
  /** The bare web UI address, for bookmarks (the browser's cookie authenticates it). */
  readonly address: string;
  /** The data dir in use. */
  readonly dataDir: string;
  /** The bus. */
  readonly bus: EventBus;
  /** The saved networks. */
  readonly networks: NetworkStore;
  /** The plugin host. */
  readonly plugins: PluginHost;
  /** Connects a saved network; resolves once registered. */
  connect(networkId: number): Promise<void>;
  /** The IRC client of a network, when one was started. */
  irc(networkId: number): IrcClient | undefined;
  /** Runs one UI action as if the page sent it (what the WebSocket does). */
  perform(action: Action): Promise<unknown>;
  /** The ordered shutdown: QUIT (bounded), plugins, bus (drained), storage. Idempotent. */
  shutdown(): Promise<ShutdownReport>;
}

interface Page {
  socket: PageSocket;
  ready: boolean;
}

/**
 * Starts the client: opens the data dir's database, connects autoconnect networks, loads
 * the enabled plugins, serves the web UI on 127.0.0.1 and listens for handed-off links.
 *
 * @example
 * ```ts
 * import { startClient } from "./client_app.ts";
 * const dataDir = await Deno.makeTempDir();
 * const client = await startClient({ dataDir, singleInstance: false, log: () => {} });
 * console.log(client.url.startsWith("http://127.0.0.1:")); // true
 * await client.shutdown();
 * await Deno.remove(dataDir, { recursive: true });
 * ```
 */
export async function startClient(options: ClientOptions): Promise<RunningClient> {
  const log = options.log ?? ((line: string) => console.error(line));
  const dataDir = options.dataDir;
  await Deno.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const db: DatabaseSync = openDatabase(databasePath(dataDir));
  const store = new NetworkStore(db);
  const bus = new EventBus({
    onSubscriberError: (error) => log(`bus: ${error instanceof Error ? error.message : error}`),
  });
  const clients = new Map<number, IrcClient>();
  const pages = new Set<Page>();

  const broadcast = (message: unknown) => {
    // UI batches keep coming with no page open: serialize them only for someone.
    if (pages.size === 0) return;
    const frame = JSON.stringify(message);
    for (const page of pages) page.socket.send(frame);
  };

  const autojoin = new Autojoin({
    bus,
    store,
    nickOf: (networkId) => clients.get(networkId)?.nickname,
    onError: (error) => log(`autojoin: ${error instanceof Error ? error.message : error}`),
  });

  const ui = new UiState({ bus, onBatch: (batch) => broadcast({ kind: "batch", ...batch }) });

  const plugins = new PluginHost({
    bus,
    dataDir,
    db,
    irc: { send: (networkId, target, text) => ircOf(networkId, "send").say(target, text) },
    onLog: (plugin, level, message) => log(`[plugin:${plugin}] ${level}: ${message}`),
    ...options.plugins,
  });

  // Frontend events (deeplink:*) go to the newest page that said ready; kept while none did.
  const frontendQueue: string[] = [];
  const transport: FrontendTransport = {
    send(frame) {
      const ready = [...pages].filter((p) => p.ready);
      if (ready.length === 0) {
        frontendQueue.push(frame);
        if (frontendQueue.length > FRONTEND_QUEUE) frontendQueue.shift();
        return;
      }
      // One page acts on a link (the newest ready one), so two tabs never join twice.
      ready[ready.length - 1].socket.send(`{"kind":"frontend","event":${frame}}`);
    },
    listen: () => () => {},
  };
  const frontend = new FrontendEvents({ transport });
  const links = new DeepLinkHandler({ store, frontend });

  function ircOf(networkId: number, action: string): IrcClient {
    const client = clients.get(networkId);
    if (!client) {
      throw new Error(`Cannot ${action}: the network is not connected, got ${networkId}`);
    }
    return client;
  }

  function view(network: Network): NetworkView {
    const client = clients.get(network.id);
    return {
      id: network.id,
      name: network.name,
      host: network.host,
      port: network.port,
      tls: network.tls,
      nick: network.nick,
      autoconnect: network.autoconnect,
      username: network.username,
      realname: network.realname,
      state: client?.state ?? "disconnected",
      currentNick: client?.nickname ?? network.nick,
      channels: ui.channels(network.id),
    };
  }

  const pushState = (networkId: number) => {
    const client = clients.get(networkId);
    broadcast({
      kind: "network.state",
      networkId,
      state: client?.state ?? "disconnected",
      nick: client?.nickname ?? store.get(networkId)?.nick ?? "",
    });
  };
  const pushNetworks = () => broadcast({ kind: "networks", networks: store.list().map(view) });
  const pluginsMessage = () => ({
    kind: "plugins",
    plugins: plugins.list(),
    audit: plugins.audit(undefined, { last: 200 }),
    commands: plugins.commands(),
  });

  const stateEvents = ["connection.established", "connection.lost", "user.nick"] as const;
  const unsubscribers = stateEvents.map((type) =>
    bus.subscribe(type, (event) => {
      // After the batch that carries the event itself.
      const id = (event.data as { networkId: number }).networkId;
      queueMicrotask(() => pushState(id));
    })
  );
  unsubscribers.push(
    bus.subscribe("plugin.lifecycle", () => queueMicrotask(() => broadcast(pluginsMessage()))),
  );

  async function connect(networkId: number): Promise<void> {
    const network = store.get(networkId);
    if (!network) throw new Error(`Cannot connect: no such network, got ${networkId}`);
    const existing = clients.get(networkId);
    if (existing && existing.state !== "disconnected") return;
    const client = new IrcClient({
      bus,
      networkId,
      host: network.host,
      port: network.port,
      tls: network.tls,
      nick: network.nick,
      altNicks: [`${network.nick}_`, `${network.nick}__`],
      username: network.username || undefined,
      realname: network.realname || undefined,
      reconnect: {},
      ...options.irc,
    });
    clients.set(networkId, client);
    pushState(networkId);
    try {
      await client.connect();
      // Rejoined after every later reconnect by the client itself.
      autojoin.joinSaved(networkId, client);
    } finally {
      pushState(networkId);
    }
  }

  /** Launch connects still retrying, by network: a disconnect or the shutdown stops one. */
  const retries = new Map<number, AbortController>();

  /**
   * Connects a network on launch and, while it fails (server down, no network yet), tries
   * again with the reconnect backoff, until it connects, the user disconnects it or turns
   * connect on start off, or the client stops.
   */
  async function connectOnStart(networkId: number): Promise<void> {
    const retry = new AbortController();
    retries.set(networkId, retry);
    const signal = retry.signal;
    try {
      for (let attempt = 0; !signal.aborted; attempt++) {
        try {
          await connect(networkId);
          return;
        } catch (error) {
          if (signal.aborted) return;
          const name = store.get(networkId)?.name ?? networkId;
          log(`Cannot connect to ${name}: ${(error as Error).message}`);
        }
        if (!store.get(networkId)?.autoconnect) return;
        const delay = backoff(attempt, { ...options.irc?.reconnect });
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, delay);
          signal.addEventListener("abort", done, { once: true });
          function done() {
            clearTimeout(timer);
            signal.removeEventListener("abort", done);
            resolve();
          }
        });
      }
    } finally {
      if (retries.get(networkId) === retry) retries.delete(networkId);
    }
  }

  async function disconnect(networkId: number): Promise<void> {
    retries.get(networkId)?.abort();
    const client = clients.get(networkId);
    if (!client) return;
    await client.disconnect("Leaving");
    ui.forget(networkId);
    pushState(networkId);
  }

  async function perform(action: Action, page?: Page): Promise<unknown> {
    switch (action.kind) {
      case "ready":
        if (page) {
          page.ready = true;
          for (const frame of frontendQueue.splice(0)) {
            page.socket.send(`{"kind":"frontend","event":${frame}}`);
          }
        }
        links.ready();
        return null;
      case "connect":
        await connect(action.networkId);
        return null;
      case "disconnect":
        await disconnect(action.networkId);
        return null;
      case "join": {
        const client = ircOf(action.networkId, "join");
        autojoin.joining(action.networkId, action.channel, action.key);
        client.join(action.channel, action.key);
        return null;
      }
      case "part": {
        // Leaving is the user's choice even offline: the channel is not rejoined.
        store.removeChannel(action.networkId, action.channel);
        const client = clients.get(action.networkId);
        if (client?.state === "connected") client.part(action.channel, action.reason);
        return null;
      }
      case "buffer.read":
        await bus.emit(createEvent("buffer.read", {
          networkId: action.networkId,
          buffer: action.buffer,
          timestamp: action.timestamp,
        }, EventSourceUI));
        return null;
      case "say":
        ircOf(action.networkId, "say").say(action.target, action.text);
        return null;
      case "me":
        ircOf(action.networkId, "send an action").action(action.target, action.text);
        return null;
      case "whois":
        return await ircOf(action.networkId, "whois").whois(action.nick, { timeoutMs: 15_000 });
      case "nick":
        ircOf(action.networkId, "change nick").quote(`NICK ${action.nick}`);
        return null;
      case "command":
        await plugins.runCommand(action.name, action.args);
        return null;
      case "network.add": {
        const network = store.add(action.network);
        pushNetworks();
        if (action.connect) await connect(network.id);
        return { networkId: network.id };
      }
      case "network.update": {
        if (!store.update(action.networkId, action.network)) {
          throw new Error(`Cannot edit network: no such network, got ${action.networkId}`);
        }
        pushNetworks();
        return null;
      }
      case "network.remove":
        await disconnect(action.networkId);
        clients.delete(action.networkId);
        store.remove(action.networkId);
        pushNetworks();
        return null;
      case "pane.focus":
        await bus.emit(createEvent("ui.pane.focused", action.pane, EventSourceUI));
        return null;
      case "pane.blur":
        await bus.emit(createEvent("ui.pane.blurred", action.pane, EventSourceUI));
        return null;
      case "plugins.refresh":
        return pluginsMessage();
      case "plugin.disable":
      case "plugin.enable":
      case "plugin.revoke": {
        const verb = action.kind.slice("plugin.".length) as "disable" | "enable" | "revoke";
        try {
          await plugins[verb](action.name);
        } finally {
          broadcast(pluginsMessage());
        }
        return null;
      }
    }
  }

  function onSocket(socket: PageSocket): void {
    const page: Page = { socket, ready: false };
    pages.add(page);
    socket.send(JSON.stringify({
      kind: "hello",
      version: PROTOCOL_VERSION,
      networks: store.list().map(view),
      plugins: plugins.list(),
      roster: ui.roster(),
      updates: ui.metadata(),
    }));
    socket.onClose(() => pages.delete(page));
    socket.onMessage((data) => {
      const parsed = parseAction(data);
      if (!parsed.ok) {
        socket.send(JSON.stringify(parsed.error));
        return;
      }
      const action = parsed.action;
      perform(action, page).then(
        (result) => {
          if (action.id !== undefined) {
            socket.send(JSON.stringify({ kind: "reply", id: action.id, result: result ?? null }));
          }
        },
        (error) => {
          const reply: Record<string, unknown> = {
            kind: "error",
            code: "failed",
            message: error instanceof Error ? error.message : String(error),
          };
          if (action.id !== undefined) reply.id = action.id;
          socket.send(JSON.stringify(reply));
        },
      );
    });
  }

  // The web port first, so a taken one fails the start before anything connects; then
  // plugins (so they see the first connection's events), networks, and the link door.
  let web: WebServer;
  try {
    web = serveWeb({
      onSocket,
      port: options.port,
      token: await webToken(dataDir),
      onError: (error) => log(`web: ${error.message}`),
      ...options.web,
    });
  } catch (error) {
    for (const off of unsubscribers) off();
    ui.close();
    frontend.close();
    store.close();
    db.close();
    throw error;
  }
  for (const plugin of plugins.list()) {
    if (plugin.state === "disabled") continue;
    try {
      await plugins.load(plugin.name);
    } catch (error) {
      log(`Cannot load plugin ${plugin.name}: ${(error as Error).message}`);
    }
  }
  for (const network of store.list()) {
    if (!network.autoconnect) continue;
    connectOnStart(network.id).catch((error) => log(`Cannot connect: ${error.message}`));
  }
  let listener: LinkListener | undefined;
  if (options.singleInstance ?? true) {
    listener = await listenForLinks({
      dataDir,
      onLink: (raw) => links.handle(raw),
      onError: (error) => log(`deep links: ${error.message}`),
    });
  }
  if (options.link !== undefined) links.handle(options.link);

  let stopping: Promise<ShutdownReport> | undefined;
  const shutdown = () => {
    for (const retry of retries.values()) retry.abort();
    return stopping ??= shutdownInOrder({
      front: [
        web,
        ...(listener ? [listener] : []),
      ],
      networks: clients.values(),
      plugins,
      bus,
      afterBus: () => {
        for (const off of unsubscribers) off();
        autojoin[Symbol.dispose]();
        ui.close();
        frontend.close();
      },
      storage: {
        close: () => {
          store.close();
          db.close();
        },
      },
    }, { quitTimeoutMs: options.quitTimeoutMs, reason: "Client quit" });
  };

  return {
    url: web.url,
    address: web.address,
    dataDir,
    bus,
    networks: store,
    plugins,
    connect,
    irc: (networkId) => clients.get(networkId),
    perform: (action) => perform(action),
    shutdown,
    [Symbol.asyncDispose]: async () => {
      await shutdown();
    },
  };
}
