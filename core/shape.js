// @ts-self-types="./shape.d.ts"
/**
 * Shapes: one value per message that is both its validator and, through {@linkcode Infer},
 * its TypeScript type. The page loads this file as it is; the backend imports it typed by
 * the declarations `scripts/core_types.ts` writes from these JSDoc types.
 *
 * A shape reads an `unknown` and returns a fresh, checked value holding only the fields it
 * names, or throws a {@linkcode ShapeError} naming the first bad field by its path.
 *
 * @example
 * ```ts
 * import { integer, object, optional, text } from "./shape.js";
 * const PANE = object({ networkId: integer({ min: 1 }), name: text({ max: 200 }), key: optional(text()) });
 * console.log(PANE.read({ networkId: 1, name: "#deno", extra: 1 }, "pane")); // { networkId: 1, name: "#deno" }
 * ```
 *
 * @module
 */

/**
 * A validator that is also a type: `read` returns the checked value or throws a
 * {@linkcode ShapeError}; `what` words what it takes, for error messages.
 *
 * @template T
 * @typedef {{ readonly read: (value: unknown, path: string) => T, readonly what: string }} Shape
 */
/**
 * A shape a field may be absent for: {@linkcode object} makes its key optional.
 *
 * @template T
 * @typedef {Shape<T | undefined> & { readonly optional: true }} OptionalShape
 */
/**
 * The type a shape reads.
 *
 * @template S
 * @typedef {S extends Shape<infer T> ? T : never} Infer
 */
/**
 * The fields of an object shape, by key.
 *
 * @typedef {{ readonly [key: string]: Shape<unknown> }} Fields
 */
/**
 * The object a set of fields reads: a key of an {@linkcode OptionalShape} is optional.
 *
 * @template {Fields} F
 * @typedef {Flat<
 *   { -readonly [K in keyof F as F[K] extends { readonly optional: true } ? never : K]: Infer<F[K]> }
 *   & { -readonly [K in keyof F as F[K] extends { readonly optional: true } ? K : never]?: Exclude<Infer<F[K]>, undefined> }
 * >} ObjectOf
 */
/**
 * One object type per kind of a table of fields, each tagged with its `kind`.
 *
 * @template {{ readonly [kind: string]: Fields }} M
 * @typedef {{ [K in keyof M & string]: Flat<{ kind: K } & ObjectOf<M[K]>> }[keyof M & string] extends infer U ? U : never} Variants
 */
/**
 * The fields a shape table needs to read exactly `T`: one shape per key, optional keys
 * included, so a field missing from the table is a type error.
 *
 * @template T
 * @typedef {{ readonly [K in keyof T]-?: {} extends Pick<T, K>
 *   ? OptionalShape<Exclude<T[K], undefined>> : Shape<T[K]> }} FieldsOf
 */
/**
 * An intersection written out as one object type, so it reads well in errors and docs.
 *
 * (Through a conditional type, so that the result is an object type of its own, not an
 * instance of this alias: declarations and docs then show its fields.)
 *
 * @template T
 * @typedef {T extends infer U ? { [K in keyof U]: U[K] } : never} Flat
 */

/**
 * Why a value does not fit its shape: `path` names the field (`network.port`,
 * `events[3].data.nickname`), and the message says "PATH must be WHAT, got VALUE".
 *
 * @example
 * ```ts
 * import { integer, ShapeError } from "./shape.js";
 * try {
 *   integer({ min: 1, max: 65535 }).read(0, "port");
 * } catch (error) {
 *   if (error instanceof ShapeError) console.log(error.message); // port must be an integer 1-65535, got 0
 * }
 * ```
 */
export class ShapeError extends TypeError {
  /** The field that does not fit, as a path from the value read. */
  path;
  /**
   * @param {string} path where in the value read
   * @param {string} what what the field must be
   * @param {unknown} got what it is (never quoted for a secret: pass a placeholder)
   */
  constructor(path, what, got) {
    super(`${path || "the value"} must be ${what}, got ${preview(got)}`);
    this.name = "ShapeError";
    this.path = path;
  }
}

/**
 * A short JSON rendering of a value for an error message: at most 60 characters, cut
 * before it is copied, so a huge bad frame is not quoted whole.
 *
 * @example
 * ```ts
 * import { preview } from "./shape.js";
 * console.log(preview("x".repeat(100)).length); // 61
 * ```
 *
 * @param {unknown} value
 * @returns {string}
 */
