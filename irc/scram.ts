/**
 * SASL SCRAM-SHA-256 (RFC 5802, RFC 7677) on Web Crypto.
 *
 * @module
 */
import { saslprep } from "./saslprep.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Thrown when a SCRAM exchange cannot go on: a malformed server message, a nonce that does
 * not extend ours, or a server signature that does not match.
 *
 * @example
 * ```ts
 * import { ScramError } from "./scram.ts";
 * const error = new ScramError("Cannot verify the server: signature mismatch");
 * console.log(error.name); // "ScramError"
 * ```
 */
export class ScramError extends Error {
  /** Creates the error with a message in std voice. */
  constructor(message: string) {
    super(message);
    this.name = "ScramError";
  }
}

/**
 * The client side of one SCRAM-SHA-256 exchange, without channel binding.
 *
 * Call {@linkcode ScramSha256.clientFirst}, then {@linkcode ScramSha256.clientFinal} with
 * the server-first message, then {@linkcode ScramSha256.verifyServerFinal} with the
 * server-final message. Messages are plain text; SASL over IRC base64-encodes them.
 *
 * @example The RFC 7677 example exchange
 * ```ts
 * import { ScramSha256 } from "./scram.ts";
 * const scram = new ScramSha256("user", "pencil", { nonce: "rOprNGfwEbeRWgbNEkqO" });
 * scram.clientFirst(); // "n,,n=user,r=rOprNGfwEbeRWgbNEkqO"
 * const final = await scram.clientFinal(
 *   "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096",
 * );
 * console.log(final.endsWith("p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=")); // true
 * scram.verifyServerFinal("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="); // no throw
 * ```
 */
export class ScramSha256 {
  #username: string;
  #password: string;
  #nonce: string;
  #clientFirstBare = "";
  #expectedServerSignature: string | undefined;

  /**
   * Starts an exchange for `username` and `password`. `options.nonce` fixes the client nonce
   * (for tests); by default it is 24 random bytes in base64.
   *
   * Both go through SASLprep (RFC 5802 section 5.1): the user name as a query, the password
   * as a stored string. A string SASLprep refuses throws a `SaslprepError` here.
   */
  constructor(username: string, password: string, options: { nonce?: string } = {}) {
    this.#username = saslprep(username, { allowUnassigned: true });
    this.#password = saslprep(password);
    this.#nonce = options.nonce ??
      toBase64(crypto.getRandomValues(new Uint8Array(24)));
  }

  /** The client-first message: `n,,n=<user>,r=<nonce>`. */
  clientFirst(): string {
    const name = this.#username.replaceAll("=", "=3D").replaceAll(",", "=2C");
    this.#clientFirstBare = `n=${name},r=${this.#nonce}`;
    return `n,,${this.#clientFirstBare}`;
  }

  /** Computes the client-final message (with the proof) from the server-first message. */
  async clientFinal(serverFirst: string): Promise<string> {
    if (this.#clientFirstBare === "") this.clientFirst();
    // RFC 5802 section 5.1: "m" is reserved for a mandatory extension this client cannot know.
    if (serverFirst.startsWith("m=")) {
      throw new ScramError(
        `Cannot continue SCRAM: the server requires an unsupported mandatory extension, got ${
          JSON.stringify(serverFirst.split(",")[0])
        }`,
      );
    }
    const fields = parseFields(serverFirst);
    const nonce = fields.get("r");
    const salt = fields.get("s");
    const iterations = Number(fields.get("i"));
    if (!nonce || !salt || !Number.isInteger(iterations) || iterations < 1) {
      throw new ScramError(
        `Cannot read the SCRAM server-first message: it lacks r, s or i, got ${
          JSON.stringify(serverFirst)
        }`,
      );
    }
    if (!nonce.startsWith(this.#nonce) || nonce.length <= this.#nonce.length) {
      throw new ScramError(
        `Cannot continue SCRAM: the server nonce does not extend ours, got ${nonce}`,
      );
    }
    const baseKey = await crypto.subtle.importKey(
      "raw",
      encoder.encode(this.#password),
      "PBKDF2",
      false,
      ["deriveBits"],
    );
    const salted = new Uint8Array(
      await crypto.subtle.deriveBits(
        { name: "PBKDF2", hash: "SHA-256", salt: fromBase64(salt), iterations },
        baseKey,
        256,
      ),
    );
    const clientKey = await hmac(salted, "Client Key");
    const storedKey = new Uint8Array(await crypto.subtle.digest("SHA-256", clientKey));
    const withoutProof = `c=biws,r=${nonce}`;
    const authMessage = `${this.#clientFirstBare},${serverFirst},${withoutProof}`;
    const clientSignature = await hmac(storedKey, authMessage);
    const proof = clientKey.map((byte, i) => byte ^ clientSignature[i]);
    const serverKey = await hmac(salted, "Server Key");
    this.#expectedServerSignature = toBase64(await hmac(serverKey, authMessage));
    return `${withoutProof},p=${toBase64(proof)}`;
  }

  /** Checks the server-final message; throws a {@linkcode ScramError} on error or mismatch. */
  verifyServerFinal(serverFinal: string): void {
    const fields = parseFields(serverFinal);
    const error = fields.get("e");
    if (error !== undefined) {
      throw new ScramError(`Cannot authenticate with SCRAM: the server said ${error}`);
    }
    if (this.#expectedServerSignature === undefined) {
      throw new ScramError("Cannot verify the server: clientFinal() has not run");
    }
    const signature = fields.get("v");
    if (signature !== this.#expectedServerSignature) {
      throw new ScramError(
        `Cannot verify the server: the SCRAM server signature does not match, got ${
          JSON.stringify(signature ?? "")
        }`,
      );
    }
  }
}

function parseFields(message: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of message.split(",")) {
    const eq = part.indexOf("=");
    if (eq === 1) fields.set(part[0], part.slice(2));
  }
  return fields;
}

async function hmac(key: Uint8Array, data: string): Promise<Uint8Array<ArrayBuffer>> {
  const k = await crypto.subtle.importKey(
    "raw",
    key as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, encoder.encode(data)));
}

/** Base64 of bytes. */
function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Bytes of base64 (throws a ScramError on bad input). */
function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    throw new ScramError(`Cannot decode base64: invalid input, got ${JSON.stringify(text)}`);
  }
}

/** UTF-8 text of base64, for AUTHENTICATE payloads. */
export function decodeBase64Text(text: string): string {
  return decoder.decode(fromBase64(text));
}

/** Base64 of UTF-8 text, for AUTHENTICATE payloads. */
export function encodeBase64Text(text: string): string {
  return toBase64(encoder.encode(text));
}
