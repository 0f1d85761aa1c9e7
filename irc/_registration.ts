/**
 * Registration: on the read path, the protocol-critical part (nickname fallback, the SCRAM
 * exchange); on the worker, capabilities, the SASL outcome (reported
 * once), ISUPPORT, and the end of the MOTD that completes the connection.
 *
 * @module
 */
import { IrcConnectError } from "./errors.ts";
import { casefold } from "../core/mod.ts";
import type { RawMessage } from "./_framework.ts";
import type { LineContext, LineHandlers } from "./_line_context.ts";
import { updateMeta } from "./_roster.ts";
import { ScramAuthenticator } from "./_sasl_scram.ts";
import { readStsOffer } from "./_sts.ts";
import type { IrcClientOptions } from "./types.ts";

/** Nicknames tried after the configured one before registration gives up. */
export const MAX_NICK_FALLBACKS = 10;

/**
 * The fallback nicknames after `nick`, in order: `altNicks`, then `nick_`, `nick__`, `nick1`,
 * `nick2`... each cut to `maxLength` (its end kept), none twice, at most
 * {@linkcode MAX_NICK_FALLBACKS} in all.
 */
export function nickFallbacks(
  nick: string,
  altNicks: readonly string[],
  maxLength = Infinity,
): string[] {
  const seen = new Set([casefold(nick)]);
  const out: string[] = [];
  const add = (candidate: string) => {
    const key = casefold(candidate);
    if (candidate === "" || seen.has(key) || out.length >= MAX_NICK_FALLBACKS) return;
    seen.add(key);
    out.push(candidate);
  };
  for (const alt of altNicks) add(alt);
  const suffixes = ["_", "__"];
  for (let n = 1; suffixes.length < MAX_NICK_FALLBACKS * 2; n++) suffixes.push(String(n));
  for (const suffix of suffixes) {
    const room = maxLength - suffix.length;
    if (room >= 1) add(nick.slice(0, room) + suffix);
  }
  return out;
}

/** Registration work done on the socket read path, until 001. */
export class RegistrationReader {
  readonly #options: IrcClientOptions;
  readonly #write: (line: string) => void;
  readonly #onScramFail: (reason: string) => void;
  #registered = false;
  readonly #onNicksExhausted: (tried: string[]) => void;
  /** Nicknames sent so far, the configured one first. */
  #tried: string[] = [];
  #sentNick: string;
  #maxNickLength = Infinity;
  #scram: ScramAuthenticator | undefined;

  /**
   * Creates the reader. `write` sends a line right away; `onScramFail` gets the reason when
   * the SCRAM exchange fails on our side.
   */
  constructor(
    options: IrcClientOptions,
    link: {
      write: (line: string) => void;
      onScramFail: (reason: string) => void;
      onNicksExhausted: (tried: string[]) => void;
    },
  ) {
    this.#options = options;
    this.#write = link.write;
    this.#onScramFail = link.onScramFail;
    this.#onNicksExhausted = link.onNicksExhausted;
    this.#sentNick = options.nick;
  }

  /** The SCRAM exchange, once the server acknowledged SASL for SCRAM-SHA-256. */
  get scram(): ScramAuthenticator | undefined {
    return this.#scram;
  }

  /** Handles one line read before 001 (and 001 itself). */
  read(message: RawMessage): void {
    if (this.#registered) return;
    switch (message.command) {
      case "001":
        this.#registered = true;
        break;
      case "432":
      case "433":
      case "437":
        this.#nickRefused(message.params[1] ?? "");
        break;
      case "CAP": {
        const sasl = this.#options.sasl;
        if (sasl?.mechanism === "SCRAM-SHA-256" && message.params[1] === "ACK") {
          const acked = (message.params.at(-1) ?? "").split(" ");
          if (acked.includes("sasl")) {
            this.#scram = new ScramAuthenticator(sasl.account, sasl.password ?? "", {
              write: this.#write,
              fail: this.#onScramFail,
            });
          }
        }
        break;
      }
    }
  }

  /** Sends the next fallback nickname, or gives up when none is left. */
  #nickRefused(refused: string): void {
    const sent = this.#sentNick;
    if (!this.#tried.includes(sent)) this.#tried.push(sent);
    // A server that cut our nickname to its NICKLEN names the cut form: fit the next ones.
    if (refused.length > 0 && refused.length < sent.length && sent.startsWith(refused)) {
      this.#maxNickLength = Math.min(this.#maxNickLength, refused.length);
    }
    const o = this.#options;
    const tried = new Set(this.#tried.map((nick) => casefold(nick)));
    tried.add(casefold(refused));
    const next = nickFallbacks(o.nick, o.altNicks ?? [], this.#maxNickLength)
      .find((nick) => !tried.has(casefold(nick)));
    if (next === undefined || this.#tried.length > MAX_NICK_FALLBACKS) {
      this.#onNicksExhausted([...this.#tried]);
      return;
    }
    this.#sentNick = next;
    this.#write(`NICK ${next}`);
  }
}

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
