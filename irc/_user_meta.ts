/**
 * Live roster attributes per user (`user.meta`): kept per folded nickname, changed by
 * patches, and reported only when a patch really changes the snapshot.
 *
 * @module
 */
import type { EventMap } from "../bus/mod.ts";

/** One user's snapshot. */
export type UserMeta = EventMap["user.meta"];

/** Changes to apply; an `undefined` value removes the field. */
export type UserMetaPatch = Partial<Omit<UserMeta, "networkId" | "nickname">>;

/** Snapshots of one connection's users. */
export class UserMetaStore {
  #networkId: number;
  #users = new Map<string, UserMeta>();

  /** Creates a store for `networkId`. */
  constructor(networkId: number) {
    this.#networkId = networkId;
  }

  /** The snapshot of folded `key`, if known. */
  get(key: string): UserMeta | undefined {
    return this.#users.get(key);
  }

  /** Applies `patch`; returns the new snapshot when something changed. */
  update(key: string, nick: string, patch: UserMetaPatch): UserMeta | undefined {
    const old = this.#users.get(key);
    const next: UserMeta = old
      ? { ...old, nickname: nick }
      : { networkId: this.#networkId, nickname: nick, away: false };
    for (const [field, value] of Object.entries(patch)) {
      if (value === undefined) delete (next as unknown as Record<string, unknown>)[field];
      else (next as unknown as Record<string, unknown>)[field] = value;
    }
    if (!next.away) delete next.away_message;
    // Only bots are marked: `bot: false` and no field say the same.
    if (next.bot !== true) delete next.bot;
    if (old && sameMeta(old, next)) return undefined;
    this.#users.set(key, next);
    return next;
  }

  /** Moves a snapshot to a new nickname; returns it when there was one. */
  rename(oldKey: string, newKey: string, nick: string): UserMeta | undefined {
    const meta = this.#users.get(oldKey);
    this.#users.delete(oldKey);
    if (!meta) return undefined;
    const next = { ...meta, nickname: nick };
    this.#users.set(newKey, next);
    return next;
  }

  /** Forgets a user (quit). */
  delete(key: string): void {
    this.#users.delete(key);
  }
}

function sameMeta(a: UserMeta, b: UserMeta): boolean {
  return a.nickname === b.nickname && a.away === b.away && a.away_message === b.away_message &&
    a.account === b.account && a.host === b.host && a.realname === b.realname &&
    a.bot === b.bot;
}
