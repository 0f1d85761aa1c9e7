/**
 * The channels we are in: who is in each (the shared membership reducer, fed every event
 * this connection emits, so the roster is the events), the NAMES reply being collected, and
 * whether its enrichment (WHO, history) was requested.
 *
 * @module
 */
import { Membership } from "../core/mod.ts";

/** One joined channel. */
export interface ChannelState {
  /** The name as we joined it. */
  name: string;
  /** Nicknames of a NAMES reply in progress, until 366. */
  pendingNames: string[] | undefined;
  /** WHO and history were requested after the first complete NAMES. */
  enriched: boolean;
}

/** The joined channels of one connection, by folded name. */
export class Channels {
  #byKey = new Map<string, ChannelState>();
  /**
   * Who is where, with prefixes and topics: the one roster of the client. `LineContext.emit`
   * applies each event to it as the event is emitted.
   */
  readonly members = new Membership();

  /** How many channels we are in. */
  get size(): number {
    return this.#byKey.size;
  }

  /** The channel of folded `key`, if we are in it. */
  get(key: string): ChannelState | undefined {
    return this.#byKey.get(key);
  }

  /** Names of the channels we are in, in join order. */
  names(): string[] {
    return [...this.#byKey.values()].map((c) => c.name);
  }

  /** We joined `name`. */
  joined(key: string, name: string): void {
    this.#byKey.set(key, { name, pendingNames: undefined, enriched: false });
  }

  /** We left the channel of folded `key`. */
  left(key: string): void {
    this.#byKey.delete(key);
  }

  /** The channels `nick` shares with us, as joined: where a quit or nick change shows. */
  sharedWith(nick: string): string[] {
    return this.members.channelsOf(nick);
  }

  /** Forgets every channel (the link is gone). */
  clear(): void {
    this.#byKey.clear();
    this.members.apply({ type: "channels.changed", data: { networkId: 0, channels: [] } });
  }
}
