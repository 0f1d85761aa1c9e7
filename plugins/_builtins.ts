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
const testMethod = RegExp.prototype.test;
const weakSetHas = WeakSet.prototype.has;
const weakSetAdd = WeakSet.prototype.add;

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
/** The `TypeError` class as it was. */
export const NativeTypeError = TypeError;
/** The `Uint8Array` class as it was. */
export const Bytes = Uint8Array;

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

/** `pattern.test(text)`. */
export function matches(pattern: RegExp, text: string): boolean {
  return apply(testMethod, pattern, [text]);
}

/** `set.has(value)`. */
export function hasIn(set: WeakSet<object>, value: object): boolean {
  return apply(weakSetHas, set, [value]);
}

/** `set.add(value)`. */
export function addTo(set: WeakSet<object>, value: object): void {
  apply(weakSetAdd, set, [value]);
}
