import { EventBus } from "../bus/mod.ts";
import { historyPath, NetworkStore, openClientDatabase } from "../storage/mod.ts";
import { type AttachOptions, MessageStore } from "../history/mod.ts";
import type { IrcClient, IrcClientOptions } from "../irc/mod.ts";
import { PluginHost, type PluginHostOptions } from "../plugins/mod.ts";
import { DeepLinkHandler, FrontendEvents, type LinkDoor, listenForLinks } from "../deeplink/mod.ts";
import { type Action, casefold } from "../core/mod.ts";
import { NetworkManager } from "./network_manager.ts";
import { PageHub } from "./page_hub.ts";
import { PageActions } from "./page_actions.ts";
import { UiState } from "./ui_state.ts";
import { serveWeb, type WebServer, type WebServerOptions } from "./web_server.ts";
import { webToken } from "./_web_token.ts";
import { quitNetworks, type ShutdownReport, type ShutdownStep } from "./shutdown.ts";
import { Parts } from "./_parts.ts";
import { errorMessage } from "../common/mod.ts";

/** The protocol version the hello carries. */
const PROTOCOL_VERSION = 1;
/**
 * How long after the start autoconnect networks wait for a page before they connect anyway:
 * not at all. A user expects their networks connected while the client runs, page or not,
 * and a server's registration (about a second on a real one) then overlaps the page's load
 * instead of following it.
 */
const AUTOCONNECT_AFTER_MS = 0;

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
  /** An `irc://` or `jsr:` link to handle at cold start (delivered once the page is ready). */
  link?: string;
  /** Limits of the web server (tests lower them); the defaults are in `WebServerOptions`. */
  web?: Pick<WebServerOptions, "maxConnections" | "requestTimeoutMs" | "maxMessageBytes">;
  /**
   * A web server already serving the page, started without `onSocket` (`serveFront` of
   * client/front.ts): the client takes it instead of starting its own (`port` and `web` are
   * then not used), names itself the receiver of the page's sockets once its start is done,
   * and closes it at shutdown, or when the start fails. A launcher prints the address while
   * the rest of the client loads.
   */
  server?: WebServer;
  /** Listen for links handed off by later launches (default true). */
  singleInstance?: boolean;
  /**
   * A link door already open (`LinkDoor.open`, opened by a launcher with `server` before it
   * prints the address): the client takes the links that waited and those to come instead of
   * opening its own door, and closes it at shutdown, or when the start fails.
   */
  linkDoor?: LinkDoor;
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
   * Autoconnect networks connect this long after the start is done, or when the first page
   * is ready if that comes sooner. Default 0: at once, as The Lounge does, so the networks
   * are up while no page is open and registration overlaps the page's load.
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
 * Starts the client: opens the data dir's database, connects autoconnect networks (as soon
 * as the start is done, or after `autoconnectAfterMs`), loads
 * the enabled plugins, serves the web UI on 127.0.0.1 and listens for handed-off links.
 * A start that fails half way (a taken port, say) stops what it had started, in reverse, and
 * rejects with the error.
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
  // Each part is started and its stop registered together; the shutdown stops them in
  // reverse, and so does a start that fails half way. So the list runs from what stops last
  // to what stops first, the shutdown's order reversed: storage, bus, plugins, the
  // producers' QUIT, the front doors.
  const parts = new Parts<ShutdownStep>();
  try {
    return await startParts(parts, options, log);
  } catch (error) {
    const stopped = await parts.stop();
    for (const failure of stopped.errors) {
      log(`Cannot stop after a failed start: ${failure.message}`);
    }
    // A server or door handed in is closed too, also when the start failed before taking it.
    for (const handed of [options.server, options.linkDoor]) {
      await handed?.close().catch((failure) =>
        log(`Cannot stop after a failed start: ${errorMessage(failure)}`)
      );
    }
    throw error;
  }
}

