/**
 * The plugin side of the boundary: loads the entry module, builds the context, delivers
 * events in order, acknowledges each batch, and reports permission denials. Runs inside a
 * Worker (`_worker_main.ts`) or a subprocess (`_subprocess_main.ts`).
 *
 * Its parts, each owning its state: the loaded plugin (`LoadedPlugin`: its definition and
 * context, and the hooks run on it), the calls awaiting a result (`PendingCalls`), the
 * batches awaiting an acknowledgement (`BatchAcks`), the order tasks run in (`InOrder`), and
 * the denial reports (`Denials`, with the hooks `installDenialReporting` sets before the
 * plugin loads). None holds anything the process's end does not release.
 *
 * @module
 */
import type { AnyBusEvent, MetadataUpdate } from "../bus/mod.ts";
import { CapabilityDeniedError } from "./errors.ts";
import {
  addTo,
  bare,
  defineProperty,
  execText,
  hasIn,
  isInstance,
  later,
  matches,
  NativeError,
  NativeTypeError,
  NotCapable,
  onFirstRead,
  stringify,
  toText,
} from "./_builtins.ts";
import {
  type CallOp,
  EMPTY_BATCH,
  type HostMessage,
  type ParsedBatch,
  parseHostMessage,
  parseWireBatch,
  type PluginMessage,
  toWireError,
  type WireError,
} from "./_protocol.ts";
// The SDK's door, not define_plugin.ts: the whole SDK (the shared layer's modules that
// replayEvents uses included) is then loaded with the runtime, before the plugin, and the
// plugin's own import of it needs no read access outside this folder.
import {
  type DefinedPlugin,
  isDefinedPlugin,
  type PluginContext,
  type PluginEvent,
  type PluginLogger,
} from "./sdk.ts";

/** Most batches run before an acknowledgement is sent while more are waiting. */
const ACK_EVERY = 4;

/** How the runtime talks to its host. */
export interface RuntimeTransport {
  post(message: PluginMessage): void;
  onMessage(handler: (message: unknown) => void): void;
  close(): void;
}

/**
 * Starts the runtime on a transport; the host's first message must be `init`. The parts
 * below each own their state; this wires them and hands each host message to them.
 */
export function startRuntime(transport: RuntimeTransport): void {
  // Prototype-free, so what the plugin does to Object.prototype cannot change them.
  const post: Post = (message) => transport.post(bare(message));
  const denials = new Denials(post);
  installDenialReporting((what, error) => denials.report(what, error));
  reportUncaught(post);
  const calls = new PendingCalls(post);
  const parts: RuntimeParts = {
    post,
    calls,
    acks: new BatchAcks(post),
    queue: new InOrder(),
    plugin: new LoadedPlugin(post, denials, calls),
  };
  transport.onMessage((raw) => {
    let message: HostMessage;
    try {
      message = parseHostMessage(raw);
    } catch (error) {
      post({ kind: "uncaught", error: toWireError(error) });
      return;
    }
    dispatch(message, parts).catch((error) =>
      post({ kind: "uncaught", error: toWireError(error) })
    );
  });
}

// The parts are not exported, on purpose: a plugin may import this module again (its folder
// is readable to it), and an exported class would let it patch the methods of the runtime's
// own objects, say to drop its denial reports. Unexported, nothing of them is in its reach.

/** Posts a message to the host. */
type Post = (message: PluginMessage) => void;

/** What {@linkcode dispatch} hands the host's messages to. */
interface RuntimeParts {
  post: Post;
  calls: PendingCalls;
  acks: BatchAcks;
  queue: InOrder;
  plugin: LoadedPlugin;
}

/**
 * Hands one host message to its part. Batches, overflow notices, commands and teardown run
 * one after the other, in arrival order; `init` and call results are taken at once.
 */
async function dispatch(message: HostMessage, parts: RuntimeParts): Promise<void> {
  const { post, calls, acks, queue, plugin } = parts;
  switch (message.kind) {
    case "init":
      return await plugin.init(message);
    case "events": {
      let events: ParsedBatch;
      try {
        events = parseWireBatch(message.events);
      } catch (error) {
        post({ kind: "uncaught", error: toWireError(error) });
        events = EMPTY_BATCH;
      }
      acks.arrived();
      queue.then(async () => {
        await plugin.deliver(events);
        acks.ran(message.seq);
      });
      return;
    }
    case "overflow":
      acks.arrived();
      queue.then(async () => {
        await plugin.overflow(message.dropped);
        acks.ran(message.seq);
      });
      return;
    case "command":
      queue.then(() => plugin.command(message.id, message.command, message.args));
      return;
    case "result":
      calls.settle(message, plugin.name);
      return;
    case "teardown":
      queue.then(async () => {
        await plugin.teardown();
        post({ kind: "teardown-done" });
      });
      return;
  }
}

