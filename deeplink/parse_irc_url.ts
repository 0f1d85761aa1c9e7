import type { IrcLink, IrcScheme, Target } from "./irc_link.ts";
import { IrcUrlError, normalizeHostPart } from "../net/mod.ts";
import {
  CHANNEL_FLAG,
  DEFAULT_PORTS,
  FLAGS,
  hasForbiddenChar,
  indexOfControl,
  isChannelName,
  MAX_INPUT_LENGTH,
  MAX_NAME_BYTES,
  NICK_FLAGS,
  show,
  utf8Length,
} from "./_syntax.ts";

const PORT_DIGITS = /^[0-9]+$/;

/**
 * Parses an `irc://` or `ircs://` link into its server and targets, or throws an
 * {@linkcode IrcUrlError} naming the rule it broke. It never throws anything else for a
 * string input.
 *
 * Both the escaped form (`irc://host/%23deno`) and the common unescaped form
 * (`irc://host/#deno`, where `#deno` is the URL fragment) are accepted. The key comes from
 * `?key=` (inside the fragment in the unescaped form) and applies to every channel.
 *
 * Flags after a name follow what other clients accept: `isnick` or `isuser` make it a nick,
 * `ischannel` a channel (the default: a name without a prefix gets `#`); `needkey`,
 * `needpass`, `isserver` and `isnetwork` are accepted and ignored, in any order and case.
 * A trailing comma is ignored. The host is checked by RFC 1123 label rules.
 *
 * @example An ircs:// link with a key
 * ```ts
 * import { parseIrcUrl } from "./mod.ts";
 * const link = parseIrcUrl("ircs://irc.libera.chat/#deno?key=s3cret");
 * // { scheme: "ircs", host: "irc.libera.chat", port: 6697, tls: true,
 * //   targets: [{ name: "#deno", isNick: false, key: "s3cret" }] }
 * console.log(link.targets[0].key); // "s3cret"
 * ```
 */
export function parseIrcUrl(raw: string): IrcLink {
  if (typeof raw !== "string") {
    throw new TypeError(`Cannot parse IRC link: expected a string, got ${typeof raw}`);
  }
  const input = raw;
  const text = raw.trim();
  if (text.length > MAX_INPUT_LENGTH) {
    throw new IrcUrlError(
      "too_long",
      `Cannot parse IRC link: it is longer than ${MAX_INPUT_LENGTH} characters, got ${text.length}`,
      input,
    );
  }
  // WHATWG URL parsers silently strip tabs and newlines; here they are refused up front.
  const control = indexOfControl(text);
  if (control !== -1) {
    throw new IrcUrlError(
      "control_character",
      `Cannot parse IRC link: it contains a control character, got ${
        show(text[control])
      } at index ${control}`,
      input,
    );
  }
  if (!text.isWellFormed()) {
    throw new IrcUrlError(
      "invalid_character",
      "Cannot parse IRC link: it contains a lone surrogate, which no URL can carry",
      input,
    );
  }

  // Scheme.
  const colon = text.indexOf(":");
  const schemeText = colon === -1 ? "" : text.slice(0, colon).toLowerCase();
  if (schemeText !== "irc" && schemeText !== "ircs") {
    throw new IrcUrlError(
      "invalid_scheme",
      `Cannot parse IRC link: the scheme must be irc or ircs, got ${
        show(colon === -1 ? text : text.slice(0, colon))
      }`,
      input,
    );
  }
  const scheme: IrcScheme = schemeText;
  if (!text.startsWith("//", colon + 1)) {
    throw new IrcUrlError(
      "missing_authority",
      `Cannot parse IRC link: the scheme must be followed by "//", got ${show(text)}`,
      input,
    );
  }

  // Authority: everything up to the first "/", "?" or "#".
  const authorityStart = colon + 3;
  let authorityEnd = text.length;
  for (let i = authorityStart; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2f || c === 0x3f || c === 0x23) {
      authorityEnd = i;
      break;
    }
  }
  const authority = text.slice(authorityStart, authorityEnd);
  const { host, port } = parseAuthority(authority, scheme, input);

  // Path, query and fragment.
  const rest = text.slice(authorityEnd);
  const hash = rest.indexOf("#");
  const pathAndQuery = hash === -1 ? rest : rest.slice(0, hash);
  // An empty fragment ("irc://host/chan#") is no fragment, as URL parsers read it: a link
  // ending in "#" names no extra channel.
  const fragment = hash === -1 || hash === rest.length - 1 ? undefined : rest.slice(hash + 1);
  const question = pathAndQuery.indexOf("?");
  const path = question === -1 ? pathAndQuery : pathAndQuery.slice(0, question);
  const query = question === -1 ? undefined : pathAndQuery.slice(question + 1);

  // The whole path after its first "/" is the target list; in the unescaped form the
  // fragment continues it, so "irc://host/#chan" and "irc://host/%23chan" mean the same.
  let targetText = path.slice(1);
  let key: string | undefined = query === undefined ? undefined : findKey(query, undefined, input);
  if (fragment !== undefined) {
    const fragmentQuestion = fragment.indexOf("?");
    if (fragmentQuestion === -1) {
      targetText += `#${fragment}`;
    } else {
      targetText += `#${fragment.slice(0, fragmentQuestion)}`;
      key = findKey(fragment.slice(fragmentQuestion + 1), key, input);
    }
  }

  const targets = parseTargets(targetText, key ?? "", input);
  return { scheme, host, port, tls: scheme === "ircs", targets };
}

