/**
 * The client's IRC connections: one {@linkcode IrcClient} per saved network, started and
 * stopped on request, with the network views the page shows.
 *
 * @module
 */
// The barrel, not the two files: it evaluates the IRC client's own modules (the session,
// node:net, node:tls) at start, before the address is printed. Left to the first connect,
// that work lands on the page's first requests instead (bench/launch_usable.ts --against:
// usable 1.6 s against 0.9 s, load average 9).
import { MULTILINE_CAP, REDACTION_CAP } from "../irc/mod.ts";
import type { EventBus } from "../bus/mod.ts";
import type { IrcClient, IrcClientOptions, StsPolicy } from "../irc/mod.ts";
import type { Network, NetworkStore } from "../storage/mod.ts";
import type { NetworkView } from "../core/mod.ts";
import type { UiState } from "./ui_state.ts";
import { Autojoin } from "./_autojoin.ts";
import { errorMessage, readSmallFile } from "../common/mod.ts";

let ircModule: Promise<typeof import("../irc/mod.ts")> | undefined;

/**
 * The IRC client module, loaded on first need: it brings irc-framework, whose module load
 * (about 100 ms) would otherwise come before the web page is served. irc/ loads the library
 * by a URL the module graph does not show; it is named here so that the client's graph holds
 * it, and `deno task run` caches and locks it.
 */
function loadIrc(): Promise<typeof import("../irc/mod.ts")> {
  return ircModule ??= import("../deps/irc_framework_client.ts").then(() =>
    import("../irc/mod.ts")
  );
}

/**
 * Options of {@linkcode NetworkManager}.
 *
 * @example
 * ```ts
 * import type { NetworkManagerOptions } from "./network_manager.ts";
 * const onState: NetworkManagerOptions["onState"] = (networkId) => console.log(networkId);
 * ```
 */
export interface NetworkManagerOptions {
  /** The bus every connection publishes to. */
  bus: EventBus;
  /** The saved networks. */
  store: NetworkStore;
  /** The UI's channel view (forgotten on disconnect). */
  ui: UiState;
  /** Extra IRC options for every network (tests lower the pacing). */
  irc?: Partial<Omit<IrcClientOptions, "bus" | "networkId" | "host" | "port" | "tls" | "nick">>;
  /** Called when a network's connection state or nickname may have changed. */
  onState: (networkId: number) => void;
  /** Receives problems worth a line in the log (a failed launch connect, a channel not saved). */
  log?: (line: string) => void;
}

/**
 * One IRC connection per saved network: connects, disconnects, and describes each for the
 * page. It reports state changes (connect, loss, our nick) through `onState`, after the
 * batch carrying the event itself. It keeps each network's saved channels in step with our
 * joins and parts, and joins them after every connect.
 *
 * @example
 * ```ts
 * import { EventBus } from "../bus/mod.ts";
 * import { NetworkStore, openDatabase } from "../storage/mod.ts";
 * import { NetworkManager } from "./network_manager.ts";
 * import { UiState } from "./ui_state.ts";
 * const bus = new EventBus();
 * const db = openDatabase(":memory:");
 * const store = new NetworkStore(db);
 * const ui = new UiState({ bus, onBatch: () => {} });
 * const networks = new NetworkManager({ bus, store, ui, onState: () => {} });
 * const id = store.add({ name: "L", host: "127.0.0.1", port: 6667, tls: false, nick: "me" }).id;
 * console.log(networks.view(id)?.state); // "disconnected"
 * networks.close();
 * ui.close();
 * store.close();
 * db.close();
 * await bus.close();
 * ```
 */
export class NetworkManager {
  #clients = new Map<number, IrcClient>();
  #options: NetworkManagerOptions;
  #unsubscribe: (() => void)[];
  #autojoin: Autojoin;
  #log: (line: string) => void;
  /** Launch connects still retrying, by network: a disconnect or `close` stops one. */
  #retries = new Map<number, AbortController>();
  /** Set by {@linkcode NetworkManager.stopRetries}: the shutdown has begun, connect no more. */
  #stopping = false;
  /** Autoconnect: the start is done, a page is ready, the networks were connected. */
  #started = false;
  #pageReady = false;
  #autoconnected = false;
  #autoconnectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Why each network's last connection ended or failed (cleared once it connects). */
  #reasons = new Map<number, string>();

