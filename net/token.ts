/**
 * Bearer tokens: the single-instance handoff and the web UI each hand one out and check it
 * on every request. They sit in `net/` beside the serving they guard.
 *
 * @module
 */
/**
 * A fresh random token: 32 bytes as 64 hex digits.
 *
 * @example
 * ```ts
 * import { randomToken } from "./token.ts";
 * console.log(randomToken().length); // 64
 * ```
 */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Whether `given` is `token`, compared in constant time. Any string may be given: lengths
 * are compared in bytes, so text of another byte length is a plain mismatch.
 *
 * @example
 * ```ts
 * import { randomToken, sameToken } from "./token.ts";
 * const token = randomToken();
 * console.log(sameToken(token, token), sameToken("é".repeat(64), token)); // true false
 * ```
 */
export function sameToken(given: string, token: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(token);
  if (a.length !== b.length) return false;
  // Every byte is compared, whatever differs first (as Deno std's timingSafeEqual does):
  // node:crypto's own would cost every start about 13 ms to load.
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}
