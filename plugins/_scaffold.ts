/**
 * `deno task plugins new DIR [--name NAME]`: a new plugin folder that passes `deno test` and
 * `deno publish` as written: a `deno.json` naming the JSR package, its manifest with a reason
 * for each request (published with the code, so it can be installed), a typed `onEvent`, a
 * test that replays recorded events, and a README.
 *
 * @module
 */
import { basename, join, resolve } from "node:path";
import { SDK_PACKAGE, SDK_VERSION } from "./_sdk_range.ts";
import { errorMessage } from "../common/mod.ts";

/** A JSR scope: 2 to 20 lower-case letters, digits and hyphens, not starting with a hyphen. */
const SCOPE = /^[a-z0-9][a-z0-9-]{1,19}$/;
/** A plugin name valid both as a JSR package name and as a manifest name. */
const NAME = /^[a-z][a-z0-9-]{1,57}$/;
/** The scope used when NAME gives none: an author replaces it with their own. */
const PLACEHOLDER_SCOPE = "your-scope";

/** What {@linkcode scaffoldPlugin} wrote. */
export interface Scaffold {
  /** The plugin folder, absolute. */
  dir: string;
  /** The JSR package, `@scope/name`. */
  packageName: string;
  /** The manifest's name. */
  pluginName: string;
  /** The files written, relative to `dir`. */
  files: string[];
}

/**
 * Writes a new plugin into `dir`, which must not exist or be empty. `name` is `@scope/name`
 * or a bare `name` (then the scope is a placeholder to replace); without it the folder's name
 * is used. Throws a `TypeError` for a bad name and an `Error` for a folder in use, having
 * written nothing.
 */