export function preview(value) {
  if (typeof value === "string" && value.length > 60) value = value.slice(0, 61);
  let text;
  try {
    text = JSON.stringify(value);
  } catch {
    text = String(value);
  }
  if (text === undefined) text = String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/**
 * Whether a value is a plain record (not `null`, not an array).
 *
 * @example
 * ```ts
 * import { isRecord } from "./shape.js";
 * console.log(isRecord({}), isRecord([])); // true false
 * ```
 *
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A string: of `min`-`max` UTF-16 code units (default 0 to unbounded) that `pattern`
 * matches; `secret` keeps the value out of error messages.
 *
 * @example
 * ```ts
 * import { text } from "./shape.js";
 * const NAME = text({ min: 1, max: 100, pattern: /^[^\r\n\0]*$/, what: "a name of 1-100 characters" });
 * console.log(NAME.read("Libera", "name")); // "Libera"
 * ```
 *
 * @param {{ min?: number, max?: number, pattern?: RegExp, what?: string, secret?: boolean }} [options]
 * @returns {Shape<string>}
 */
export function text(options = {}) {
  const { min = 0, max = Infinity, pattern, secret = false } = options;
  const what = options.what ??
    (max === Infinity && min === 0 ? "a string" : `a string of ${min}-${max} characters`);
  return {
    what,
    read(value, path) {
      if (
        typeof value !== "string" || value.length < min || value.length > max ||
        (pattern !== undefined && !pattern.test(value))
      ) {
        throw new ShapeError(path, what, secret ? "(hidden)" : value);
      }
      return value;
    },
  };
}

/**
 * One of a few strings.
 *
 * @example
 * ```ts
 * import { oneOf } from "./shape.js";
 * const STATE = oneOf(["active", "paused", "done"]);
 * console.log(STATE.read("done", "state")); // "done"
 * ```
 *
 * @template {string} const V
 * @param {readonly V[]} values
 * @param {{ what?: string }} [options]
 * @returns {Shape<V>}
 */
export function oneOf(values, options = {}) {
  const what = options.what ?? `one of ${values.map((v) => JSON.stringify(v)).join(", ")}`;
  return {
    what,
    read(value, path) {
      const found = values.find((known) => known === value);
      if (found === undefined) throw new ShapeError(path, what, value);
      return found;
    },
  };
}

/**
 * A safe integer within `min`-`max`.
 *
 * @example
 * ```ts
 * import { integer } from "./shape.js";
 * console.log(integer({ min: 1, max: 65535 }).read(6697, "port")); // 6697
 * ```
 *
 * @param {{ min?: number, max?: number, what?: string }} [options]
 * @returns {Shape<number>}
 */
export function integer(options = {}) {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = options;
  const what = options.what ?? `an integer ${min}-${max}`;
  return {
    what,
    read(value, path) {
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
        throw new ShapeError(path, what, value);
      }
      return value;
    },
  };
}

/**
 * A finite number.
 *
 * @example
 * ```ts
 * import { number } from "./shape.js";
 * console.log(number().read(1.5, "time")); // 1.5
 * ```
 *
 * @returns {Shape<number>}
 */
export function number() {
  const what = "a finite number";
  return {
    what,
    read(value, path) {
      if (typeof value !== "number" || !Number.isFinite(value)) {
        throw new ShapeError(path, what, value);
      }
      return value;
    },
  };
}

/**
 * `true` or `false`.
 *
 * @example
 * ```ts
 * import { boolean } from "./shape.js";
 * console.log(boolean().read(true, "tls")); // true
 * ```
 *
 * @returns {Shape<boolean>}
 */
export function boolean() {
  const what = "a boolean";
  return {
    what,
    read(value, path) {
      if (typeof value !== "boolean") throw new ShapeError(path, what, value);
      return value;
    },
  };
}

/**
 * Anything, unchecked: for a value the receiver checks itself.
 *
 * @example
 * ```ts
 * import { unknown } from "./shape.js";
 * console.log(unknown().read(null, "result")); // null
 * ```
 *
 * @returns {Shape<unknown>}
 */
export function unknown() {
  return { what: "anything", read: (value) => value };
}

/**
 * A field that may be absent (`undefined`); present, it must fit `inner`. With
 * `emptyIsAbsent`, an empty string reads as absent too.
 *
 * @example
 * ```ts
 * import { object, optional, text } from "./shape.js";
 * console.log(object({ key: optional(text()) }).read({}, "join")); // {}
 * ```
 *
 * @template T
 * @param {Shape<T>} inner
 * @param {{ emptyIsAbsent?: boolean }} [options]
 * @returns {OptionalShape<T>}
 */
export function optional(inner, options = {}) {
  const { emptyIsAbsent = false } = options;
  return {
    optional: true,
    what: inner.what,
    read(value, path) {
      if (value === undefined || (emptyIsAbsent && value === "")) return undefined;
      return inner.read(value, path);
    },
  };
}

/**
 * A field that reads as `fallback` when absent.
 *
 * @example
 * ```ts
 * import { boolean, withDefault } from "./shape.js";
 * console.log(withDefault(boolean(), false).read(undefined, "connect")); // false
 * ```
 *
 * @template T
 * @param {Shape<T>} inner
 * @param {T} fallback
 * @returns {Shape<T>}
 */
export function withDefault(inner, fallback) {
  return {
    what: inner.what,
    read: (value, path) => value === undefined ? fallback : inner.read(value, path),
  };
}

/**
 * A list of at most `max` items, each fitting `item`.
 *
 * @example
 * ```ts
 * import { integer, list } from "./shape.js";
 * console.log(list(integer({ min: 1 }), { max: 10 }).read([1, 2], "networks")); // [1, 2]
 * ```
 *
 * @template T
 * @param {Shape<T>} item
 * @param {{ max?: number, what?: string }} [options]
 * @returns {Shape<T[]>}
 */
