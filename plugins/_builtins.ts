/**
 * Built-ins the plugin runtime talks to its host with, taken when it loads, before any plugin
 * code runs: a plugin that replaces `JSON.stringify`, `TextEncoder.prototype.encodeInto`, typed
 * array methods and the like afterwards cannot garble or silence what its runtime reports.
 *
 * @module
 */

const apply = Reflect.apply;
const encodeIntoMethod = TextEncoder.prototype.encodeInto;
const subarrayMethod = Uint8Array.prototype.subarray;
const setMethod = Uint8Array.prototype.set;
const sliceMethod = String.prototype.slice;
// `RegExp.prototype.test` looks `exec` up on the pattern, and `instanceof` looks up
// `Symbol.hasInstance` on the class: a plugin can replace both, so take the methods underneath.
const execMethod = RegExp.prototype.exec;
const hasInstanceMethod = Function.prototype[Symbol.hasInstance];
const weakSetHas = WeakSet.prototype.has;
const weakSetAdd = WeakSet.prototype.add;

const createObject = Object.create;
const ownKeys = Object.keys;

/**
 * A copy of `record`'s own fields in an object with no prototype. `JSON.stringify` asks an
 * object for `toJSON`, inherited ones too: a plugin defining `Object.prototype.toJSON` could
 * otherwise rewrite its runtime's reports as they are serialized.
 */
export function bare<T extends object>(record: T): T {
  const copy = createObject(null);
  for (const key of ownKeys(record)) copy[key] = Reflect.get(record, key);
  return copy;
}

/** `JSON.stringify` as it was. */
export const stringify = JSON.stringify;
/** `Number.isSafeInteger` as it was. */
export const isSafeInteger = Number.isSafeInteger;
/** `Object.defineProperty` as it was. */
export const defineProperty = Object.defineProperty;
/** `Math.max` as it was. */
export const max = Math.max;
/** `Math.min` as it was. */
export const min = Math.min;
/** `String` as it was. */
export const toText = String;
/** The `Error` class as it was. */
export const NativeError = Error;
/** The `Deno.errors.NotCapable` class as it was. */
export const NotCapable = Deno.errors.NotCapable;
/** The `TypeError` class as it was. */
export const NativeTypeError = TypeError;
/** The `Uint8Array` class as it was. */
export const Bytes = Uint8Array;
// Deno makes `setTimeout` on its first read (a getter loads its timers: about 10 ms of CPU,
// measured, at every plugin start). Its getter is taken now and called when the runtime first
// needs a timer: a plugin can replace the global, not this getter.
const timeoutGetter = Reflect.getOwnPropertyDescriptor(globalThis, "setTimeout")?.get;
const timeoutNow = timeoutGetter === undefined ? setTimeout : undefined;

/** `setTimeout(fn, ms)` as it was (should there be none, `fn` runs now: it is never lost). */
export function later(fn: () => void, ms: number): void {
  const set: unknown = timeoutGetter === undefined
    ? timeoutNow
    : apply(timeoutGetter, globalThis, []);
  if (typeof set === "function") apply(set, globalThis, [fn, ms]);
  else fn();
}

/**
 * Replaces the accessor `key` of `target` (a global Deno makes on its first read, loading its
 * module: `WebSocket`, `Deno.serve`) with one that, on the first read, reads the original,
 * passes it through `make` and keeps the result as a plain value. Nothing is loaded for what
 * the plugin never uses, and what it reads, then or later, is `make`'s. A write keeps the value
 * written, as for a plain property. `false`, and nothing changed, when `key` is no configurable
 * accessor.
 */
export function onFirstRead(
  target: object,
  key: string,
  make: (original: unknown) => unknown,
): boolean {
  const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
  const read = descriptor?.get;
  if (!descriptor?.configurable || read === undefined) return false;
  const enumerable = descriptor.enumerable;
  const keep = (value: unknown) =>
    defineProperty(target, key, { value, writable: true, configurable: true, enumerable });
  defineProperty(target, key, {
    configurable: true,
    enumerable,
    get() {
      const value = make(apply(read, target, []));
      keep(value);
      return value;
    },
    set: keep,
  });
  return true;
}

/** `encoder.encodeInto(text, into)`. */
export function encodeInto(
  encoder: TextEncoder,
  text: string,
  into: Uint8Array,
): TextEncoderEncodeIntoResult {
  return apply(encodeIntoMethod, encoder, [text, into]);
}

/** `bytes.subarray(start, end)`. */
export function subarray(bytes: Uint8Array, start: number, end?: number): Uint8Array {
  return apply(subarrayMethod, bytes, [start, end]);
}

/** `target.set(source, offset)`. */
export function copyInto(target: Uint8Array, source: Uint8Array, offset = 0): void {
  apply(setMethod, target, [source, offset]);
}

/** `text.slice(start)`. */
export function sliceText(text: string, start: number): string {
  return apply(sliceMethod, text, [start]);
}

/** `pattern.test(text)`, by the built-in `exec` whatever the plugin made of `test` or `exec`. */
export function matches(pattern: RegExp, text: string): boolean {
  return apply(execMethod, pattern, [text]) !== null;
}

/** `pattern.exec(text)`, by the built-in `exec`. */
export function execText(pattern: RegExp, text: string): RegExpExecArray | null {
  return apply(execMethod, pattern, [text]);
}

/** `value instanceof type`, by the prototype chain alone (a `Symbol.hasInstance` is ignored). */
export function isInstance<T>(
  value: unknown,
  type: abstract new (...args: never[]) => T,
): value is T {
  return apply(hasInstanceMethod, type, [value]) === true;
}

/** `set.has(value)`. */
export function hasIn(set: WeakSet<object>, value: object): boolean {
  return apply(weakSetHas, set, [value]);
}

/** `set.add(value)`. */
export function addTo(set: WeakSet<object>, value: object): void {
  apply(weakSetAdd, set, [value]);
}
