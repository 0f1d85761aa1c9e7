// Test and bench only, pinned; see deps/irc_framework.ts for why the import map names this file.
export * from "npm:playwright-core@1.65.1";
