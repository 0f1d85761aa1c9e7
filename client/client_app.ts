import type { DatabaseSync } from "node:sqlite";
import { createEvent, EventBus, EventSourceUI } from "../bus/mod.ts";
import { NetworkStore } from "../storage/network_store.ts";
import { MessageStore } from "../history/message_store.ts";
import { historyPath } from "../storage/data_dir.ts";
import type { IrcClient, IrcClientOptions } from "../irc/mod.ts";
import { openClientDatabase, PluginHost, type PluginHostOptions } from "../plugins/mod.ts";
import { applyUpgrade, hasUpdate, planUpgrade, pluginSources } from "../plugins/jsr.ts";
import {
  DeepLinkHandler,
  FrontendEvents,
  type LinkListener,
  listenForLinks,
} from "../deeplink/mod.ts";
import type { Action } from "./web/protocol.js";
import { NetworkManager } from "./network_manager.ts";
import { PageHub } from "./page_hub.ts";
import { UiState } from "./ui_state.ts";
import { serveWeb, type WebServer, type WebServerOptions } from "./web_server.ts";
import { webToken } from "./_web_token.ts";
import { shutdownInOrder, type ShutdownReport } from "./shutdown.ts";

/** The protocol version the hello carries. */
const PROTOCOL_VERSION = 1;
/** How long autoconnect networks wait for a page before they connect anyway. */
const AUTOCONNECT_AFTER_MS = 1000;
/** Most stored buffers a `history.buffers` reply lists. */
const MAX_PAGE_BUFFERS = 1000;

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
  /** Days of message history to keep (`--retention-days`). Default: keep everything. */
  retentionDays?: number;
  /**
   * Autoconnect networks connect when the first page is ready, or this long after the start
   * when no page comes (a server, `--no-open`). Default 1000 ms; 0 connects at once.
   */
  autoconnectAfterMs?: number;
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
  /** The message history, unless its file was refused (then the reason was logged). */
  readonly history: MessageStore | undefined;
  /** Connects a saved network; resolves once registered. */
  connect(networkId: number): Promise<void>;
  /** The IRC client of a network, when one was started. */
  irc(networkId: number): IrcClient | undefined;
  /** Runs one UI action as if the page sent it (what the WebSocket does). */
  perform(action: Action): Promise<unknown>;
  /** The ordered shutdown: QUIT (bounded), plugins, bus (drained), storage. Idempotent. */
  shutdown(): Promise<ShutdownReport>;
}

