import { Parts } from "./_parts.ts";

/**
 * What {@linkcode shutdownInOrder} stops, in this order.
 *
 * @example
 * ```ts
 * import type { ShutdownParts } from "./shutdown.ts";
 * const parts: ShutdownParts = {
 *   networks: [],
 *   bus: { close: () => Promise.resolve() },
 *   storage: { close: () => {} },
 * };
 * ```
 */
export interface ShutdownParts {
  /** Things that stop taking new work first: the web server, the link listener. */
  front?: { close(): Promise<void> | void }[];
  /** The producers: each network is sent QUIT, all at once, with a bounded wait. */
  networks: Iterable<{ disconnect(reason?: string): Promise<void> }>;
  /** The plugin host. */
  plugins?: AsyncDisposable;
  /** The bus: closing it drains the ordered lane. */
  bus: { close(): Promise<void> };
  /** Anything to run after the bus drained, before storage closes. */
  afterBus?: () => Promise<void> | void;
  /** The storage, closed last. */
  storage: { close(): void };
}

/**
 * Options of {@linkcode shutdownInOrder}.
 *
 * @example
 * ```ts
 * import type { ShutdownOptions } from "./shutdown.ts";
 * const options: ShutdownOptions = { quitTimeoutMs: 2000, reason: "Bye" };
 * ```
 */
export interface ShutdownOptions {
  /** How long QUIT may take for all networks together. Default 3000 ms. */
  quitTimeoutMs?: number;
  /** The QUIT message. Default "Client quit". */
  reason?: string;
}

/**
 * What happened during the shutdown: the steps in the order they ran, and whether the QUIT
 * wait ran out.
 *
 * @example
 * ```ts
 * import type { ShutdownReport } from "./shutdown.ts";
 * const report: ShutdownReport = { steps: ["front", "networks", "plugins", "bus", "storage"],
 *   quitTimedOut: false, errors: [] };
 * ```
 */
export interface ShutdownReport {
  /** Steps in the order they ran. */
  steps: ("front" | "networks" | "plugins" | "bus" | "storage")[];
  /** True when some network had not finished its QUIT within the bound. */
  quitTimedOut: boolean;
  /** Errors of single steps; the shutdown always goes on to the next step. */
  errors: Error[];
}

/**
 * A step of the shutdown, in the order they run: the front doors stop taking new work, the
 * producers (networks) QUIT, then plugins, the bus (drained), and storage last.
 *
 * @example
 * ```ts
 * import type { ShutdownStep } from "./shutdown.ts";
 * const first: ShutdownStep = "front";
 * ```
 */
export type ShutdownStep = ShutdownReport["steps"][number];

/**
 * Options of {@linkcode quitNetworks}.
 *
 * @example
 * ```ts
 * import type { QuitOptions } from "./shutdown.ts";
 * const options: QuitOptions = { quitTimeoutMs: 1000, onError: (error) => console.error(error) };
 * ```
 */
export interface QuitOptions extends ShutdownOptions {
  /** Receives the error of each network whose QUIT failed. */
  onError?: (error: Error) => void;
}

/**
 * Sends QUIT on every network at once and waits for all of them, at most `quitTimeoutMs`
 * (default 3000). Resolves true when the wait ran out; a network whose QUIT fails is not
 * waited for, and its error goes to `onError`.
 *
 * @example
 * ```ts
 * import { quitNetworks } from "./shutdown.ts";
 * const timedOut = await quitNetworks([{ disconnect: () => Promise.resolve() }], {
 *   reason: "Bye",
 *   onError: (error) => console.error(error.message),
 * });
 * console.log(timedOut); // false
 * ```
 */
export async function quitNetworks(
  networks: Iterable<{ disconnect(reason?: string): Promise<void> }>,
  options: QuitOptions = {},
): Promise<boolean> {
  const quits = [...networks].map(async (network) => {
    try {
      await network.disconnect(options.reason ?? "Client quit");
    } catch (error) {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
    }
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), options.quitTimeoutMs ?? 3000);
  });
  try {
    return await Promise.race([Promise.all(quits).then(() => false), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stops the client in order: the front doors, then the producers (QUIT on every network,
 * bounded), then plugins, then the bus (which drains, so nothing accepted on the ordered
 * lane is lost), then storage. Every step runs even if an earlier one failed.
 *
 * @example
 * ```ts
 * import { EventBus } from "../bus/mod.ts";
 * import { shutdownInOrder } from "./shutdown.ts";
 * const report = await shutdownInOrder({
 *   networks: [{ disconnect: () => Promise.resolve() }],
 *   bus: new EventBus(),
 *   storage: { close() {} },
 * });
 * console.log(report.steps); // ["front", "networks", "plugins", "bus", "storage"]
 * ```
 */
export async function shutdownInOrder(
  parts: ShutdownParts,
  options: ShutdownOptions = {},
): Promise<ShutdownReport> {
  // The same list the client keeps, registered in start order so that it stops in reverse.
  const list = new Parts<ShutdownStep>();
  const errors: Error[] = [];
  let quitTimedOut = false;
  list.defer("storage", () => parts.storage.close());
  if (parts.afterBus) list.defer("bus", parts.afterBus);
  list.defer("bus", () => parts.bus.close());
  list.defer("plugins", () => parts.plugins?.[Symbol.asyncDispose]());
  list.defer("networks", async () => {
    quitTimedOut = await quitNetworks(parts.networks, {
      ...options,
      onError: (error) => errors.push(error),
    });
  });
  // The step is named even with no door to close.
  list.defer("front", () => {});
  for (const door of [...(parts.front ?? [])].reverse()) list.defer("front", () => door.close());
  const stopped = await list.stop();
  return { steps: stopped.steps, quitTimedOut, errors: [...errors, ...stopped.errors] };
}
