/**
 * The local client: the composition root that wires the bus, the IRC adapter, the plugin
 * host, deep links and storage, and serves the web UI on 127.0.0.1; and the terminal client
 * behind `--headless`.
 *
 * @example
 * ```ts
 * import { startClient } from "./mod.ts";
 * const dataDir = await Deno.makeTempDir();
 * await using client = await startClient({ dataDir, singleInstance: false, log: () => {} });
 * console.log(client.address.startsWith("http://127.0.0.1:")); // true
 * ```
 *
 * @module
 */
export * from "./client_app.ts";
export { databasePath, historyPath, resolveDataDir } from "../storage/mod.ts";
export * from "./shutdown.ts";
export * from "./web_server.ts";
export { ServerWebSocket, type WebSocketLimits } from "../net/mod.ts";
export * from "./ui_state.ts";
export * from "./network_manager.ts";
export * from "./page_hub.ts";
export * from "./terminal.ts";
export * from "./open_browser.ts";
export type {
  Action,
  BatchMessage,
  ErrorCode,
  ErrorMessage,
  HelloMessage,
  MetadataEntry,
  NetworkForm,
  NetworkView,
  Pane,
  ParsedAction,
  RosterEntry,
  ScopeForm,
  ServerMessage,
  UiEvent,
  UiEventOf,
} from "../core/mod.ts";
export { parseAction } from "../core/mod.ts";
export type { Command, CommandRow, Completes, ParsedInput } from "../core/mod.ts";
export {
  COMMANDS,
  completeCommand,
  findCommand,
  helpText,
  parseInput,
  usageError,
} from "../core/mod.ts";
export type { Member, MembershipEvent, MembershipReads } from "../core/mod.ts";
export { Membership, parsePrefix } from "../core/mod.ts";
