import type { IrcLink, Target } from "./irc_link.ts";
import type { DeepLinkEventMap } from "./deeplink_events.ts";
import type { NetworkMatch } from "../storage/mod.ts";
import { parseIrcUrl } from "./parse_irc_url.ts";
import { isJsrLink, type JsrLink, parseJsrLink } from "./jsr_link.ts";

/**
 * What the handler needs from saved networks: the ones matching a host, in a stable order.
 * `NetworkStore` provides it.
 *
 * @example
 * ```ts
 * import type { NetworkMatcher } from "./deep_link_handler.ts";
 * const none: NetworkMatcher = { matchHost: () => [] };
 * ```
 */
export interface NetworkMatcher {
  /** Saved networks whose host or server list matches `host` (already normalized). */
  matchHost(host: string): NetworkMatch[];
}

/**
 * Where the handler sends its events: the backend side of `FrontendEvents`.
 *
 * @example
 * ```ts
 * import type { DeepLinkEmitter } from "./deep_link_handler.ts";
 * const log: DeepLinkEmitter = { emit: (name, payload) => console.log(name, payload) };
 * ```
 */
export interface DeepLinkEmitter {
  /** Sends one frontend event. */
  emit<K extends keyof DeepLinkEventMap & string>(name: K, payload: DeepLinkEventMap[K]): void;
}

/**
 * Options of {@linkcode DeepLinkHandler}.
 *
 * @example
 * ```ts
 * import { FrontendEvents, NetworkStore, type DeepLinkHandlerOptions } from "./mod.ts";
 * const options: DeepLinkHandlerOptions = {
 *   store: new NetworkStore(":memory:"),
 *   frontend: new FrontendEvents(),
 * };
 * ```
 */
export interface DeepLinkHandlerOptions {
  /** Saved networks to match links against. */
  store: NetworkMatcher;
  /** The frontend channel that receives one event per valid link. */
  frontend: DeepLinkEmitter;
}

/**
 * What `handle` did with a valid link: sent its event now, or queued it until `ready()`.
 *
 * @example
 * ```ts
 * import type { DeepLinkOutcome } from "./deep_link_handler.ts";
 * function describe(outcome: DeepLinkOutcome): string {
 *   return outcome.status === "queued" ? `queued (${outcome.position})` : outcome.event;
 * }
 * ```
 */
export type DeepLinkOutcome =
  | { status: "queued"; link: IrcLink | JsrLink; position: number }
  | DeepLinkDelivery;

/**
 * One delivered link: the event sent to the frontend and its payload.
 *
 * @example
 * ```ts
 * import type { DeepLinkDelivery } from "./deep_link_handler.ts";
 * function networkOf(delivery: DeepLinkDelivery): number | undefined {
 *   return delivery.event === "deeplink:join" ? delivery.payload.networkId : undefined;
 * }
 * ```
 */
export type DeepLinkDelivery = {
  [K in keyof DeepLinkEventMap]: {
    status: "delivered";
    link: IrcLink | JsrLink;
    event: K;
    payload: DeepLinkEventMap[K];
  };
}[keyof DeepLinkEventMap];

/**
 * Parses an `irc://`, `ircs://` or `jsr:` link, throwing its `IrcUrlError` or `JsrLinkError`.
 *
 * @example
 * ```ts
 * import { parseLink } from "./mod.ts";
 * parseLink("jsr:@someone/greeter@^1"); // { scheme: "jsr", ... }
 * ```
 */
export function parseLink(raw: string): IrcLink | JsrLink {
  return isJsrLink(raw) ? parseJsrLink(raw) : parseIrcUrl(raw);
}

/**
 * Turns `irc://` / `ircs://` links into exactly one frontend event each:
 * - no saved network matches the host: `deeplink:add-network` (never a connection: the
 *   prefilled form is the user's consent);
 * - one matches: `deeplink:join`;
 * - several match: `deeplink:disambiguate`, candidates by ascending network id.
 *
 * A `jsr:@scope/name[@range]` link (a plugin to install) becomes `deeplink:install-plugin`,
 * which only opens the consent sheet; a malformed one throws a {@linkcode JsrLinkError}.
 *
 * Links handled before the frontend calls `ready()` are queued, all of them and in order,
 * and delivered once by `ready()`; after it, links are delivered at once. Matching happens
 * at delivery, against the networks saved then.
 *
 * An invalid link sends nothing: `handle` throws its {@linkcode IrcUrlError} (the same
 * error `parseIrcUrl` throws), and the queue is untouched.
 *
 * @example
 * ```ts
 * import { DeepLinkHandler, FrontendEvents, NetworkStore } from "./mod.ts";
 * using store = new NetworkStore(":memory:");
 * const frontend = new FrontendEvents();
 * const handler = new DeepLinkHandler({ store, frontend });
 * handler.handle("ircs://irc.libera.chat/#deno"); // { status: "queued", ... }
 * frontend.on("deeplink:add-network", (form) => console.log(form.host)); // "irc.libera.chat"
 * handler.ready(); // delivers the queued link
 * ```
 */
