/**
 * The messages crossing the plugin boundary, both ways. Every message is a `kind`-tagged
 * object, and each side checks it before reading any other field.
 *
 * @module
 */
import {
  Bytes,
  copyInto,
  isInstance,
  isSafeInteger,
  min,
  stringify,
  subarray,
} from "./_builtins.ts";
import { breaksBounds, type JsonBounds } from "./_json_bounds.ts";
import { preview } from "./_preview.ts";

/**
 * A batch of events as it crosses the boundary, one JSON array of five columns: the distinct
 * `[type, source]` pairs of its events, flattened (`[type0, source0, type1, source1, …]`); a
 * base timestamp in epoch milliseconds; then one item an event in each of three arrays, in
 * order: the index of its pair, its timestamp as milliseconds after the base, its data.
 *
 * Columns, with each type and source named once a batch and timestamps as small offsets,
 * because parsing is most of what an event costs a plugin's process: `JSON.parse` of 512
 * messages as columns takes about 0.65-0.7x the time of one flat array of `pair, timestamp,
 * data` items (a large timestamp is a heap number an event, and a flat array mixing numbers
 * and objects is slower to build), within a few percent of parsing the data objects alone.
 *
 * @example
 * ```ts
 * import type { WireBatch } from "./_protocol.ts";
 * const batch: WireBatch = [["message.received", "irc"], 1700000000000, [0, 0], [0, 3], [
 *   { text: "hi" },
 *   { text: "there" },
 * ]];
 * ```
 */
export type WireBatch = readonly [
  pairs: readonly string[],
  base: number,
  pairIndexes: readonly number[],
  offsets: readonly number[],
  data: readonly unknown[],
];

/** The operations a plugin may ask the host for. */
export type CallOp =
  | "irc.send"
  | "metadata.set"
  | "storage.get"
  | "storage.set"
  | "storage.delete"
  | "storage.list";

const CALL_OPS: ReadonlySet<string> = new Set([
  "irc.send",
  "metadata.set",
  "storage.get",
  "storage.set",
  "storage.delete",
  "storage.list",
]);

/** Plain data for an error that crossed the boundary. */
export interface WireError {
  name: string;
  message: string;
  capability?: string;
}

/** Host to plugin. */
export type HostMessage =
  | {
    kind: "init";
    name: string;
    entry: string;
    dataDir: string;
    capabilities: string[];
  }
  | {
    kind: "events";
    seq: number;
    /**
     * A {@linkcode WireBatch}, as JSON text; over a subprocess's channel the text is spliced
     * into the frame, so it arrives already parsed.
     */
    events: string | unknown[];
  }
  | { kind: "overflow"; seq: number; dropped: number }
  | { kind: "command"; id: number; command: string; args: string }
  | { kind: "result"; id: number; ok: true; value?: unknown }
  | { kind: "result"; id: number; ok: false; error: WireError }
  | { kind: "teardown" };

/** Plugin to host. */
export type PluginMessage =
  | { kind: "ready"; commands: string[] }
  | { kind: "setup-failed"; error: WireError }
  /** Every batch (or overflow notice) up to `seq` has run. */
  | { kind: "ack"; seq: number }
  | { kind: "call"; id: number; op: CallOp; args: unknown[] }
  | { kind: "command-done"; id: number; ok: boolean; error?: WireError }
  | { kind: "log"; level: LogLevel; message: string }
  | { kind: "denied"; what: string; message: string }
  | { kind: "uncaught"; error: WireError }
  | { kind: "teardown-done" };

/** Levels of `ctx.log`. */
export type LogLevel = "debug" | "info" | "warn" | "error";
const LEVELS: ReadonlySet<string> = new Set(["debug", "info", "warn", "error"]);

/** Why a message was refused at the boundary. */
export class ProtocolError extends TypeError {
  constructor(reason: string, value: unknown) {
    super(`Cannot accept plugin message: ${reason}, got ${preview(value)}`);
    this.name = "ProtocolError";
  }
}

function record(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ProtocolError("a message must be an object", value);
  }
  return value as Record<string, unknown>;
}

function int(value: unknown, field: string, message: unknown): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    throw new ProtocolError(`${field} must be a non-negative integer`, message);
  }
  return value as number;
}

function str(value: unknown, field: string, message: unknown, max = 65_536): string {
  if (typeof value !== "string" || value.length > max) {
    throw new ProtocolError(`${field} must be a string of at most ${max} characters`, message);
  }
  return value;
}