export function list(item, options = {}) {
  const { max = Infinity } = options;
  const what = options.what ?? (max === Infinity ? "a list" : `a list of at most ${max} items`);
  return {
    what,
    read(value, path) {
      if (!Array.isArray(value) || value.length > max) throw new ShapeError(path, what, value);
      return value.map((v, i) => item.read(v, `${path}[${i}]`));
    },
  };
}

/**
 * A value checked by a function of its own, for what the other shapes cannot say (a union,
 * a grammar): `read` returns the value or throws a {@linkcode ShapeError}.
 *
 * @example
 * ```ts
 * import { custom, ShapeError } from "./shape.js";
 * const EVEN = custom("an even number", (value, path) => {
 *   if (typeof value !== "number" || value % 2 !== 0) throw new ShapeError(path, "an even number", value);
 *   return value;
 * });
 * console.log(EVEN.read(2, "n")); // 2
 * ```
 *
 * @template T
 * @param {string} what
 * @param {(value: unknown, path: string) => T} read
 * @returns {Shape<T>}
 */
export function custom(what, read) {
  return { what, read };
}

/** @param {string} path @param {string} key */
function at(path, key) {
  return path ? `${path}.${key}` : key;
}

/**
 * Reads each field into a fresh object, in the table's order; an absent optional field
 * stays absent, and fields the table does not name are dropped.
 * @param {Fields} fields @param {Record<string, unknown>} value @param {string} path
 * @returns {Record<string, unknown>}
 */
function readFields(fields, value, path) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const key of Object.keys(fields)) {
    const read = fields[key].read(value[key], at(path, key));
    if (read !== undefined) out[key] = read;
  }
  return out;
}

/**
 * An object with these fields: each read by its shape, the others dropped.
 *
 * @example
 * ```ts
 * import { integer, object, text } from "./shape.js";
 * const PANE = object({ networkId: integer({ min: 1 }), name: text() });
 * console.log(PANE.read({ networkId: 1, name: "#a" }, "pane").name); // "#a"
 * ```
 *
 * @template {Fields} F
 * @overload
 * @param {F} fields
 * @param {{ what?: string }} [options]
 * @returns {Shape<ObjectOf<F>>}
 */
/**
 * The typed signature above is the contract; this one reads fields generically, which a
 * type cannot follow key by key.
 * @overload
 * @param {Fields} fields
 * @param {{ what?: string }} [options]
 * @returns {Shape<Record<string, unknown>>}
 */
/**
 * @param {Fields} fields
 * @param {{ what?: string }} [options]
 * @returns {Shape<Record<string, unknown>>}
 */
export function object(fields, options = {}) {
  const what = options.what ?? "an object";
  return {
    what,
    read(value, path) {
      if (!isRecord(value)) throw new ShapeError(path, what, value);
      return readFields(fields, value, path);
    },
  };
}

/**
 * A union tagged by `kind`: one table of fields per kind. The kind is read first, then its
 * fields; the value read carries its kind first.
 *
 * @example
 * ```ts
 * import { integer, variants } from "./shape.js";
 * const ACTION = variants({ ready: {}, connect: { networkId: integer({ min: 1 }) } });
 * console.log(ACTION.read({ kind: "connect", networkId: 2 }, "")); // { kind: "connect", networkId: 2 }
 * ```
 *
 * @template {{ readonly [kind: string]: Fields }} M
 * @overload
 * @param {M} table
 * @returns {Shape<Variants<M>>}
 */
/**
 * The typed signature above is the contract; this one reads a kind's fields generically.
 * @overload
 * @param {{ readonly [kind: string]: Fields }} table
 * @returns {Shape<Record<string, unknown>>}
 */
/**
 * @param {{ readonly [kind: string]: Fields }} table
 * @returns {Shape<Record<string, unknown>>}
 */
export function variants(table) {
  const kinds = Object.keys(table);
  const what = `one of ${kinds.map((k) => JSON.stringify(k)).join(", ")}`;
  return {
    what: "an object with a known kind",
    read(value, path) {
      if (!isRecord(value)) throw new ShapeError(path, "an object", value);
      const kind = value.kind;
      if (typeof kind !== "string" || !Object.hasOwn(table, kind)) {
        throw new ShapeError(at(path, "kind"), what, kind);
      }
      return { kind, ...readFields(table[kind], value, path) };
    },
  };
}

/**
 * A type guard from a shape: whether `value` fits it (fields it does not name allowed).
 *
 * @example
 * ```ts
 * import { fits, integer } from "./shape.js";
 * const isPort = fits(integer({ min: 1, max: 65535 }));
 * console.log(isPort(6697), isPort(0)); // true false
 * ```
 *
 * @template T
 * @param {Shape<T>} shape
 * @returns {(value: unknown) => value is T}
 */
export function fits(shape) {
  /** @param {unknown} value @returns {value is T} */
  function check(value) {
    try {
      shape.read(value, "");
      return true;
    } catch (error) {
      if (error instanceof ShapeError) return false;
      throw error;
    }
  }
  return check;
}