export async function scaffoldPlugin(dir: string, name?: string): Promise<Scaffold> {
  const folder = resolve(dir);
  const given = name ?? basename(folder);
  const match = /^(?:@([^/]*)\/)?(.*)$/.exec(given);
  const scope = match?.[1] ?? PLACEHOLDER_SCOPE;
  const pluginName = match?.[2] ?? "";
  if (!SCOPE.test(scope) || !NAME.test(pluginName)) {
    throw new TypeError(
      `Cannot create plugin: the name must be @scope/name or name, in lower-case letters, digits and hyphens, ${
        name === undefined
          ? "and the folder's name is not one (pass --name)"
          : "starting with a letter"
      }, got ${JSON.stringify(given)}`,
    );
  }
  const info = await Deno.stat(folder).catch(() => undefined);
  if (info && !info.isDirectory) {
    throw new Error(
      `Cannot create plugin: the path exists and is not a folder, got ${JSON.stringify(folder)}`,
    );
  }
  await Deno.mkdir(folder, { recursive: true });
  for await (const _ of Deno.readDir(folder)) {
    throw new Error(
      `Cannot create plugin: the folder exists and is not empty, got ${JSON.stringify(folder)}`,
    );
  }
  const packageName = `@${scope}/${pluginName}`;
  const files = templates(packageName, pluginName);
  for (const [file, text] of Object.entries(files)) {
    await Deno.writeTextFile(join(folder, file), text, { createNew: true });
  }
  return { dir: folder, packageName, pluginName, files: Object.keys(files) };
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function templates(packageName: string, pluginName: string): Record<string, string> {
  return {
    "deno.json": json({
      name: packageName,
      version: "0.1.0",
      license: "MIT",
      exports: "./mod.ts",
      imports: { [SDK_PACKAGE]: `jsr:${SDK_PACKAGE}@^${SDK_VERSION.split(".")[0]}.x` },
      // The manifest must be published with the code: the client reads it at install.
      publish: { include: ["mod.ts", "plugin.json", "README.md"] },
    }),
    "plugin.json": json({
      name: pluginName,
      version: "0.1.0",
      description: "Answers !ping with pong",
      entry: "mod.ts",
      events: ["message.received"],
      permissions: {},
      capabilities: ["irc.send"],
      reasons: {
        "irc.send": "Answers pong where !ping was said",
      },
    }),
    "mod.ts": `/**
 * ${pluginName}: answers \`!ping\` with \`pong\` where it was said.
 *
 * @module
 */
import {
  type DefinedPlugin,
  definePlugin,
  type PluginContext,
  type PluginEvent,
} from "${SDK_PACKAGE}/plugin";

/** Handles each event its manifest asks for; \`event.type\` narrows \`event.data\`. */
async function onEvent(event: PluginEvent, ctx: PluginContext): Promise<void> {
  if (event.type !== "message.received" || event.data.message.trim() !== "!ping") return;
  // A private message has no channel: answer the sender.
  const target = event.data.channel || event.data.user;
  await ctx.irc.send(event.data.networkId, target, "pong");
}

/** The plugin, default-exported for the client to load. */
const plugin: DefinedPlugin = definePlugin({ onEvent });
export default plugin;
`,
    "mod_test.ts": `import assert from "node:assert/strict";
import { replayEvents } from "${SDK_PACKAGE}/plugin";
import manifest from "./plugin.json" with { type: "json" };
import plugin from "./mod.ts";

/** Recorded bus events, one JSON object a line, as the client sees them. */
const RECORDING = \`
{"type":"message.received","source":"irc","timestamp":"2026-01-01T12:00:00Z","data":{"networkId":1,"channel":"#deno","user":"ann","message":"hello","timestamp":1767268800}}
{"type":"message.received","source":"irc","timestamp":"2026-01-01T12:00:05Z","data":{"networkId":1,"channel":"#deno","user":"ann","message":"!ping","timestamp":1767268805}}
{"type":"message.received","source":"irc","timestamp":"2026-01-01T12:00:09Z","data":{"networkId":1,"channel":"","user":"bob","message":"!ping","timestamp":1767268809}}
\`;

Deno.test("${pluginName} answers !ping with pong, in the channel or privately", async () => {
  const replay = await replayEvents(plugin, RECORDING, { manifest });
  assert.deepEqual(replay.actions, [
    { kind: "irc.send", networkId: 1, target: "#deno", text: "pong" },
    { kind: "irc.send", networkId: 1, target: "bob", text: "pong" },
  ]);
  assert.deepEqual(replay.errors, []);
});
`,
    "README.md": `# ${packageName}

An [ircbus](https://jsr.io/${SDK_PACKAGE}) plugin that answers \`!ping\` with \`pong\`.

## Install

\`\`\`sh
deno task plugins install jsr:${packageName}
\`\`\`

The client shows what it asks for, with the reasons from \`plugin.json\`, and asks for consent:

- events \`message.received\`: the messages it reads to find \`!ping\`;
- capability \`irc.send\`: answers pong where !ping was said.

## Develop

\`\`\`sh
deno test                # replays recorded events into the plugin, no server needed
deno publish --dry-run   # checks the package, plugin.json included
deno publish             # publishes to JSR (bump "version" in deno.json and plugin.json)
\`\`\`
`,
  };
}

/**
 * The `new` command: scaffolds `dir` and says what to do next; returns the exit code (2
 * without a folder, 1 when it is refused).
 */
export async function newPlugin(
  dir: string | undefined,
  name: unknown,
  io: { out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  if (dir === undefined || (name !== undefined && typeof name !== "string")) {
    io.err("usage: deno task plugins new <dir> [--name @scope/name]");
    return 2;
  }
  let made: Scaffold;
  try {
    made = await scaffoldPlugin(dir, name);
  } catch (error) {
    io.err(errorMessage(error));
    return 1;
  }
  io.out(`Created ${made.packageName} in ${made.dir}: ${made.files.join(", ")}`);
  if (made.packageName.startsWith(`@${PLACEHOLDER_SCOPE}/`)) {
    io.out(`Replace @${PLACEHOLDER_SCOPE} in deno.json with your JSR scope before publishing.`);
  }
  io.out(`Next: cd ${made.dir} && deno test && deno publish --dry-run && deno publish`);
  return 0;
}
