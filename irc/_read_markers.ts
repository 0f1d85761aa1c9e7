/**
 * The newest known read marker (`draft/read-marker`) per buffer of one connection, whether
 * the server reported it or we sent it, so that no older marker is ever sent.
 *
 * @module
 */

/** Buffers whose marker is remembered; the oldest entry is forgotten beyond this. */
const MAX_BUFFERS = 5000;

/** The newest known read marker per folded buffer name. */
export class ReadMarkers {
  #known = new Map<string, Date>();

  /** Records the marker of folded `key`; false when it is not newer than the known one. */
  advance(key: string, time: Date): boolean {
    const known = this.#known.get(key);
    if (known !== undefined && known >= time) return false;
    this.#known.delete(key);
    this.#known.set(key, time);
    if (this.#known.size > MAX_BUFFERS) this.#known.delete(this.#known.keys().next().value!);
    return true;
  }

  /** The newest marker known for folded `key`. */
  get(key: string): Date | undefined {
    return this.#known.get(key);
  }
}
