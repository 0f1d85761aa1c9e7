/**
 * Callers waiting for a WHOIS reply, by folded nickname, each with its own deadline.
 *
 * @module
 */
import type { WhoisInfo } from "../bus/mod.ts";

/** A caller waiting for a WHOIS reply. */
export interface WhoisWaiter {
  /** Answers with the reply. */
  resolve: (info: WhoisInfo) => void;
  /** Fails the wait. */
  reject: (error: Error) => void;
}

/** Callers waiting for WHOIS replies, by folded nickname. */
export class WhoisRequests {
  #waiters = new Map<string, WhoisWaiter[]>();

  /**
   * Waits for the reply about `nick` (folded `key`), failing after `timeoutMs`. `onWaiter`
   * gets this wait's own waiter, so that a labeled answer can end this wait and no other.
   */
  wait(
    key: string,
    nick: string,
    timeoutMs: number,
    onWaiter?: (waiter: WhoisWaiter) => void,
  ): Promise<WhoisInfo> {
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined = undefined;
      const waiter: WhoisWaiter = {
        resolve: (info) => {
          clearTimeout(timer);
          resolve(info);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      timer = setTimeout(() => {
        const list = this.#waiters.get(key);
        if (list) list.splice(list.indexOf(waiter), 1);
        reject(new Error(`Cannot get WHOIS: no reply in time, got ${nick}`));
      }, timeoutMs);
      const list = this.#waiters.get(key) ?? [];
      list.push(waiter);
      this.#waiters.set(key, list);
      onWaiter?.(waiter);
    });
  }

  /** Fails `waiter` with `error` if it still waits for folded `key`; false when it does not. */
  fail(key: string, waiter: WhoisWaiter, error: Error): boolean {
    const list = this.#waiters.get(key);
    const at = list?.indexOf(waiter) ?? -1;
    if (!list || at === -1) return false;
    list.splice(at, 1);
    if (list.length === 0) this.#waiters.delete(key);
    waiter.reject(error);
    return true;
  }

  /** Removes and returns the callers waiting for folded `key`. */
  take(key: string): WhoisWaiter[] | undefined {
    const waiters = this.#waiters.get(key);
    this.#waiters.delete(key);
    return waiters;
  }

  /** Fails every wait with `message` (the link is gone). */
  rejectAll(message: string): void {
    for (const [, waiters] of this.#waiters) {
      for (const w of waiters) w.reject(new Error(message));
    }
    this.#waiters.clear();
  }
}
