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
  const report: ShutdownReport = { steps: [], quitTimedOut: false, errors: [] };
  const attempt = async (fn: () => Promise<unknown> | unknown) => {
    try {
      await fn();
    } catch (error) {
      report.errors.push(error instanceof Error ? error : new Error(String(error)));
    }
  };
  report.steps.push("front");
  for (const door of parts.front ?? []) await attempt(() => door.close());

  report.steps.push("networks");
  const quits = [...parts.networks].map((network) =>
    attempt(() => network.disconnect(options.reason ?? "Client quit"))
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), options.quitTimeoutMs ?? 3000);
  });
  report.quitTimedOut = await Promise.race([Promise.all(quits).then(() => false), timedOut]);
  clearTimeout(timer);

  report.steps.push("plugins");
  if (parts.plugins) await attempt(() => parts.plugins![Symbol.asyncDispose]());

  report.steps.push("bus");
  await attempt(() => parts.bus.close());
  if (parts.afterBus) await attempt(parts.afterBus);

  report.steps.push("storage");
  await attempt(() => parts.storage.close());
  return report;
}
