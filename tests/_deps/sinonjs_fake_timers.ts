// Test and bench only, pinned; see deps/irc_framework.ts for why the import map names this file.
export * from "npm:@sinonjs/fake-timers@15.5.0";
export { default } from "npm:@sinonjs/fake-timers@15.5.0";
