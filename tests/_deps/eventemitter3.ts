// Test and bench only, pinned; see deps/irc_framework.ts for why the import map names this file.
export * from "npm:eventemitter3@5.0.4";
export { default } from "npm:eventemitter3@5.0.4";
