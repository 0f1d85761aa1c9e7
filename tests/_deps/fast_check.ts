// Test and bench only, pinned; see deps/irc_framework.ts for why the import map names this file.
export * from "npm:fast-check@4.10.2";
export { default } from "npm:fast-check@4.10.2";
