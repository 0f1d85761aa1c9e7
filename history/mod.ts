/**
 * The message history: a bus subscriber that stores every message-bearing event in its own
 * SQLite file (WAL, 0600), pages of a buffer for scrollback, full-text search (FTS5,
 * trigram), retention, and plain-text export like irssi's logs.
 *
 * @example
 * ```ts
 * import { EventBus } from "../bus/mod.ts";
 * import { MessageStore } from "./mod.ts";
 * const bus = new EventBus();
 * using store = MessageStore.open(":memory:", { retentionDays: 365 });
 * const detach = store.attach(bus);
 * detach();
 * await bus.close();
 * ```
 *
 * @module
 */
export { type AttachOptions, MessageStore, type MessageStoreOptions } from "./message_store.ts";
export type { LineKind, LineReaction, SearchQuery, StoredBuffer, StoredLine } from "../core/mod.ts";
export { HistoryError, type HistoryErrorCode } from "./errors.ts";
export { historyPath } from "../storage/mod.ts";
export { type ExportedLog, exportLogs, type ExportOptions } from "./export_logs.ts";
export { formatLogLine } from "./log_line.ts";
export { runExport } from "./export_cli.ts";
