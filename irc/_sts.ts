/**
 * IRCv3 Strict Transport Security (`sts`): a server offering the capability in plain text
 * names a TLS port to move to; one offering it over TLS names how long (`duration`, seconds)
 * a client must keep using TLS for that host. The client keeps that policy (`StsPolicy`) and
 * connects over TLS, verified, until it expires.
 *
 * @module
 */
import { IrcConnectError } from "./errors.ts";
import type { LineContext } from "./_line_context.ts";
import type { StsPolicy } from "./types.ts";

/** The capability carrying a server's STS policy. */
export const STS_CAP = "sts";

/** The longest policy kept, in seconds (a year): a bigger `duration` is cut to it. */
export const MAX_STS_DURATION = 365 * 24 * 3600;

/** The keys of an `sts` value we use; a missing or malformed key is `undefined`. */
export interface StsValue {
  port?: number;
  duration?: number;
}

/**
 * Reads an `sts` capability value (`port=6697,duration=300`): keys are comma-separated,
 * unknown ones (`preload`) are ignored, and a malformed port or duration counts as absent.
 *
 * @example
 * ```ts ignore
 * parseStsValue("port=6697,duration=300,preload"); // { port: 6697, duration: 300 }
 * ```
 */
export function parseStsValue(value: string): StsValue {
  const out: StsValue = {};
  for (const pair of value.split(",")) {
    const eq = pair.indexOf("=");
    const key = eq === -1 ? pair : pair.slice(0, eq);
    const raw = eq === -1 ? "" : pair.slice(eq + 1);
    if (!/^[0-9]{1,12}$/.test(raw)) continue;
    const n = Number(raw);
    if (key === "port" && n >= 1 && n <= 65535) out.port = n;
    if (key === "duration") out.duration = Math.min(n, MAX_STS_DURATION);
  }
  return out;
}

/** Whether `policy` still holds at `now` (ms) for `host`. */
export function stsApplies(policy: StsPolicy | undefined, host: string, now: number): boolean {
  return policy !== undefined && policy.expiresAt > now &&
    sameHost(policy.host, host);
}

/** Host names compared as DNS compares them: case-insensitively, a trailing dot aside. */
function sameHost(a: string, b: string): boolean {
  const norm = (h: string) => h.toLowerCase().replace(/\.$/, "");
  return norm(a) === norm(b);
}

/**
 * Acts on the `sts` value the server offers (CAP LS or NEW). In plain text, a valid `port`
 * ends this connection so the client can reconnect over TLS there (the `duration` is not
 * trusted until then); offered after registration, it is used from the next connection. Over TLS, a valid `duration` is the policy to keep (0 clears it).
 */
export function readStsOffer(ctx: LineContext): void {
  const value = ctx.available.get(STS_CAP);
  if (value === undefined) return;
  const { port, duration } = parseStsValue(value);
  const o = ctx.options;
  if (!o.tls) {
    if (port === undefined) return;
    ctx.hooks.onSts({ upgradePort: port });
    // Offered later (CAP NEW), it is taken at the next connection: this one is in use.
    if (ctx.registered) return;
    ctx.link.fail(
      new IrcConnectError(
        "sts",
        `Cannot connect to ${o.host}:${o.port} in plain text: the server's STS policy asks for TLS, got port ${port}`,
      ),
    );
    return;
  }
  if (duration !== undefined) ctx.hooks.onSts({ duration });
}