/**
 * Starts the client: opens the data dir's database, connects autoconnect networks (once a
 * page is ready, or after `autoconnectAfterMs`), loads
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
  // Every component of the file is checked before anything is written: a newer client's
  // file is refused as it is, not switched to WAL first.
  const db: DatabaseSync = openClientDatabase(dataDir);
  const store = new NetworkStore(db);
  const bus = new EventBus({
    onSubscriberError: (error) => log(`bus: ${error instanceof Error ? error.message : error}`),
  });
  // A refused history file (damaged, or from a newer client) is left as it is: the client
  // runs without history and says why.
  let history: MessageStore | undefined;
  try {
    history = MessageStore.open(historyPath(dataDir), {
      retentionDays: options.retentionDays,
      onError: (error) => log(error.message),
    });
    history.attach(bus, { ownNick: (networkId) => networks.irc(networkId)?.nickname });
  } catch (error) {
    log(`${error instanceof Error ? error.message : error}; running without history`);
  }
  const pages: PageHub = new PageHub({
    hello: () => ({
      kind: "hello",
      version: PROTOCOL_VERSION,
      networks: networks.views(),
      plugins: plugins.list(),
      roster: ui.roster(),
      updates: ui.metadata(),
      motd: ui.motd(),
    }),
    perform: (action) => perform(action),
  });
  const ui = new UiState({ bus, onBatch: (batch) => pages.broadcast({ kind: "batch", ...batch }) });
  const networks: NetworkManager = new NetworkManager({
    bus,
    store,
    ui,
    irc: {
      // Backfill asks only for what the history lacks.
      lastStored: (networkId, buffer) => history?.lastStored(networkId, buffer),
      ...options.irc,
    },
    onState: (networkId) =>
      pages.broadcast({ kind: "network.state", networkId, ...networks.state(networkId) }),
    log,
  });
  const plugins = new PluginHost({
    bus,
    dataDir,
    db,
    irc: {
      send: (networkId, target, text) => networks.require(networkId, "send").say(target, text),
    },
    onLog: (plugin, level, message) => log(`[plugin:${plugin}] ${level}: ${message}`),
    ...options.plugins,
  });
  const pluginsMessage = () => ({
    kind: "plugins" as const,
    plugins: plugins.list(),
    audit: plugins.audit(undefined, { last: 200 }),
    commands: plugins.commands(),
  });
  const offPlugins = bus.subscribe(
    "plugin.lifecycle",
    () => queueMicrotask(() => pages.broadcast(pluginsMessage())),
  );
  const frontend = new FrontendEvents({ transport: pages.transport });
  const links = new DeepLinkHandler({ store, frontend });
  const pushNetworks = () => pages.broadcast({ kind: "networks", networks: networks.views() });

  /** Runs one checked action from a page (or from `perform` on the running client). */
  async function perform(action: Action): Promise<unknown> {
    switch (action.kind) {
      case "ready":
        links.ready();
        networks.autoconnect();
        return null;
      case "connect":
        await networks.connect(action.networkId);
        return null;
      case "disconnect":
        await networks.disconnect(action.networkId);
        return null;
      case "join":
        networks.join(action.networkId, action.channel, action.key);
        return null;
      case "part":
        networks.part(action.networkId, action.channel, action.reason);
        return null;
      case "buffer.read":
        await bus.emit(createEvent("buffer.read", {
          networkId: action.networkId,
          buffer: action.buffer,
          timestamp: action.timestamp,
        }, EventSourceUI));
        return null;
      case "say":
        networks.require(action.networkId, "say").say(action.target, action.text);
        return null;
      case "me":
        networks.require(action.networkId, "send an action").action(action.target, action.text);
        return null;
      case "whois":
        return await networks.require(action.networkId, "whois").whois(action.nick, {
          timeoutMs: 15_000,
        });
      case "nick":
        networks.require(action.networkId, "change nick").quote(`NICK ${action.nick}`);
        return null;
      case "quote":
        networks.require(action.networkId, "send").quote(action.line);
        return null;
      case "list":
        return await networks.require(action.networkId, "list channels").listChannels(
          action.filter,
          { timeoutMs: 30_000 },
        );
      case "command":
        await plugins.runCommand(action.name, action.args);
        return null;
      case "network.add": {
        const network = store.add(action.network);
        pushNetworks();
        if (action.connect) await networks.connect(network.id);
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
        await networks.remove(action.networkId);
        pushNetworks();
        return null;
      case "pane.focus":
        await bus.emit(createEvent("ui.pane.focused", action.pane, EventSourceUI));
        return null;
      case "pane.blur":
        await bus.emit(createEvent("ui.pane.blurred", action.pane, EventSourceUI));
        return null;
      case "history.page": {
        const store = await flushedHistory();
        // The events of the lines just committed may still wait for the page's next batch;
        // sent now, they reach the page before this reply, so the page can merge its live
        // lines with the stored ones without showing a line twice.
        ui.flush();
        const { networkId, buffer, before, limit } = action;
        return store.page(networkId, buffer, { before, limit });
      }
      case "history.search": {
        const store = await flushedHistory();
        const { kind: _kind, id: _id, ...query } = action;
        return store.search(query);
      }
      case "history.buffers": {
        const store = await flushedHistory();
        // The buffers with the newest lines: the page restores conversations and badges from
        // them, and a reply for every buffer a server ever made could outgrow the socket.
        return store.buffers(undefined, { recent: MAX_PAGE_BUFFERS }).map((b) => ({
          ...b,
          unread: store.unread(b.networkId, b.name, b.readTime ?? 0),
        }));
      }
      case "plugins.refresh":
        return pluginsMessage();
      case "plugin.disable":
        return await pluginVerb(() => plugins.disable(action.name));
      case "plugin.enable":
        return await pluginVerb(() => plugins.enable(action.name));
      case "plugin.revoke":
        return await pluginVerb(() => plugins.revoke(action.name));
      case "plugins.sources":
        return (await pluginSources(plugins, dataDir, { check: true })).map((row) => ({
          ...row,
          update: hasUpdate(row),
        }));
      case "plugin.upgrade.plan": {
        await using plan = await planUpgrade(plugins, dataDir, action.name);
        return { name: plan.name, from: plan.from, to: plan.to, added: plan.added };
      }
      case "plugin.upgrade":
        return await pluginVerb(async () => {
          await using plan = await planUpgrade(plugins, dataDir, action.name);
          if (plan.to !== action.version) {
            throw new Error(
              `Cannot upgrade plugin ${action.name}: the registry now offers ${plan.to}, got ${action.version}`,
            );
          }
          const unseen = plan.added.filter((request) => !action.consent.includes(request));
          await applyUpgrade(plugins, dataDir, plan, { consent: unseen.length === 0 });
        });
    }
  }

  /** The history with every line received so far committed, so a read sees them. */
  async function flushedHistory(): Promise<MessageStore> {
    if (!history) {
      throw new Error("Cannot read history: the history file was refused at start (see the log)");
    }
    await history.flush();
    return history;
  }

  async function pluginVerb(run: () => Promise<unknown>): Promise<null> {
    try {
      await run();
    } finally {
      pages.broadcast(pluginsMessage());
    }
    return null;
  }

  // The web port first, so a taken one fails the start before anything connects; then
  // plugins (so they see the first connection's events), the link door, and networks.
  let web: WebServer;
  try {
    web = serveWeb({
      onSocket: (socket) => pages.add(socket),
      port: options.port,
      token: await webToken(dataDir),
      onError: (error) => log(`web: ${error.message}`),
      ...options.web,
    });
  } catch (error) {
    networks.close();
    offPlugins();
    ui.close();
    frontend.close();
    history?.close();
    store.close();
    db.close();
    throw error;
  }
  for (const plugin of plugins.list()) {
    if (plugin.state === "disabled") continue;
    try {
      await plugins.load(plugin.name);
    } catch (error) {
      log(`Cannot load plugin ${plugin.name}: ${error instanceof Error ? error.message : error}`);
    }
  }
  let listener: LinkListener | undefined;
  if (options.singleInstance ?? true) {
    listener = await listenForLinks({
      dataDir,
      onLink: (raw) => links.handle(raw),
      onError: (error) => log(`deep links: ${error.message}`),
    });
  }
  // The page first: the first connect loads irc-framework, a whole core for about 55 ms,
  // which would slow the page's own load. So networks connect once a page is ready (it
  // shows them connecting), or after a while when no page comes.
  networks.autoconnectAfter(options.autoconnectAfterMs ?? AUTOCONNECT_AFTER_MS);
  if (options.link !== undefined) links.handle(options.link);

  let stopping: Promise<ShutdownReport> | undefined;
  const shutdown = () => {
    networks.stopRetries();
    return stopping ??= shutdownInOrder({
      front: [
        web,
        ...(listener ? [listener] : []),
      ],
      networks: networks.clients(),
      plugins,
      bus,
      afterBus: () => {
        networks.close();
        offPlugins();
        ui.close();
        frontend.close();
      },
      storage: {
        close: () => {
          history?.close();
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
    history,
    connect: (networkId) => networks.connect(networkId),
    irc: (networkId) => networks.irc(networkId),
    perform,
    shutdown,
    [Symbol.asyncDispose]: async () => {
      await shutdown();
    },
  };
}
