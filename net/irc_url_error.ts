/**
 * Why an `irc://` or `ircs://` link was refused. Each code names one parsing rule.
 *
 * @example
 * ```ts
 * import type { IrcUrlErrorCode } from "./irc_url_error.ts";
 * const code: IrcUrlErrorCode = "port_out_of_range";
 * ```
 */
export type IrcUrlErrorCode =
  /** The input is longer than the parser accepts (8,192 characters). */
  | "too_long"
  /** A raw control character (C0, DEL or C1) appears anywhere in the input. */
  | "control_character"
  /** The input holds a lone UTF-16 surrogate, which no URL can carry. */
  | "invalid_character"
  /** The scheme is missing or is not `irc` / `ircs`. */
  | "invalid_scheme"
  /** The scheme is not followed by `//`. */
  | "missing_authority"
  /** The authority holds no host. */
  | "missing_host"
  /**
   * The host is not a valid host name (RFC 1123 labels: letters, digits and inner hyphens,
   * 1-63 characters each, 253 in all), IPv4 address or bracketed IPv6 address.
   */
  | "invalid_host"
  /** An IPv6 address appears without its square brackets. */
  | "unbracketed_ipv6"
  /** The port is not made of decimal digits. */
  | "invalid_port"
  /** The port is 0 or above 65535. */
  | "port_out_of_range"
  /** A percent escape is malformed or decodes to invalid UTF-8. */
  | "invalid_escape"
  /** A target name holds whitespace, a control character, NUL or a comma. */
  | "invalid_name"
  /** A target name is longer than 200 bytes (UTF-8) after normalization. */
  | "name_too_long"
  /** A channel-shaped name (`#`, `&`, `+`, `!`) is flagged as a nick. */
  | "channel_flagged_as_nick"
  /** A target is flagged both as a nick (`isnick`, `isuser`) and as a channel (`ischannel`). */
  | "conflicting_flags"
  /** A target is a channel prefix alone, such as `#`. */
  | "bare_prefix"
  /** The key holds whitespace, a control character, NUL or a comma. */
  | "invalid_key"
  /** The link carries more than one `key` parameter. */
  | "duplicate_key";

/**
 * A link that `parseIrcUrl` refused. It is a `SyntaxError` carrying the rule that failed
 * (`code`) and the text that was given (`input`).
 *
 * @example
 * ```ts
 * import { IrcUrlError, parseIrcUrl } from "../deeplink/mod.ts";
 * try {
 *   parseIrcUrl("irc://irc.libera.chat:65536/#deno");
 * } catch (error) {
 *   if (error instanceof IrcUrlError) console.log(error.code); // "port_out_of_range"
 * }
 * ```
 */
export class IrcUrlError extends SyntaxError {
  /** The rule the link broke. */
  readonly code: IrcUrlErrorCode;
  /** The text that was given to the parser, untrimmed. */
  readonly input: string;

  /** Builds the error; `message` says what failed and shows the offending value. */
  constructor(code: IrcUrlErrorCode, message: string, input: string) {
    super(message);
    this.name = "IrcUrlError";
    this.code = code;
    this.input = input;
  }
}
