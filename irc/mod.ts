/**
 * The IRC adapter: `IrcClient` turns one network connection into ordered bus events.
 *
 * @module
 */
export * from "./irc_client.ts";
export * from "./types.ts";
export { REDACTION_CAP } from "./_redaction.ts";
export { MULTILINE_CAP } from "./_multiline.ts";
export * from "./errors.ts";
export { casefold, type Casemapping } from "../core/mod.ts";
export { ScramError, ScramSha256 } from "./scram.ts";
export * from "./saslprep.ts";
