/**
 * SASLprep (RFC 4013), the stringprep (RFC 3454) profile for SASL user names and passwords.
 *
 * @module
 */
import {
  L_CAT,
  MAPPED_TO_NOTHING,
  NON_ASCII_SPACE,
  PROHIBITED,
  RAND_AL_CAT,
  UNASSIGNED,
} from "./_stringprep_tables.ts";

/**
 * Why {@linkcode saslprep} refused a string: `prohibited` (RFC 4013 section 2.3),
 * `bidi` (RFC 3454 section 6) or `unassigned` (RFC 3454 section 7, stored strings only).
 *
 * @example
 * ```ts
 * import type { SaslprepErrorCode } from "./saslprep.ts";
 * const code: SaslprepErrorCode = "bidi";
 * ```
 */
export type SaslprepErrorCode = "prohibited" | "bidi" | "unassigned";

/**
 * A string that SASLprep refuses. It carries the rule that failed (`code`).
 *
 * @example
 * ```ts
 * import { saslprep, SaslprepError } from "./saslprep.ts";
 * try {
 *   saslprep("\u0007");
 * } catch (error) {
 *   if (error instanceof SaslprepError) console.log(error.code); // "prohibited"
 * }
 * ```
 */
export class SaslprepError extends TypeError {
  /** The rule the string broke. */
  readonly code: SaslprepErrorCode;

  /** Builds the error; `message` says what failed and shows the offending character. */
  constructor(code: SaslprepErrorCode, message: string) {
    super(message);
    this.name = "SaslprepError";
    this.code = code;
  }
}

/**
 * Options of {@linkcode saslprep}.
 *
 * @example
 * ```ts
 * import { saslprep, type SaslprepOptions } from "./saslprep.ts";
 * const query: SaslprepOptions = { allowUnassigned: true };
 * saslprep("x\u0221", query); // passes: U+0221 was unassigned in Unicode 3.2
 * ```
 */
export interface SaslprepOptions {
  /**
   * Treat the string as a query (RFC 3454 section 7): code points unassigned in Unicode 3.2
   * pass. False (the default) treats it as a stored string and refuses them.
   */
  allowUnassigned?: boolean;
}

/**
 * Prepares a SASL user name or password with SASLprep (RFC 4013): non-ASCII spaces become
 * SPACE, "commonly mapped to nothing" characters go, the result is NFKC-normalized, then
 * checked for prohibited characters, bidirectional text rules and (for stored strings)
 * unassigned code points. Throws a {@linkcode SaslprepError} when a check fails.
 *
 * @example The examples of RFC 4013 section 3
 * ```ts
 * import { saslprep } from "./saslprep.ts";
 * saslprep("I\u00ADX"); // "IX": soft hyphen mapped to nothing
 * saslprep("\u00AA"); // "a": NFKC
 * saslprep("\u2168"); // "IX": NFKC
 * saslprep("USER"); // "USER": case is kept
 * ```
 */
export function saslprep(text: string, options: SaslprepOptions = {}): string {
  if (typeof text !== "string") {
    throw new TypeError(
      `Cannot prepare a string with SASLprep: expected a string, got ${typeof text}`,
    );
  }
  // Printable ASCII maps to itself and passes every check: most names and passwords.
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let mapped = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (!options.allowUnassigned && inTable(UNASSIGNED, code)) {
      throw refusal("unassigned", "it contains a code point unassigned in Unicode 3.2", code);
    }
    if (inTable(MAPPED_TO_NOTHING, code)) continue;
    mapped += inTable(NON_ASCII_SPACE, code) ? " " : char;
  }
  // A lone surrogate (table C.5) survives normalization unchanged and is refused below.
  const normalized = mapped.isWellFormed() ? mapped.normalize("NFKC") : mapped;
  let randAL = false;
  let l = false;
  for (const char of normalized) {
    const code = char.codePointAt(0) ?? 0;
    if (inTable(PROHIBITED, code)) {
      throw refusal("prohibited", "it contains a prohibited character", code);
    }
    if (inTable(RAND_AL_CAT, code)) randAL = true;
    else if (inTable(L_CAT, code)) l = true;
  }
  if (randAL) {
    const first = normalized.codePointAt(0) ?? 0;
    const last = [...normalized].at(-1)?.codePointAt(0) ?? 0;
    if (l) {
      throw new SaslprepError(
        "bidi",
        "Cannot prepare a string with SASLprep: it mixes right-to-left and left-to-right characters",
      );
    }
    if (!inTable(RAND_AL_CAT, first) || !inTable(RAND_AL_CAT, last)) {
      throw new SaslprepError(
        "bidi",
        `Cannot prepare a string with SASLprep: right-to-left text must start and end with a right-to-left character, got ${
          hex(inTable(RAND_AL_CAT, first) ? last : first)
        }`,
      );
    }
  }
  return normalized;
}

function refusal(code: SaslprepErrorCode, reason: string, codePoint: number): SaslprepError {
  return new SaslprepError(
    code,
    `Cannot prepare a string with SASLprep: ${reason}, got ${hex(codePoint)}`,
  );
}

function hex(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Whether `code` falls in one of the table's sorted inclusive ranges (binary search). */
function inTable(table: readonly number[], code: number): boolean {
  let lo = 0;
  let hi = table.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (code < table[mid * 2]) hi = mid - 1;
    else if (code > table[mid * 2 + 1]) lo = mid + 1;
    else return true;
  }
  return false;
}