export class DeepLinkHandler {
  #store: NetworkMatcher;
  #frontend: DeepLinkEmitter;
  #queue: (IrcLink | JsrLink)[] = [];
  #ready = false;
  #draining = false;

  /** Builds a handler over saved networks and a frontend channel; it starts not ready. */
  constructor(options: DeepLinkHandlerOptions) {
    if (typeof options?.store?.matchHost !== "function") {
      throw new TypeError("Cannot create DeepLinkHandler: options.store must have matchHost()");
    }
    if (typeof options.frontend?.emit !== "function") {
      throw new TypeError("Cannot create DeepLinkHandler: options.frontend must have emit()");
    }
    this.#store = options.store;
    this.#frontend = options.frontend;
  }

  /**
   * Parses a link and delivers its event, or queues it before `ready()`. Throws
   * `IrcUrlError` (or `JsrLinkError` for a `jsr:` link) for an invalid link, without
   * emitting or queueing anything.
   */
  handle(raw: string): DeepLinkOutcome {
    const link = parseLink(raw);
    if (!this.#ready) {
      // While ready() drains, a link handled from inside a frontend handler joins the
      // queue's tail, so order holds and nothing is delivered twice.
      this.#queue.push(link);
      return { status: "queued", link, position: this.#queue.length - 1 };
    }
    return this.#deliver(link);
  }

  /**
   * The frontend is listening: delivers every queued link, in order, once, then delivers
   * later links at once. Returns the deliveries; calling it again returns `[]`. If
   * sending some link throws, the rest are still delivered and the errors are rethrown
   * together as an `AggregateError`.
   */
  ready(): DeepLinkDelivery[] {
    if (this.#ready || this.#draining) return [];
    this.#draining = true;
    const delivered: DeepLinkDelivery[] = [];
    const errors: unknown[] = [];
    try {
      while (this.#queue.length > 0) {
        const link = this.#queue.shift()!;
        try {
          delivered.push(this.#deliver(link));
        } catch (error) {
          errors.push(error);
        }
      }
      this.#ready = true;
    } finally {
      this.#draining = false;
    }
    if (errors.length > 0) {
      throw new AggregateError(errors, `Cannot deliver ${errors.length} queued deep link(s)`);
    }
    return delivered;
  }

  /** The links queued for `ready()`, in order (copies; empty once ready). */
  pending(): (IrcLink | JsrLink)[] {
    return this.#queue.map((link) => structuredClone(link));
  }

  /** Whether `ready()` has run, so links are delivered at once. */
  get isReady(): boolean {
    return this.#ready;
  }

  #deliver(link: IrcLink | JsrLink): DeepLinkDelivery {
    if (link.scheme === "jsr") {
      const payload = { specifier: link.specifier };
      this.#frontend.emit("deeplink:install-plugin", payload);
      return { status: "delivered", link, event: "deeplink:install-plugin", payload };
    }
    const matches = this.#store.matchHost(link.host);
    const targets = link.targets.map(copyTarget);
    if (matches.length === 0) {
      const channel = link.targets.find((target) => !target.isNick)?.name ?? "";
      const payload = { host: link.host, port: link.port, tls: link.tls, channel };
      this.#frontend.emit("deeplink:add-network", payload);
      return { status: "delivered", link, event: "deeplink:add-network", payload };
    }
    if (matches.length === 1) {
      const payload = { networkId: matches[0].id, targets };
      this.#frontend.emit("deeplink:join", payload);
      return { status: "delivered", link, event: "deeplink:join", payload };
    }
    const candidates = matches
      .map(({ id, name }) => ({ networkId: id, name }))
      .sort((a, b) => a.networkId - b.networkId);
    const payload = { candidates, targets };
    this.#frontend.emit("deeplink:disambiguate", payload);
    return { status: "delivered", link, event: "deeplink:disambiguate", payload };
  }
}

function copyTarget({ name, isNick, key }: Target): Target {
  return { name, isNick, key };
}
