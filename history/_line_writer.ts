/**
 * The writer: lines from the bus are held and committed in batches, one transaction each,
 * when the dispatcher yields (a timer turn) or at once when 4,096 are waiting, so a flood
 * costs the ordered lane one array push per line between commits. A failed commit (a full
 * disk) keeps its lines for a retry a second later, up to 100,000 of them; older ones are
 * dropped and counted in the next report.
 *
 * @module
 */
import type { StatementSync } from "node:sqlite";
import type { AnyBusEvent } from "../bus/mod.ts";
import { LINE_KINDS } from "../core/mod.ts";
import { historyError } from "./errors.ts";
import { EventLines, type PendingLine } from "./_event_lines.ts";
import { fingerprint } from "./_fingerprint.ts";
import type { BufferIds } from "./_buffer_ids.ts";
import type { StoreFile } from "./_store_file.ts";
import { inTransaction } from "./_transaction.ts";

/** Lines held before a commit is forced inside the subscriber (bounds memory in a flood). */
const BATCH_MAX = 4096;
/** Lines kept for a retry after failed commits; older ones are dropped and reported. */
const PENDING_MAX = 100_000;
/** After a failed commit, the next try comes this much later (not on every line). */
const RETRY_MS = 1000;
/** How far (ms) our replayed line may be from the time we stored it when we sent it. */
const ECHO_WINDOW_MS = 120_000;
/**
 * How far (ms) ahead of the clock a line may be dated: a server-time later than that (a broken
 * or hostile server) is stored as of the clock plus this, or its line would stay the newest
 * forever and every backfill would ask for lines after it.
 */
const MAX_AHEAD_MS = 60_000;

/** Holds the lines the bus brings and commits them in batches, retrying failed commits. */
export class LineWriter {
  readonly #file: StoreFile;
  readonly #buffers: BufferIds;
  readonly #committed: () => void;
  readonly #insertLine: StatementSync;
  readonly #findSent: StatementSync;
  readonly #adoptEcho: StatementSync;
  readonly #redactLine: StatementSync;
  #pending: PendingLine[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The last commit failed: retried on a timer, not on every line. */
  #failing = false;
  /** Lines dropped while commits failed, not yet reported. */
  #dropped = 0;
  /** The buffers of the held lines scanned so far (`#pending[0..#heldScanned)`). */
  #heldBuffers = new Set<string>();
  #heldScanned = 0;