function parseAuthority(
  authority: string,
  scheme: IrcScheme,
  input: string,
): { host: string; port: number } {
  // Userinfo ("nick@", "nick:pass@") is ignored.
  const at = authority.lastIndexOf("@");
  const hostPort = at === -1 ? authority : authority.slice(at + 1);
  let hostText: string;
  let portText: string | undefined;
  let ipv6 = false;
  if (hostPort.startsWith("[")) {
    const close = hostPort.indexOf("]");
    if (close === -1) {
      throw new IrcUrlError(
        "invalid_host",
        `Cannot parse IRC link: the IPv6 address has no closing "]", got ${show(hostPort)}`,
        input,
      );
    }
    hostText = hostPort.slice(1, close);
    ipv6 = true;
    const after = hostPort.slice(close + 1);
    if (after !== "") {
      if (!after.startsWith(":")) {
        throw new IrcUrlError(
          "invalid_host",
          `Cannot parse IRC link: unexpected text after the IPv6 address, got ${show(after)}`,
          input,
        );
      }
      portText = after.slice(1);
    }
  } else {
    const first = hostPort.indexOf(":");
    if (first !== -1 && hostPort.indexOf(":", first + 1) !== -1) {
      throw new IrcUrlError(
        "unbracketed_ipv6",
        `Cannot parse IRC link: an IPv6 address must be written in brackets ([2001:db8::1]), got ${
          show(hostPort)
        }`,
        input,
      );
    }
    hostText = first === -1 ? hostPort : hostPort.slice(0, first);
    portText = first === -1 ? undefined : hostPort.slice(first + 1);
  }
  if (hostText === "") {
    throw new IrcUrlError(
      "missing_host",
      `Cannot parse IRC link: the host is missing, got ${show(input.trim())}`,
      input,
    );
  }
  const host = normalizeHostPart(hostText, ipv6, input);
  return { host, port: parsePort(portText, scheme, input) };
}

function parsePort(portText: string | undefined, scheme: IrcScheme, input: string): number {
  // No port, or an empty one ("host:"), means the scheme's default. TLS never comes from it.
  if (portText === undefined || portText === "") return DEFAULT_PORTS[scheme];
  if (!PORT_DIGITS.test(portText)) {
    throw new IrcUrlError(
      "invalid_port",
      `Cannot parse IRC link: the port must be decimal digits, got ${show(portText)}`,
      input,
    );
  }
  const digits = portText.replace(/^0+(?=.)/, "");
  const port = digits.length > 5 ? Infinity : Number(digits);
  if (port < 1 || port > 65535) {
    throw new IrcUrlError(
      "port_out_of_range",
      `Cannot parse IRC link: the port must be 1-65535, got ${show(portText)}`,
      input,
    );
  }
  return port;
}

