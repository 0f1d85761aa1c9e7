/**
 * Taking the configured nickname back while the connection runs under a fallback: with
 * MONITOR, `NICK` as soon as the server reports it offline (731); without, a paced `NICK`
 * retry on the injected clock.
 *
 * @module
 */
import type { IrcClock } from "./types.ts";

/** What the regain needs of its connection. */
export interface RegainLink {
  /** The configured nickname. */
  wanted: string;
  /** Sends a line. */
  write(line: string): void;
  /** Folds a nickname by the server's casemapping. */
  fold(nick: string): string;
  /** Timers of the paced retry. */
  clock: IrcClock;
  /** Ms between two paced attempts. */
  interval: number;
}

/** One connection's effort to get its configured nickname back. */
export class NickRegain {
  readonly #link: RegainLink;
  #active = false;
  #monitoring = false;
  #timer: unknown;
  #hasTimer = false;

  /** Creates the regain; it does nothing until `start()`. */
  constructor(link: RegainLink) {
    this.#link = link;
  }

  /** Whether a fallback is in use and the configured nickname is wanted back. */
  get active(): boolean {
    return this.#active;
  }

  /** Starts once registered as `current`, by MONITOR when `monitor` is offered. */
  start(current: string, monitor: boolean): void {
    const link = this.#link;
    if (this.#active || link.fold(current) === link.fold(link.wanted)) return;
    this.#active = true;
    if (monitor) {
      this.#monitoring = true;
      link.write(`MONITOR + ${link.wanted}`);
    } else {
      this.#schedule();
    }
  }

  /** 731 RPL_MONOFFLINE: these targets went (or are) offline. */
  offline(targets: readonly string[]): void {
    if (!this.#active) return;
    const wanted = this.#link.fold(this.#link.wanted);
    if (targets.some((t) => this.#link.fold(t.split("!")[0]) === wanted)) this.#attempt();
  }

  /** 734 ERR_MONLISTFULL: MONITOR cannot watch the nickname; retry at a pace instead. */
  monitorFull(): void {
    if (!this.#active || !this.#monitoring) return;
    this.#monitoring = false;
    this.#schedule();
  }

  /** Whether a refusal (433, 437) of `nick` answers our attempt rather than a user's. */
  isAttempt(nick: string): boolean {
    return this.#active && this.#link.fold(nick) === this.#link.fold(this.#link.wanted);
  }

  /** A refused attempt: with MONITOR a nick held after its owner left (437) is retried. */
  refused(nick: string): void {
    if (this.isAttempt(nick) && this.#monitoring) this.#schedule();
  }

  /** Our nickname changed: done once it is the configured one. */
  nickChanged(nick: string): void {
    const link = this.#link;
    if (!this.#active || link.fold(nick) !== link.fold(link.wanted)) return;
    const monitoring = this.#monitoring;
    this.stop();
    if (monitoring) link.write(`MONITOR - ${link.wanted}`);
  }

  /** Stops for good (the connection ended, or the nick is back). */
  stop(): void {
    this.#active = false;
    this.#monitoring = false;
    if (this.#hasTimer) this.#link.clock.clearTimeout(this.#timer);
    this.#hasTimer = false;
  }

  #attempt(): void {
    this.#link.write(`NICK ${this.#link.wanted}`);
  }

  #schedule(): void {
    if (this.#hasTimer) return;
    this.#hasTimer = true;
    this.#timer = this.#link.clock.setTimeout(() => {
      this.#hasTimer = false;
      if (!this.#active) return;
      this.#attempt();
      if (!this.#monitoring) this.#schedule();
    }, this.#link.interval);
  }
}
