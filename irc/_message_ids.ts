/**
 * The message ids seen per conversation, kept by the client across reconnects so that a
 * history replay after one does not repeat lines already delivered live.
 *
 * @module
 */

/** Ids remembered per conversation; the oldest is forgotten beyond this. */
const SEEN_PER_CONVERSATION = 2000;

/** Message ids seen per conversation (folded channel or peer), the oldest forgotten first. */
export class MessageIds {
  #seen = new Map<string, Set<string>>();

  /** Records `msgid` in `conversation`; false when it was already there. */
  add(conversation: string, msgid: string): boolean {
    let seen = this.#seen.get(conversation);
    if (!seen) this.#seen.set(conversation, seen = new Set());
    if (seen.has(msgid)) return false;
    seen.add(msgid);
    if (seen.size > SEEN_PER_CONVERSATION) seen.delete(seen.values().next().value!);
    return true;
  }
}