function wireError(value: unknown, message: unknown): WireError {
  const raw = record(value);
  const error: WireError = {
    name: str(raw.name, "error.name", message, 200),
    message: str(raw.message, "error.message", message),
  };
  if (raw.capability !== undefined) {
    error.capability = str(raw.capability, "error.capability", message, 200);
  }
  return error;
}

/** Checks a message from a plugin; throws a {@linkcode ProtocolError} when malformed. */
export function parsePluginMessage(value: unknown): PluginMessage {
  const raw = record(value);
  switch (raw.kind) {
    case "ready": {
      if (!Array.isArray(raw.commands) || raw.commands.length > 256) {
        throw new ProtocolError("commands must be an array of at most 256 names", value);
      }
      return {
        kind: "ready",
        commands: raw.commands.map((c) => str(c, "commands[]", value, 64)),
      };
    }
    case "setup-failed":
      return { kind: "setup-failed", error: wireError(raw.error, value) };
    case "ack":
      return { kind: "ack", seq: int(raw.seq, "seq", value) };
    case "call": {
      if (typeof raw.op !== "string" || !CALL_OPS.has(raw.op)) {
        throw new ProtocolError("op must be a known operation", value);
      }
      if (!Array.isArray(raw.args) || raw.args.length > 8) {
        throw new ProtocolError("args must be an array of at most 8 items", value);
      }
      return { kind: "call", id: int(raw.id, "id", value), op: raw.op as CallOp, args: raw.args };
    }
    case "command-done": {
      const done: PluginMessage = {
        kind: "command-done",
        id: int(raw.id, "id", value),
        ok: raw.ok === true,
      };
      if (raw.error !== undefined) done.error = wireError(raw.error, value);
      return done;
    }
    case "log": {
      if (typeof raw.level !== "string" || !LEVELS.has(raw.level)) {
        throw new ProtocolError("level must be debug, info, warn or error", value);
      }
      return {
        kind: "log",
        level: raw.level as LogLevel,
        message: str(raw.message, "message", value),
      };
    }
    case "denied":
      return {
        kind: "denied",
        what: str(raw.what, "what", value, 500),
        message: str(raw.message, "message", value, 2000),
      };
    case "uncaught":
      return { kind: "uncaught", error: wireError(raw.error, value) };
    case "teardown-done":
      return { kind: "teardown-done" };
    default:
      throw new ProtocolError("kind is not a known plugin message", value);
  }
}

/** Checks a message from the host (inside the plugin runtime). */
export function parseHostMessage(value: unknown): HostMessage {
  const raw = record(value);
  switch (raw.kind) {
    case "init": {
      if (!Array.isArray(raw.capabilities)) {
        throw new ProtocolError("capabilities must be an array", value);
      }
      return {
        kind: "init",
        name: str(raw.name, "name", value),
        entry: str(raw.entry, "entry", value),
        dataDir: str(raw.dataDir, "dataDir", value),
        capabilities: raw.capabilities.map((c) => str(c, "capabilities[]", value)),
      };
    }
    case "events": {
      if (typeof raw.events !== "string" && !Array.isArray(raw.events)) {
        throw new ProtocolError("events must be an array or its JSON text", value);
      }
      return { kind: "events", seq: int(raw.seq, "seq", value), events: raw.events };
    }
    case "overflow":
      return {
        kind: "overflow",
        seq: int(raw.seq, "seq", value),
        dropped: int(raw.dropped, "dropped", value),
      };
    case "command":
      return {
        kind: "command",
        id: int(raw.id, "id", value),
        command: str(raw.command, "command", value),
        args: str(raw.args, "args", value),
      };
    case "result":
      return raw.ok === true
        ? { kind: "result", id: int(raw.id, "id", value), ok: true, value: raw.value }
        : {
          kind: "result",
          id: int(raw.id, "id", value),
          ok: false,
          error: wireError(raw.error, value),
        };
    case "teardown":
      return { kind: "teardown" };
    default:
      throw new ProtocolError("kind is not a known host message", value);
  }
}

/** A {@linkcode WireBatch} checked by {@linkcode parseWireBatch}. */
export interface ParsedBatch {
  /** Its `[type, source]` pairs, flattened. */
  readonly pairs: readonly string[];
  /** The timestamp the offsets count from, in epoch milliseconds. */
  readonly base: number;
  /** Each event's pair, a valid index into the pairs (of pairs, not of strings). */
  readonly pairIndexes: readonly number[];
  /** Each event's timestamp, in milliseconds after `base`. */
  readonly offsets: readonly number[];
  /** Each event's data. */
  readonly data: readonly unknown[];
}

