/**
 * What a page may ask of the client: one method per action of the page protocol, run
 * against the client's parts, with the broadcasts that keep every open page in step.
 *
 * @module
 */
import { createEvent, type EventBus, EventSourceUI } from "../bus/mod.ts";
import type { MessageStore } from "../history/mod.ts";
import type { NetworkStore } from "../storage/mod.ts";
import {
  applyInstall,
  applyUpgrade,
  describeIsolation,
  grantAll,
  hasUpdate,
  type InstallPlan,
  parseDiskQuota,
  parseScope,
  planInstall,
  planUpgrade,
  type PluginHost,
  pluginSources,
} from "../plugins/mod.ts";
import type { DeepLinkHandler } from "../deeplink/mod.ts";
import { ledgerPage } from "./ledger_page.ts";
import type { Action, ServerMessage } from "../core/mod.ts";
import type { NetworkManager } from "./network_manager.ts";
import type { PageHub } from "./page_hub.ts";
import type { UiState } from "./ui_state.ts";

/** Most stored buffers a `history.buffers` reply lists. */
const MAX_PAGE_BUFFERS = 1000;

/**
 * The client's parts the actions run against.
 *
 * @example
 * ```ts
 * import type { PageActionParts } from "./page_actions.ts";
 * const history: PageActionParts["history"] = undefined; // running without history
 * ```
 */
export interface PageActionParts {
  /** The bus (`buffer.read` and pane events go on it). */
  bus: EventBus;
  /** The saved networks. */
  store: NetworkStore;
  /** The IRC connections. */
  networks: NetworkManager;
  /** The UI's view of channels (flushed before a history page, see there). */
  ui: UiState;
  /** The open pages, told when networks or plugins change. */
  pages: PageHub;
  /** The plugin host. */
  plugins: PluginHost;
  /** Deep links, delivered once a page is ready. */
  links: DeepLinkHandler;
  /** The message history, unless its file was refused at start. */
  history: MessageStore | undefined;
  /** The data dir (plugin upgrades work in it). */
  dataDir: string;
}

/** Audit entries of each plugin sent to pages. */
const AUDIT_PAGE_ENTRIES = 50;

/** The most ledger entries a page's Activity sheet gets, the most frequent. */
const ACTIVITY_PAGE_ENTRIES = 500;

/** Install plans awaiting the user's answer at once; a new one past this drops the oldest. */
const MAX_INSTALL_PLANS = 8;

/** How long an install plan waits for the user's answer before its files are removed. */
const INSTALL_PLAN_MS = 10 * 60 * 1000;

/** The kind of an action. */
type ActionKind = Action["kind"];

/** The action of one kind. */
type ActionOf<K extends ActionKind> = Extract<Action, { kind: K }>;

/**
 * The handlers of every action kind, each given its own kind's action. Adding an action to
 * the protocol's table (core/protocol.js) makes this type ask for its handler.
 *
 * @example
 * ```ts
 * import type { ActionHandlers } from "./page_actions.ts";
 * type JoinHandler = ActionHandlers["join"]; // (action: { kind: "join"; networkId: number; ... }) => unknown
 * ```
 */
export type ActionHandlers = {
  readonly [K in ActionKind]: (action: ActionOf<K>) => Promise<unknown> | unknown;
};

/** The `plugins` message every page is sent when a plugin changes. */
export type PluginsMessage = Extract<ServerMessage, { kind: "plugins" }>;

/**
 * Runs the page's actions. A page's `ready` also connects the autoconnect networks: the
 * page comes first, see {@linkcode NetworkManager.pageReady}.
 *
 * @example
 * ```ts ignore
 * const actions = new PageActions(parts);
 * await actions.perform({ kind: "join", networkId: 1, channel: "#deno" });
 * ```
 */
export class PageActions {
  #parts: PageActionParts;
  /** One handler per action kind; a kind without one fails `deno check`. */
  #handlers: ActionHandlers;
  /** Fetched plugins awaiting consent on a page, by plan id, oldest first. */
  #installPlans = new Map<string, { plan: InstallPlan; timer: ReturnType<typeof setTimeout> }>();

