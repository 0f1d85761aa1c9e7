/**
 * irc-framework, pinned. The import map names this file rather than the `npm:` specifier:
 * `deno task` installs every `npm:` package the import map names before any task runs, so
 * the first `deno task run` would fetch them all (and warn about their build scripts).
 *
 * @module
 */
export * from "npm:irc-framework@4.14.0";
export { default } from "npm:irc-framework@4.14.0";
