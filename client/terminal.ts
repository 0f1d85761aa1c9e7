/**
 * A terminal IRC client on top of {@linkcode IrcClient}: `deno task run -- --server host[:port]
 * [--tls] --nick N [--join '#a,#b'] [--sasl-account A]`.
 *
 * Passwords never come from argv: the SASL password is read from `IRC_SASL_PASSWORD` (or a
 * prompt), the server password from `IRC_SERVER_PASSWORD`.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { type AnyBusEvent, EventBus } from "../bus/mod.ts";
import { IrcClient } from "../irc/mod.ts";
import {
  type Command,
  helpText,
  ircLine,
  joinText,
  kickText,
  messageText,
  modeText,
  nickText,
  parseInput,
  partText,
  quitText,
  replyText,
  topicText,
  usageError,
} from "../core/mod.ts";
import { errorMessage } from "../common/mod.ts";

/**
 * What the command line asks for.
 *
 * @example
 * ```ts
 * import type { TerminalOptions } from "./terminal.ts";
 * const options: TerminalOptions = {
 *   host: "127.0.0.1",
 *   port: 6667,
 *   tls: false,
 *   insecure: false,
 *   nick: "alice",
 *   join: ["#deno"],
 * };
 * ```
 */
export interface TerminalOptions {
  /** Server host. */
  host: string;
  /** Server port (6697 with TLS, 6667 without, unless given). */
  port: number;
  /** Use TLS. */
  tls: boolean;
  /** Accept any TLS certificate (`--insecure`). */
  insecure: boolean;
  /** Nickname. */
  nick: string;
  /** Channels to join once connected. */
  join: string[];
  /** SASL account; the password comes from the environment or a prompt. */
  saslAccount?: string;
  /** SASL mechanism (`--sasl-mechanism`, default PLAIN). */
  saslMechanism?: "PLAIN" | "SCRAM-SHA-256" | "EXTERNAL";
}

/**
 * The usage line printed on bad arguments.
 *
 * @example
 * ```ts
 * import { USAGE } from "./terminal.ts";
 * console.log(USAGE.startsWith("Usage:")); // true
 * ```
 */
export const USAGE =
  "Usage: deno task run -- --server host[:port] [--tls] [--insecure] --nick N [--join '#a,#b'] [--sasl-account A] [--sasl-mechanism PLAIN|SCRAM-SHA-256|EXTERNAL]";

/**
 * Parses the command line; throws a `TypeError` naming the bad argument.
 *
 * @example
 * ```ts
 * import { parseTerminalArgs } from "./terminal.ts";
 * const options = parseTerminalArgs(["--server", "irc.libera.chat", "--tls", "--nick", "me"]);
 * console.log(options.port); // 6697
 * ```
 */
export function parseTerminalArgs(args: string[]): TerminalOptions {
  // `deno task run -- --server ...` passes the `--` through.
  if (args[0] === "--") args = args.slice(1);
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        server: { type: "string" },
        tls: { type: "boolean", default: false },
        insecure: { type: "boolean", default: false },
        nick: { type: "string" },
        join: { type: "string" },
        "sasl-account": { type: "string" },
        "sasl-mechanism": { type: "string" },
        password: { type: "string" },
      },
    }).values;
  } catch (error) {
    throw new TypeError(
      `Cannot parse arguments: ${errorMessage(error)}`,
    );
  }
  if (parsed.password !== undefined) {
    throw new TypeError(
      "Cannot parse arguments: passwords are not taken from argv, got --password; set IRC_SASL_PASSWORD or IRC_SERVER_PASSWORD",
    );
  }
  const server = parsed.server;
  if (!server) throw new TypeError("Cannot parse arguments: --server is required, got nothing");
  const nick = parsed.nick;
  if (!nick || /[\s,\0]/.test(nick)) {
    throw new TypeError(
      `Cannot parse arguments: --nick is required, got ${JSON.stringify(nick ?? "")}`,
    );
  }
  const tls = parsed.tls ?? false;
  let host = server;
  let port = tls ? 6697 : 6667;
  const bracket = /^\[([^\]]+)\](?::(\d+))?$/.exec(server);
  const plain = /^([^:\s]+)(?::(\d+))?$/.exec(server);
  const match = bracket ?? plain;
  if (!match) throw new TypeError(`Cannot parse arguments: invalid --server, got ${server}`);
  host = match[1];
  if (match[2] !== undefined) {
    port = Number(match[2]);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new TypeError(`Cannot parse arguments: invalid port, got ${match[2]}`);
    }
  }
  const join = (parsed.join ?? "").split(",").map((c) => c.trim()).filter((c) => c !== "");
  for (const channel of join) {
    if (/[\s\0]/.test(channel)) {
      throw new TypeError(
        `Cannot parse arguments: invalid channel, got ${JSON.stringify(channel)}`,
      );
    }
  }
  const mechanism = parsed["sasl-mechanism"]?.toUpperCase();
  if (
    mechanism !== undefined && mechanism !== "PLAIN" && mechanism !== "SCRAM-SHA-256" &&
    mechanism !== "EXTERNAL"
  ) {
    throw new TypeError(`Cannot parse arguments: unknown SASL mechanism, got ${mechanism}`);
  }
  const options: TerminalOptions = {
    host,
    port,
    tls,
    insecure: parsed.insecure ?? false,
    nick,
    join,
  };
  if (parsed["sasl-account"]) options.saslAccount = parsed["sasl-account"];
  if (mechanism) options.saslMechanism = mechanism;
  return options;
}

