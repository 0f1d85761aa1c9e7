import type { DatabaseSync, StatementSync } from "node:sqlite";
import {
  migrate,
  type Migration,
  newestVersion,
  openDatabase,
  refuseNewerSchemas,
} from "./database.ts";
import { normalizeHost } from "../net/mod.ts";
import {
  casefold,
  NETWORK_DETAILS,
  NETWORK_HOST,
  NETWORK_NAME,
  NETWORK_PORT,
  NICKNAME,
  type Shape,
  ShapeError,
} from "../core/mod.ts";
import type { StsPolicy } from "../irc/mod.ts";

/**
 * One server of a network: where to connect.
 *
 * @example
 * ```ts
 * import type { NetworkServer } from "./network_store.ts";
 * const server: NetworkServer = { host: "irc.eu.libera.chat", port: 6697, tls: true };
 * ```
 */
export interface NetworkServer {
  /** Host name or IP address, as the user typed it. */
  host: string;
  /** TCP port, 1-65535. */
  port: number;
  /** Whether to connect with TLS. */
  tls: boolean;
}

/**
 * A saved network. `host`/`port`/`tls` is the primary server; `servers` lists further
 * servers of the same network (fallbacks, regional hosts). Both are used for matching links.
 *
 * @example
 * ```ts
 * import type { Network } from "./network_store.ts";
 * const libera: Network = {
 *   id: 1,
 *   name: "Libera",
 *   host: "irc.libera.chat",
 *   port: 6697,
 *   tls: true,
 *   nick: "alice",
 *   servers: [{ host: "irc.eu.libera.chat", port: 6697, tls: true }],
 *   autoconnect: false,
 *   username: "",
 *   realname: "",
 *   password: "",
 *   saslMechanism: "PLAIN",
 *   saslAccount: "alice",
 *   saslPassword: "hunter2",
 *   clientCert: "",
 * };
 * ```
 */
export interface Network extends NetworkServer {
  /** Identifier, assigned by the store; the routing key everywhere (never the host). */
  id: number;
  /** Display name. Not unique: two networks may share a name or a host. */
  name: string;
  /** Preferred nickname. */
  nick: string;
  /** Further servers of this network, in the user's order. */
  servers: NetworkServer[];
  /** Connect on start: the client connects it when it starts, and rejoins its channels. */
  autoconnect: boolean;
  /** The ident/user name to register with; `""` means the nick. */
  username: string;
  /** The real name (GECOS) to register with; `""` means the nick. */
  realname: string;
  /** The server password (PASS); `""` means none. A secret: never sent to the page. */
  password: string;
  /** SASL mechanism; `""` means no SASL. */
  saslMechanism: SaslMechanism;
  /** SASL account (PLAIN). */
  saslAccount: string;
  /** SASL password (PLAIN). A secret: never sent to the page. */
  saslPassword: string;
  /** Path of a PEM file holding the client certificate and its key (SASL EXTERNAL, CertFP). */
  clientCert: string;
}

/**
 * The SASL mechanisms a saved network may use; `""` is none.
 *
 * @example
 * ```ts
 * import type { SaslMechanism } from "./network_store.ts";
 * const mechanism: SaslMechanism = "PLAIN";
 * ```
 */
export type SaslMechanism = "" | "PLAIN" | "EXTERNAL";

/**
 * What `add` needs: a name, a host and a nick. The port defaults to 6697 with TLS (the
 * default) and 6667 without.
 *
 * @example
 * ```ts
 * import type { NewNetwork } from "./network_store.ts";
 * const input: NewNetwork = { name: "Libera", host: "irc.libera.chat", nick: "alice" };
 * ```
 */
