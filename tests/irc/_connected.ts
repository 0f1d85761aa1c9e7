/**
 * A client connected to a scripted peer: the setup most IRC tests share, and its teardown
 * as one `await using`.
 */
import { EventBus, IrcClient, type IrcClientOptions } from "../../mod.ts";
import { type PeerConn, ScriptedServer } from "./_peer.ts";
import { Recorder } from "./_recorder.ts";

/** Client options to override, plus how the peer answers the registration. */
export interface ConnectedOptions extends Partial<IrcClientOptions> {
  /** Passed to `PeerConn.register()`. */
  register?: Parameters<PeerConn["register"]>[0];
}

/** A registered client, its peer, and the bus it reports to. Disposing tears it all down. */
export interface Connected extends AsyncDisposable {
  readonly server: ScriptedServer;
  /** The first connection the client made. */
  readonly peer: PeerConn;
  /** The bus given in the options, or a new one; closed on dispose either way. */
  readonly bus: EventBus;
  /** Records every bus event from before `connect()`. */
  readonly rec: Recorder;
  readonly client: IrcClient;
  /** The nickname the peer registered. */
  readonly nick: string;
  /** `client.disconnect(reason)`, with the QUIT awaited on the wire and the peer closed. */
  hangUp(reason?: string): Promise<void>;
}

/**
 * Starts a scripted server, connects an `IrcClient` to it (networkId 1, nick "me", no TLS,
 * unless overridden) and lets the peer register it. Resolves once `connect()` resolved.
 * Disposing hangs up if still connected, then closes the peer, the bus and the server.
 */
export async function connectToScriptedPeer(options: ConnectedOptions = {}): Promise<Connected> {
  const { register, ...overrides } = options;
  const server = new ScriptedServer();
  const bus = overrides.bus ?? new EventBus();
  const rec = new Recorder(bus);
  const client = new IrcClient({
    networkId: 1,
    host: "127.0.0.1",
    port: server.port,
    tls: false,
    nick: "me",
    ...overrides,
    bus,
  });
  let peer: PeerConn | undefined;
  const close = async () => {
    await peer?.close();
    await bus.close();
    rec[Symbol.dispose]();
    await server.close();
  };
  try {
    const connecting = client.connect();
    peer = await server.accept();
    const nick = await peer.register(register);
    await connecting;
    const accepted = peer;
    const hangUp = async (reason?: string) => {
      const done = client.disconnect(reason);
      await accepted.expect(/^QUIT/);
      await accepted.close();
      await done;
    };
    return {
      server,
      peer: accepted,
      bus,
      rec,
      client,
      nick,
      hangUp,
      async [Symbol.asyncDispose]() {
        if (client.state === "connected") await hangUp();
        else await client.disconnect();
        await close();
      },
    };
  } catch (error) {
    await client.disconnect();
    await close();
    throw error;
  }
}

/**
 * Options for a client of a local test server (InspIRCd): plain text on `port`, follow-ups
 * and messages paced fast so tests do not wait on the flood limit.
 */
export function localClientOptions(
  port: number,
  client: { bus: EventBus; networkId: number; nick: string },
): IrcClientOptions {
  return {
    ...client,
    host: "127.0.0.1",
    port,
    tls: false,
    followUpInterval: 50,
    messageRate: { burst: 20, interval: 50 },
  };
}