/** Runs tasks one after the other, in the order they were queued. */
class InOrder {
  #chain: Promise<void> = Promise.resolve();

  /** Queues `task` after every task queued before it. */
  then(task: () => Promise<void>): void {
    this.#chain = this.#chain.then(task);
  }
}

/**
 * Acknowledgements of batches (and overflow notices). One covers every batch up to its
 * number: it is sent when no batch is left waiting, or after every few, so that batches
 * arriving together are answered together.
 */
class BatchAcks {
  #post: Post;
  /** Batches arrived and not yet run. */
  #waiting = 0;
  /** Batches run since the last acknowledgement. */
  #unacknowledged = 0;

  constructor(post: Post) {
    this.#post = post;
  }

  /** A batch arrived and waits its turn. */
  arrived(): void {
    this.#waiting++;
  }

  /** Batch `seq` has run. */
  ran(seq: number): void {
    this.#waiting--;
    if (this.#waiting === 0 || ++this.#unacknowledged >= ACK_EVERY) {
      this.#unacknowledged = 0;
      this.#post({ kind: "ack", seq });
    }
  }
}

/** The plugin's capability calls awaiting the host's `result`, by id. */
class PendingCalls {
  #post: Post;
  #nextId = 1;
  #waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  constructor(post: Post) {
    this.#post = post;
  }

  /** Asks the host to run `op`; settles with its `result`. */
  call(op: CallOp, args: unknown[]): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#post({ kind: "call", id, op, args });
    });
  }

  /** Settles the call a `result` answers; `plugin` names the plugin in a denial. */
  settle(result: Extract<HostMessage, { kind: "result" }>, plugin: string): void {
    const waiter = this.#waiting.get(result.id);
    if (!waiter) return;
    this.#waiting.delete(result.id);
    if (result.ok) waiter.resolve(result.value);
    else waiter.reject(fromWire(result.error, plugin));
  }
}

/** Reports escalation attempts to the host's audit log, each error once, and failures. */
class Denials {
  #post: Post;
  // Each error is reported once, by whoever names its attempt best.
  #reported = new WeakSet<object>();

  constructor(post: Post) {
    this.#post = post;
  }

