/**
 * WHOIS: the reply numerics (311, 312, 313, 317, 319, 330, 335, 671) go to the collector
 * (`_whois_collector.ts`) until 318 finishes it; then `whois.received` is emitted and the
 * callers waiting for it (`_whois_requests.ts`) are answered.
 *
 * @module
 */
import type { RawMessage } from "./_framework.ts";
import type { LineContext, LineHandlers } from "./_line_context.ts";
import { updateMeta } from "./_roster.ts";

/** The numerics that belong to a WHOIS reply (301 is handled with the roster). */
const WHOIS_NUMERICS = [
  "311",
  "312",
  "313",
  "317",
  "319",
  "330",
  "335",
  "671",
  "318",
];

function whoisLine(ctx: LineContext, m: RawMessage): void | Promise<void> {
  const p = m.params;
  const nick = p[1] ?? "";
  const key = ctx.server.fold(nick);
  if (m.command === "311") {
    updateMeta(ctx, nick, { host: `${p[2]}@${p[3]}`, realname: p.at(-1) ?? "" });
  } else if (m.command === "330") {
    updateMeta(ctx, nick, { account: p[2] });
  } else if (m.command === "335") {
    updateMeta(ctx, nick, { bot: true });
  }
  const info = ctx.whois.line(key, m);
  if (!info) return;
  const waiters = ctx.whoisRequests.take(key);
  const done = ctx.emit(
    "whois.received",
    { networkId: ctx.networkId, whois: info },
    ctx.time(m),
  );
  for (const waiter of waiters ?? []) waiter.resolve(structuredClone(info));
  return done;
}

/** The lines of a WHOIS reply. */
export const WHOIS_LINES: LineHandlers = Object.fromEntries(
  WHOIS_NUMERICS.map((numeric) => [numeric, whoisLine]),
);
