/**
 * The worker's side of a connection: each item the read path queued, in wire order. A task
 * runs; a line goes through its batch (history, multiline, labeled answers) to its handler
 * in the line table.
 *
 * @module
 */
import type { RawMessage } from "./_line_parser.ts";
import { ACCEPTED, type LineContext } from "./_line_context.ts";
import { BatchTracker } from "./_batches.ts";
import { LINES } from "./_line_table.ts";
import { receiveMessage } from "./_messages.ts";
import { receiveReaction } from "./_react.ts";
import { receiveRedaction } from "./_redaction.ts";
import type { ReadGate } from "./_read_gate.ts";
import type { WorkerHandler } from "./_worker.ts";

/** Work queued for the worker in wire order with the lines: an event to emit, the end… */
export type Task = () => void | Promise<void>;

/** What the worker of a connection handles. */
export type WorkerItem = RawMessage | Task;

/** Hands a connection's worker items to their handlers; one per connection. */
export class LineDispatch implements WorkerHandler<WorkerItem> {
  readonly #ctx: LineContext;
  readonly #gate: ReadGate;
  readonly #onBug: (error: unknown) => void;
  readonly #batches = new BatchTracker();

  /**
   * Creates the dispatch for the lines of `ctx`; `gate` hears of the worker's progress, and
   * `onBug` of what a handler threw.
   */
  constructor(ctx: LineContext, gate: ReadGate, onBug: (error: unknown) => void) {
    this.#ctx = ctx;
    this.#gate = gate;
    this.#onBug = onBug;
  }

  /** Runs a task, or handles a line, with `backlog` items waiting behind it. */
  handle(item: WorkerItem, backlog: number): void | Promise<void> {
    this.#gate.beforeHandle(backlog);
    const result = typeof item === "function" ? item() : this.#line(item);
    // The bus took the event at once: nothing to wait for (see `ACCEPTED`).
    return result === ACCEPTED ? undefined : result;
  }

  /** A handler threw: a bug, reported, and the worker goes on. */
  failed(error: unknown): void {
    this.#onBug(error);
  }

  #line(message: RawMessage): void | Promise<void> {
    const ctx = this.#ctx;
    const batches = this.#batches;
    const batch = batches.of(message);
    // A line of a CHATHISTORY reply (a nested batch counts as one): paging needs its time.
    if (BatchTracker.isHistoryReply(batch)) ctx.history.line(ctx.time(message));
    if (message.command === "BATCH") {
      const closing = batches.closing(message);
      const combined = batches.batchLine(message);
      if (closing && !closing.nested && BatchTracker.isHistoryReply(closing)) {
        ctx.history.ended(closing.params[0] ?? "");
      }
      // A labeled-response batch ends: its request has its whole answer.
      if (closing) ctx.labels.settle(closing.tags.label);
      if (combined) return receiveMessage(ctx, combined.message, combined.history);
      return;
    }
    if (batch) {
      if (batches.collect(batch, message)) return;
      if (batch.history) {
        if (message.command === "PRIVMSG" || message.command === "NOTICE") {
          return receiveMessage(ctx, message, true);
        }
        // Reactions and deletions replayed apply as live ones do; a replayed typing is stale.
        if (message.command === "TAGMSG") return receiveReaction(ctx, message, true);
        if (message.command === "REDACT") return receiveRedaction(ctx, message, true);
        // Replayed joins and parts must not touch the live roster.
        return;
      }
    }
    const label = message.tags.label;
    if (label === undefined) return LINES.get(message.command)?.(ctx, message);
    // A labeled line outside a batch is the whole answer to its request (an ACK included).
    const handled = LINES.get(message.command)?.(ctx, message);
    if (!handled || handled === ACCEPTED) return ctx.labels.settle(label);
    return handled.then(() => ctx.labels.settle(label));
  }
}