export interface NewNetwork {
  /** Display name. */
  name: string;
  /** Primary server host. */
  host: string;
  /** Primary server port; defaults by `tls`. */
  port?: number;
  /** Primary server TLS; defaults to true. */
  tls?: boolean;
  /** Preferred nickname. */
  nick: string;
  /** Further servers; defaults to none. */
  servers?: NetworkServer[];
  /** Connect on start; defaults to true (a network the user added is one they use). */
  autoconnect?: boolean;
  /** Ident/user name; defaults to `""`. */
  username?: string;
  /** Real name; defaults to `""`. */
  realname?: string;
  /** Server password; defaults to `""` (none). */
  password?: string;
  /** SASL mechanism; defaults to `""` (none). */
  saslMechanism?: SaslMechanism;
  /** SASL account; defaults to `""`. */
  saslAccount?: string;
  /** SASL password; defaults to `""`. */
  saslPassword?: string;
  /** Client certificate PEM file; defaults to `""`. */
  clientCert?: string;
}

/**
 * Fields `update` may change; absent fields keep their value. `servers` replaces the list.
 *
 * @example
 * ```ts
 * import type { NetworkPatch } from "./network_store.ts";
 * const patch: NetworkPatch = { autoconnect: true, servers: [] };
 * ```
 */
export type NetworkPatch = Partial<NewNetwork>;

/**
 * A channel saved to be joined whenever its network connects, with its key when it has one.
 *
 * @example
 * ```ts
 * import type { SavedChannel } from "./network_store.ts";
 * const channel: SavedChannel = { name: "#secret", key: "hunter2" };
 * ```
 */
export interface SavedChannel {
  /** The channel name, as joined. */
  name: string;
  /** The channel key, when the channel needs one. */
  key?: string;
}

/**
 * A saved network whose primary host or one of whose servers matches a host.
 *
 * @example
 * ```ts
 * import type { NetworkMatch } from "./network_store.ts";
 * const match: NetworkMatch = { id: 1, name: "Libera" };
 * ```
 */
export interface NetworkMatch {
  /** The network's id. */
  id: number;
  /** The network's display name. */
  name: string;
}

const COMPONENT = "networks";

/**
 * Schema steps of the `networks` component. Never edit a released step: add one.
 * `host_key` columns hold the normalized host (see `normalizeHost`) so matching is an
 * index lookup.
 */