/** A batch of no events (what a refused batch is run as). */
export const EMPTY_BATCH: ParsedBatch = {
  pairs: [],
  base: 0,
  pairIndexes: [],
  offsets: [],
  data: [],
};

/**
 * Parses a batch (or its JSON text) and checks its shape and each event's envelope: five
 * columns, pairs of strings, a numeric base, and for each event the index of a pair and a
 * numeric offset, as many of each as there are data.
 */
export function parseWireBatch(batch: string | unknown[]): ParsedBatch {
  const columns: unknown = typeof batch === "string" ? JSON.parse(batch) : batch;
  if (!Array.isArray(columns) || columns.length !== 5) {
    throw new ProtocolError(
      "a batch must be [pairs, base, pair indexes, offsets, data]",
      batch,
    );
  }
  const [pairs, base, pairIndexes, offsets, data]: unknown[] = columns;
  if (!Array.isArray(pairs) || pairs.length % 2 !== 0 || !pairs.every(isString)) {
    throw new ProtocolError("a batch must begin with [type, source] pairs of strings", pairs);
  }
  if (
    typeof base !== "number" || !Array.isArray(pairIndexes) || !Array.isArray(offsets) ||
    !Array.isArray(data) || pairIndexes.length !== data.length || offsets.length !== data.length
  ) {
    throw new ProtocolError(
      "a batch must have a numeric base and a pair index and an offset for each data",
      base,
    );
  }
  const count = pairs.length / 2;
  for (let i = 0; i < data.length; i++) {
    const pair = pairIndexes[i];
    if (
      typeof pair !== "number" || !isSafeInteger(pair) || pair < 0 || pair >= count ||
      typeof offsets[i] !== "number"
    ) {
      throw new ProtocolError(
        "an event must have a pair of the batch and a numeric offset",
        [pair, offsets[i]],
      );
    }
  }
  return { pairs, base, pairIndexes, offsets, data };
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}

/** Turns anything thrown into plain data that can cross the boundary. */
export function toWireError(error: unknown): WireError {
  if (error instanceof Error) {
    const wire: WireError = { name: error.name, message: error.message.slice(0, 60_000) };
    const capability = (error as { capability?: unknown }).capability;
    if (typeof capability === "string") wire.capability = capability;
    return wire;
  }
  return { name: "Error", message: String(error).slice(0, 60_000) };
}

/**
 * Length-prefixed frames for the subprocess pipe: a 4-byte big-endian length, then UTF-8
 * JSON. Unlike JSON lines, a frame has no line-length limit and needs no escaping.
 */
export function encodeFrame(message: unknown): Uint8Array {
  const body = ENCODER.encode(framePieces(message).join(""));
  const frame = new Uint8Array(4 + body.length);
  new DataView(frame.buffer).setUint32(0, body.length);
  frame.set(body, 4);
  return frame;
}

const ENCODER = new TextEncoder();

/**
 * A message's JSON, in pieces to be written one after the other. A batch's events, already
 * JSON text, are spliced in as they are rather than escaped into a string and parsed twice on
 * the other side (and not copied into one string first).
 */
export function framePieces(message: unknown): string[] {
  if (
    typeof message === "object" && message !== null && "kind" in message &&
    message.kind === "events" && "seq" in message && isSafeInteger(message.seq) &&
    "events" in message && typeof message.events === "string"
  ) {
    return [`{"kind":"events","seq":${message.seq},"events":`, message.events, "}"];
  }
  return [stringify(message)];
}

/** Largest frame a plugin runtime accepts from its host: 256 MiB (a batch of large events). */
export const MAX_FRAME = 256 * 1024 * 1024;

/** A frame longer than the reader's limit: the stream cannot be trusted any further. */
export class FrameTooLargeError extends ProtocolError {
  /** The length the frame announced, in bytes. */
  readonly length: number;
  /** The limit it broke, in bytes. */
  readonly limit: number;

  constructor(length: number, limit: number) {
    super(`a frame must be at most ${limit} bytes`, length);
    this.name = "FrameTooLargeError";
    this.length = length;
    this.limit = limit;
  }
}

/** Deepest nesting of arrays and objects the host accepts in a frame from a plugin. */
export const MAX_FRAME_DEPTH = 64;

/**
 * Most items (about one per value, see `JsonBounds`) the host accepts in a frame from a
 * plugin: parsing this many takes the host some milliseconds, where a 4 MiB frame of `{},`
 * would take it a second. A storage value of 1 MiB of small numbers holds fewer.
 */
export const MAX_FRAME_ITEMS = 200_000;

const HOST_BOUNDS: JsonBounds = { maxDepth: MAX_FRAME_DEPTH, maxItems: MAX_FRAME_ITEMS };

