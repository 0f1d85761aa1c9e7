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

/**
 * Slots of the memo of current prefixes (a power of two), in sets of two: a prefix may take
 * either slot of its set, so it is evicted only by two others of its set. Direct-mapped, with
 * a slot each, six of the bench's 50 alternating senders evicted each other, and one line in
 * eight missed, to fold its sender's nickname; with 256 sets of two, the same 16 KB per
 * connection, none does (issue 25).
 */
const PREFIX_SLOTS = 512;

/** Snapshots of one connection's users. */
export class UserMetaStore {
  #networkId: number;
  #users = new Map<string, UserMeta>();
  /** Bumped by every change to `#users`: a memo entry from an older version is stale. */
  #version = 0;
  // A memo of line prefixes (`nick!user@host`) found current, in slots picked from a few of
  // their characters: a hit spares folding the nickname and looking it up by a freshly cut
  // string, which V8 must hash first (on a flood, a third of handling a PRIVMSG; issue 25).
  #prefixes: (string | undefined)[] = new Array(PREFIX_SLOTS);
  #accounts: (string | undefined)[] = new Array(PREFIX_SLOTS);
  #mappings: (string | undefined)[] = new Array(PREFIX_SLOTS);
  #versions: number[] = new Array(PREFIX_SLOTS).fill(-1);

  /** Creates a store for `networkId`. */
  constructor(networkId: number) {
    this.#networkId = networkId;
  }

  /** The snapshot of folded `key`, if known. */
  get(key: string): UserMeta | undefined {
    return this.#users.get(key);
  }

  /**
   * Whether a line from `prefix` with `account` (its account tag) was found to change
   * nothing, under `casemapping`, with no change to any snapshot since.
   */
  current(prefix: string, account: string | undefined, casemapping: string): boolean {
    const slot = prefixSlot(prefix);
    return this.#holds(slot, prefix, account, casemapping) ||
      this.#holds(slot + 1, prefix, account, casemapping);
  }

  /** Notes that a line from `prefix` with `account` changes nothing, under `casemapping`. */
  remember(prefix: string, account: string | undefined, casemapping: string): void {
    const slot = prefixSlot(prefix);
    // The set's first slot takes the newest prefix; the one it held moves to the second, and
    // the second's goes. A prefix already first (from an older version) is only renewed.
    if (this.#prefixes[slot] !== prefix) {
      this.#prefixes[slot + 1] = this.#prefixes[slot];
      this.#accounts[slot + 1] = this.#accounts[slot];
      this.#mappings[slot + 1] = this.#mappings[slot];
      this.#versions[slot + 1] = this.#versions[slot];
    }
    this.#prefixes[slot] = prefix;
    this.#accounts[slot] = account;
    this.#mappings[slot] = casemapping;
    this.#versions[slot] = this.#version;
  }

  /** Whether memo slot `slot` holds `prefix` with `account` and `casemapping`, current. */
  #holds(slot: number, prefix: string, account: string | undefined, casemapping: string): boolean {
    return this.#versions[slot] === this.#version && this.#prefixes[slot] === prefix &&
      this.#accounts[slot] === account && this.#mappings[slot] === casemapping;
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
    this.#version++;
    this.#users.set(key, next);
    return next;
  }

  /** Moves a snapshot to a new nickname; returns it when there was one. */
  rename(oldKey: string, newKey: string, nick: string): UserMeta | undefined {
    const meta = this.#users.get(oldKey);
    this.#version++;
    this.#users.delete(oldKey);
    if (!meta) return undefined;
    const next = { ...meta, nickname: nick };
    this.#users.set(newKey, next);
    return next;
  }

  /** Forgets a user (quit). */
  delete(key: string): void {
    this.#version++;
    this.#users.delete(key);
  }
}

/**
 * The first memo slot of the set of `prefix` (an even index), from its length and its last
 * three and second characters.
 */
function prefixSlot(prefix: string): number {
  const n = prefix.length;
  if (n < 3) return n * 2;
  let h = Math.imul(n ^ prefix.charCodeAt(n - 1), 0x9e3779b1);
  h = Math.imul(h ^ prefix.charCodeAt(n - 2), 0x85ebca6b);
  h = Math.imul(h ^ prefix.charCodeAt(n - 3), 0xc2b2ae35);
  h = Math.imul(h ^ prefix.charCodeAt(1), 0x27d4eb2f);
  return (h >>> 16) & (PREFIX_SLOTS - 2);
}

function sameMeta(a: UserMeta, b: UserMeta): boolean {
  return a.nickname === b.nickname && a.away === b.away && a.away_message === b.away_message &&
    a.account === b.account && a.host === b.host && a.realname === b.realname &&
    a.bot === b.bot;
}
