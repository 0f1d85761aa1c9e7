/**
 * Why a link ended: the facts a session gathers about its socket, and the two ways it reports
 * them, as the `connection.lost` reason and as the `IrcConnectError` of a failed connect.
 *
 * @module
 */
import { IrcConnectError } from "./errors.ts";
import { LineLengthError } from "./_line_splitter.ts";
import type { IrcClientOptions } from "./types.ts";

/** What one session learnt about its link, from the socket, the wire and its owner. */
export interface LinkFacts {
  /** The reason given to `close()`, once the owner asked to disconnect. */
  requestedReason: string | undefined;
  /** The server's ERROR or 464 text, or the reason registration failed. */
  wireError: string | undefined;
  /** The worker saw 464: the server refused the password. */
  wirePassword: boolean;
  /** irc-framework gave up on a silent server. */
  pingTimedOut: boolean;
  /** The socket's error, when it closed with one. */
  socketError: Error | undefined;
  /** The socket opened (after TLS). */
  opened: boolean;
  /** We sent QUIT: an ERROR from the server is its answer, not news. */
  quitting: boolean;
}

type SocketError = Error & { code?: string };

/** Facts for a link nothing has happened to yet. */
export function createLinkFacts(): LinkFacts {
  return {
    requestedReason: undefined,
    wireError: undefined,
    wirePassword: false,
    pingTimedOut: false,
    socketError: undefined,
    opened: false,
    quitting: false,
  };
}

/** The reason for `connection.lost`. */
export function lostReason(facts: LinkFacts): string {
  if (facts.requestedReason !== undefined) return facts.requestedReason;
  if (facts.wireError !== undefined) return facts.wireError;
  if (facts.pingTimedOut) return "Ping timeout: the server stopped answering";
  const e = facts.socketError as SocketError | undefined;
  if (e) return e.code ? `${e.message} (${e.code})` : e.message;
  return "Connection closed by the server";
}

/** The error a connect fails with when the link ends before it was established. */
export function connectError(
  facts: LinkFacts,
  context: { options: IrcClientOptions; registered: boolean; reason: string },
): IrcConnectError {
  const { options: o, registered, reason } = context;
  const where = `${o.host}:${o.port}`;
  const e = facts.socketError as SocketError | undefined;
  if (facts.requestedReason !== undefined) {
    return new IrcConnectError("aborted", `Cannot connect to ${where}: ${reason}`);
  }
  if (facts.wireError !== undefined && facts.wirePassword) {
    return new IrcConnectError(
      "password",
      `Cannot connect to ${where}: the server refused the password, got ${facts.wireError}`,
    );
  }
  if (facts.wireError !== undefined && o.password !== undefined && !registered) {
    // Some servers (InspIRCd) answer a wrong connect-class password with a plain ERROR.
    return new IrcConnectError(
      "password",
      `Cannot connect to ${where}: the server refused the connection before registration, likely the server password, got ${facts.wireError}`,
    );
  }
  if (e instanceof LineLengthError) {
    return new IrcConnectError(
      "closed",
      `Cannot connect to ${where}: the server sent a line over the length limit, got ${e.message}`,
      { cause: e },
    );
  }
  if (e && (e.code === "ECONNREFUSED" || /refused/i.test(e.message))) {
    return new IrcConnectError(
      "refused",
      `Cannot connect to ${where}: connection refused, got ${e.message}`,
      { cause: e },
    );
  }
  if (e && o.tls && !facts.opened) {
    return new IrcConnectError(
      "tls",
      `Cannot connect to ${where}: TLS failed, got ${e.message}`,
      {
        cause: e,
      },
    );
  }
  if (e && !facts.opened) {
    return new IrcConnectError("refused", `Cannot connect to ${where}: ${e.message}`, {
      cause: e,
    });
  }
  if (o.tls && !facts.opened) {
    return new IrcConnectError(
      "tls",
      `Cannot connect to ${where}: the TLS handshake did not complete, got ${reason}`,
    );
  }
  return new IrcConnectError(
    "closed",
    `Cannot connect to ${where}: the server closed the connection, got ${reason}`,
  );
}