/**
 * One line typed by the user, as an action: a command of the shared table
 * (core/commands.js), text to send, nothing, or `help` for anything the table does not
 * fit.
 *
 * @example
 * ```ts
 * import type { TerminalCommand } from "./terminal.ts";
 * const command: TerminalCommand = { kind: "join", channel: "#deno" };
 * ```
 */
export type TerminalCommand =
  | Command
  | { kind: "say"; text: string }
  | { kind: "none" }
  | { kind: "usage"; message: string };

/**
 * Parses one input line with the shared command table: plain text, or one of its commands
 * (`/join`, `/part`, `/msg`, `/query`, `/me`, `/whois`, `/nick`, `/quote`, `/quit`, `/help`…).
 * A misused command reads as its usage line, an unknown one as `/help`.
 *
 * @example
 * ```ts
 * import { parseTerminalCommand } from "./terminal.ts";
 * parseTerminalCommand("/msg bob hi there"); // { kind: "msg", target: "bob", text: "hi there" }
 * ```
 */
export function parseTerminalCommand(line: string): TerminalCommand {
  const input = parseInput(line);
  if (input.kind === "usage") return { kind: "usage", message: usageError(input.name) };
  if (input.kind === "unknown") return { kind: "help" };
  return input;
}

function clock(date: Date): string {
  return date.toTimeString().slice(0, 8);
}

/**
 * Renders a bus event as one readable line, or `undefined` for events not worth a line.
 *
 * @example
 * ```ts
 * import { createEvent } from "../bus/mod.ts";
 * import { formatEvent } from "./terminal.ts";
 * const line = formatEvent(createEvent("user.nick", {
 *   networkId: 1,
 *   old_nickname: "bob",
 *   nickname: "robert",
 *   channels: ["#deno"],
 * }, "irc", new Date(0)));
 * console.log(line?.endsWith("bob is now robert")); // true
 * ```
 */
