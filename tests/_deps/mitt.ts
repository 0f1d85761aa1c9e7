// Test and bench only, pinned; see deps/irc_framework.ts for why the import map names this file.
export * from "npm:mitt@3.0.1";
export { default } from "npm:mitt@3.0.1";
