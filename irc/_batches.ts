/**
 * IRCv3 batch tracking, done by the adapter itself so batched lines keep their wire order:
 * lines are handled as they arrive, with their batch context, never held until the end.
 * Only a `draft/multiline` batch is collected, because it is one message.
 *
 * @module
 */
import type { RawMessage } from "./_framework.ts";

const HISTORY_TYPES = new Set(["chathistory", "draft/chathistory"]);
// ZNC's buffer playback on attach: replayed lines, like history, but no reply to a request.
const PLAYBACK = "znc.in/playback";
const MULTILINE = "draft/multiline";
/** The most lines and characters one received multiline message keeps; the rest is dropped. */
const MULTILINE_MAX_LINES = 1000;
const MULTILINE_MAX_CHARS = 100_000;

/** One open batch. */
export interface Batch {
  /** The batch type. */
  type: string;
  /**
   * Opened inside a history batch (a chathistory or playback one): not the reply to a
   * request itself. One inside a `labeled-response` batch is still the reply.
   */
  nested: boolean;
  /** The parameters after the type. */
  params: string[];
  /** Tags of the opening BATCH line (msgid, time of a multiline message). */
  tags: Record<string, string>;
  /** Inside a chathistory or bouncer playback batch (directly or through a parent). */
  history: boolean;
  /** For a multiline batch: its lines, in order. */
  lines?: { text: string; concat: boolean }[];
  /** For a multiline batch: its first message line. */
  first?: RawMessage;
  /** For a multiline batch: the characters collected so far. */
  chars?: number;
}

/** Open batches of one connection, by reference tag. */
export class BatchTracker {
  #open = new Map<string, Batch>();

  /** Whether `batch` is a chathistory batch itself (not one nested in it). */
  static isHistoryReply(batch: Batch | undefined): boolean {
    return batch !== undefined && HISTORY_TYPES.has(batch.type);
  }

  /** The open batch a `BATCH -ref` line closes. */
  closing(message: RawMessage): Batch | undefined {
    const ref = message.params[0] ?? "";
    return ref.startsWith("-") ? this.#open.get(ref.slice(1)) : undefined;
  }

  /** The open batch a line belongs to, if its `batch` tag names one. */
  of(message: RawMessage): Batch | undefined {
    if (this.#open.size === 0) return undefined;
    const id = message.tags.batch;
    return id === undefined ? undefined : this.#open.get(id);
  }

  /**
   * Handles a BATCH line. Returns the combined message when a multiline batch ends, with
   * whether it was replayed history.
   */
  batchLine(message: RawMessage): { message: RawMessage; history: boolean } | undefined {
    const ref = message.params[0] ?? "";
    const id = ref.slice(1);
    if (ref.startsWith("+")) {
      const parent = this.of(message);
      const type = message.params[1] ?? "";
      const batch: Batch = {
        type,
        nested: parent?.history ?? false,
        params: message.params.slice(2),
        tags: message.tags,
        history: HISTORY_TYPES.has(type) || type === PLAYBACK || (parent?.history ?? false),
      };
      if (type === MULTILINE) batch.lines = [];
      this.#open.set(id, batch);
      return undefined;
    }
    if (!ref.startsWith("-")) return undefined;
    const batch = this.#open.get(id);
    this.#open.delete(id);
    if (!batch?.lines || !batch.first) return undefined;
    let text = "";
    batch.lines.forEach((line, i) => {
      text += i === 0 ? line.text : (line.concat ? line.text : `\n${line.text}`);
    });
    const first = batch.first;
    const tags = { ...batch.tags };
    delete tags.batch;
    if (tags.time === undefined && first.tags.time !== undefined) tags.time = first.tags.time;
    return {
      message: { ...first, tags, params: [batch.params[0] ?? first.params[0], text] },
      history: batch.history,
    };
  }

  /** Collects a message line of a multiline batch; false when it is not one. */
  collect(batch: Batch, message: RawMessage): boolean {
    if (!batch.lines || (message.command !== "PRIVMSG" && message.command !== "NOTICE")) {
      return false;
    }
    batch.first ??= message;
    const text = message.params[1] ?? "";
    batch.chars = (batch.chars ?? 0) + text.length;
    // A server sending past any sane size: the message keeps what fits, memory stays bounded.
    if (batch.lines.length >= MULTILINE_MAX_LINES || batch.chars > MULTILINE_MAX_CHARS) return true;
    batch.lines.push({
      text: message.params[1] ?? "",
      concat: message.tags["draft/multiline-concat"] !== undefined,
    });
    return true;
  }
}
