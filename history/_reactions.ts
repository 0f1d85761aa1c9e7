/**
 * IRCv3 reactions (`+draft/react`, `+draft/unreact`): who reacted to which message (by its
 * msgid) with what, in the order they came; one taken back is deleted, and a redacted
 * message loses them all.
 *
 * @module
 */
import type { StatementSync } from "node:sqlite";
import type { StoredLine } from "../core/mod.ts";
import { historyError } from "./errors.ts";
import type { BufferIds } from "./_buffer_ids.ts";
import type { StoreFile } from "./_store_file.ts";

/** One reaction given or taken back, as {@linkcode Reactions.react} takes it. */
export interface ReactionChange {
  msgid: string;
  sender: string;
  reaction: string;
  time: number;
  removed?: boolean;
}

/** The `reactions` table: kept, taken back, and attached to the lines read. */
export class Reactions {
  readonly #file: StoreFile;
  readonly #buffers: BufferIds;
  readonly #addReaction: StatementSync;
  readonly #removeReaction: StatementSync;
  readonly #reactionsOf: StatementSync;
  readonly #forget: StatementSync;

  /** Prepares the statements over `file`'s `reactions` table. */
  constructor(file: StoreFile, buffers: BufferIds) {
    this.#file = file;
    this.#buffers = buffers;
    const db = file.db;
    this.#addReaction = db.prepare(
      "INSERT OR IGNORE INTO reactions (buffer_id, msgid, reaction, sender_key, sender, time) VALUES (?, ?, ?, ?, ?, ?)",
    );
    this.#removeReaction = db.prepare(
      "DELETE FROM reactions WHERE buffer_id = ? AND msgid = ? AND reaction = ? AND sender_key = ?",
    );
    this.#reactionsOf = db.prepare(
      "SELECT reaction, sender FROM reactions WHERE buffer_id = ? AND msgid = ? ORDER BY time, sender_key",
    );
    this.#forget = db.prepare("DELETE FROM reactions WHERE buffer_id = ? AND msgid = ?");
  }

  /** Keeps `sender`'s reaction to a message of a buffer, or forgets it (`removed`). */
  react(networkId: number, buffer: string, reaction: ReactionChange): void {
    try {
      const id = reaction.removed
        ? this.#buffers.find(networkId, buffer)
        : this.#buffers.ensure(networkId, buffer);
      if (id === undefined) return;
      const who = this.#buffers.fold(networkId, reaction.sender);
      if (reaction.removed) {
        this.#removeReaction.run(id, reaction.msgid, reaction.reaction, who);
      } else {
        this.#addReaction.run(
          id,
          reaction.msgid,
          reaction.reaction,
          who,
          reaction.sender,
          reaction.time,
        );
      }
    } catch (error) {
      throw historyError("Cannot store a reaction", this.#file.path, error);
    }
  }

  /** Deletes every reaction to the message `msgid` of buffer `bufferId` (it was redacted). */
  forget(bufferId: number, msgid: string): void {
    this.#forget.run(bufferId, msgid);
  }

  /** Adds each line's reactions (lines with a msgid only) to `lines` of buffer `bufferId`. */
  addTo(bufferId: number, lines: StoredLine[]): StoredLine[] {
    for (const line of lines) {
      if (line.msgid === undefined) continue;
      const rows = this.#reactionsOf.all(bufferId, line.msgid);
      if (rows.length === 0) continue;
      const grouped = new Map<string, string[]>();
      for (const row of rows) {
        const reaction = String(row.reaction);
        const senders = grouped.get(reaction) ?? [];
        senders.push(String(row.sender));
        grouped.set(reaction, senders);
      }
      line.reactions = [...grouped].map(([reaction, senders]) => ({ reaction, senders }));
    }
    return lines;
  }
}
