/**
 * The error `IrcClient.connect()` rejects with.
 *
 * @module
 */

/**
 * Why a connection attempt failed.
 *
 * @example
 * ```ts
 * import type { IrcConnectErrorCode } from "./errors.ts";
 * const code: IrcConnectErrorCode = "timeout";
 * ```
 */
export type IrcConnectErrorCode =
  | "refused"
  | "tls"
  | "password"
  | "sasl"
  | "timeout"
  | "closed"
  | "nick"
  | "sts"
  | "aborted";

/**
 * A connection attempt failed: refused, TLS, bad server password, required SASL failed,
 * registration timed out, the server closed the link, or the caller disconnected first.
 * `sts` is a plain-text connection ended to move to TLS (the client goes on by itself).
 *
 * @example
 * ```ts
 * import { IrcConnectError } from "./errors.ts";
 * const error = new IrcConnectError("timeout", "Cannot connect to irc.example:6697: registration timed out, got 30000 ms");
 * console.log(error.code); // "timeout"
 * ```
 */
export class IrcConnectError extends Error {
  /** What went wrong. */
  readonly code: IrcConnectErrorCode;

  /** Creates the error; `options.cause` carries the underlying error when there is one. */
  constructor(code: IrcConnectErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "IrcConnectError";
    this.code = code;
  }
}
