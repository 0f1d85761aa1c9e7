/**
 * The caller waiting for a LIST reply and the channels gathered so far (bounded). One listing
 * runs at a time per connection, as the replies carry no tag to tell two apart.
 *
 * @module
 */
import type { ChannelListing } from "./types.ts";

/** Channels kept from one reply; a big network lists tens of thousands. */
export const MAX_LISTED = 2000;

interface Pending {
  listing: ChannelListing;
  resolve: (listing: ChannelListing) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** The caller waiting for the LIST reply, and the channels gathered so far. */
export class ChannelListRequests {
  #pending: Pending | undefined;

  /** Whether a listing is under way. */
  get busy(): boolean {
    return this.#pending !== undefined;
  }

  /** Waits for the reply, failing after `timeoutMs`; refuses a second listing at once. */
  wait(timeoutMs: number): Promise<ChannelListing> {
    if (this.#pending) {
      return Promise.reject(
        new Error("Cannot list channels: a listing is under way, got one more"),
      );
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending = undefined;
        reject(new Error(`Cannot list channels: no reply in time, got ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending = { listing: { channels: [], more: 0 }, resolve, reject, timer };
    });
  }

  /** Adds one 322 reply (beyond {@linkcode MAX_LISTED}, only counted). */
  add(name: string, users: number, topic: string): void {
    const listing = this.#pending?.listing;
    if (!listing) return;
    if (listing.channels.length < MAX_LISTED) listing.channels.push({ name, users, topic });
    else listing.more++;
  }

  /** The 323 end: answers the caller. */
  end(): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = undefined;
    clearTimeout(pending.timer);
    pending.resolve(pending.listing);
  }

  /** Fails the wait (the link is gone). */
  rejectAll(message: string): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = undefined;
    clearTimeout(pending.timer);
    pending.reject(new Error(message));
  }
}
