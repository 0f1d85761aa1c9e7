// Test and bench only, pinned; see deps/irc_framework.ts for why the import map names this file.
export * from "npm:emittery@2.2.0";
export { default } from "npm:emittery@2.2.0";
