import { splitJsrSpecifier } from "../core/mod.ts";

/** Longest `jsr:` link accepted: the specifier grammar's own bound, with room to spare. */
const MAX_JSR_LINK = 300;

/**
 * A parsed `jsr:@scope/name[@range]` link: a plugin the user asked to install from the
 * command line (`deno task run 'jsr:@scope/name'`). It only ever opens the consent sheet.
 *
 * @example
 * ```ts
 * import type { JsrLink } from "./jsr_link.ts";
 * const link: JsrLink = {
 *   scheme: "jsr", specifier: "jsr:@someone/greeter@^1", pkg: "@someone/greeter", range: "^1",
 * };
 * ```
 */
export interface JsrLink {
  /** Always `jsr`: tells it apart from an `IrcLink`. */
  scheme: "jsr";
  /** The link as given. */
  specifier: string;
  /** `@scope/name`. */
  pkg: string;
  /** The version range, `*` when none was given. */
  range: string;
}

/**
 * A `jsr:` link that is not `jsr:@scope/name[@range]`. It is a `SyntaxError` carrying the
 * text given (`input`) and a `code`, as {@linkcode IrcUrlError} does for `irc://` links.
 *
 * @example
 * ```ts
 * import { JsrLinkError, parseJsrLink } from "./jsr_link.ts";
 * try {
 *   parseJsrLink("jsr:greeter");
 * } catch (error) {
 *   console.log(error instanceof JsrLinkError && error.code); // "invalid_jsr_link"
 * }
 * ```
 */
export class JsrLinkError extends SyntaxError {
  /** Why it was refused: it is not a `jsr:` plugin specifier. */
  readonly code = "invalid_jsr_link";
  /** The text that was given. */
  readonly input: string;

  /** Builds the error for the text given. */
  constructor(input: string) {
    const shown = input.length > 100 ? `${input.slice(0, 100)}…` : input;
    super(
      `Cannot open plugin link: expected jsr:@scope/name[@range] (lowercase scope and name, a range of at most 100 characters), got ${
        JSON.stringify(shown)
      }`,
    );
    this.name = "JsrLinkError";
    this.input = input;
  }
}

/**
 * Whether `raw` is meant as a `jsr:` link (any case), valid or not.
 *
 * @example
 * ```ts
 * import { isJsrLink } from "./jsr_link.ts";
 * console.log(isJsrLink("JSR:@someone/greeter"), isJsrLink("irc://a.example")); // true false
 * ```
 */
export function isJsrLink(raw: string): boolean {
  return /^jsr:/i.test(raw);
}

/**
 * Parses a `jsr:@scope/name[@range]` link, or throws a {@linkcode JsrLinkError}. Whether
 * the range is a semver range, and whether the package exists, the consent sheet says.
 *
 * @example
 * ```ts
 * import { parseJsrLink } from "./jsr_link.ts";
 * console.log(parseJsrLink("jsr:@someone/greeter@^1").pkg); // "@someone/greeter"
 * ```
 */
export function parseJsrLink(raw: string): JsrLink {
  const split = raw.length <= MAX_JSR_LINK ? splitJsrSpecifier(raw) : undefined;
  if (!split) throw new JsrLinkError(raw);
  return { scheme: "jsr", specifier: raw, ...split };
}
