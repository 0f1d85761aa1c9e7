import { domainToASCII } from "node:url";
import { IrcUrlError } from "./irc_url_error.ts";
import { show } from "./show.ts";

const MAX_HOST_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const DIGITS = /^[0-9]+$/;
const HYPHEN_RULE = "a label must not start or end with a hyphen";
const IPV6_CHARS = /^[0-9a-f:.]+$/;

/**
 * Brings a server host into the one form used for links and for matching saved networks:
 * lowercase, without a trailing dot, international names in their `xn--` form, and IPv6
 * addresses without brackets, in their canonical (RFC 5952) spelling.
 *
 * Throws an {@linkcode IrcUrlError} (`invalid_host`) for anything that is not a host name,
 * a dotted IPv4 address or an IPv6 address. Host names follow RFC 1123: labels of 1-63
 * letters, digits and hyphens, no label starting or ending with a hyphen, no underscore, at
 * most 253 characters; a single label such as `localhost` is a valid name.
 *
 * @example
 * ```ts
 * import { normalizeHost } from "./mod.ts";
 * normalizeHost("IRC.Libera.Chat."); // "irc.libera.chat"
 * normalizeHost("[2001:DB8:0::1]"); // "2001:db8::1"
 * ```
 */
export function normalizeHost(host: string): string {
  if (typeof host !== "string") {
    throw new TypeError(`Cannot normalize host: expected a string, got ${typeof host}`);
  }
  const bracketed = host.startsWith("[") && host.endsWith("]");
  const inner = bracketed ? host.slice(1, -1) : host;
  const ipv6 = bracketed || inner.includes(":");
  return normalizeHostPart(inner, ipv6, host);
}

/**
 * Normalizes the host part of a link (brackets already removed); errors carry `input`.
 * For the link parser in `deeplink/`; everyone else uses {@linkcode normalizeHost}.
 *
 * @example
 * ```ts
 * import { normalizeHostPart } from "./mod.ts";
 * normalizeHostPart("2001:DB8::1", true, "irc://[2001:DB8::1]/"); // "2001:db8::1"
 * ```
 */
export function normalizeHostPart(text: string, ipv6: boolean, input: string): string {
  if (ipv6) return normalizeIpv6(text, input);
  let host = text;
  // One pass decides the common case: ASCII letters, digits, "-" and dots.
  let simple = true;
  let upper = false;
  for (let i = 0; i < host.length; i++) {
    const c = host.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) upper = true;
    else if (
      !((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e)
    ) {
      simple = false;
      break;
    }
  }
  if (upper || !simple) host = host.toLowerCase();
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (host === "") {
    throw new IrcUrlError("missing_host", "Cannot parse IRC link: the host is empty", input);
  }
  if (!simple) {
    // deno-lint-ignore no-control-regex
    if (/[^\x00-\x7f]/.test(host)) {
      // Checked before the conversion too: WHATWG's domainToASCII lets "bücher-" through.
      if (/(^|\.)-|-(\.|$)/.test(host)) throw invalidHost(text, input, HYPHEN_RULE);
      const ascii = domainToASCII(host);
      if (ascii === "") throw invalidHost(text, input);
      host = ascii.endsWith(".") ? ascii.slice(0, -1) : ascii;
    }
  }
  if (host.length > MAX_HOST_LENGTH) {
    throw invalidHost(text, input, `a host name is at most ${MAX_HOST_LENGTH} characters`);
  }
  // RFC 1123 section 2.1 (over RFC 952): labels of letters, digits and inner hyphens.
  let labelStart = 0;
  let lastLabelNumeric = true;
  for (let i = 0; i <= host.length; i++) {
    const c = i === host.length ? 0x2e : host.charCodeAt(i);
    if (c === 0x2e) {
      const length = i - labelStart;
      if (length === 0 || length > MAX_LABEL_LENGTH) {
        throw invalidHost(text, input, `each label is 1-${MAX_LABEL_LENGTH} characters`);
      }
      if (host.charCodeAt(labelStart) === 0x2d || host.charCodeAt(i - 1) === 0x2d) {
        throw invalidHost(text, input, HYPHEN_RULE);
      }
      if (i === host.length) break;
      labelStart = i + 1;
      lastLabelNumeric = true;
    } else if (c >= 0x30 && c <= 0x39) {
      // digits keep the label numeric
    } else if ((c >= 0x61 && c <= 0x7a) || c === 0x2d) {
      lastLabelNumeric = false;
    } else {
      throw invalidHost(text, input, "a label holds only letters, digits and hyphens");
    }
  }
  // A name whose last label is a number must be a plain dotted IPv4 address: anything else
  // ("1.2.3", "010.0.0.1", "256.0.0.1") is read differently by different resolvers.
  if (lastLabelNumeric) {
    const labels = host.split(".");
    const isIpv4 = labels.length === 4 &&
      labels.every((label) =>
        DIGITS.test(label) && (label === "0" || !label.startsWith("0")) && Number(label) <= 255
      );
    if (!isIpv4) {
      throw invalidHost(text, input, "a numeric name must be a dotted IPv4 address");
    }
  }
  return host;
}

/**
 * Whether `host` is a host name as IRC names servers and client hosts: a host name
 * {@linkcode normalizeHost} takes, written with at least one dot. A link may name a
 * single-label host (`irc://localhost`); IRC's own names never are one (`irc` or `com`
 * would read as a nick), while a trailing dot (`services.`) counts. A dotted IPv4 address
 * passes, as it does for `normalizeHost`; an IPv6 address does not.
 *
 * @example
 * ```ts
 * import { isIrcHostname } from "./mod.ts";
 * isIrcHostname("irc.example.com"); // true
 * isIrcHostname("irc"); // false
 * ```
 */
export function isIrcHostname(host: string): boolean {
  if (typeof host !== "string" || !host.includes(".")) return false;
  try {
    normalizeHostPart(host, false, host);
    return true;
  } catch (error) {
    if (error instanceof IrcUrlError) return false;
    throw error;
  }
}

function normalizeIpv6(text: string, input: string): string {
  const lower = text.toLowerCase();
  if (!lower.includes(":") || !IPV6_CHARS.test(lower)) throw invalidHost(text, input);
  try {
    // WHATWG's IPv6 parser validates and serializes in the canonical compressed form.
    const hostname = new URL(`http://[${lower}]/`).hostname;
    return hostname.slice(1, -1);
  } catch {
    throw invalidHost(text, input);
  }
}

function invalidHost(text: string, input: string, rule?: string): IrcUrlError {
  const why = rule === undefined ? "" : ` (${rule})`;
  return new IrcUrlError(
    "invalid_host",
    `Cannot parse IRC link: the host is not a valid host name or IP address${why}, got ${
      show(text)
    }`,
    input,
  );
}