/** Bytes of a refused frame quoted in its error, at most. */
const QUOTED_BYTES = 200;

/**
 * A frame nesting deeper or holding more items than the reader allows, found before it was
 * parsed. A `SyntaxError`, as a frame that is not JSON at all: the stream is not to be read
 * any further.
 */
export class FrameTooComplexError extends SyntaxError {
  constructor(frame: Uint8Array, at: number, reason: string) {
    const start = new TextDecoder().decode(subarray(frame, 0, min(frame.length, QUOTED_BYTES)));
    super(
      `Cannot parse plugin frame: ${reason} at byte ${at}, got ${stringify(start)}${
        frame.length > QUOTED_BYTES ? "..." : ""
      }`,
    );
    this.name = "FrameTooComplexError";
  }
}

/** Frames {@linkcode readFrames} hands on before it lets other work have a turn. */
const FRAMES_PER_TURN = 256;

/** The 4-byte big-endian frame length at `at` (unsigned, read without a `DataView`). */
function lengthAt(bytes: Uint8Array, at: number): number {
  return bytes[at] * 0x1000000 + (bytes[at + 1] << 16) + (bytes[at + 2] << 8) + bytes[at + 3];
}

/** A reader's body buffer above this size is let go once its frame is read. */
const KEPT_BUFFER = 1024 * 1024;

/**
 * Where frames are read from: a byte stream, or a connection read straight into one buffer
 * that is reused from read to read (cheaper than a stream's chunk per read). A connection
 * with `readSync` is read synchronously for the rest of a frame it has begun to receive.
 */
export type FrameSource =
  | ReadableStream<Uint8Array>
  | {
    read(buffer: Uint8Array): Promise<number | null>;
    readSync?(buffer: Uint8Array): number | null;
  };

/** The first read buffer of a connection, and the most it grows to while reads fill it. */
const READ_BYTES = 64 * 1024;
const MAX_READ_BYTES = 1024 * 1024;

/**
 * The chunks of `source`; a chunk read from a connection is valid until the next is asked for.
 *
 * While `pending()` says bytes of a frame begun are still to come, a connection with
 * `readSync` is read synchronously: the writer sends each frame whole, so they are on their
 * way and the wait is short. Deno hands an asynchronous read of a stdio descriptor to a
 * blocking thread (measured here, about 65 µs of CPU a read against a few for `readSync`),
 * and a batch larger than the pipe's 64 KiB otherwise takes several of them.
 */
async function* chunksOf(source: FrameSource, pending: () => number): AsyncGenerator<Uint8Array> {
  if (source instanceof ReadableStream) {
    yield* streamChunks(source);
    return;
  }
  const readSync = source.readSync?.bind(source);
  let buffer = new Bytes(READ_BYTES);
  for (;;) {
    let n = readSync !== undefined && pending() > 0 ? readNow(readSync, buffer) : undefined;
    if (n === undefined) n = await source.read(buffer);
    if (n === null) return;
    yield subarray(buffer, 0, n);
    // A full read means more was waiting: take more at a time.
    if (n === buffer.length && buffer.length < MAX_READ_BYTES) {
      buffer = new Bytes(buffer.length * 2);
    }
  }
}

/**
 * The chunks of a stream. A byte stream (a child process's stdout) is read into one buffer of
 * ours, handed back from read to read: left to itself it allocates a new 64 KiB buffer for
 * every read, an acknowledgement of a few bytes included, and the garbage collector pays for
 * each. A chunk is valid until the next is asked for.
 */
async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  let reader: ReadableStreamBYOBReader;
  try {
    reader = stream.getReader({ mode: "byob" });
  } catch {
    // Not a byte stream: its own chunks, as they come.
    yield* stream;
    return;
  }
  let ended = false;
  try {
    let buffer = new ArrayBuffer(READ_BYTES);
    for (;;) {
      const { value, done } = await reader.read(new Bytes(buffer));
      if (done || value === undefined) {
        ended = true;
        return;
      }
      yield value;
      // The read took the buffer over and hands it back as `value`'s.
      buffer = value.buffer;
    }
  } finally {
    // Left early (a bad frame) or failed: the stream is cancelled, as `for await` would.
    if (ended) reader.releaseLock();
    else await reader.cancel().catch(() => {});
  }
}

/** Taken before any plugin loads, as `_builtins.ts` takes its classes. */
const WouldBlock = Deno.errors.WouldBlock;

/**
 * `readSync(buffer)` (`null` at the end of the stream), or `undefined` when the descriptor
 * would block (a non-blocking one): the caller then reads asynchronously.
 */