  /** Runs actions against `parts`. */
  constructor(parts: PageActionParts) {
    this.#parts = parts;
    this.#handlers = this.#makeHandlers();
  }

  /**
   * The plugins, the newest audit entries of each (so that no plugin's flood hides another's)
   * and their commands, as pages show them.
   */
  pluginsMessage(): PluginsMessage {
    const { plugins } = this.#parts;
    return {
      kind: "plugins",
      plugins: plugins.list(),
      audit: plugins.audit(undefined, { lastPerPlugin: AUDIT_PAGE_ENTRIES }),
      commands: plugins.commands(),
    };
  }

  /** Runs one checked action; resolves with the reply's result, or rejects with why not. */
  async perform(action: Action): Promise<unknown> {
    return await this.#run(action.kind, action);
  }

  /**
   * Runs the handler of `kind`: indexed by a type parameter, the table gives the handler of
   * exactly that kind's action.
   */
  #run<K extends ActionKind>(kind: K, action: ActionOf<K>): Promise<unknown> | unknown {
    const handler: ActionHandlers[K] = this.#handlers[kind];
    return handler(action);
  }

  #makeHandlers(): ActionHandlers {
    const { bus, store, networks, ui, plugins, links, dataDir } = this.#parts;
    return {
      "ready": () => {
        links.ready();
        networks.pageReady();
        return null;
      },
      "connect": async (action) => {
        await networks.connect(action.networkId);
        return null;
      },
      "disconnect": async (action) => {
        await networks.disconnect(action.networkId);
        return null;
      },
      "join": (action) => {
        networks.join(action.networkId, action.channel, action.key);
        return null;
      },
      "part": (action) => {
        networks.part(action.networkId, action.channel, action.reason);
        return null;
      },
      "buffer.read": async (action) => {
        await bus.emit(createEvent("buffer.read", {
          networkId: action.networkId,
          buffer: action.buffer,
          timestamp: action.timestamp,
        }, EventSourceUI));
        return null;
      },
      "say": (action) => {
        networks.require(action.networkId, "say").say(action.target, action.text, {
          reply: action.reply,
        });
        return null;
      },
      "me": (action) => {
        networks.require(action.networkId, "send an action").action(action.target, action.text);
        return null;
      },
      "typing": (action) => {
        // Best effort: typing into a network that is not connected tells nobody, quietly.
        networks.irc(action.networkId)?.typing(action.target, action.state);
        return null;
      },
      "react": (action) => {
        networks.require(action.networkId, "react").react(action.target, {
          msgid: action.msgid,
          reaction: action.reaction,
          remove: action.remove,
        });
        return null;
      },
      "redact": (action) => {
        networks.require(action.networkId, "delete a message").redact(
          action.target,
          action.msgid,
          { reason: action.reason },
        );
        return null;
      },
      "whois": async (action) => {
        return await networks.require(action.networkId, "whois").whois(action.nick, {
          timeoutMs: 15_000,
        });
      },
      "nick": (action) => {
        networks.require(action.networkId, "change nick").quote(`NICK ${action.nick}`);
        return null;
      },
      "quote": (action) => {
        networks.require(action.networkId, "send").quote(action.line);
        return null;
      },
      "list": async (action) => {
        return await networks.require(action.networkId, "list channels").listChannels(
          action.filter,
          { timeoutMs: 30_000 },
        );
      },
      "command": async (action) => {
        await plugins.runCommand(action.name, action.args);
        return null;
      },
      "network.add": async (action) => {
        const network = store.add(action.network);
        this.#pushNetworks();
        if (action.connect) await networks.connect(network.id);
        return { networkId: network.id };
      },
      "network.update": (action) => {
        if (!store.update(action.networkId, action.network)) {
          throw new Error(`Cannot edit network: no such network, got ${action.networkId}`);
        }
        this.#pushNetworks();
        return null;
      },
      "network.remove": async (action) => {
        await networks.remove(action.networkId);
        this.#pushNetworks();
        return null;
      },
      "pane.focus": async (action) => {
        await bus.emit(createEvent("ui.pane.focused", action.pane, EventSourceUI));
        return null;
      },
      "pane.blur": async (action) => {
        await bus.emit(createEvent("ui.pane.blurred", action.pane, EventSourceUI));
        return null;
      },
      "history.page": async (action) => {
        const store = await this.#flushedHistory();
        // The events of the lines just committed may still wait for the page's next batch;
        // sent now, they reach the page before this reply, so the page can merge its live
        // lines with the stored ones without showing a line twice.
        ui.flush();
        const { networkId, buffer, before, limit } = action;
        return store.page(networkId, buffer, { before, limit });
      },
      "history.search": async (action) => {
        const store = await this.#flushedHistory();
        const { kind: _kind, id: _id, ...query } = action;
        return store.search(query);
      },
      "history.message": async (action) => {
        const store = await this.#flushedHistory();
        return store.message(action.networkId, action.buffer, action.msgid) ?? null;
      },
      "history.buffers": async () => {
        const store = await this.#flushedHistory();
        // The buffers with the newest lines: the page restores conversations and badges from
        // them, and a reply for every buffer a server ever made could outgrow the socket.
        return store.buffers(undefined, { recent: MAX_PAGE_BUFFERS }).map((b) => ({
          ...b,
          unread: store.unread(b.networkId, b.name, b.readTime ?? 0),
        }));
      },
      "plugins.refresh": () => {
        return this.pluginsMessage();
      },
      "plugin.disable": async (action) => {
        return await this.#pluginVerb(() => plugins.disable(action.name));
      },
      "plugin.enable": async (action) => {
        return await this.#pluginVerb(() => plugins.enable(action.name));
      },
      "plugin.revoke": async (action) => {
        return await this.#pluginVerb(() => plugins.revoke(action.name));
      },
      "plugins.sources": async () => {
        return (await pluginSources(plugins, dataDir, { check: true })).map((row) => ({
          ...row,
          update: hasUpdate(row),
        }));
      },
      "plugin.activity": (action) => {
        // Most frequent first: a plugin touching thousands of values sends the page a sheet,
        // not a flood (the CLI prints them all).
        return plugins.activity(action.name, { limit: ACTIVITY_PAGE_ENTRIES });
      },
      "plugin.ledger": (action) => {
        return ledgerPage(plugins, action, { entries: ACTIVITY_PAGE_ENTRIES });
      },
      "plugin.permission.revoke": async (action) => {
        return await this.#pluginVerb(() =>
          plugins.revokePermission(action.name, action.permission)
        );
      },
      "plugin.permission.grant": async (action) => {
        return await this.#pluginVerb(() =>
          plugins.grantPermission(action.name, action.permission)
        );
      },
      "plugin.upgrade.plan": async (action) => {
        await using plan = await planUpgrade(plugins, dataDir, action.name);
        const { name, source, from, to, integrity, changelog, added, removed } = plan;
        return { name, source, from, to, integrity, changelog, added, removed };
      },
      "plugin.upgrade": async (action) => {
        return await this.#pluginVerb(async () => {
          await using plan = await planUpgrade(plugins, dataDir, action.name);
          if (plan.to !== action.version) {
            throw new Error(
              `Cannot upgrade plugin ${action.name}: the registry now offers ${plan.to}, got ${action.version}`,
            );
          }
          if (action.integrity !== undefined && plan.integrity !== action.integrity) {
            throw new Error(
              `Cannot upgrade plugin ${action.name}: integrity check failed: the registry now serves ${plan.to} as ${plan.integrity}, not the ${action.integrity} the sheet showed; nothing changed`,
            );
          }
          const unseen = plan.added.filter((request) => !action.consent.includes(request));
          await applyUpgrade(plugins, dataDir, plan, { consent: unseen.length === 0 });
        });
      },
      "plugin.install.plan": async (action) => {
        return await this.#planInstall(action.specifier);
      },
      "plugin.install.cancel": async (action) => {
        await this.#dropPlan(action.planId);
        return null;
      },
      "plugin.install": async (action) => {
        const pending = this.#installPlans.get(action.planId);
        if (!pending) {
          throw new Error(
            `Cannot install plugin: no install awaits consent under this plan (it expired or was answered), got ${action.planId}`,
          );
        }
        this.#installPlans.delete(action.planId);
        clearTimeout(pending.timer);
        await using plan = pending.plan;
        const name = plan.manifest.name;
        // The page sends what it showed; the grant is made here, from the plan alone, so a
        // page cannot widen it: only the scope and the disk quota are the user's to choose.
        const asked = plan.requests.map((request) => request.text);
        const unseen = asked.filter((request) => !action.consent.includes(request));
        const unknown = action.consent.filter((request) => !asked.includes(request));
        if (action.version !== plan.version || unseen.length > 0 || unknown.length > 0) {
          throw new Error(
            `Cannot install plugin ${name}: the consent does not match the plan of ${plan.version}, got ${
              JSON.stringify({ version: action.version, consent: action.consent })
            }`,
          );
        }
        const scope = parseScope(action.scope);
        const diskQuotaMb = parseDiskQuota(action.diskQuotaMb);
        return await this.#pluginVerb(async () => {
          await applyInstall(plugins, dataDir, plan, {
            grant: { ...grantAll(plan.manifest), scope, diskQuotaMb },
          });
          await plugins.load(name);
        });
      },
    };
  }

  /** Removes the files of every install plan still awaiting an answer. */
  async close(): Promise<void> {
    for (const id of [...this.#installPlans.keys()]) await this.#dropPlan(id);
  }

  /**
   * Fetches and checks a `jsr:` plugin into a scratch folder, and returns what the consent
   * sheet shows; the plan waits for the page's answer under its id.
   */
  async #planInstall(specifier: string): Promise<unknown> {
    const { plugins, dataDir } = this.#parts;
    const plan = await planInstall(plugins, dataDir, specifier);
    const name = plan.manifest.name;
    if (plugins.list().some((plugin) => plugin.name === name)) {
      await plan[Symbol.asyncDispose]();
      throw new Error(
        `Cannot install plugin ${name}: it is installed already (its row offers an upgrade), got ${specifier}`,
      );
    }
    while (this.#installPlans.size >= MAX_INSTALL_PLANS) {
      await this.#dropPlan(this.#installPlans.keys().next().value!);
    }
    const planId = crypto.randomUUID();
    const timer = setTimeout(() => void this.#dropPlan(planId), INSTALL_PLAN_MS);
    Deno.unrefTimer(timer);
    this.#installPlans.set(planId, { plan, timer });
    const boundary = await plugins.boundary();
    const diskQuotaMb = plugins.defaultDiskQuotaMb;
    return {
      planId,
      name,
      description: plan.manifest.description,
      source: plan.source,
      version: plan.version,
      integrity: plan.integrity,
      requests: plan.requests,
      isolation: "subprocess",
      boundary,
      isolationText: describeIsolation({ worker: false, diskQuotaMb, boundary }),
      diskQuotaMb,
    };
  }

  async #dropPlan(planId: string): Promise<void> {
    const pending = this.#installPlans.get(planId);
    if (!pending) return;
    this.#installPlans.delete(planId);
    clearTimeout(pending.timer);
    await pending.plan[Symbol.asyncDispose]();
  }

  /** The history with every line received so far committed, so a read sees them. */
  async #flushedHistory(): Promise<MessageStore> {
    const history = this.#parts.history;
    if (!history) {
      throw new Error("Cannot read history: the history file was refused at start (see the log)");
    }
    await history.flush();
    return history;
  }

  /** Runs a plugin verb; every page then sees the plugins as they are, done or not. */
  async #pluginVerb(run: () => Promise<unknown>): Promise<null> {
    try {
      await run();
    } finally {
      this.#parts.pages.broadcast(this.pluginsMessage());
    }
    return null;
  }

  #pushNetworks(): void {
    this.#parts.pages.broadcast({ kind: "networks", networks: this.#parts.networks.views() });
  }
}
