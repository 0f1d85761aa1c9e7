/**
 * Registration on the socket read path, until 001: the protocol-critical part that cannot
 * wait for the worker (the next fallback nickname, the SCRAM exchange).
 *
 * @module
 */
import { casefold } from "../core/mod.ts";
import type { RawMessage } from "./_line_parser.ts";
import { ScramAuthenticator } from "./_sasl_scram.ts";
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
