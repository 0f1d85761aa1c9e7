/**
 * A scripted IRC server for the tests: a `Deno.listen` peer that plays transcripts and
 * waits for the client's lines. Used where no Debian server speaks the feature.
 */

const encoder = new TextEncoder();

/** A listening scripted server. */
export class ScriptedServer implements AsyncDisposable {
  readonly listener: Deno.Listener;
  readonly port: number;
  #conns: PeerConn[] = [];

  /** Listens on a free port of 127.0.0.1; with `tls`, over TLS with that certificate. */
  constructor(options: { tls?: { cert: string; key: string } } = {}) {
    this.listener = options.tls
      ? Deno.listenTls({ hostname: "127.0.0.1", port: 0, ...options.tls })
      : Deno.listen({ hostname: "127.0.0.1", port: 0 });
    this.port = (this.listener.addr as Deno.NetAddr).port;
  }

  /** Waits for the next client connection. */
  async accept(): Promise<PeerConn> {
    const conn = new PeerConn(await this.listener.accept());
    this.#conns.push(conn);
    return conn;
  }

  /** Closes the listener and every connection, waiting for their readers. */
  async close(): Promise<void> {
    try {
      this.listener.close();
    } catch { /* closed */ }
    await Promise.all(this.#conns.map((c) => c.close()));
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/** One accepted client connection. */
export class PeerConn {
  readonly conn: Deno.Conn;
  /** Every line the client sent, in order. */
  readonly received: string[] = [];
  #waiters: { match: RegExp; from: number; resolve: (line: string) => void }[] = [];
  #reading: Promise<void>;
  #closed = false;
  #writing: Promise<void> = Promise.resolve();
  /** Resolves when the client closed its side. */
  readonly ended: Promise<void>;

  constructor(conn: Deno.Conn) {
    this.conn = conn;
    this.#reading = this.#read();
    this.ended = this.#reading;
  }

  async #read(): Promise<void> {
    const decoder = new TextDecoder();
    const buf = new Uint8Array(65536);
    let pending = "";
    try {
      for (;;) {
        const n = await this.conn.read(buf);
        if (n === null) break;
        pending += decoder.decode(buf.subarray(0, n), { stream: true });
        let nl: number;
        while ((nl = pending.indexOf("\n")) !== -1) {
          const line = pending.slice(0, nl).replace(/\r$/, "");
          pending = pending.slice(nl + 1);
          this.received.push(line);
          this.#wake();
        }
      }
    } catch { /* reset by the client or closed by us */ }
  }

  #wake(): void {
    this.#waiters = this.#waiters.filter((w) => {
      for (let i = w.from; i < this.received.length; i++) {
        if (w.match.test(this.received[i])) {
          w.resolve(this.received[i]);
          return false;
        }
      }
      return true;
    });
  }

  /** Resolves with the first client line (from index `from`) matching `match`. */
  expect(match: RegExp, from = 0): Promise<string> {
    return new Promise((resolve) => {
      this.#waiters.push({ match, from, resolve });
      this.#wake();
    });
  }

  /** Sends lines (CRLF added), in order. */
  send(...lines: string[]): Promise<void> {
    return this.write(lines.map((l) => `${l}\r\n`).join(""));
  }

  /** Writes raw text, in order with other writes. */
  write(text: string): Promise<void> {
    const bytes = encoder.encode(text);
    this.#writing = this.#writing.then(async () => {
      if (this.#closed) return;
      let off = 0;
      try {
        while (off < bytes.length) off += await this.conn.write(bytes.subarray(off));
      } catch { /* client gone */ }
    });
    return this.#writing;
  }

  /**
   * Answers the registration: CAP LS/REQ/ACK/END (with `caps`), optional SASL by `sasl`,
   * then 001, 005 and MOTD. Returns the nickname registered.
   */
  async register(options: {
    caps?: string;
    isupport?: string;
    sasl?: (conn: PeerConn) => Promise<void>;
    nickInUse?: string[];
  } = {}): Promise<string> {
    const caps = options.caps ?? "batch server-time message-tags away-notify";
    await this.expect(/^CAP LS/);
    await this.send(`:peer.test CAP * LS :${caps}`);
    const req = await this.expect(/^CAP REQ/);
    const wanted = req.replace(/^CAP REQ :?/, "");
    await this.send(`:peer.test CAP * ACK :${wanted}`);
    if (options.sasl) await options.sasl(this);
    await this.expect(/^CAP END/);
    let nick = (await this.expect(/^NICK /)).slice(5);
    await this.expect(/^USER /);
    const inUse = new Set(options.nickInUse ?? []);
    let from = 0;
    while (inUse.has(nick)) {
      await this.send(`:peer.test 433 * ${nick} :Nickname is already in use`);
      from = this.received.findLastIndex((l) => l === `NICK ${nick}`) + 1;
      nick = (await this.expect(/^NICK /, from)).slice(5);
    }
    await this.send(
      `:peer.test 001 ${nick} :Welcome ${nick}`,
      `:peer.test 005 ${nick} ${
        options.isupport ?? "CASEMAPPING=rfc1459 CHANTYPES=# PREFIX=(ov)@+"
      } :are supported`,
      `:peer.test 375 ${nick} :- MOTD -`,
      `:peer.test 372 ${nick} :hello`,
      `:peer.test 376 ${nick} :End of MOTD`,
    );
    return nick;
  }

  /** Closes our side and waits for the reader. */
  async close(): Promise<void> {
    if (!this.#closed) {
      await this.#writing;
      this.#closed = true;
      try {
        this.conn.close();
      } catch { /* closed */ }
    }
    await this.#reading;
  }
}
