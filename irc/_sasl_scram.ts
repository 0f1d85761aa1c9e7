/**
 * Drives a SCRAM-SHA-256 exchange over `AUTHENTICATE` lines on the socket read path
 * (irc-framework only knows PLAIN and EXTERNAL).
 *
 * @module
 */
import { decodeBase64Text, encodeBase64Text, ScramError, ScramSha256 } from "./scram.ts";

/** AUTHENTICATE payloads are cut into 400-byte pieces; a full piece means more follows. */
const CHUNK = 400;

/** One SCRAM-SHA-256 exchange for one connection. */
export class ScramAuthenticator {
  #scram: ScramSha256;
  #write: (line: string) => void;
  #fail: (reason: string) => void;
  #buffer = "";
  #failed = false;
  #done = false;

  /**
   * Creates the exchange. `write` sends a line (it must ignore writes after close); `fail`
   * gets the reason when the exchange fails (after `AUTHENTICATE *` has been sent).
   */
  constructor(
    account: string,
    password: string,
    hooks: { write: (line: string) => void; fail: (reason: string) => void },
  ) {
    this.#scram = new ScramSha256(account, password);
    this.#write = hooks.write;
    this.#fail = hooks.fail;
  }

  /** Whether the exchange failed on our side (the server then aborts with 904 or 906). */
  get failed(): boolean {
    return this.#failed;
  }

  /** Handles the parameter of one `AUTHENTICATE` line from the server. */
  step(payload: string): void {
    if (this.#failed || this.#done) return;
    if (payload === "+" && this.#buffer === "") {
      this.#send(this.#scram.clientFirst());
      return;
    }
    if (payload !== "+") this.#buffer += payload;
    if (payload.length === CHUNK) return;
    const encoded = this.#buffer;
    this.#buffer = "";
    let text: string;
    try {
      text = decodeBase64Text(encoded);
    } catch (error) {
      this.#abort(error);
      return;
    }
    // The server-first message starts with the nonce, or with a mandatory extension that
    // clientFinal() refuses.
    if (text.startsWith("r=") || text.startsWith("m=")) {
      this.#scram.clientFinal(text).then((final) => this.#send(final), (e) => this.#abort(e));
      return;
    }
    try {
      this.#scram.verifyServerFinal(text);
      this.#done = true;
      this.#write("AUTHENTICATE +");
    } catch (error) {
      this.#abort(error);
    }
  }

  #send(text: string): void {
    if (this.#failed) return;
    const encoded = encodeBase64Text(text);
    for (let i = 0; i < encoded.length; i += CHUNK) {
      this.#write(`AUTHENTICATE ${encoded.slice(i, i + CHUNK)}`);
    }
    if (encoded.length % CHUNK === 0) this.#write("AUTHENTICATE +");
  }

  #abort(error: unknown): void {
    if (this.#failed) return;
    this.#failed = true;
    this.#write("AUTHENTICATE *");
    this.#fail(error instanceof ScramError ? error.message : `SCRAM failed: ${String(error)}`);
  }
}
