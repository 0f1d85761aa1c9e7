/**
 * The history database's tables (component `history` of `storage/database.ts`'s
 * `schema_versions`). Never edit a released step: add one.
 *
 * - `buffers`: one row per network and folded buffer name, with the last-read position;
 * - `lines`: the stored lines; `fp` is a 53-bit fingerprint of sender, kind and text, so
 *   `(buffer_id, time, fp)` is unique and a replay of a line without msgid is ignored;
 *   `(buffer_id, msgid)` is unique where there is a msgid; `reply_to` is the msgid of the
 *   message a line answers (IRCv3 `+draft/reply`);
 * - `reactions`: who reacted to a message (by its msgid) with what, in the time order they
 *   came (`+draft/react`); one taken back (`+draft/unreact`) is deleted;
 * - a line deleted by `REDACT` keeps its row with an empty text and `redacted = 1`, and
 *   leaves the search index (trigger `lines_fts_redact`);
 * - `lines_fts`: FTS5 over `lines.text` (external content, trigram tokenizer, no
 *   positions), filled behind the inserts up to `history_meta.fts_upto` (the newest line id
 *   indexed): a commit writes only `lines`, so a flood is stored at the speed of a plain
 *   table and the index catches up in short steps; a line deleted is removed from the index
 *   when it was indexed.
 *
 * @module
 */
import { type Migration, newestVersion } from "../storage/mod.ts";

/** The component name in `schema_versions`. */
export const COMPONENT = "history";

/** Schema steps of the `history` component. */
export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE buffers (
        id INTEGER PRIMARY KEY,
        network_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        read_time INTEGER,
        UNIQUE (network_id, name_key)
      );
      CREATE TABLE lines (
        id INTEGER PRIMARY KEY,
        buffer_id INTEGER NOT NULL,
        time INTEGER NOT NULL,
        kind INTEGER NOT NULL,
        self INTEGER NOT NULL,
        sender TEXT NOT NULL,
        text TEXT NOT NULL,
        msgid TEXT,
        fp INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX lines_buffer_time_fp ON lines (buffer_id, time, fp);
      CREATE UNIQUE INDEX lines_buffer_msgid ON lines (buffer_id, msgid) WHERE msgid IS NOT NULL;
      CREATE TABLE history_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
      INSERT INTO history_meta (key, value) VALUES ('fts_upto', 0);
      CREATE VIRTUAL TABLE lines_fts USING fts5(
        text, content = 'lines', content_rowid = 'id', tokenize = 'trigram', detail = none
      );
      CREATE TRIGGER lines_fts_delete AFTER DELETE ON lines
      WHEN old.text <> '' AND old.id <= (SELECT value FROM history_meta WHERE key = 'fts_upto')
      BEGIN
        INSERT INTO lines_fts (lines_fts, rowid, text) VALUES ('delete', old.id, old.text);
      END;
    `,
  },
  {
    // IRCv3 replies: the msgid of the message a line answers (`+draft/reply`).
    version: 2,
    sql: `ALTER TABLE lines ADD COLUMN reply_to TEXT;`,
  },
  {
    // IRCv3 reactions: who reacted to which message (by msgid) with what; a reaction taken
    // back is deleted.
    version: 3,
    sql: `
      CREATE TABLE reactions (
        buffer_id INTEGER NOT NULL,
        msgid TEXT NOT NULL,
        reaction TEXT NOT NULL,
        sender_key TEXT NOT NULL,
        sender TEXT NOT NULL,
        time INTEGER NOT NULL,
        PRIMARY KEY (buffer_id, msgid, reaction, sender_key)
      ) WITHOUT ROWID;
    `,
  },
  {
    // IRCv3 message redaction: a deleted line keeps its place with an empty text and
    // `redacted` set; its text leaves the search index too.
    version: 4,
    sql: `
      ALTER TABLE lines ADD COLUMN redacted INTEGER NOT NULL DEFAULT 0;
      CREATE TRIGGER lines_fts_redact AFTER UPDATE OF text ON lines
      WHEN old.text <> '' AND old.id <= (SELECT value FROM history_meta WHERE key = 'fts_upto')
      BEGIN
        INSERT INTO lines_fts (lines_fts, rowid, text) VALUES ('delete', old.id, old.text);
        INSERT INTO lines_fts (rowid, text) SELECT new.id, new.text WHERE new.text <> '';
      END;
    `,
  },
];

/** The newest schema version of the component. */
export const SCHEMA_VERSION = newestVersion(MIGRATIONS);