export function formatEvent(event: AnyBusEvent): string | undefined {
  const t = clock(event.timestamp);
  switch (event.type) {
    case "connection.established":
      return `${t} -- connected to ${event.data.address}:${event.data.port}`;
    case "connection.lost":
      return `${t} -- connection lost: ${event.data.error}`;
    case "message.received": {
      const d = event.data;
      const where = d.channel === "" ? `(pm ${d.peer ?? d.user})` : d.channel;
      const history = d.history ? " [history]" : "";
      const words = messageText({ ...d, sender: d.user, text: d.message });
      return `${t} ${where} ${words}${history}`;
    }
    case "message.sent": {
      const d = event.data;
      return `${t} ${d.channel || `(pm ${d.target ?? ""})`} > ${d.message}`;
    }
    // The words are the page's and the log's (core/event_text.js); the terminal adds where.
    case "user.joined":
      return `${t} ${event.data.channel} ${joinText(event.data)}`;
    case "user.parted":
      return `${t} ${event.data.channel} ${partText(event.data)}`;
    case "user.quit":
      return `${t} ${quitText(event.data)}`;
    case "user.kicked":
      return `${t} ${event.data.channel} ${kickText(event.data, false)}`;
    case "user.nick":
      return `${t} -- ${nickText(event.data)}`;
    case "channel.topic":
      return `${t} ${event.data.channel} ${topicText(event.data)}`;
    case "channel.mode":
      return `${t} ${event.data.channel} ${modeText(event.data)}`;
    case "channel.names.complete":
      return `${t} ${event.data.channel} users (${event.data.users.length}): ${
        event.data.users.slice(0, 50).join(" ")
      }${event.data.users.length > 50 ? " ..." : ""}`;
    case "channels.changed":
      return `${t} -- channels: ${event.data.channels.join(" ") || "(none)"}`;
    case "sasl.started":
      return `${t} -- SASL ${event.data.mechanism} started`;
    case "sasl.success":
      return `${t} -- SASL succeeded`;
    case "sasl.failed":
      return `${t} -- SASL failed: ${event.data.error}`;
    case "sasl.aborted":
      return `${t} -- SASL aborted`;
    case "whois.received": {
      const w = event.data.whois;
      const parts = [
        `${w.nickname} is ${w.username ?? "?"}@${w.host ?? "?"} (${w.realname ?? ""})`,
      ];
      if (w.account) parts.push(`account ${w.account}`);
      if (w.channels.length) parts.push(`on ${w.channels.join(" ")}`);
      if (w.server) parts.push(`via ${w.server}`);
      if (w.away) parts.push(`away: ${w.away_message ?? ""}`);
      return `${t} -- whois ${parts.join("; ")}`;
    }
    // A FAIL is printed as its error; a warning or note only comes as a standard reply.
    case "server.reply": {
      const d = event.data;
      if (d.type === "FAIL") return undefined;
      return `${t} ${d.target ?? "--"} ${d.type} ${replyText(d)}`;
    }
    case "error":
      return `${t} !! ${event.data.type ? `[${event.data.type}] ` : ""}${event.data.error}`;
    default:
      return undefined;
  }
}