const MIGRATIONS: Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE networks (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        host TEXT NOT NULL,
        host_key TEXT NOT NULL,
        port INTEGER NOT NULL CHECK (port BETWEEN 1 AND 65535),
        tls INTEGER NOT NULL CHECK (tls IN (0, 1)),
        nick TEXT NOT NULL,
        autoconnect INTEGER NOT NULL DEFAULT 0 CHECK (autoconnect IN (0, 1))
      );
      CREATE INDEX networks_host_key ON networks (host_key);
      CREATE TABLE network_servers (
        network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        host TEXT NOT NULL,
        host_key TEXT NOT NULL,
        port INTEGER NOT NULL CHECK (port BETWEEN 1 AND 65535),
        tls INTEGER NOT NULL CHECK (tls IN (0, 1)),
        PRIMARY KEY (network_id, position)
      );
      CREATE INDEX network_servers_host_key ON network_servers (host_key);
    `,
  },
  {
    version: 2,
    sql: `
      ALTER TABLE networks ADD COLUMN username TEXT NOT NULL DEFAULT '';
      ALTER TABLE networks ADD COLUMN realname TEXT NOT NULL DEFAULT '';
    `,
  },
  {
    version: 3,
    sql: `
      CREATE TABLE network_channels (
        network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        key TEXT,
        UNIQUE (network_id, name_key)
      );
    `,
  },
  {
    version: 4,
    sql: `
      ALTER TABLE networks ADD COLUMN password TEXT NOT NULL DEFAULT '';
      ALTER TABLE networks ADD COLUMN sasl_mechanism TEXT NOT NULL DEFAULT '';
      ALTER TABLE networks ADD COLUMN sasl_account TEXT NOT NULL DEFAULT '';
      ALTER TABLE networks ADD COLUMN sasl_password TEXT NOT NULL DEFAULT '';
      ALTER TABLE networks ADD COLUMN client_cert TEXT NOT NULL DEFAULT '';
    `,
  },
  {
    version: 5,
    sql: `
      CREATE TABLE network_sts (
        network_id INTEGER PRIMARY KEY REFERENCES networks (id) ON DELETE CASCADE,
        host_key TEXT NOT NULL,
        port INTEGER NOT NULL CHECK (port BETWEEN 1 AND 65535),
        duration INTEGER NOT NULL CHECK (duration >= 0),
        expires_at INTEGER NOT NULL
      );
    `,
  },
];

/** The newest schema version of the `networks` component. */
const SCHEMA_VERSION = newestVersion(MIGRATIONS);

interface NetworkRow {
  id: number;
  name: string;
  host: string;
  port: number;
  tls: number;
  nick: string;
  autoconnect: number;
  username: string;
  realname: string;
  password: string;
  sasl_mechanism: string;
  sasl_account: string;
  sasl_password: string;
  client_cert: string;
}

interface ServerRow {
  network_id: number;
  host: string;
  port: number;
  tls: number;
}

/** The network tables' component name and the newest schema version this client knows. */
export const NETWORK_SCHEMA: Readonly<Record<string, number>> = {
  [COMPONENT]: SCHEMA_VERSION,
};

/**
 * Saved networks in the client's SQLite file (component `networks`, versioned migrations
 * run on open). Matching a link's host is an indexed lookup over every network's primary
 * host and its server list, so it stays fast with thousands of networks.
 *
 * Give it an open `DatabaseSync` (shared with the other components; the store does not
 * close it) or a file path (the store opens the file and closes it in `close()`).
 * Networks are never merged: two entries with the same name or host stay two entries.
 *
 * @example
 * ```ts
 * import { NetworkStore } from "../deeplink/mod.ts";
 * using store = new NetworkStore(":memory:");
 * const libera = store.add({ name: "Libera", host: "irc.libera.chat", nick: "alice" });
 * store.matchHost("IRC.LIBERA.CHAT."); // [{ id: libera.id, name: "Libera" }]
 * store.update(libera.id, { autoconnect: true });
 * store.list().length; // 1
 * ```
 */
export class NetworkStore implements Disposable {
  #db: DatabaseSync;
  #owned: boolean;
  #closed = false;
  #selectOne: StatementSync;
  #selectAll: StatementSync;
  #selectServers: StatementSync;
  #selectAllServers: StatementSync;
  #insert: StatementSync;
  #insertServer: StatementSync;
  #deleteServers: StatementSync;
  #updateRow: StatementSync;
  #delete: StatementSync;
  #match: StatementSync;
  #selectChannels: StatementSync;
  #saveChannel: StatementSync;
  #deleteChannel: StatementSync;
  #selectSts: StatementSync;
  #saveSts: StatementSync;
  #deleteSts: StatementSync;

  /** Opens the store on a database (or a path), bringing its schema up to date. */
  constructor(database: DatabaseSync | string) {
    if (typeof database === "string") {
      this.#db = openDatabase(database, { check: refuseNewerSchemas(NETWORK_SCHEMA) });
      this.#owned = true;
    } else {
      this.#db = database;
      this.#owned = false;
    }
    try {
      migrate(this.#db, COMPONENT, MIGRATIONS);
    } catch (error) {
      if (this.#owned) this.#db.close();
      throw error;
    }
    const columns =
      "id, name, host, port, tls, nick, autoconnect, username, realname, password, sasl_mechanism, sasl_account, sasl_password, client_cert";
    this.#selectOne = this.#db.prepare(`SELECT ${columns} FROM networks WHERE id = ?`);
    this.#selectAll = this.#db.prepare(`SELECT ${columns} FROM networks ORDER BY id`);
    this.#selectServers = this.#db.prepare(
      "SELECT network_id, host, port, tls FROM network_servers WHERE network_id = ? ORDER BY position",
    );
    this.#selectAllServers = this.#db.prepare(
      "SELECT network_id, host, port, tls FROM network_servers ORDER BY network_id, position",
    );
    this.#insert = this.#db.prepare(
      `INSERT INTO networks (name, host, host_key, port, tls, nick, autoconnect, username, realname,
       password, sasl_mechanism, sasl_account, sasl_password, client_cert)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#insertServer = this.#db.prepare(
      "INSERT INTO network_servers (network_id, position, host, host_key, port, tls) VALUES (?, ?, ?, ?, ?, ?)",
    );
    this.#deleteServers = this.#db.prepare("DELETE FROM network_servers WHERE network_id = ?");
    this.#updateRow = this.#db.prepare(
      `UPDATE networks SET name = ?, host = ?, host_key = ?, port = ?, tls = ?, nick = ?,
       autoconnect = ?, username = ?, realname = ?, password = ?, sasl_mechanism = ?,
       sasl_account = ?, sasl_password = ?, client_cert = ? WHERE id = ?`,
    );
    this.#delete = this.#db.prepare("DELETE FROM networks WHERE id = ?");
    // UNION removes the duplicate when a network lists its primary host among its servers.
    this.#match = this.#db.prepare(
      `SELECT id, name FROM networks WHERE host_key = ?1
       UNION
       SELECT n.id, n.name FROM network_servers s JOIN networks n ON n.id = s.network_id
       WHERE s.host_key = ?1
       ORDER BY id`,
    );
    this.#selectChannels = this.#db.prepare(
      "SELECT name, key FROM network_channels WHERE network_id = ? ORDER BY rowid",
    );
    // A join without a key keeps the saved one: a key the server no longer asks for is harmless.
    this.#saveChannel = this.#db.prepare(
      `INSERT INTO network_channels (network_id, name, name_key, key) VALUES (?, ?, ?, ?)
       ON CONFLICT (network_id, name_key)
       DO UPDATE SET name = excluded.name, key = coalesce(excluded.key, key)`,
    );
    this.#deleteChannel = this.#db.prepare(
      "DELETE FROM network_channels WHERE network_id = ? AND name_key = ?",
    );
    this.#selectSts = this.#db.prepare(
      "SELECT host_key, port, duration, expires_at FROM network_sts WHERE network_id = ?",
    );
    this.#saveSts = this.#db.prepare(
      `INSERT INTO network_sts (network_id, host_key, port, duration, expires_at)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (network_id) DO UPDATE SET host_key = excluded.host_key, port = excluded.port,
       duration = excluded.duration, expires_at = excluded.expires_at`,
    );
    this.#deleteSts = this.#db.prepare("DELETE FROM network_sts WHERE network_id = ?");
  }

  /** The schema version of the `networks` component this code writes. */
  static get schemaVersion(): number {
    return SCHEMA_VERSION;
  }

  /** Saves a new network and returns it with its id. Throws `TypeError` on invalid fields. */
  add(input: NewNetwork): Network {
    this.#assertOpen("add a network");
    const network = validate(input, "add a network");
    return this.#transaction(() => {
      const { lastInsertRowid } = this.#insert.run(...rowValues(network));
      const id = Number(lastInsertRowid);
      this.#writeServers(id, network.servers);
      return { ...network, id };
    });
  }

  /** The network with this id, or `undefined`. */
  get(id: number): Network | undefined {
    this.#assertOpen("get a network");
    const row = this.#selectOne.get(id) as NetworkRow | undefined;
    if (row === undefined) return undefined;
    const servers = (this.#selectServers.all(id) as unknown as ServerRow[]).map(toServer);
    return toNetwork(row, servers);
  }

  /** Every saved network, by ascending id (creation order). */
  list(): Network[] {
    this.#assertOpen("list networks");
    const rows = this.#selectAll.all() as unknown as NetworkRow[];
    const servers = new Map<number, NetworkServer[]>();
    for (const row of this.#selectAllServers.all() as unknown as ServerRow[]) {
      let list = servers.get(row.network_id);
      if (list === undefined) servers.set(row.network_id, list = []);
      list.push(toServer(row));
    }
    return rows.map((row) => toNetwork(row, servers.get(row.id) ?? []));
  }

  /**
   * Changes the given fields of a network and returns it, or `undefined` when no network
   * has this id. Throws `TypeError` on invalid fields.
   */
  update(id: number, patch: NetworkPatch): Network | undefined {
    this.#assertOpen("update a network");
    if (typeof patch !== "object" || patch === null) {
      throw new TypeError(`Cannot update a network: the patch must be an object, got ${patch}`);
    }
    return this.#transaction(() => {
      const current = this.get(id);
      if (current === undefined) return undefined;
      const merged: NewNetwork = { ...current };
      for (const [field, value] of Object.entries(patch)) {
        if (value !== undefined) (merged as unknown as Record<string, unknown>)[field] = value;
      }
      // The merged value holds the current port, so a new tls alone keeps the user's port.
      const network = validate(merged, "update a network");
      this.#updateRow.run(...rowValues(network), id);
      this.#deleteServers.run(id);
      this.#writeServers(id, network.servers);
      return { ...network, id };
    });
  }

  /** Deletes a network and its servers; returns whether it existed. */
  remove(id: number): boolean {
    this.#assertOpen("remove a network");
    return Number(this.#delete.run(id).changes) > 0;
  }

  /**
   * The networks whose primary host or any server host equals `host`, compared
   * case-insensitively and without a trailing dot (ports and TLS do not matter), by
   * ascending id. An invalid host matches nothing.
   */
  matchHost(host: string): NetworkMatch[] {
    this.#assertOpen("match a host");
    let key: string;
    try {
      key = normalizeHost(host);
    } catch {
      return [];
    }
    return (this.#match.all(key) as unknown as NetworkMatch[]).map(({ id, name }) => ({
      id,
      name,
    }));
  }

  /**
   * The channels saved for a network, in the order they were first saved: what the client
   * joins when the network connects.
   */
  channels(networkId: number): SavedChannel[] {
    this.#assertOpen("list saved channels");
    const rows = this.#selectChannels.all(networkId) as unknown as {
      name: string;
      key: string | null;
    }[];
    return rows.map(({ name, key }) => key === null ? { name } : { name, key });
  }

  /**
   * Saves a channel of a network to be joined on connect (we joined it). Without `key`, a
   * key saved before is kept. Throws `TypeError` on an invalid name or key, or when no
   * network has this id.
   */
  saveChannel(networkId: number, channel: SavedChannel): void {
    this.#assertOpen("save a channel");
    const { name, key } = validateChannel(channel, "save a channel");
    try {
      this.#saveChannel.run(networkId, name, casefold(name), key ?? null);
    } catch (error) {
      if (this.get(networkId) === undefined) {
        throw new TypeError(`Cannot save a channel: no such network, got ${networkId}`);
      }
      throw error;
    }
  }

  /** Forgets a saved channel (we parted it); returns whether it was saved. */
  removeChannel(networkId: number, name: string): boolean {
    this.#assertOpen("remove a channel");
    return Number(this.#deleteChannel.run(networkId, casefold(String(name))).changes) > 0;
  }

  /**
   * The STS policy kept for a network (IRCv3 `sts`), or `undefined`: none kept, or one kept
   * for a host the network no longer names. An expired one is returned as kept: whoever
   * connects decides, on its own clock.
   */
  stsPolicy(networkId: number): StsPolicy | undefined {
    this.#assertOpen("read an STS policy");
    const network = this.get(networkId);
    const row = this.#selectSts.get(networkId) as
      | { host_key: string; port: number; duration: number; expires_at: number }
      | undefined;
    if (network === undefined || row === undefined) return undefined;
    if (row.host_key !== normalizeHost(network.host)) return undefined;
    return {
      host: network.host,
      port: row.port,
      duration: row.duration,
      expiresAt: row.expires_at,
    };
  }

  /**
   * Keeps a network's STS policy with its expiry, replacing the one kept; `undefined` forgets
   * it. Throws `TypeError` on an invalid policy or when no network has this id.
   */
  saveStsPolicy(networkId: number, policy: StsPolicy | undefined): void {
    this.#assertOpen("save an STS policy");
    if (policy === undefined) {
      this.#deleteSts.run(networkId);
      return;
    }
    const { host, port, duration, expiresAt } = policy;
    const valid = typeof host === "string" && Number.isInteger(port) && port >= 1 &&
      port <= 65535 && Number.isSafeInteger(duration) && duration >= 0 &&
      Number.isSafeInteger(expiresAt);
    if (!valid) {
      throw new TypeError(
        `Cannot save an STS policy: invalid host, port, duration or expiry, got ${
          JSON.stringify(policy)
        }`,
      );
    }
    if (this.get(networkId) === undefined) {
      throw new TypeError(`Cannot save an STS policy: no such network, got ${networkId}`);
    }
    this.#saveSts.run(networkId, normalizeHost(host), port, duration, expiresAt);
  }

  /** Closes the database if the store opened it; later calls throw. Idempotent. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#owned) this.#db.close();
  }

  /** Same as {@linkcode NetworkStore.close}. */
  [Symbol.dispose](): void {
    this.close();
  }

  #writeServers(id: number, servers: NetworkServer[]): void {
    servers.forEach((server, position) => {
      this.#insertServer.run(
        id,
        position,
        server.host,
        normalizeHost(server.host),
        server.port,
        server.tls ? 1 : 0,
      );
    });
  }

  #transaction<T>(work: () => T): T {
    if (this.#db.isTransaction) return work();
    this.#db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      this.#db.exec("COMMIT");
      return result;
    } catch (error) {
      this.#db.exec("ROLLBACK");
      throw error;
    }
  }

  #assertOpen(action: string): void {
    if (this.#closed) throw new Error(`Cannot ${action}: the network store is closed`);
  }
}

