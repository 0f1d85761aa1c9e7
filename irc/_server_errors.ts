/**
 * What the server refuses or reports as failed, as `error` events: join and target errors
 * (with the channel or nickname they are about as `target`, the buffer they belong to), a
 * taken nickname after registration, a refused password and ERROR (a standard-replies FAIL is in `_standard_replies.ts`).
 *
 * @module
 */
import type { RawMessage } from "./_framework.ts";
import type { LineContext, LineHandlers } from "./_line_context.ts";

const JOIN_ERRORS = ["403", "405", "471", "473", "474", "475", "476", "477"];
// 404: cannot send to channel (also after a kick); 442: not on channel; 401: no such nick.
const TARGET_ERRORS = ["401", "404", "437", "442", "482"];

function targetError(ctx: LineContext, m: RawMessage): Promise<void> | undefined {
  const p = m.params;
  if (m.command === "437" && ctx.regain.isAttempt(p[1] ?? "")) {
    // Our own attempt to take the configured nickname back: not news, try again later.
    ctx.regain.refused(p[1] ?? "");
    return;
  }
  if (m.command === "401") {
    const key = ctx.server.fold(p[1] ?? "");
    const waiters = ctx.whoisRequests.take(key);
    if (waiters) {
      ctx.whois.drop(key);
      for (const w of waiters) {
        w.reject(new Error(`Cannot get WHOIS: no such nick, got ${p[1]}`));
      }
    }
  }
  return ctx.emit("error", {
    networkId: ctx.networkId,
    error: `${p[1] ?? ""}: ${p.at(-1) ?? ""}`,
    type: m.command,
    ...(p[1] ? { target: p[1] } : {}),
  }, ctx.time(m));
}

/** Lines that report an error. */
export const SERVER_ERROR_LINES: LineHandlers = {
  ...Object.fromEntries([...JOIN_ERRORS, ...TARGET_ERRORS].map((code) => [code, targetError])),
  "433"(ctx, m) {
    // Before registration the read path already tried the next nickname.
    if (!ctx.registered) return;
    const p = m.params;
    // Our own attempt to take the configured nickname back: not news.
    if (ctx.regain.isAttempt(p[1] ?? "")) return;
    return ctx.emit("error", {
      networkId: ctx.networkId,
      error: `${p[1] ?? ""}: ${p.at(-1) ?? ""}`,
      type: "433",
    }, ctx.time(m));
  },
  "464"(ctx, m) {
    ctx.facts.wirePassword = true;
    ctx.facts.wireError = m.params.at(-1) ?? "Password incorrect";
    return ctx.emit("error", { networkId: ctx.networkId, error: ctx.facts.wireError, type: "464" });
  },
  // The read path closes the link on ERROR; this reports it.
  ERROR(ctx, m) {
    const text = m.params[0] ?? "Closing link";
    ctx.facts.wireError ??= text;
    if (ctx.facts.quitting) return;
    return ctx.emit("error", { networkId: ctx.networkId, error: text, type: "ERROR" }, ctx.time(m));
  },
};
