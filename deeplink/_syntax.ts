/** Shared syntax of `irc://` links, used by the parser and the formatter only. */

export { show } from "../net/mod.ts";

/** Characters that start a channel name. */
export const CHANNEL_PREFIXES = "#&+!";

/**
 * Flag words that may follow a name in the target list (compared lowercase, undecoded): the
 * entity types `isuser`/`ischannel` and host types `isserver`/`isnetwork` of
 * draft-butcher-irc-url-04, mIRC's and irssi's `isnick`, and `needkey`/`needpass` of
 * draft-mirashi-url-irc.
 */
export const FLAGS: ReadonlySet<string> = new Set([
  "isnick",
  "isuser",
  "ischannel",
  "needkey",
  "needpass",
  "isserver",
  "isnetwork",
]);

/** Flags that mark the name before them as a nick. */
export const NICK_FLAGS: ReadonlySet<string> = new Set(["isnick", "isuser"]);

/** The flag that marks the name before it as a channel. */
export const CHANNEL_FLAG = "ischannel";

/** Whitespace, control characters (NUL included) and commas: never allowed in names or keys. */
export const FORBIDDEN_IN_NAME = /[\s\p{Cc},]/u;

/** Longest accepted target name, in UTF-8 bytes, after normalization. */
export const MAX_NAME_BYTES = 200;

/** Longest accepted input, in UTF-16 code units, after trimming. */
export const MAX_INPUT_LENGTH = 8192;

/** Default port of each scheme. */
export const DEFAULT_PORTS = { irc: 6667, ircs: 6697 } as const;

/**
 * Whether text holds whitespace, a control character (NUL included) or a comma. A loop
 * over char codes decides ASCII text; the Unicode regex runs only when needed.
 */
export function hasForbiddenChar(text: string): boolean {
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 0x20 || c === 0x2c || (c >= 0x7f && c <= 0x9f)) return true;
    if (c > 0x7f) ascii = false;
  }
  return !ascii && FORBIDDEN_IN_NAME.test(text);
}

/** Index of the first control character (C0, DEL, C1), or -1. */
export function indexOfControl(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return i;
  }
  return -1;
}

/** Whether a name starts with a channel prefix. */
export function isChannelName(name: string): boolean {
  return name.length > 0 && CHANNEL_PREFIXES.includes(name[0]);
}

/** Length of a well-formed string in UTF-8 bytes. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