function findKey(query: string, found: string | undefined, input: string): string | undefined {
  let key = found;
  for (const parameter of query.split("&")) {
    const equals = parameter.indexOf("=");
    const name = equals === -1 ? parameter : parameter.slice(0, equals);
    if (name.toLowerCase() !== "key") continue;
    if (key !== undefined) {
      throw new IrcUrlError(
        "duplicate_key",
        "Cannot parse IRC link: it carries more than one key parameter",
        input,
      );
    }
    // "+" stays "+": links are not form-encoded. Keys are decoded exactly once.
    key = decode(equals === -1 ? "" : parameter.slice(equals + 1), input);
    if (hasForbiddenChar(key)) {
      throw new IrcUrlError(
        "invalid_key",
        `Cannot parse IRC link: the key must not contain whitespace, control characters or commas, got ${
          show(key)
        }`,
        input,
      );
    }
  }
  return key;
}

function parseTargets(targetText: string, key: string, input: string): Target[] {
  if (targetText === "") return [];
  // Flags are syntax: they are recognized before decoding, so "%69snick" is a name.
  const entries: { raw: string; isNick: boolean; isChannel: boolean }[] = [];
  for (const segment of targetText.split(",")) {
    if (segment === "") continue;
    // Flag words are 6 to 9 letters long; other segments skip the lowercase copy.
    const lower = segment.length >= 6 && segment.length <= 9 ? segment.toLowerCase() : "";
    if (FLAGS.has(lower)) {
      const last = entries[entries.length - 1];
      if (last !== undefined && NICK_FLAGS.has(lower)) last.isNick = true;
      if (last !== undefined && lower === CHANNEL_FLAG) last.isChannel = true;
      continue;
    }
    entries.push({ raw: segment, isNick: false, isChannel: false });
  }
  const targets: Target[] = [];
  for (const { raw, isNick, isChannel } of entries) {
    const decoded = decode(raw, input);
    if (isNick && isChannel) {
      throw new IrcUrlError(
        "conflicting_flags",
        `Cannot parse IRC link: a target cannot be flagged both as a nick and as a channel, got ${
          show(decoded)
        }`,
        input,
      );
    }
    if (hasForbiddenChar(decoded)) {
      throw new IrcUrlError(
        "invalid_name",
        `Cannot parse IRC link: a target name must not contain whitespace, control characters or commas, got ${
          show(decoded)
        }`,
        input,
      );
    }
    let name = decoded;
    if (isNick) {
      if (isChannelName(decoded)) {
        throw new IrcUrlError(
          "channel_flagged_as_nick",
          `Cannot parse IRC link: a channel name cannot be flagged as a nick, got ${show(decoded)}`,
          input,
        );
      }
    } else if (!isChannelName(decoded)) {
      name = `#${decoded}`;
    } else if (decoded.length === 1) {
      throw new IrcUrlError(
        "bare_prefix",
        `Cannot parse IRC link: a channel name needs more than its prefix, got ${show(decoded)}`,
        input,
      );
    }
    const bytes = utf8Length(name);
    if (bytes > MAX_NAME_BYTES) {
      throw new IrcUrlError(
        "name_too_long",
        `Cannot parse IRC link: a target name must be at most ${MAX_NAME_BYTES} bytes, got ${bytes} bytes`,
        input,
      );
    }
    targets.push({ name, isNick, key: isNick ? "" : key });
  }
  return targets;
}

/** Percent-decodes exactly once; a malformed escape or invalid UTF-8 is an error. */
function decode(text: string, input: string): string {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new IrcUrlError(
      "invalid_escape",
      `Cannot parse IRC link: a percent escape is malformed or not UTF-8, got ${show(text)}`,
      input,
    );
  }
}
