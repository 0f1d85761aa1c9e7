import type { DeepLinkEventMap } from "./deeplink_events.ts";
import { deepLinkValidators } from "./deeplink_events.ts";
import { createInProcessTransport, type FrontendTransport } from "./frontend_transport.ts";

/**
 * Stops a frontend handler. Calling it twice is harmless; `using` calls it on scope exit.
 *
 * @example
 * ```ts
 * import { FrontendEvents } from "./mod.ts";
 * const frontend = new FrontendEvents();
 * const stop = frontend.on("deeplink:join", () => {});
 * stop();
 * ```
 */
export type FrontendUnsubscribe = (() => void) & Disposable;

/**
 * Checks a received payload before a handler may trust its type, one check per event name.
 *
 * @example
 * ```ts
 * import type { FrontendValidators } from "./frontend_events.ts";
 * const validators: FrontendValidators<{ ping: { at: number } }> = {
 *   ping: (payload): payload is { at: number } =>
 *     typeof payload === "object" && payload !== null && "at" in payload,
 * };
 * ```
 */
export type FrontendValidators<M> = {
  readonly [K in keyof M]?: (payload: unknown) => payload is M[K];
};

/**
 * Options of {@linkcode FrontendEvents}.
 *
 * @example
 * ```ts
 * import { createInProcessTransport, type FrontendEventsOptions } from "./mod.ts";
 * const options: FrontendEventsOptions = {
 *   transport: createInProcessTransport(),
 *   onError: (error) => console.warn(error.message),
 * };
 * ```
 */
export interface FrontendEventsOptions<M = DeepLinkEventMap> {
  /** Carries the frames; defaults to a fresh in-process transport. */
  transport?: FrontendTransport;
  /** Payload checks for received frames; defaults to the `deeplink:*` validators. */
  validators?: FrontendValidators<M>;
  /**
   * Receives what went wrong on the receiving side (a garbled frame, a payload failing its
   * check, a throwing handler), so one bad frame or handler never stops the others.
   * Defaults to `console.error`.
   */
  onError?: (error: Error) => void;
}

/**
 * The backend-to-frontend channel of spec 6.5: the backend calls `emit(name, payload)`,
 * the page calls `on(name, handler)`. Payloads travel as JSON text through a
 * {@linkcode FrontendTransport}, so what a handler receives is a fresh parsed copy,
 * in-process exactly as over a WebSocket.
 *
 * `emit` refuses, with a `TypeError`, any payload JSON would silently change or cannot
 * carry: functions, symbols, bigints, cycles, non-finite numbers, `undefined` outside an
 * object property, and objects other than plain objects and arrays (`Map`, `Date`, ...).
 *
 * @example
 * ```ts
 * import { FrontendEvents } from "./mod.ts";
 * const frontend = new FrontendEvents();
 * frontend.on("deeplink:add-network", (form) => console.log(`Add ${form.host}:${form.port}?`));
 * frontend.emit("deeplink:add-network", {
 *   host: "irc.libera.chat",
 *   port: 6697,
 *   tls: true,
 *   channel: "#deno",
 * }); // logs "Add irc.libera.chat:6697?"
 * frontend.close();
 * ```
 */
export class FrontendEvents<M extends object = DeepLinkEventMap> implements Disposable {
  #transport: FrontendTransport;
  #validators: Readonly<Record<string, ((payload: unknown) => boolean) | undefined>>;
  #onError: (error: Error) => void;
  #handlers = new Map<string, Set<(payload: unknown) => void>>();
  #stopListening: (() => void) | undefined;

  /** Builds the channel over `options.transport` (in-process by default). */
  constructor(options: FrontendEventsOptions<M> = {}) {
    this.#transport = options.transport ?? createInProcessTransport();
    this.#validators = (options.validators ?? deepLinkValidators) as Readonly<
      Record<string, ((payload: unknown) => boolean) | undefined>
    >;
    this.#onError = options.onError ?? ((error) => console.error(error));
  }

  /**
   * Serializes `payload` and sends it as event `name`. Throws a `TypeError` before sending
   * anything if the payload is not plain JSON data.
   */
  emit<K extends keyof M & string>(name: K, payload: M[K]): void {
    if (typeof name !== "string" || name === "") {
      throw new TypeError(
        `Cannot emit frontend event: the name must be a non-empty string, got ${String(name)}`,
      );
    }
    assertJsonData(payload, "payload", new Set(), name);
    this.#transport.send(JSON.stringify({ name, payload }));
  }

