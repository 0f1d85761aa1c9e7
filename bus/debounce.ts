/**
 * A debounced function: calls are collapsed, and the last call's arguments run once the
 * calls stop for `wait` ms, or `maxWait` ms after the first pending call at the latest.
 *
 * @example
 * ```ts
 * import { debounce } from "./debounce.ts";
 * const save = debounce((text: string) => console.log(text), 10);
 * save("a");
 * save("ab");
 * save.flush(); // logs "ab" now
 * ```
 */
export interface DebouncedFunction<T extends unknown[]> {
  /** Records a call; the function runs later with the latest arguments. */
  (...args: T): void;
  /** Runs the pending call now, if there is one. */
  flush(): void;
  /** Drops the pending call without running it. */
  clear(): void;
  /** Whether a call is waiting to run. */
  readonly pending: boolean;
}

/**
 * Options of {@linkcode debounce}.
 *
 * @example
 * ```ts
 * import type { DebounceOptions } from "./debounce.ts";
 * const options: DebounceOptions = { maxWait: 100 };
 * ```
 */
export interface DebounceOptions {
  /** The longest a pending call may be deferred by further calls, in ms. Default: no limit. */
  maxWait?: number;
}

/**
 * Creates a trailing-edge debounced function with an optional maximum wait.
 *
 * `@std/async`'s debounce cannot be reached from these machines and has no `maxWait`, so
 * this small one lives here.
 *
 * @example A steady stream still runs every `maxWait` ms
 * ```ts
 * import { debounce } from "./debounce.ts";
 * const publish = debounce(() => console.log("publish"), 10, { maxWait: 100 });
 * publish();
 * publish.clear();
 * ```
 */
export function debounce<T extends unknown[]>(
  fn: (...args: T) => void,
  wait: number,
  options: DebounceOptions = {},
): DebouncedFunction<T> {
  const maxWait = options.maxWait ?? Infinity;
  checkDelay(wait, "wait");
  checkDelay(maxWait, "maxWait");
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstAt = 0;
  let args: T | undefined;

  const run = () => {
    const pendingArgs = args;
    cancel();
    if (pendingArgs) fn(...pendingArgs);
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    args = undefined;
  };

  const debounced = (...callArgs: T) => {
    const now = Date.now();
    if (!args) firstAt = now;
    args = callArgs;
    clearTimeout(timer);
    const delay = Math.min(wait, maxWait - (now - firstAt));
    timer = setTimeout(run, Math.max(0, delay));
  };
  return Object.defineProperties(debounced, {
    flush: { value: run },
    clear: { value: cancel },
    pending: { get: () => args !== undefined },
  }) as DebouncedFunction<T>;
}

function checkDelay(value: number, name: string): void {
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) {
    throw new TypeError(`Cannot debounce: ${name} must be a non-negative number, got ${value}`);
  }
}
