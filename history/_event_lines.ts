/**
 * Which buffer lines a bus event makes. A quit or a nick change goes to every channel the
 * user shared with us, as irssi and The Lounge show it (the event names them: `irc/` is the
 * one roster), and to the private conversation with that nick when one is stored.
 *
 * @module
 */
import type { AnyBusEvent } from "../bus/mod.ts";
import { type LineKind, replyText } from "../core/mod.ts";

/** A line to store, before it has an id. */
export interface PendingLine {
  networkId: number;
  buffer: string;
  time: number;
  msgid: string | undefined;
  /** The msgid of the message it answers (`+draft/reply`). */
  replyTo?: string;
  kind: LineKind;
  sender: string;
  text: string;
  self: boolean;
  /**
   * Our own line coming back from the server: without `echo-message` only a replay (a
   * bouncer's playback, CHATHISTORY) brings one, and it is the line `message.sent` stored.
   */
  echo?: boolean;
}

/** What the mapper asks of its owner. */
export interface EventLinesContext {
  /** The user's nick on a network, when known (sender of sent lines, `self` of replays). */
  ownNick(networkId: number): string | undefined;
  /** Whether a private conversation with `nick` is stored (quits and nick changes go there). */
  hasBuffer(networkId: number, nick: string): boolean;
  /** Folds a name by the network's CASEMAPPING (is a sender us?). */
  fold(networkId: number, name: string): string;
}

/** The event types the store reads. */
export const STORED_TYPES = [
  "message.received",
  "message.sent",
  "user.joined",
  "user.parted",
  "user.quit",
  "user.kicked",
  "user.nick",
  "channel.topic",
  "channel.mode",
  "server.reply",
] as const;

/** Turns bus events into buffer lines; it keeps no state of its own. */
export class EventLines {
  #context: EventLinesContext;

  /** Creates a mapper that asks `context` for the user's nick and stored queries. */
  constructor(context: EventLinesContext) {
    this.#context = context;
  }

  /** The lines `event` makes (none for most events), appended to `out`. */
  lines(event: AnyBusEvent, out: PendingLine[]): void {
    const before = out.length;
    this.#lines(event, out);
    // A line with no buffer to go to (an event naming none) is not kept.
    for (let i = out.length - 1; i >= before; i--) if (out[i].buffer === "") out.splice(i, 1);
  }

  #lines(event: AnyBusEvent, out: PendingLine[]): void {
    const time = event.timestamp.getTime();
    switch (event.type) {
      case "message.received": {
        const d = event.data;
        if (d.kind === "ctcp") return;
        const self = this.#isOwn(d.networkId, d.user);
        out.push({
          networkId: d.networkId,
          buffer: d.channel !== "" ? d.channel : (d.peer ?? d.user),
          time,
          msgid: d.msgid,
          kind: d.kind ?? "message",
          sender: d.user,
          text: d.message,
          self,
          ...(d.replyTo !== undefined ? { replyTo: d.replyTo } : {}),
          ...(self ? { echo: true } : {}),
        });
        return;
      }
      case "message.sent": {
        const d = event.data;
        out.push({
          networkId: d.networkId,
          buffer: d.channel !== "" ? d.channel : (d.target ?? ""),
          time,
          msgid: d.msgid,
          kind: d.kind ?? "message",
          sender: this.#context.ownNick(d.networkId) ?? "",
          text: d.message,
          self: true,
          ...(d.replyTo !== undefined ? { replyTo: d.replyTo } : {}),
        });
        return;
      }
      case "server.reply": {
        const d = event.data;
        out.push({
          networkId: d.networkId,
          // The buffer it concerns, else the network's own.
          buffer: d.target ?? "*",
          time,
          msgid: undefined,
          kind: "reply",
          sender: d.type,
          text: replyText(d),
          self: false,
        });
        return;
      }
      case "user.joined":
        this.#push(
          out,
          event.data.networkId,
          event.data.channel,
          time,
          "join",
          event.data.nickname,
          "",
        );
        break;
      case "user.parted": {
        const d = event.data;
        this.#push(out, d.networkId, d.channel, time, "part", d.nickname, d.reason ?? "");
        break;
      }
      case "user.kicked": {
        const d = event.data;
        this.#push(
          out,
          d.networkId,
          d.channel,
          time,
          "kick",
          d.kicker,
          `${d.nickname} ${d.reason}`,
        );
        break;
      }
      case "user.quit": {
        const d = event.data;
        for (const buffer of this.#sharedBuffers(d.networkId, d.nickname, d.channels)) {
          this.#push(out, d.networkId, buffer, time, "quit", d.nickname, d.reason);
        }
        break;
      }
      case "user.nick": {
        const d = event.data;
        for (const buffer of this.#sharedBuffers(d.networkId, d.old_nickname, d.channels)) {
          this.#push(out, d.networkId, buffer, time, "nick", d.old_nickname, d.nickname);
        }
        break;
      }
      // A topic or modes reported on join (332, 324) have no setter: not a change.
      case "channel.topic":
        if (event.data.setter !== undefined) {
          const d = event.data;
          this.#push(out, d.networkId, d.channel, time, "topic", d.setter ?? "", d.topic);
        }
        break;
      case "channel.mode":
        if (event.data.setter !== undefined) {
          const d = event.data;
          this.#push(out, d.networkId, d.channel, time, "mode", d.setter ?? "", d.modes);
        }
        break;
      default:
        return;
    }
  }

  #push(
    out: PendingLine[],
    networkId: number,
    buffer: string,
    time: number,
    kind: LineKind,
    sender: string,
    text: string,
  ): void {
    const self = this.#isOwn(networkId, sender);
    out.push({ networkId, buffer, time, msgid: undefined, kind, sender, text, self });
  }

  /** The channels the event names, and the query with the user when one is stored. */
  #sharedBuffers(networkId: number, nick: string, channels: readonly string[]): string[] {
    const buffers = [...channels];
    if (!this.#isOwn(networkId, nick) && this.#context.hasBuffer(networkId, nick)) {
      buffers.push(nick);
    }
    return buffers;
  }

  /** Whether `nick` is the user's own nick on the network, in its case mapping. */
  #isOwn(networkId: number, nick: string): boolean {
    const own = this.#context.ownNick(networkId);
    if (own === undefined) return false;
    // A case mapping folds character for character, so nicks of other lengths differ: most
    // lines of a flood are then told apart without folding (two new strings per line).
    if (own.length !== nick.length) return false;
    const context = this.#context;
    return context.fold(networkId, own) === context.fold(networkId, nick);
  }
}
