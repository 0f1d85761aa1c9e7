import type { AnyBusEvent, EventBus } from "../bus/mod.ts";

/**
 * Formats one bus event as a terminal line, or `undefined` for events not worth a line
 * (roster snapshots, metadata).
 *
 * @example
 * ```ts
 * import { createEvent } from "../bus/mod.ts";
 * import { formatTranscriptLine } from "./transcript.ts";
 * const event = createEvent("user.joined",
 *   { networkId: 1, user: "bob", nickname: "bob", channel: "#deno" }, "irc");
 * console.log(formatTranscriptLine(event)); // "[1] #deno → bob joined"
 * ```
 */
export function formatTranscriptLine(event: AnyBusEvent): string | undefined {
  // deno-lint-ignore no-explicit-any
  const d = event.data as any;
  const net = d && typeof d.networkId === "number" ? `[${d.networkId}] ` : "";
  switch (event.type) {
    case "connection.established":
      return `${net}connected to ${d.address}:${d.port}`;
    case "connection.lost":
      return `${net}disconnected: ${d.error}`;
    case "message.received":
      return `${net}${d.channel || `(query ${d.peer ?? d.user})`} <${d.user}> ${d.message}`;
    case "message.sent":
      return `${net}${d.channel || `(query ${d.target})`} > ${d.message}`;
    case "user.joined":
      return `${net}${d.channel} → ${d.nickname} joined`;
    case "user.parted":
      return `${net}${d.channel} ← ${d.nickname} left`;
    case "user.quit":
      return `${net}${d.nickname} quit (${d.reason})`;
    case "user.kicked":
      return `${net}${d.channel} ${d.nickname} was kicked by ${d.kicker}`;
    case "user.nick":
      return `${net}${d.old_nickname} is now ${d.nickname}`;
    case "channel.topic":
      return `${net}${d.channel} topic: ${d.topic}`;
    case "error":
      return `${net}error: ${d.error}`;
    case "plugin.lifecycle":
      return `plugin ${d.plugin} ${d.action}`;
    default:
      return undefined;
  }
}

/**
 * Prints a line per interesting bus event (the headless mode); returns the unsubscribe.
 *
 * @example
 * ```ts
 * import { EventBus } from "../bus/mod.ts";
 * import { printTranscript } from "./transcript.ts";
 * const bus = new EventBus();
 * const stop = printTranscript(bus, (line) => console.log(line));
 * stop();
 * await bus.close();
 * ```
 */
export function printTranscript(bus: EventBus, write: (line: string) => void): () => void {
  return bus.subscribe("*", (event) => {
    const line = formatTranscriptLine(event);
    if (line !== undefined) write(line);
  });
}