async function readSecret(question: string): Promise<string> {
  const stdin = Deno.stdin;
  if (!stdin.isTerminal()) {
    throw new Error(
      "Cannot read the SASL password: stdin is not a terminal, got no IRC_SASL_PASSWORD; set IRC_SASL_PASSWORD",
    );
  }
  await Deno.stdout.write(new TextEncoder().encode(question));
  stdin.setRaw(true);
  const bytes: number[] = [];
  const buf = new Uint8Array(1);
  try {
    for (;;) {
      const n = await stdin.read(buf);
      if (n === null || buf[0] === 13 || buf[0] === 10) break;
      if (buf[0] === 3) throw new Error("Cannot read the SASL password: interrupted");
      if (buf[0] === 127 || buf[0] === 8) bytes.pop();
      else bytes.push(buf[0]);
    }
  } finally {
    stdin.setRaw(false);
    await Deno.stdout.write(new TextEncoder().encode("\n"));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

function env(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined; // No --allow-env.
  }
}

/**
 * Runs the terminal client until `/quit` or end of input. Returns the exit code.
 *
 * @example
 * ```ts ignore
 * import { runTerminal } from "./terminal.ts";
 * Deno.exit(await runTerminal(Deno.args));
 * ```
 */
export async function runTerminal(args: string[]): Promise<number> {
  let options: TerminalOptions;
  try {
    options = parseTerminalArgs(args);
  } catch (error) {
    console.error(errorMessage(error));
    console.error(USAGE);
    return 2;
  }
  let saslPassword: string | undefined;
  const mechanism = options.saslMechanism ?? "PLAIN";
  if (options.saslAccount && mechanism !== "EXTERNAL") {
    saslPassword = env("IRC_SASL_PASSWORD") ??
      await readSecret(`SASL password for ${options.saslAccount}: `);
  }
  // SIGINT and SIGTERM at any moment, connecting included: QUIT, then exit 0.
  let signalled = false;
  const { promise: stopping, resolve: stop } = Promise.withResolvers<void>();
  const onSignal = () => {
    signalled = true;
    stop();
  };
  Deno.addSignalListener("SIGINT", onSignal);
  Deno.addSignalListener("SIGTERM", onSignal);
  try {
    return await runSession(options, mechanism, saslPassword, stopping, () => signalled);
  } finally {
    Deno.removeSignalListener("SIGINT", onSignal);
    Deno.removeSignalListener("SIGTERM", onSignal);
  }
}

async function runSession(
  options: TerminalOptions,
  mechanism: NonNullable<TerminalOptions["saslMechanism"]>,
  saslPassword: string | undefined,
  stopping: Promise<void>,
  signalled: () => boolean,
): Promise<number> {
  const bus = new EventBus();
  bus.subscribe("*", (event) => {
    const line = formatEvent(event);
    if (line !== undefined) console.log(line);
  });
  const client = new IrcClient({
    bus,
    networkId: 1,
    host: options.host,
    port: options.port,
    tls: options.tls,
    tlsOptions: { rejectUnauthorized: !options.insecure },
    nick: options.nick,
    altNicks: [`${options.nick}_`],
    password: env("IRC_SERVER_PASSWORD"),
    sasl: options.saslAccount
      ? { mechanism, account: options.saslAccount, password: saslPassword }
      : undefined,
    reconnect: { initialDelay: 2000, maxDelay: 120_000 },
  });
  stopping.then(() => client.disconnect("Leaving").catch(() => {}));
  try {
    await client.connect();
  } catch (error) {
    await bus.close();
    if (signalled()) return 0;
    console.error(errorMessage(error));
    return 1;
  }
  let target = options.join[0] ?? "";
  for (const channel of options.join) client.join(channel);
  const lines = Deno.stdin.readable.pipeThrough(new TextDecoderStream()).getReader();
  stopping.then(() => lines.cancel().catch(() => {}));
  try {
    let pending = "";
    read: for (let next = await lines.read(); !next.done; next = await lines.read()) {
      const chunk = next.value;
      pending += chunk;
      let nl: number;
      while ((nl = pending.indexOf("\n")) !== -1) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        const command = parseTerminalCommand(line);
        try {
          switch (command.kind) {
            case "none":
              break;
            case "usage":
              console.log(`-- ${command.message}`);
              break;
            case "close":
              if (/^[#&]/.test(target)) client.part(target);
              console.log(`-- closed ${target || "nothing"}`);
              target = "";
              break;
            case "list":
              client.listChannels(command.filter).then(
                ({ channels, more }) => {
                  for (const c of channels) console.log(`-- ${c.name} (${c.users}) ${c.topic}`);
                  console.log(`-- end of list: ${channels.length + more} channels`);
                },
                (error) => console.log(`-- ${error.message}`),
              );
              break;
            case "say":
              if (!target) console.log("-- no target: /join a channel or /query a nick first");
              else client.say(target, command.text);
              break;
            case "msg":
              client.say(command.target, command.text);
              break;
            case "join":
              client.join(command.channel, command.key);
              target = command.channel;
              break;
            case "part":
              client.part(command.channel ?? target, command.reason);
              break;
            case "whois":
              client.whois(command.nick).catch((error) => console.log(`-- ${error.message}`));
              break;
            case "nick":
              client.quote(`NICK ${command.nick}`);
              break;
            case "query":
              target = command.target;
              console.log(`-- talking to ${target}`);
              if (command.text) client.say(target, command.text);
              break;
            case "me":
              if (!target) console.log("-- no target: /join a channel or /query a nick first");
              else client.action(target, command.text);
              break;
            case "quote":
              client.quote(command.line);
              break;
            case "quit":
              await client.disconnect(command.reason ?? "Leaving");
              break read;
            case "help":
              console.log(
                helpText(command.command).split("\n").map((l) => `-- ${l}`).join("\n"),
              );
              break;
            default: {
              const irc = ircLine(command, /^[#&]/.test(target) ? target : undefined);
              if (irc && "line" in irc) client.quote(irc.line);
              else if (irc) console.log(`-- ${irc.error}`);
              // `/search` reads the history store, which only the web client opens.
              else console.log(`-- Cannot run /${command.kind} in the terminal`);
            }
          }
        } catch (error) {
          console.log(`-- ${errorMessage(error)}`);
        }
      }
      if (client.state === "disconnected") break;
    }
  } finally {
    await client.disconnect("Leaving");
    await bus.close();
  }
  return 0;
}
