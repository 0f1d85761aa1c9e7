import type { IrcLink } from "./irc_link.ts";
import { IrcUrlError, normalizeHost } from "../net/mod.ts";
import { parseIrcUrl } from "./parse_irc_url.ts";
import { DEFAULT_PORTS, FLAGS, isChannelName, show } from "./_syntax.ts";

/**
 * Writes a link back as text: the inverse of `parseIrcUrl`, for sharing.
 *
 * Channels use the readable unescaped form (`ircs://host/#deno`), nicks get `,isnick`, the
 * default port is left out and a key is written once. The result always parses back to
 * the same link; a link that cannot round-trip (a channel without a prefix, keys that
 * differ between channels, a key on a nick, a name the parser would refuse) is a
 * `TypeError`. The host is normalized on the way (lowercase, no trailing dot).
 *
 * @example
 * ```ts
 * import { formatIrcUrl } from "./mod.ts";
 * formatIrcUrl({
 *   scheme: "ircs",
 *   host: "irc.libera.chat",
 *   port: 6697,
 *   tls: true,
 *   targets: [{ name: "#deno", isNick: false, key: "" }, { name: "alice", isNick: true, key: "" }],
 * }); // "ircs://irc.libera.chat/#deno,alice,isnick"
 * ```
 */
export function formatIrcUrl(link: IrcLink): string {
  if (typeof link !== "object" || link === null) {
    throw new TypeError(`Cannot format IRC link: expected an object, got ${typeOf(link)}`);
  }
  const { scheme, host, port, tls, targets } = link;
  if (scheme !== "irc" && scheme !== "ircs") {
    throw new TypeError(
      `Cannot format IRC link: the scheme must be irc or ircs, got ${String(scheme)}`,
    );
  }
  if (tls !== (scheme === "ircs")) {
    throw new TypeError(
      `Cannot format IRC link: tls must be ${scheme === "ircs"} for the ${scheme} scheme, got ${
        String(tls)
      }`,
    );
  }
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new TypeError(
      `Cannot format IRC link: the port must be an integer 1-65535, got ${String(port)}`,
    );
  }
  if (!Array.isArray(targets)) {
    throw new TypeError(`Cannot format IRC link: targets must be an array, got ${typeOf(targets)}`);
  }
  let normalHost: string;
  try {
    normalHost = normalizeHost(host);
  } catch (error) {
    throw new TypeError(`Cannot format IRC link: invalid host, got ${show(String(host))}`, {
      cause: error,
    });
  }

  let key: string | undefined;
  const parts: string[] = [];
  for (const target of targets) {
    if (
      typeof target !== "object" || target === null || typeof target.name !== "string" ||
      typeof target.isNick !== "boolean" || typeof target.key !== "string"
    ) {
      throw new TypeError(
        `Cannot format IRC link: a target must be {name: string, isNick: boolean, key: string}, got ${
          typeOf(target)
        }`,
      );
    }
    if (target.isNick) {
      if (target.key !== "") {
        throw new TypeError(
          `Cannot format IRC link: a nick cannot carry a key, got ${show(target.name)}`,
        );
      }
      let encoded = encodeName(target.name);
      // A nick spelled like a flag ("isnick") has its first letter escaped so it stays a name.
      if (FLAGS.has(encoded.toLowerCase())) {
        encoded = `%${encoded.charCodeAt(0).toString(16).toUpperCase()}${encoded.slice(1)}`;
      }
      parts.push(encoded, "isnick");
    } else {
      if (!isChannelName(target.name)) {
        throw new TypeError(
          `Cannot format IRC link: a channel name must start with #, &, + or !, got ${
            show(target.name)
          }`,
        );
      }
      if (key !== undefined && key !== target.key) {
        throw new TypeError(
          "Cannot format IRC link: every channel must carry the same key, since a link has one",
        );
      }
      key = target.key;
      parts.push(encodeName(target.name));
    }
  }

  const hostPart = normalHost.includes(":") ? `[${normalHost}]` : normalHost;
  const portPart = port === DEFAULT_PORTS[scheme] ? "" : `:${port}`;
  const keyPart = key ? `?key=${encodeURIComponent(key)}` : "";
  // A "#" that ends the link is read as an empty fragment: a name ending in one keeps it
  // escaped there.
  const joined = parts.join(",");
  const targetPart = keyPart === "" && joined.endsWith("#") ? `${joined.slice(0, -1)}%23` : joined;
  const text = `${scheme}://${hostPart}${portPart}${
    targetPart === "" && keyPart === "" ? "" : "/"
  }${targetPart}${keyPart}`;

  // The formatter promises a link that parses back to itself; check the promise.
  let parsed: IrcLink;
  try {
    parsed = parseIrcUrl(text);
  } catch (error) {
    if (!(error instanceof IrcUrlError)) throw error;
    throw new TypeError(
      `Cannot format IRC link: ${error.message.replace(/^Cannot parse IRC link: /, "")}`,
      {
        cause: error,
      },
    );
  }
  if (!sameTargets(parsed, link)) {
    throw new TypeError(
      `Cannot format IRC link: it would not parse back to the same targets, got ${show(text)}`,
    );
  }
  return text;
}

/** Percent-encodes a name, keeping "#", "&" and "+" readable (none of them delimits here). */
function encodeName(name: string): string {
  try {
    return encodeURIComponent(name).replace(/%2[3B6]/g, (escape) => decodeURIComponent(escape));
  } catch (error) {
    throw new TypeError(
      `Cannot format IRC link: a name is not well-formed UTF-16, got ${show(name)}`,
      {
        cause: error,
      },
    );
  }
}

function sameTargets(a: IrcLink, b: IrcLink): boolean {
  if (a.targets.length !== b.targets.length) return false;
  return a.targets.every((t, i) =>
    t.name === b.targets[i].name && t.isNick === b.targets[i].isNick && t.key === b.targets[i].key
  );
}

function typeOf(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}