  /** Starts watching the bus for state changes; connects nothing. */
  constructor(options: NetworkManagerOptions) {
    this.#options = options;
    this.#log = options.log ?? (() => {});
    this.#autojoin = new Autojoin({
      bus: options.bus,
      store: options.store,
      nickOf: (networkId) => this.#clients.get(networkId)?.nickname,
      onError: (error) => this.#log(`autojoin: ${errorMessage(error)}`),
    });
    const report = (data: { networkId: number }) =>
      queueMicrotask(() => options.onState(data.networkId));
    this.#unsubscribe = [
      options.bus.subscribe("connection.established", (event) => {
        this.#reasons.delete(event.data.networkId);
        report(event.data);
      }),
      options.bus.subscribe("connection.lost", (event) => {
        this.#reasons.set(event.data.networkId, event.data.error);
        report(event.data);
      }),
      options.bus.subscribe("user.nick", (event) => report(event.data)),
    ];
  }

  /** The IRC clients started so far (for the ordered shutdown). */
  clients(): Iterable<IrcClient> {
    return this.#clients.values();
  }

  /** The IRC client of a network, when one was started. */
  irc(networkId: number): IrcClient | undefined {
    return this.#clients.get(networkId);
  }

  /** The IRC client of a network, or an error naming `action` when it is not connected. */
  require(networkId: number, action: string): IrcClient {
    const client = this.#clients.get(networkId);
    if (!client) {
      throw new Error(`Cannot ${action}: the network is not connected, got ${networkId}`);
    }
    return client;
  }

  /** Connects a saved network; resolves once registered. */
  async connect(networkId: number): Promise<void> {
    const network = this.#options.store.get(networkId);
    if (!network) throw new Error(`Cannot connect: no such network, got ${networkId}`);
    const existing = this.#clients.get(networkId);
    if (existing && existing.state !== "disconnected") return;
    const { IrcClient } = await loadIrc();
    let certificate: { certificate: string; privateKey: string } | undefined;
    try {
      certificate = network.clientCert ? await readPem(network.clientCert) : undefined;
    } catch (error) {
      const reason = errorMessage(error);
      this.#reasons.set(networkId, reason);
      this.#options.onState(networkId);
      throw error;
    }
    // The shutdown may have begun, or another connect started this network, while the module
    // or the cert loaded.
    if (this.#stopping) throw new Error(`Cannot connect: the client is stopping, got ${networkId}`);
    const started = this.#clients.get(networkId);
    if (started && started.state !== "disconnected") return;
    const client = new IrcClient({
      bus: this.#options.bus,
      networkId,
      host: network.host,
      port: network.port,
      tls: network.tls,
      nick: network.nick,
      altNicks: [`${network.nick}_`, `${network.nick}__`],
      username: network.username || undefined,
      realname: network.realname || undefined,
      password: network.password || undefined,
      ...(network.saslMechanism === "PLAIN"
        ? {
          sasl: {
            mechanism: "PLAIN" as const,
            account: network.saslAccount,
            password: network.saslPassword,
          },
        }
        : network.saslMechanism === "EXTERNAL"
        ? { sasl: { mechanism: "EXTERNAL" as const, account: network.saslAccount, certificate } }
        : {}),
      reconnect: {},
      // The STS policy is kept with the network: applied before connecting in plain text.
      stsPolicy: this.#options.store.stsPolicy(networkId),
      onStsPolicy: (policy) => this.#keepStsPolicy(networkId, policy),
      ...this.#options.irc,
      // After the shared options, so a test's TLS settings keep this network's certificate.
      ...(certificate ? { tlsOptions: { ...this.#options.irc?.tlsOptions, certificate } } : {}),
    });
    this.#clients.set(networkId, client);
    this.#reasons.delete(networkId);
    try {
      // connect() is "connecting" from its first, synchronous step: report that state.
      const connecting = client.connect();
      this.#options.onState(networkId);
      await connecting;
      // Rejoined after every later reconnect by the client itself.
      this.#autojoin.joinSaved(networkId, client);
    } catch (error) {
      this.#reasons.set(networkId, errorMessage(error));
      throw error;
    } finally {
      this.#options.onState(networkId);
    }
  }

  /**
   * The client's start is done (plugins loaded): the networks saved with autoconnect connect
   * now if `ms` is 0 or a page is already ready ({@linkcode NetworkManager.pageReady}), else
   * when one is, or after `ms` with no page.
   */
  autoconnectAfter(ms: number): void {
    this.#started = true;
    if (this.#pageReady || ms <= 0) return this.#autoconnect();
    clearTimeout(this.#autoconnectTimer);
    this.#autoconnectTimer = setTimeout(() => this.#autoconnect(), ms);
  }

  /**
   * A page is ready: the networks saved with autoconnect connect now, or as soon as the
   * start is done. Only the first page's counts.
   */
  pageReady(): void {
    this.#pageReady = true;
    if (this.#started) this.#autoconnect();
  }

  /** Connects every network saved with autoconnect, in the background, once. */
  #autoconnect(): void {
    clearTimeout(this.#autoconnectTimer);
    if (this.#autoconnected || this.#stopping) return;
    this.#autoconnected = true;
    for (const network of this.#options.store.list()) {
      if (network.autoconnect) void this.#connectOnStart(network.id);
    }
  }

  /** Joins a channel, saved with its key once the server confirms. */
  join(networkId: number, channel: string, key?: string): void {
    const client = this.require(networkId, "join");
    this.#autojoin.joining(networkId, channel, key);
    client.join(channel, key);
  }

  /** Leaves a channel; leaving is the user's choice even offline, so it is not rejoined. */
  part(networkId: number, channel: string, reason?: string): void {
    this.#options.store.removeChannel(networkId, channel);
    const client = this.#clients.get(networkId);
    if (client?.state === "connected") client.part(channel, reason);
  }

  /** Disconnects a network (QUIT) and forgets its MOTD. */
  async disconnect(networkId: number): Promise<void> {
    this.#retries.get(networkId)?.abort();
    const client = this.#clients.get(networkId);
    if (!client) return;
    await client.disconnect("Leaving");
    this.#options.ui.forget(networkId);
    this.#options.onState(networkId);
  }

  /** Disconnects a network and removes it from the saved ones. */
  async remove(networkId: number): Promise<void> {
    await this.disconnect(networkId);
    this.#clients.delete(networkId);
    this.#reasons.delete(networkId);
    this.#options.store.remove(networkId);
  }

  /** A network's connection state, current nickname, and why it last dropped. */
  state(
    networkId: number,
  ): {
    state: string;
    nick: string;
    reason?: string;
    canRedact?: boolean;
    multiline?: boolean;
    stsUpgraded?: boolean;
  } {
    const client = this.#clients.get(networkId);
    const reason = this.#reasons.get(networkId);
    return {
      state: client?.state ?? "disconnected",
      nick: client?.nickname ?? this.#options.store.get(networkId)?.nick ?? "",
      ...(reason === undefined ? {} : { reason }),
      ...(client?.supports(REDACTION_CAP) ? { canRedact: true } : {}),
      ...(client?.supports(MULTILINE_CAP) ? { multiline: true } : {}),
      ...(client?.stsUpgraded ? { stsUpgraded: true } : {}),
    };
  }

  /** How the page sees a saved network, or `undefined` when there is none. */
  view(networkId: number): NetworkView | undefined {
    const network = this.#options.store.get(networkId);
    return network && this.#view(network);
  }

  /** Every saved network as the page sees it. */
  views(): NetworkView[] {
    return this.#options.store.list().map((network) => this.#view(network));
  }

  /** Stops launch retries and refuses connects not yet started (call first on shutdown). */
  stopRetries(): void {
    this.#stopping = true;
    clearTimeout(this.#autoconnectTimer);
    for (const retry of this.#retries.values()) retry.abort();
  }

  /** Stops watching the bus (the connections are closed by the shutdown). */
  close(): void {
    this.stopRetries();
    for (const off of this.#unsubscribe) off();
    this.#autojoin[Symbol.dispose]();
  }

  /**
   * Connects a network on launch and, while it fails (server down, no network yet), tries
   * again with the reconnect backoff, until it connects, the user disconnects it or turns
   * connect on start off, or the client stops.
   */
  async #connectOnStart(networkId: number): Promise<void> {
    const retry = new AbortController();
    this.#retries.set(networkId, retry);
    const signal = retry.signal;
    try {
      for (let attempt = 0; !signal.aborted; attempt++) {
        try {
          await this.connect(networkId);
          return;
        } catch (error) {
          if (signal.aborted) return;
          const name = this.#options.store.get(networkId)?.name ?? networkId;
          this.#log(`Cannot connect to ${name}: ${errorMessage(error)}`);
        }
        if (!this.#options.store.get(networkId)?.autoconnect) return;
        const { backoff } = await loadIrc();
        await abortableDelay(backoff(attempt, { ...this.#options.irc?.reconnect }), signal);
      }
    } finally {
      if (this.#retries.get(networkId) === retry) this.#retries.delete(networkId);
    }
  }

  /** Saves a network's STS policy as the connection reports it; a failure is logged. */
  #keepStsPolicy(networkId: number, policy: StsPolicy | undefined): void {
    try {
      this.#options.store.saveStsPolicy(networkId, policy);
    } catch (error) {
      // The network was removed meanwhile, or the store closed on shutdown.
      this.#log(`Cannot keep the STS policy of network ${networkId}: ${errorMessage(error)}`);
    }
  }

  #view(network: Network): NetworkView {
    const client = this.#clients.get(network.id);
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
      // The secrets stay here: the page learns only whether one is saved.
      hasPassword: network.password !== "",
      saslMechanism: network.saslMechanism,
      saslAccount: network.saslAccount,
      hasSaslPassword: network.saslPassword !== "",
      clientCert: network.clientCert,
      state: client?.state ?? "disconnected",
      ...(this.#reasons.has(network.id) ? { reason: this.#reasons.get(network.id) } : {}),
      currentNick: client?.nickname ?? network.nick,
      ...(client?.supports(REDACTION_CAP) ? { canRedact: true } : {}),
      ...(client?.supports(MULTILINE_CAP) ? { multiline: true } : {}),
      ...(client?.stsUpgraded ? { stsUpgraded: true } : {}),
      ...(client ? { casemapping: client.casemapping } : {}),
      channels: (client?.channels() ?? []).map((c) => ({
        name: c.name,
        topic: c.topic,
        members: c.members.map((m) => m.prefix + m.nick),
      })),
    };
  }
}

/** The largest client certificate file read: a certificate chain and its key are a few KiB. */
const MAX_PEM_BYTES = 1024 * 1024;

/**
 * Reads a PEM file holding a certificate and its private key, as TLS options want them. Only
 * a regular file of at most 1 MiB is read: the path comes from the form, and a device
 * (`/dev/zero`) or a pipe would grow memory without end or never finish opening.
 */
async function readPem(path: string): Promise<{ certificate: string; privateKey: string }> {
  const bytes = await readSmallFile(path, {
    maxBytes: MAX_PEM_BYTES,
    what: "the client certificate",
    limit: "1 MiB",
  });
  const text = new TextDecoder().decode(bytes);
  const blocks = text.match(/-----BEGIN [A-Z ]+-----[\s\S]+?-----END [A-Z ]+-----/g) ?? [];
  const privateKey = blocks.filter((b) => /PRIVATE KEY/.test(b.slice(0, 40))).join("\n");
  const certificate = blocks.filter((b) => /CERTIFICATE/.test(b.slice(0, 40))).join("\n");
  if (!privateKey || !certificate) {
    throw new Error(
      `Cannot read the client certificate: the file needs a CERTIFICATE and a PRIVATE KEY, got ${path}`,
    );
  }
  return { certificate, privateKey };
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