  /**
   * Writes to `file`'s `lines`, naming buffers through `buffers`; `committed` runs after
   * each successful commit (the index and retention follow the writes).
   */
  constructor(file: StoreFile, buffers: BufferIds, committed: () => void) {
    this.#file = file;
    this.#buffers = buffers;
    this.#committed = committed;
    const db = file.db;
    this.#insertLine = db.prepare(
      "INSERT OR IGNORE INTO lines (buffer_id, time, kind, self, sender, text, msgid, fp, reply_to) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    this.#findSent = db.prepare(
      "SELECT id FROM lines WHERE buffer_id = ? AND time BETWEEN ? AND ? AND self = 1 AND msgid IS NULL AND kind = ? AND text = ? ORDER BY abs(time - ?) LIMIT 1",
    );
    this.#adoptEcho = db.prepare("UPDATE OR IGNORE lines SET time = ?, msgid = ? WHERE id = ?");
    this.#redactLine = db.prepare(
      "UPDATE lines SET text = '', redacted = 1 WHERE buffer_id = ? AND msgid = ?",
    );
  }

  /**
   * A bus subscriber that holds the lines of each event it gets; `ownNick` names the user
   * on a network (the sender of sent lines, and how replays are `self`).
   */
  listener(ownNick: (networkId: number) => string | undefined): (event: AnyBusEvent) => void {
    const buffers = this.#buffers;
    const mapper = new EventLines({
      ownNick,
      fold: (networkId, name) => buffers.fold(networkId, name),
      hasBuffer: (networkId, nick) => {
        if (buffers.find(networkId, nick) !== undefined) return true;
        // The buffers of the lines held, folded once each (a netsplit asks for every quit).
        for (; this.#heldScanned < this.#pending.length; this.#heldScanned++) {
          const line = this.#pending[this.#heldScanned];
          this.#heldBuffers.add(`${line.networkId} ${buffers.fold(line.networkId, line.buffer)}`);
        }
        return this.#heldBuffers.has(`${networkId} ${buffers.fold(networkId, nick)}`);
      },
    });
    return (event) => {
      if (this.#file.closed) return;
      mapper.lines(event, this.#pending);
      // A full batch is committed at once, unless commits are failing (a full disk): then the
      // timer retries, and no event of the flood pays for another failing transaction.
      if (this.#failing && this.#pending.length > PENDING_MAX) {
        // Held for the retry: the oldest beyond the bound go, counted in the next report.
        this.#dropped += this.#pending.length - PENDING_MAX;
        this.#pending.splice(0, this.#pending.length - PENDING_MAX);
        this.#forgetHeldBuffers();
      }
      if (this.#pending.length < BATCH_MAX || this.#failing) return this.#schedule();
      try {
        this.commit();
      } catch (error) {
        this.#file.report(error);
      }
    };
  }

  /** Writes the held lines in one transaction; on failure they stay for the next try. */
  commit(): void {
    if (this.#pending.length === 0 || this.#file.closed) return;
    const batch = this.#pending;
    this.#pending = [];
    this.#forgetHeldBuffers();
    const latest = this.#file.clock() + MAX_AHEAD_MS;
    try {
      inTransaction(this.#file.db, () => {
        // A batch is mostly runs of one buffer: the last id is reused for the same name
        // as written, sparing the folded cache key a flood would build for every line.
        let lastNetwork = -1;
        let lastName = "";
        let bufferId = 0;
        for (const line of batch) {
          if (line.time > latest) line.time = latest;
          const kind = LINE_KINDS.indexOf(line.kind);
          if (line.networkId !== lastNetwork || line.buffer !== lastName) {
            bufferId = this.#buffers.ensure(line.networkId, line.buffer);
            lastNetwork = line.networkId;
            lastName = line.buffer;
          }
          if (line.echo && this.#adopt(bufferId, kind, line)) continue;
          this.#insertLine.run(
            bufferId,
            line.time,
            kind,
            line.self ? 1 : 0,
            line.sender,
            line.text,
            line.msgid ?? null,
            fingerprint(line.sender, kind, line.text),
            line.replyTo ?? null,
          );
        }
      });
    } catch (error) {
      this.#failing = true;
      // Buffer rows of the batch were rolled back too.
      this.#buffers.forget();
      this.#pending = batch.concat(this.#pending);
      const excess = this.#dropped + Math.max(0, this.#pending.length - PENDING_MAX);
      this.#dropped = 0;
      if (this.#pending.length > PENDING_MAX) {
        this.#pending.splice(0, this.#pending.length - PENDING_MAX);
      }
      this.#forgetHeldBuffers();
      throw historyError(
        `Cannot store ${batch.length} lines${excess > 0 ? ` (${excess} dropped)` : ""}`,
        this.#file.path,
        error,
      );
    }
    this.#failing = false;
    this.#committed();
  }

  /** Empties the text of the message `msgid` of buffer `bufferId` and marks it redacted. */
  redact(bufferId: number, msgid: string): void {
    this.#redactLine.run(bufferId, msgid);
  }

  /** Cancels the next commit or retry (the store is closing, after its last commit). */
  stop(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      try {
        this.commit();
      } catch (error) {
        this.#file.report(error);
        // Tried again until it works: the lines held are stored once the disk has room.
        this.#schedule();
      }
    }, this.#failing ? RETRY_MS : 0);
  }

  /** The held lines changed other than by appending: scanned again when next asked. */
  #forgetHeldBuffers(): void {
    this.#heldBuffers.clear();
    this.#heldScanned = 0;
  }

  /**
   * Our line replayed by the server replaces the copy stored when we sent it (local time, no
   * msgid) with the server's time and msgid; true when there was such a copy.
   */
  #adopt(bufferId: number, kind: number, line: PendingLine): boolean {
    const sent = this.#findSent.get(
      bufferId,
      line.time - ECHO_WINDOW_MS,
      line.time + ECHO_WINDOW_MS,
      kind,
      line.text,
      line.time,
    );
    if (sent === undefined) return false;
    this.#adoptEcho.run(line.time, line.msgid ?? null, Number(sent.id));
    return true;
  }
}
