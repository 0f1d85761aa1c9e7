/**
 * IRCv3 `labeled-response`: a command sent with a `label` tag is answered with the same
 * label, on its one reply line, on the `labeled-response` batch holding its replies, or on
 * an `ACK` when there is no reply. So a request learns that its answer is complete, whatever
 * the reply said, instead of waiting for a timeout.
 *
 * @module
 */

/** The capability labeled responses come with. */
export const LABELED_RESPONSE_CAP = "labeled-response";
/** Requests awaiting their labeled answer at most; the oldest is forgotten past it. */
const MAX_PENDING = 200;

/** Labels sent and what to do once each one's answer is complete. */
export class Labels {
  #next = 0;
  #pending = new Map<string, () => void>();

  /** A new label whose answer calls `settled` once it is complete. */
  issue(settled: () => void): string {
    const label = `l${++this.#next}`;
    this.#pending.set(label, settled);
    if (this.#pending.size > MAX_PENDING) this.#pending.delete(this.#pending.keys().next().value!);
    return label;
  }

  /** The answer to `label` is complete (its line, batch or ACK was handled). */
  settle(label: string | undefined): void {
    if (label === undefined) return;
    const settled = this.#pending.get(label);
    this.#pending.delete(label);
    settled?.();
  }

  /** Forgets every label (the link is gone). */
  clear(): void {
    this.#pending.clear();
  }
}
