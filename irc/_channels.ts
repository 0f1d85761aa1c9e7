/**
 * The channels we are in, with each one's roster of folded nicknames, the NAMES reply being
 * collected, and whether its enrichment (WHO, history) was requested.
 *
 * @module
 */

/** One joined channel. */
export interface ChannelState {
  /** The name as we joined it. */
  name: string;
  /** Members, by folded nickname. */
  users: Set<string>;
  /** Nicknames of a NAMES reply in progress, until 366. */
  pendingNames: string[] | undefined;
  /** WHO and history were requested after the first complete NAMES. */
  enriched: boolean;
}

/** The joined channels of one connection, by folded name. */
export class Channels {
  #byKey = new Map<string, ChannelState>();

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

  /** We joined `name`: a fresh roster holding only us. */
  joined(key: string, name: string, selfKey: string): void {
    this.#byKey.set(key, {
      name,
      users: new Set([selfKey]),
      pendingNames: undefined,
      enriched: false,
    });
  }

  /** We left the channel of folded `key`. */
  left(key: string): void {
    this.#byKey.delete(key);
  }

  /** A user quit: gone from every roster. */
  quit(userKey: string): void {
    for (const channel of this.#byKey.values()) channel.users.delete(userKey);
  }

  /** A user changed nickname: renamed in every roster that has them. */
  rename(oldKey: string, newKey: string): void {
    for (const channel of this.#byKey.values()) {
      if (channel.users.delete(oldKey)) channel.users.add(newKey);
    }
  }

  /** Forgets every channel (the link is gone). */
  clear(): void {
    this.#byKey.clear();
  }
}
