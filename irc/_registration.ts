/**
 * Registration on the worker: capabilities, the SASL outcome (reported once) and ISUPPORT.
 * The read path's part (nickname fallback, the SCRAM exchange) is `_registration_reader.ts`;
 * the end of the MOTD that completes the connection is `_motd.ts`.
 *
 * @module
 */
import { IrcConnectError } from "./errors.ts";
import type { RawMessage } from "./_framework.ts";
import type { LineContext, LineHandlers } from "./_line_context.ts";
import { updateMeta } from "./_roster.ts";
import { readStsOffer } from "./_sts.ts";

async function saslSuccess(ctx: LineContext): Promise<void> {
  if (ctx.saslDone) return;
  ctx.saslDone = true;
  ctx.saslActive = false;
  await ctx.emit("sasl.success", { networkId: ctx.networkId });
}

/** Reports a SASL failure once; a required SASL then fails the connect. */
export async function saslFailed(ctx: LineContext, error: string, type: string): Promise<void> {
  if (ctx.saslDone) return;
  ctx.saslDone = true;
  ctx.saslActive = false;
  await ctx.emit("sasl.failed", { networkId: ctx.networkId, error });
  const sasl = ctx.options.sasl;
  if (sasl && (sasl.required ?? true) && !ctx.established) {
    ctx.link.fail(
      new IrcConnectError(
        "sasl",
        `Cannot connect to ${ctx.options.host}:${ctx.options.port}: SASL ${sasl.mechanism} failed (${type}), got ${error}`,
      ),
    );
  }
}

function cap(ctx: LineContext, m: RawMessage): void | Promise<void> {
  const sub = m.params[1] ?? "";
  const list = (m.params.at(-1) ?? "").split(" ").filter((c) => c !== "");
  const sasl = ctx.options.sasl;
  if (sub === "LS" || sub === "NEW") {
    for (const cap of list) {
      const eq = cap.indexOf("=");
      ctx.available.set(eq === -1 ? cap : cap.slice(0, eq), eq === -1 ? "" : cap.slice(eq + 1));
    }
    // The whole list first: a multi-line LS ends with the line without "*".
    if (sub === "NEW" || m.params[2] !== "*") readStsOffer(ctx);
    if (sub === "LS" && m.params[2] !== "*" && sasl && !ctx.available.has("sasl")) {
      return saslFailed(ctx, "Cannot authenticate: the server does not offer SASL", "CAP");
    }
    return;
  }
  if (sub === "ACK") {
    for (const cap of list) {
      if (cap.startsWith("-")) ctx.caps.delete(cap.slice(1));
      else ctx.caps.add(cap);
    }
    if (list.includes("sasl") && sasl && !ctx.registered) {
      const offered = ctx.available.get("sasl") ?? "";
      const mechanisms = offered.toUpperCase().split(",");
      if (offered !== "" && !mechanisms.includes(sasl.mechanism)) {
        return saslFailed(
          ctx,
          `Cannot authenticate: the server does not offer ${sasl.mechanism}, got ${offered}`,
          "CAP",
        );
      }
      ctx.saslActive = true;
      return ctx.emit("sasl.started", {
        networkId: ctx.networkId,
        mechanism: sasl.mechanism,
      }, ctx.time(m));
    }
    return;
  }
  if (sub === "DEL") {
    for (const cap of list) {
      ctx.caps.delete(cap);
      ctx.available.delete(cap);
    }
  }
}

function saslRefused(ctx: LineContext, m: RawMessage): Promise<void> | undefined {
  if (ctx.wire.scram?.failed && m.command === "904") return;
  return saslFailed(ctx, m.params.at(-1) ?? "SASL authentication failed", m.command);
}

/** Lines of the registration stage (and the account numerics that share it). */
export const REGISTRATION_LINES: LineHandlers = {
  CAP: cap,
  "900"(ctx, m) {
    const p = m.params;
    updateMeta(ctx, p[0] ?? ctx.nick, { account: p[2] });
    if (ctx.saslActive) return saslSuccess(ctx);
  },
  "901"(ctx, m) {
    // After registration this is a logout, never a SASL failure.
    updateMeta(ctx, m.params[0] ?? ctx.nick, { account: undefined });
  },
  "903": saslSuccess,
  "902": saslRefused,
  "904": saslRefused,
  "905": saslRefused,
  "906"(ctx, m) {
    if (ctx.wire.scram?.failed) return;
    ctx.saslActive = false;
    return ctx.emit("sasl.aborted", { networkId: ctx.networkId }, ctx.time(m));
  },
  "001"(ctx, m) {
    ctx.registered = true;
    ctx.nick = m.params[0] ?? ctx.nick;
    ctx.hooks.onNick(ctx.nick);
  },
  "005"(ctx, m) {
    ctx.server.apply(m);
  },
};