  /**
   * Calls `handler` with each received payload of event `name`, after its validator (if
   * any) accepted it. Returns the unsubscribe.
   */
  on<K extends keyof M & string>(name: K, handler: (payload: M[K]) => void): FrontendUnsubscribe {
    if (typeof handler !== "function") {
      throw new TypeError(
        `Cannot listen to frontend event: the handler must be a function, got ${typeof handler}`,
      );
    }
    this.#stopListening ??= this.#transport.listen((frame) => this.#receive(frame));
    let handlers = this.#handlers.get(name);
    if (handlers === undefined) {
      handlers = new Set();
      this.#handlers.set(name, handlers);
    }
    // A wrapper per call, so one function registered twice is also removed one at a time.
    const entry = (payload: unknown) => handler(payload as M[K]);
    handlers.add(entry);
    const unsubscribe = () => {
      this.#handlers.get(name)?.delete(entry);
    };
    return Object.assign(unsubscribe, { [Symbol.dispose]: unsubscribe });
  }

  /** Stops receiving frames and drops every handler. Emitting still works. */
  close(): void {
    this.#stopListening?.();
    this.#stopListening = undefined;
    this.#handlers.clear();
  }

  /** Same as {@linkcode FrontendEvents.close}. */
  [Symbol.dispose](): void {
    this.close();
  }

  #receive(frame: string): void {
    let message: unknown;
    try {
      message = JSON.parse(frame);
    } catch (error) {
      this.#onError(
        new SyntaxError(
          `Cannot receive frontend event: the frame is not JSON, got ${preview(frame)}`,
          { cause: error },
        ),
      );
      return;
    }
    if (
      typeof message !== "object" || message === null || !("name" in message) ||
      typeof message.name !== "string" || !("payload" in message)
    ) {
      this.#onError(
        new TypeError(
          `Cannot receive frontend event: the frame is not {name, payload}, got ${preview(frame)}`,
        ),
      );
      return;
    }
    const { name, payload } = message;
    const handlers = this.#handlers.get(name);
    if (handlers === undefined || handlers.size === 0) return;
    const validate = Object.hasOwn(this.#validators, name) ? this.#validators[name] : undefined;
    if (validate !== undefined && !validate(payload)) {
      this.#onError(
        new TypeError(
          `Cannot receive frontend event: the payload does not match ${name}, got ${
            preview(frame)
          }`,
        ),
      );
      return;
    }
    for (const handler of [...handlers]) {
      try {
        handler(payload);
      } catch (error) {
        this.#onError(
          new Error(`Cannot deliver frontend event: a ${name} handler threw`, { cause: error }),
        );
      }
    }
  }
}

function assertJsonData(value: unknown, path: string, seen: Set<object>, name: string): void {
  switch (typeof value) {
    case "string":
    case "boolean":
      return;
    case "number":
      if (Number.isFinite(value)) return;
      throw notJson(name, path, `the number ${value}`);
    case "object": {
      if (value === null) return;
      if (seen.has(value)) throw notJson(name, path, "a cycle");
      const proto = Object.getPrototypeOf(value);
      const isArray = Array.isArray(value);
      if (!isArray && proto !== Object.prototype && proto !== null) {
        throw notJson(name, path, `a ${proto?.constructor?.name ?? "non-plain"} object`);
      }
      seen.add(value);
      if (isArray) {
        for (let i = 0; i < value.length; i++) {
          if (value[i] === undefined) throw notJson(name, `${path}[${i}]`, "undefined");
          assertJsonData(value[i], `${path}[${i}]`, seen, name);
        }
      } else {
        for (const [key, item] of Object.entries(value)) {
          if (item !== undefined) assertJsonData(item, `${path}.${key}`, seen, name);
        }
      }
      seen.delete(value);
      return;
    }
    default:
      // function, symbol, bigint, and undefined where JSON has no place for it.
      throw notJson(name, path, `a ${typeof value}`);
  }
}

function notJson(name: string, path: string, what: string): TypeError {
  return new TypeError(
    `Cannot emit frontend event ${name}: the payload must be plain JSON data, got ${what} at ${path}`,
  );
}

function preview(frame: string): string {
  return JSON.stringify(frame.length > 120 ? `${frame.slice(0, 120)}…` : frame);
}