/** The `networks` columns, in the order of the INSERT and UPDATE statements. */
function rowValues(network: Omit<Network, "id">): (string | number)[] {
  return [
    network.name,
    network.host,
    normalizeHost(network.host),
    network.port,
    network.tls ? 1 : 0,
    network.nick,
    network.autoconnect ? 1 : 0,
    network.username,
    network.realname,
    network.password,
    network.saslMechanism,
    network.saslAccount,
    network.saslPassword,
    network.clientCert,
  ];
}

function toServer(row: ServerRow): NetworkServer {
  return { host: row.host, port: row.port, tls: row.tls === 1 };
}

function toNetwork(row: NetworkRow, servers: NetworkServer[]): Network {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    port: row.port,
    tls: row.tls === 1,
    nick: row.nick,
    servers,
    autoconnect: row.autoconnect === 1,
    username: row.username,
    realname: row.realname,
    password: row.password,
    saslMechanism: mechanismOf(row.sasl_mechanism),
    saslAccount: row.sasl_account,
    saslPassword: row.sasl_password,
    clientCert: row.client_cert,
  };
}

/** A stored mechanism; one this version does not know reads as none. */
function mechanismOf(value: unknown): SaslMechanism {
  return value === "PLAIN" || value === "EXTERNAL" ? value : "";
}