  /** Reports `what` as a denied attempt, unless `error` was reported already. */
  report(what: string, error: unknown): void {
    if (typeof error === "object" && error !== null) {
      if (hasIn(this.#reported, error)) return;
      addTo(this.#reported, error);
    }
    this.#post({ kind: "denied", what, message: toText((error as Error)?.message ?? error) });
  }

  /** Reports what a hook of the plugin threw, as a denial first when it was one. */
  failed(what: string, error: unknown): void {
    if (isNotCapable(error)) this.report(what, error);
    else if (isDeniedImport(error)) this.report("import", error);
    this.#post({ kind: "uncaught", error: toWireError(error) });
  }

  /** Runs a hook of the plugin and reports what it throws. */
  async run(what: string, hook: () => unknown): Promise<void> {
    try {
      await hook();
    } catch (error) {
      this.failed(what, error);
    }
  }
}

/** The plugin: its name, its module's definition once loaded, and the context it is given. */
class LoadedPlugin {
  /** Its name, from `init`. */
  name = "(unnamed)";
  #post: Post;
  #denials: Denials;
  #calls: PendingCalls;
  #plugin?: DefinedPlugin;
  #ctx?: PluginContext;

  constructor(post: Post, denials: Denials, calls: PendingCalls) {
    this.#post = post;
    this.#denials = denials;
    this.#calls = calls;
  }

  /** Loads the entry module and runs `setup`; answers `ready` or `setup-failed`. */
  async init(message: Extract<HostMessage, { kind: "init" }>): Promise<void> {
    this.name = message.name;
    const calls = this.#calls;
    const ctx = makeContext(
      message.name,
      message.dataDir,
      (op, args) => calls.call(op, args),
      this.#post,
    );
    this.#ctx = ctx;
    try {
      const module = await import(message.entry);
      if (!isDefinedPlugin(module.default)) {
        throw new TypeError(
          `Cannot start plugin: the entry must default-export definePlugin(...), got ${typeof module
            .default}`,
        );
      }
      const defined: DefinedPlugin = module.default;
      this.#plugin = defined;
      await defined.setup?.(ctx);
    } catch (error) {
      if (isNotCapable(error)) this.#denials.report("setup", error);
      else if (isDeniedImport(error)) this.#denials.report("import", error);
      this.#post({ kind: "setup-failed", error: toWireError(error) });
      return;
    }
    this.#post({ kind: "ready", commands: Object.keys(this.#plugin?.commands ?? {}) });
  }

  /** Runs `onEvent` for each event of a batch, in order; a throw stops only its event. */
  async deliver(batch: ParsedBatch): Promise<void> {
    const plugin = this.#plugin;
    const ctx = this.#ctx;
    const onEvent = plugin?.onEvent;
    if (!onEvent || !ctx) return;
    const { pairs, base, pairIndexes, offsets, data } = batch;
    for (let i = 0; i < data.length; i++) {
      const pair = pairIndexes[i] * 2;
      const event = {
        type: pairs[pair],
        data: data[i],
        timestamp: new Date(base + offsets[i]),
        source: pairs[pair + 1],
      } as AnyBusEvent;
      // Synchronous handlers stay on the fast path: no promise per event.
      try {
        const result = onEvent.call(plugin, event, ctx);
        if (result instanceof Promise) await result;
      } catch (error) {
        this.#denials.failed(`onEvent(${event.type})`, error);
      }
    }
  }

  /** Tells `onEvent` that `dropped` events were dropped from its full mailbox. */
  async overflow(dropped: number): Promise<void> {
    const notice: PluginEvent = {
      type: "plugin.overflow",
      data: { dropped },
      timestamp: new Date(),
      source: "system",
    };
    const plugin = this.#plugin;
    const ctx = this.#ctx;
    if (plugin?.onEvent && ctx) {
      await this.#denials.run("onEvent(plugin.overflow)", () => plugin.onEvent?.(notice, ctx));
    }
  }

  /** Runs a slash command; answers `command-done`. */
  async command(id: number, command: string, args: string): Promise<void> {
    const handler = this.#plugin?.commands?.[command];
    const ctx = this.#ctx;
    try {
      if (!handler || !ctx) throw new Error(`Cannot run command: unknown, got ${command}`);
      await handler(args, ctx);
      this.#post({ kind: "command-done", id, ok: true });
    } catch (error) {
      if (isNotCapable(error)) this.#denials.report(`command ${command}`, error);
      this.#post({ kind: "command-done", id, ok: false, error: toWireError(error) });
    }
  }

  /** Runs `teardown`, reporting what it throws. */
  async teardown(): Promise<void> {
    const plugin = this.#plugin;
    const ctx = this.#ctx;
    if (plugin?.teardown && ctx) {
      await this.#denials.run("teardown", () => plugin.teardown?.(ctx));
    }
  }
}

/** Uncaught errors and unhandled rejections of the plugin go to the host, not the console. */
function reportUncaught(post: Post): void {
  globalThis.addEventListener("error", (event) => {
    event.preventDefault();
    post({ kind: "uncaught", error: toWireError(event.error ?? event.message) });
  });
  globalThis.addEventListener("unhandledrejection", (event) => {
    event.preventDefault();
    post({ kind: "uncaught", error: toWireError(event.reason) });
  });
}

/** The error a failed call rejects with, rebuilt from its wire form. */
function fromWire(error: WireError, plugin: string): Error {
  if (error.name === "CapabilityDeniedError") {
    const denied = new CapabilityDeniedError(error.capability ?? "(unknown)", plugin);
    // The host's wording keeps its reason, e.g. a target outside the grant's scope.
    denied.message = error.message;
    return denied;
  }
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}

function makeContext(
  name: string,
  dataDir: string,
  call: (op: CallOp, args: unknown[]) => Promise<unknown>,
  post: (message: PluginMessage) => void,
): PluginContext {
  const logAt = (level: "debug" | "info" | "warn" | "error") => (...args: unknown[]) => {
    const message = args.map((a) => typeof a === "string" ? a : safeJson(a)).join(" ");
    post({ kind: "log", level, message: message.slice(0, 65_536) });
  };
  const log: PluginLogger = {
    debug: logAt("debug"),
    info: logAt("info"),
    warn: logAt("warn"),
    error: logAt("error"),
  };
  return Object.freeze({
    name,
    dataDir,
    irc: Object.freeze({
      async send(networkId: number, target: string, text: string): Promise<void> {
        await call("irc.send", [networkId, target, text]);
      },
    }),
    metadata: Object.freeze({
      async set(update: MetadataUpdate): Promise<void> {
        await call("metadata.set", [[update]]);
      },
      async setBatch(updates: MetadataUpdate[]): Promise<void> {
        await call("metadata.set", [updates]);
      },
    }),
    storage: Object.freeze({
      get: <T>(key: string) => call("storage.get", [key]) as Promise<T | undefined>,
      async set(key: string, value: unknown): Promise<void> {
        await call("storage.set", [key, value]);
      },
      delete: (key: string) => call("storage.delete", [key]) as Promise<boolean>,
      list: (prefix?: string) => call("storage.list", [prefix ?? ""]) as Promise<string[]>,
    }),
    log: Object.freeze(log),
  });
}

/**
 * A permission descriptor as text, from its plain fields only: the descriptor is the plugin's
 * own object, whose `toJSON`, `toString` or getters may throw or lie.
 */
function descriptorText(descriptor: unknown): string {
  const fields: Record<string, string> = bare({});
  for (const key of ["name", "path", "host", "variable", "command", "kind"]) {
    try {
      const value: unknown = typeof descriptor === "object" && descriptor !== null
        ? Reflect.get(descriptor, key)
        : undefined;
      if (typeof value === "string") fields[key] = value;
    } catch {
      // A getter that throws: the field is left out.
    }
  }
  return stringify(fields);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** An import refused by the grant: Deno raises it as a `TypeError` naming the permission. */
function isDeniedImport(error: unknown): boolean {
  return isInstance(error, NativeTypeError) &&
    matches(
      // Refused by the grant, or absent from the plugin's own module cache: only what its
      // install resolved is there, so anything else is an import it was never given.
      /^Requires (read|import|net) access to |--cached-only is specified/,
      toText(error.message),
    );
}

function isNotCapable(error: unknown): boolean {
  return isInstance(error, NotCapable) ||
    (isInstance(error, NativeError) && error.name === "NotCapable");
}

/**
 * The `Deno` APIs wrapped when first read rather than at start: HTTP serving and telemetry,
 * whose modules Deno loads on the first read (about a tenth of a plugin's start, measured).
 * `Deno.Command` and the process APIs stay wrapped at start: `node:child_process` shares their
 * prototypes, which must refuse before any plugin code runs.
 */
const SERVING = new Set(["serve", "serveHttp", "upgradeWebSocket", "telemetry"]);

/**
 * Reports every escalation attempt to the host's audit log before the plugin sees its
 * outcome, even when the plugin catches the error:
 * - a `NotCapable` raised anywhere (the `Deno` namespace, `fetch`, `node:` modules such as
 *   `node:fs`, `node:net`, `node:http`, `node:child_process`), named by the API it came from;
 * - a nested `Worker` (refused outright), a `WebSocket` or `EventSource` to a host outside
 *   the grant (refused before it connects);
 * - a permission request (`Deno.permissions.request*`) that is not granted;
 * - an import refused by the grant, caught or not.
 */
function installDenialReporting(report: (what: string, error: unknown) => void): void {
  const wrap = <F extends (...args: never[]) => unknown>(what: string, fn: F): F => {
    const wrapped = function (this: unknown, ...args: never[]) {
      try {
        const result = fn.apply(this, args);
        if (result instanceof Promise) {
          return result.catch((error) => {
            if (isNotCapable(error)) report(what, error);
            throw error;
          });
        }
        return result;
      } catch (error) {
        if (isNotCapable(error)) report(what, error);
        throw error;
      }
    };
    return wrapped as unknown as F;
  };
  hideInternals();
  catchEveryNotCapable(report);
  catchEveryDeniedImport(report);
  const deno = Deno as unknown as Record<string, unknown>;
  for (const key of Object.keys(deno)) {
    // Wrapped on the first read: Deno loads these on their first read, at a cost to every start.
    const wrapLater = (value: unknown) => isCallable(value) ? wrap(`Deno.${key}`, value) : value;
    if (SERVING.has(key) && onFirstRead(deno, key, wrapLater)) continue;
    const value = deno[key];
    if (typeof value !== "function") continue;
    const descriptor = Object.getOwnPropertyDescriptor(deno, key);
    if (!descriptor?.writable && !descriptor?.configurable) continue;
    if (/^[A-Z]/.test(key)) {
      // A class (Deno.Command, ...): wrap its prototype methods instead of the constructor.
      const proto = (value as { prototype?: Record<string, unknown> }).prototype;
      if (!proto) continue;
      for (const method of Object.getOwnPropertyNames(proto)) {
        const d = Object.getOwnPropertyDescriptor(proto, method);
        if (method === "constructor" || typeof d?.value !== "function" || !d.writable) continue;
        // `run` is never granted; refused here, before Deno looks the program up on a PATH
        // the plugin does not have (which would fail as NotFound, unaudited).
        proto[method] = key === "Command"
          ? refuse(`Deno.Command.${method}`, "plugins may not start subprocesses", report)
          : wrap(`Deno.${key}.${method}`, d.value);
      }
      continue;
    }
    try {
      deno[key] = wrap(`Deno.${key}`, value as (...args: never[]) => unknown);
    } catch {
      // Read-only in this runtime: skip it.
    }
  }
  const env = Deno.env as unknown as Record<string, (...args: never[]) => unknown>;
  for (const method of ["get", "set", "delete", "has", "toObject"]) {
    if (typeof env[method] === "function") {
      env[method] = wrap(`Deno.env.${method}`, env[method].bind(Deno.env));
    }
  }
  globalThis.fetch = wrap("fetch", globalThis.fetch);
  refuseNestedWorkers(report);
  guardConnections(report);
  closeStdin(report);
  const signals = "plugins may not handle signals: the host's own handling stays in force";
  Deno.addSignalListener = refuse("Deno.addSignalListener", signals, report);
  const permissions = Deno.permissions;
  const request = permissions.request.bind(permissions);
  const requestSync = permissions.requestSync.bind(permissions);
  const audit = (
    how: string,
    descriptor: Deno.PermissionDescriptor,
    status: Deno.PermissionStatus,
  ) => {
    if (status.state !== "granted") {
      report(
        `Deno.permissions.${how}(${descriptorText(descriptor)})`,
        `permission request ${status.state}`,
      );
    }
    return status;
  };
  // Deno's request() goes through requestSync(): that inner call is not a second attempt.
  let inRequest = false;
  permissions.request = async (descriptor: Deno.PermissionDescriptor) => {
    inRequest = true;
    let status: Promise<Deno.PermissionStatus>;
    try {
      status = request(descriptor);
    } finally {
      inRequest = false;
    }
    return audit("request", descriptor, await status);
  };
  permissions.requestSync = (descriptor: Deno.PermissionDescriptor) =>
    inRequest ? requestSync(descriptor) : audit("requestSync", descriptor, requestSync(descriptor));
}

/**
 * Hears of each `NotCapable` as it is built: its constructor assigns `name`, which reaches a
 * setter here. One raised inside a `node:` module is reported at once under that module's
 * name; any other is reported after the current task unless a `Deno` wrapper named it first.
 */
function catchEveryNotCapable(report: (what: string, error: unknown) => void): void {
  // Not configurable: a plugin cannot remove or replace the setter before its attempts.
  defineProperty(NotCapable.prototype, "name", {
    configurable: false,
    get: () => "NotCapable",
    set(this: Error, value: string) {
      defineProperty(this, "name", { value, writable: true, configurable: true });
      // Reading the stack runs the plugin's Error.prepareStackTrace: whatever it does, the
      // attempt is still reported (under no module name).
      let stack = "";
      try {
        const text: unknown = this.stack;
        if (typeof text === "string") stack = text;
      } catch {
        // A prepareStackTrace that throws.
      }
      const module = execText(/ext:deno_node\/(?!internal)([a-z_\/]+)\.ts/, stack)?.[1];
      if (module !== undefined) return report(`node:${module}`, this);
      later(() => report("permission check", this), 0);
    },
  });
}

/**
 * Deno exposes its core (raw ops, its error builders) as `Deno[Deno.internal]`: through it a
 * plugin could act below the wrappers that report its attempts. Removed before the plugin loads;
 * Deno's own code keeps its references.
 */
function hideInternals(): void {
  const key: unknown = Reflect.get(Deno, "internal");
  if (typeof key === "symbol") Reflect.deleteProperty(Deno, key);
  Reflect.deleteProperty(Deno, "internal");
}

/**
 * Hears of each module that fails to load as Deno builds its error, before the plugin can
 * catch it: Deno gives that `TypeError` a `code` (`ERR_MODULE_NOT_FOUND`), and assigning it
 * reaches a setter here. Every kind of import is covered, `import()` with a computed
 * specifier, inside `eval` or `new Function`. One refused by the grant (read
 * access to a file outside its copy, import access to a host) is reported as `import`. The
 * setter cannot be removed or replaced (the property is not configurable).
 *
 * Deno's own `DENO_AUDIT_PERMISSIONS` log cannot serve here: its lines carry the permission and
 * its value but not the decision, and granted checks are logged alike.
 */
function catchEveryDeniedImport(report: (what: string, error: unknown) => void): void {
  defineProperty(NativeTypeError.prototype, "code", {
    configurable: false,
    get: () => undefined,
    set(this: TypeError, value: unknown) {
      defineProperty(this, "code", {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      });
      if (value === "ERR_MODULE_NOT_FOUND" && isDeniedImport(this)) report("import", this);
    },
  });
}

/** A function that reports `what` as denied and throws `NotCapable` for `why`. */
function refuse(
  what: string,
  why: string,
  report: (what: string, error: unknown) => void,
): () => never {
  return () => {
    const error = new Deno.errors.NotCapable(`Cannot use ${what}: ${why}`);
    report(what, error);
    throw error;
  };
}

/**
 * Stdin reads as empty: a subprocess has none, and in a Worker it would be the client's
 * terminal (what the user types, passwords included). Each attempt is reported.
 */
function closeStdin(report: (what: string, error: unknown) => void): void {
  const stdin = Deno.stdin;
  const attempt = (what: string) =>
    report(what, new Deno.errors.NotCapable(`Cannot use ${what}: plugins have no stdin`));
  Object.defineProperties(stdin, {
    read: {
      value: (_buffer: Uint8Array) => {
        attempt("Deno.stdin.read");
        return Promise.resolve(null);
      },
    },
    readSync: {
      value: (_buffer: Uint8Array) => {
        attempt("Deno.stdin.readSync");
        return null;
      },
    },
    readable: {
      get: () => {
        attempt("Deno.stdin.readable");
        return new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
      },
    },
  });
}

/** Nested Workers are refused: their permissions would be the plugin's to choose. */
function refuseNestedWorkers(report: (what: string, error: unknown) => void): void {
  const refused = refuse("new Worker", "plugins may not start Workers", report);
  globalThis.Worker = function RefusedWorker() {
    refused();
  } as unknown as typeof Worker;
}

/** A `WebSocket` or `EventSource` to a host outside the grant is refused before it starts. */
function guardConnections(report: (what: string, error: unknown) => void): void {
  const guard = <C extends new (url: string | URL, ...rest: never[]) => object>(
    what: string,
    Original: C,
  ): C => {
    const Guarded = function (url: string | URL, ...rest: never[]) {
      let host = "";
      try {
        host = new URL(url).host;
      } catch {
        // An invalid URL: the original constructor says why.
      }
      if (host !== "" && Deno.permissions.querySync({ name: "net", host }).state !== "granted") {
        const error = new Deno.errors.NotCapable(
          `Cannot open ${what}: net access to ${host} is not granted, got ${String(url)}`,
        );
        report(`new ${what}`, error);
        throw error;
      }
      return new Original(url, ...rest);
    };
    Guarded.prototype = Original.prototype;
    return Guarded as unknown as C;
  };
  // Guarded on the first read: Deno loads each on its first read, at a cost to every start.
  for (const what of ["WebSocket", "EventSource"]) {
    const guarded = (original: unknown) =>
      isConnecting(original) ? guard(what, original) : original;
    if (!onFirstRead(globalThis, what, guarded)) {
      Reflect.set(globalThis, what, guarded(Reflect.get(globalThis, what)));
    }
  }
}

/** A function the denial wrappers can wrap. */
function isCallable(value: unknown): value is (...args: never[]) => unknown {
  return typeof value === "function";
}

/** A class opening a connection to a URL (`WebSocket`, `EventSource`). */
function isConnecting(
  value: unknown,
): value is new (url: string | URL, ...rest: never[]) => object {
  return typeof value === "function";
}
