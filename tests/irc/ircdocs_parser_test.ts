// The public ircdocs parser tests (tests/_data/ircdocs-parser-tests/), every case:
// - msg-split and userhost-split: each line goes over a socket through the adapter's own read
//   path (line splitter, irc-framework's parser, our tag decoding) to the RawMessage its line
//   handlers get. The command comes upper-cased, as RawMessage promises (commands are
//   case-insensitive), so a verb is compared upper-cased.
// - msg-join: each message is written by formatLine(), the one writer of our lines, and must be
//   one of the lines the case accepts. formatLine() always writes the last parameter after
//   " :", so the atoms' last parameter is given as its text.
import assert from "node:assert/strict";
import { parse } from "yaml";
import { createFrameworkClient, type RawMessage } from "../../irc/_framework.ts";
import { formatLine } from "../../irc/_format_line.ts";
import { ScriptedServer } from "./_peer.ts";

const DATA = new URL("../_data/ircdocs-parser-tests/", import.meta.url);

/** The `tests` list of one vendored YAML file. */
function readTests(file: string): Record<string, unknown>[] {
  const data: unknown = parse(Deno.readTextFileSync(new URL(file, DATA)));
  if (!isRecord(data) || !Array.isArray(data.tests) || !data.tests.every(isRecord)) {
    throw new TypeError(`Cannot read ${file}: no list of tests in it`);
  }
  return data.tests;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(record: Record<string, unknown>, key: string, fallback?: string): string {
  const value = record[key] ?? fallback;
  if (typeof value !== "string") {
    throw new TypeError(
      `Cannot read a case: "${key}" is not a string, got ${JSON.stringify(record)}`,
    );
  }
  return value;
}

function texts(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
    throw new TypeError(`Cannot read a case: not a list of strings, got ${JSON.stringify(value)}`);
  }
  return value;
}

function tagsOf(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new TypeError(`Cannot read tags, got ${JSON.stringify(value)}`);
  return Object.fromEntries(Object.keys(value).map((key) => [key, text(value, key)]));
}

/** A message's atoms, as the YAML files write them (absent keys filled in). */
interface Atoms {
  tags: Record<string, string>;
  source: string | undefined;
  verb: string;
  params: string[];
}

function atomsOf(value: unknown): Atoms {
  if (!isRecord(value)) throw new TypeError(`Cannot read atoms, got ${JSON.stringify(value)}`);
  return {
    tags: tagsOf(value.tags),
    source: value.source === undefined ? undefined : text(value, "source"),
    verb: text(value, "verb"),
    params: texts(value.params),
  };
}

/**
 * Sends `lines` from a scripted server to a fresh framework client and returns the
 * RawMessages its raw middleware received, in order.
 */
async function readThroughAdapter(lines: string[]): Promise<RawMessage[]> {
  for (const line of lines) assert.doesNotMatch(line, /[\r\n]/, "one line each");
  await using server = new ScriptedServer();
  const client = await createFrameworkClient();
  const got: RawMessage[] = [];
  const { promise: all, resolve } = Promise.withResolvers<void>();
  const { promise: closed, resolve: onClosed } = Promise.withResolvers<void>();
  // Only the parse is under test: irc-framework's own handlers are not run (no next()).
  client.useRaw((message) => {
    got.push(message);
    if (got.length === lines.length) resolve();
  });
  client.onClose(() => onClosed());
  client.connect({
    host: "127.0.0.1",
    port: server.port,
    tls: false,
    rejectUnauthorized: true,
    nick: "me",
    username: "me",
    gecos: "me",
    account: {},
    sasl_disconnect_on_fail: false,
    auto_reconnect: false,
    ping_interval: 30,
    ping_timeout: 120,
    enable_chghost: false,
    enable_setname: false,
    version: null,
    extraCaps: [],
  });
  const peer = await server.accept();
  await peer.send(...lines);
  await all;
  client.destroy();
  await closed;
  client.removeAllListeners();
  await peer.close();
  return got;
}

Deno.test("msg-split: every line reads into the atoms the ircdocs tests give", async () => {
  const tests = readTests("msg-split.yaml");
  assert.equal(tests.length, 35);
  const inputs = tests.map((t) => text(t, "input"));
  const got = await readThroughAdapter(inputs);
  tests.forEach((t, i) => {
    const want = atomsOf(t.atoms);
    const m = got[i];
    assert.deepEqual(
      { tags: { ...m.tags }, source: m.prefix, verb: m.command, params: m.params },
      {
        tags: want.tags,
        source: want.source ?? "",
        verb: want.verb.toUpperCase(),
        params: want.params,
      },
      JSON.stringify(inputs[i]),
    );
  });
});

Deno.test("userhost-split: every source splits into the nick, user and host the ircdocs tests give", async () => {
  const tests = readTests("userhost-split.yaml");
  assert.equal(tests.length, 7);
  const sources = tests.map((t) => text(t, "source"));
  const got = await readThroughAdapter(sources.map((source) => `:${source} PRIVMSG me :hi`));
  tests.forEach((t, i) => {
    const atoms = t.atoms;
    if (!isRecord(atoms)) throw new TypeError(`Cannot read atoms of ${sources[i]}`);
    assert.deepEqual(
      { nick: got[i].nick, user: got[i].ident, host: got[i].hostname },
      {
        nick: text(atoms, "nick", ""),
        user: text(atoms, "user", ""),
        host: text(atoms, "host", ""),
      },
      JSON.stringify(sources[i]),
    );
  });
});

Deno.test("msg-join: formatLine() writes every message as one of the lines the ircdocs tests accept", () => {
  const tests = readTests("msg-join.yaml");
  assert.equal(tests.length, 18);
  for (const t of tests) {
    const { tags, source, verb, params } = atomsOf(t.atoms);
    const line = formatLine({
      tags,
      source,
      command: verb,
      params: params.slice(0, -1),
      text: params.at(-1),
    });
    assert.ok(texts(t.matches).includes(line), `${text(t, "desc")}: wrote ${JSON.stringify(line)}`);
  }
});
