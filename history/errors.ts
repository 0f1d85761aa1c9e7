import { errorMessage } from "../common/mod.ts";

/**
 * Why the history store refused to open or to write.
 *
 * - `corrupt`: the file is not a SQLite database, or SQLite found it damaged;
 * - `newer_schema`: a newer client wrote the file; this one leaves it as it is;
 * - `full`: the disk (or the store's `maxBytes` quota) is full; earlier lines are kept;
 * - `closed`: the store was closed;
 * - `io`: any other failure of the file.
 *
 * @example
 * ```ts
 * import type { HistoryErrorCode } from "./errors.ts";
 * const code: HistoryErrorCode = "newer_schema";
 * ```
 */
export type HistoryErrorCode = "corrupt" | "newer_schema" | "full" | "closed" | "io";

/**
 * A failure of the history store, with the file it concerns. Nothing already stored is
 * lost by the failure: a refused file is left untouched, a failed write is rolled back.
 *
 * @example
 * ```ts
 * import { HistoryError } from "./errors.ts";
 * const error = new HistoryError("full", "Cannot store history: the disk is full", "/tmp/h");
 * console.log(error.code); // "full"
 * ```
 */
export class HistoryError extends Error {
  /** What went wrong. */
  readonly code: HistoryErrorCode;
  /** The database file. */
  readonly path: string;

  /** Builds the error; `message` says what failed. */
  constructor(code: HistoryErrorCode, message: string, path: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "HistoryError";
    this.code = code;
    this.path = path;
  }
}

/** Names a SQLite failure: the error's `errcode` (primary code in the low byte) or text. */
export function historyError(action: string, path: string, error: unknown): HistoryError {
  if (error instanceof HistoryError) return error;
  const text = errorMessage(error);
  const errcode = error instanceof Error && "errcode" in error && typeof error.errcode === "number"
    ? error.errcode & 0xff
    : undefined;
  // SQLITE_CORRUPT 11, SQLITE_NOTADB 26, SQLITE_FULL 13.
  if (errcode === 11 || errcode === 26 || /not a database|malformed/i.test(text)) {
    return new HistoryError(
      "corrupt",
      `${action}: the file is damaged or not a history database (${text}), got ${path}`,
      path,
      { cause: error },
    );
  }
  if (errcode === 13 || /disk is full|database or disk is full/i.test(text)) {
    return new HistoryError(
      "full",
      `${action}: the disk is full; lines stored before are kept (${text}), got ${path}`,
      path,
      { cause: error },
    );
  }
  return new HistoryError("io", `${action}: ${text}, got ${path}`, path, { cause: error });
}