/** The body of {@linkcode startClient}: every part it starts goes into `parts`. */
async function startParts(
  parts: Parts<ShutdownStep>,
  options: ClientOptions,
  log: (line: string) => void,
): Promise<RunningClient> {
  const dataDir = options.dataDir;
  // Every component of the file is checked before anything is written: a newer client's
  // file is refused as it is, not switched to WAL first.
  const db = await parts.start("storage", () => openClientDatabase(dataDir), (db) => db.close());
  const store = await parts.start("storage", () => new NetworkStore(db), (store) => store.close());
  const bus = new EventBus({
    onSubscriberError: (error) => log(`bus: ${errorMessage(error)}`),
  });
  const history = await parts.start(
    "storage",
    () =>
      openHistory(bus, options, log, {
        ownNick: (networkId) => networks.irc(networkId)?.nickname,
        casemapping: (networkId) => networks.irc(networkId)?.casemapping,
      }),
    (history) => history?.close(),
  );
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
    perform: (action) => actions.perform(action),
  });
  // What the bus's subscribers write to: closed once the bus has drained into them.
  const frontend = await parts.start(
    "bus",
    () => new FrontendEvents({ transport: pages.transport }),
    (frontend) => frontend.close(),
  );
  const links = new DeepLinkHandler({ store, frontend });
  const ui = await parts.start("bus", () =>
    new UiState({
      bus,
      onBatch: (batch) => pages.broadcast({ kind: "batch", ...batch }),
      fold: (networkId, name) => casefold(name, networks.irc(networkId)?.casemapping),
    }), (ui) => ui.close());
  await parts.start(
    "bus",
    () =>
      bus.subscribe(
        "plugin.lifecycle",
        () => queueMicrotask(() => pages.broadcast(actions.pluginsMessage())),
      ),
    (unsubscribe) => unsubscribe(),
  );
  const networks: NetworkManager = await parts.start("bus", () =>
    new NetworkManager({
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
    }), (networks) => networks.close());
  // Closing the bus drains it: nothing accepted on the ordered lane is lost.
  parts.defer("bus", () => bus.close());
  const plugins = await parts.start("plugins", () =>
    new PluginHost({
      bus,
      dataDir,
      db,
      irc: {
        send: (networkId, target, text) => networks.require(networkId, "send").say(target, text),
      },
      onLog: (plugin, level, message) => log(`[plugin:${plugin}] ${level}: ${message}`),
      ...options.plugins,
    }), (plugins) => plugins[Symbol.asyncDispose]());
  // The producers: every network is sent QUIT at once, the wait bounded. Evaluated at
  // shutdown, so a network a page connected meanwhile is included.
  let quitTimedOut = false;
  const quitErrors: Error[] = [];
  parts.defer("networks", async () => {
    quitTimedOut = await quitNetworks(networks.clients(), {
      quitTimeoutMs: options.quitTimeoutMs,
      reason: "Client quit",
      onError: (error) => quitErrors.push(error),
    });
  });
  // Plugins fetched for a consent sheet and never answered: their files go at the stop.
  const actions: PageActions = await parts.start("front", () =>
    new PageActions({
      bus,
      store,
      networks,
      ui,
      pages,
      plugins,
      links,
      history,
      dataDir,
    }), (actions) => actions.close());

  // The web port first, so a taken one fails the start before anything connects and before
  // a second instance loads the plugins or takes the link door; then plugins (so they see
  // the first connection's events), the link door, and networks.
  const server = options.server;
  const web = await parts.start(
    "front",
    async () =>
      server ?? serveWeb({
        onSocket: (socket) => pages.add(socket),
        port: options.port,
        token: await webToken(dataDir),
        onError: (error) => log(`web: ${error.message}`),
        ...options.web,
      }),
    (web) => web.close(),
  );
  // The page's sockets come in from here on, as they did once the client's own server
  // listened: before the plugins load and the networks connect.
  server?.accept((socket) => pages.add(socket));
  for (const plugin of plugins.list()) {
    if (plugin.state === "disabled") continue;
    try {
      await plugins.load(plugin.name);
    } catch (error) {
      log(`Cannot load plugin ${plugin.name}: ${errorMessage(error)}`);
    }
  }
  const door = options.linkDoor;
  if (door) {
    door.accept((raw) => links.handle(raw));
    parts.defer("front", () => door.close());
  } else if (options.singleInstance ?? true) {
    await parts.start("front", () =>
      listenForLinks({
        dataDir,
        onLink: (raw) => links.handle(raw),
        onError: (error) => log(`deep links: ${error.message}`),
      }), (listener) => listener.close());
  }
  // Networks connect now, page or not: the user expects them up while the client runs, and
  // a real server's registration (about a second) then overlaps the page's load. Loading
  // irc-framework on that first connect costs a core for about 55 ms, less than the
  // registration it lets start early. Not before this point, so the plugins see the first
  // connection's events. Stopped first: no retry may start while the rest shuts down.
  await parts.start(
    "front",
    () => networks.autoconnectAfter(options.autoconnectAfterMs ?? AUTOCONNECT_AFTER_MS),
    () => networks.stopRetries(),
  );
  if (options.link !== undefined) links.handle(options.link);

  let stopping: Promise<ShutdownReport> | undefined;
  const shutdown = () =>
    stopping ??= parts.stop().then((stopped) => ({
      steps: stopped.steps,
      quitTimedOut,
      errors: [...quitErrors, ...stopped.errors],
    }));

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
    perform: (action) => actions.perform(action),
    shutdown,
    [Symbol.asyncDispose]: async () => {
      await shutdown();
    },
  };
}

/**
 * Opens the message history and attaches it to the bus. A refused history file (damaged, or
 * from a newer client) is left as it is: the client runs without history and says why.
 */
function openHistory(
  bus: EventBus,
  options: ClientOptions,
  log: (line: string) => void,
  attach: AttachOptions,
): MessageStore | undefined {
  let history: MessageStore | undefined;
  try {
    history = MessageStore.open(historyPath(options.dataDir), {
      retentionDays: options.retentionDays,
      onError: (error) => log(error.message),
    });
    history.attach(bus, attach);
    return history;
  } catch (error) {
    history?.close();
    log(`${errorMessage(error)}; running without history`);
    return undefined;
  }
}