function readNow(
  readSync: (buffer: Uint8Array) => number | null,
  buffer: Uint8Array,
): number | null | undefined {
  try {
    return readSync(buffer);
  } catch (error) {
    if (isInstance(error, WouldBlock)) return undefined;
    throw error;
  }
}

/**
 * Reads length-prefixed frames from a plugin and yields their parsed JSON, in linear time:
 * each frame's length is checked against `maxFrame` before any byte of its body is kept, and
 * its nesting and items against {@linkcode MAX_FRAME_DEPTH} and {@linkcode MAX_FRAME_ITEMS}
 * in one pass over its bytes before it is parsed (a {@linkcode FrameTooComplexError}). A
 * frame that lies whole inside one chunk is decoded in place; one split across chunks is
 * gathered in a single body buffer, reused from frame to frame (and let go when it grew past
 * 1 MiB). `onBytes` hears of every chunk. This is the host's reader: what a plugin sends is
 * bounded before the host spends anything on it, and a chunk of thousands of small frames is
 * handed on a few hundred at a time, other work taking its turn in between.
 */
export async function* readFrames(
  source: FrameSource,
  maxFrame = MAX_FRAME,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<unknown> {
  let frames = 0;
  for await (const group of frameGroups(source, maxFrame, HOST_BOUNDS, onBytes)) {
    for (const frame of group) {
      yield frame;
      if (++frames % FRAMES_PER_TURN === 0) {
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    }
  }
}

/**
 * Reads the host's frames inside a plugin runtime, yielding together the frames that completed
 * in one chunk, so that a reader can handle them all before it answers any (one
 * acknowledgement for several batches). Frames completed before a bad one are yielded before
 * its error is thrown. Unlike {@linkcode readFrames} it takes any nesting and any number of items: the host's events
 * carry values plugins set, wrapped a few levels deeper than the host let them in.
 */
export function readFrameGroups(
  source: FrameSource,
  maxFrame = MAX_FRAME,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<unknown[]> {
  return frameGroups(source, maxFrame, undefined, onBytes);
}

async function* frameGroups(
  source: FrameSource,
  maxFrame: number,
  bounds: JsonBounds | undefined,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<unknown[]> {
  const decoder = new TextDecoder();
  const parse = (frame: Uint8Array): unknown => {
    const breach = bounds && breaksBounds(frame, bounds);
    if (breach) throw new FrameTooComplexError(frame, breach.at, breach.reason);
    return JSON.parse(decoder.decode(frame));
  };
  const header = new Bytes(4);
  let headerFill = 0;
  let body = new Bytes(0);
  let bodyFill = 0;
  /** The body length being read, or -1 while a header is. */
  let length = -1;
  // Bytes of the frame begun that are still to come: its header's rest, or its body's.
  const pending = () => length >= 0 ? length - bodyFill : headerFill > 0 ? 4 - headerFill : 0;
  for await (const chunk of chunksOf(source, pending)) {
    onBytes?.(chunk.length);
    const group: unknown[] = [];
    let offset = 0;
    try {
      while (offset < chunk.length) {
        if (length < 0) {
          if (headerFill === 0 && chunk.length - offset >= 4) {
            length = lengthAt(chunk, offset);
            offset += 4;
          } else {
            const take = min(4 - headerFill, chunk.length - offset);
            copyInto(header, subarray(chunk, offset, offset + take), headerFill);
            headerFill += take;
            offset += take;
            if (headerFill < 4) break;
            headerFill = 0;
            length = lengthAt(header, 0);
          }
          if (length > maxFrame) throw new FrameTooLargeError(length, maxFrame);
        }
        if (bodyFill === 0 && chunk.length - offset >= length) {
          const frame = subarray(chunk, offset, offset + length);
          offset += length;
          length = -1;
          group.push(parse(frame));
          continue;
        }
        if (body.length < length) {
          body = new Bytes(min(maxFrame, length > body.length * 2 ? length : body.length * 2));
        }
        const take = min(length - bodyFill, chunk.length - offset);
        copyInto(body, subarray(chunk, offset, offset + take), bodyFill);
        bodyFill += take;
        offset += take;
        if (bodyFill === length) {
          const frame = subarray(body, 0, length);
          bodyFill = 0;
          length = -1;
          const message = parse(frame);
          if (body.length > KEPT_BUFFER) body = new Bytes(0);
          group.push(message);
        }
      }
    } catch (error) {
      if (group.length > 0) yield group;
      throw error;
    }
    if (group.length > 0) yield group;
  }
}