/**
 * Checks every field of a network at the edge and fills the defaults. The fields and their
 * limits are the network form's (core/network_form.js): what the page's form takes, the
 * store takes, and no more.
 */
function validate(input: NewNetwork, action: string): Omit<Network, "id"> {
  if (typeof input !== "object" || input === null) {
    throw new TypeError(`Cannot ${action}: expected an object, got ${input}`);
  }
  const read = <T>(shape: Shape<T>, value: unknown, field: string): T => {
    try {
      return shape.read(value, field);
    } catch (error) {
      if (error instanceof ShapeError) {
        throw new TypeError(`Cannot ${action}: ${error.message}`, { cause: error });
      }
      throw error;
    }
  };
  const flag = (field: string, value: unknown, fallback: boolean): boolean => {
    if (value === undefined) return fallback;
    if (typeof value !== "boolean") {
      throw new TypeError(`Cannot ${action}: ${field} must be a boolean, got ${String(value)}`);
    }
    return value;
  };
  const port = (field: string, value: unknown, fallback: number): number =>
    value === undefined ? fallback : read(NETWORK_PORT, value, field);
  const host = (field: string, value: unknown): string => {
    const raw = read(NETWORK_HOST, typeof value === "string" ? value.trim() : value, field);
    try {
      normalizeHost(raw);
    } catch (error) {
      throw new TypeError(
        `Cannot ${action}: ${field} is not a host name or IP address, got ${JSON.stringify(raw)}`,
        { cause: error },
      );
    }
    return raw;
  };
  const tls = flag("tls", input.tls, true);
  const servers = input.servers ?? [];
  if (!Array.isArray(servers)) {
    throw new TypeError(`Cannot ${action}: servers must be an array, got ${typeof servers}`);
  }
  return {
    name: read(NETWORK_NAME, input.name, "name"),
    host: host("host", input.host),
    port: port("port", input.port, tls ? 6697 : 6667),
    tls,
    nick: read(NICKNAME, input.nick, "nick"),
    servers: servers.map((server: unknown, i) => {
      if (typeof server !== "object" || server === null) {
        throw new TypeError(
          `Cannot ${action}: servers[${i}] must be an object, got ${String(server)}`,
        );
      }
      const s = server as Record<string, unknown>;
      const serverTls = flag(`servers[${i}].tls`, s.tls, true);
      return {
        host: host(`servers[${i}].host`, s.host),
        port: port(`servers[${i}].port`, s.port, serverTls ? 6697 : 6667),
        tls: serverTls,
      };
    }),
    autoconnect: flag("autoconnect", input.autoconnect, true),
    username: read(NETWORK_DETAILS.username, input.username ?? "", "username"),
    realname: read(NETWORK_DETAILS.realname, input.realname ?? "", "realname"),
    password: read(NETWORK_DETAILS.password, input.password ?? "", "password"),
    saslMechanism: read(NETWORK_DETAILS.saslMechanism, input.saslMechanism ?? "", "saslMechanism"),
    saslAccount: read(NETWORK_DETAILS.saslAccount, input.saslAccount ?? "", "saslAccount"),
    saslPassword: read(NETWORK_DETAILS.saslPassword, input.saslPassword ?? "", "saslPassword"),
    clientCert: read(NETWORK_DETAILS.clientCert, input.clientCert ?? "", "clientCert"),
  };
}

/** What cannot be in a channel name or key (spaces include CR and LF). */
const BAD_CHANNEL_TEXT = /[\s,\0]/;

/** Checks a channel and its key at the edge. */
function validateChannel(channel: SavedChannel, action: string): SavedChannel {
  if (typeof channel !== "object" || channel === null) {
    throw new TypeError(`Cannot ${action}: expected an object, got ${channel}`);
  }
  const { name, key } = channel;
  if (typeof name !== "string" || name === "" || name.length > 200 || BAD_CHANNEL_TEXT.test(name)) {
    throw new TypeError(
      `Cannot ${action}: the name must be 1-200 characters without spaces or commas, got ${
        JSON.stringify(name) ?? String(name)
      }`,
    );
  }
  if (key === undefined || key === "") return { name };
  if (typeof key !== "string" || key.length > 100 || BAD_CHANNEL_TEXT.test(key)) {
    throw new TypeError(
      `Cannot ${action}: the key must be up to 100 characters without spaces or commas, got ${
        JSON.stringify(key) ?? String(key)
      }`,
    );
  }
  return { name, key };
}
