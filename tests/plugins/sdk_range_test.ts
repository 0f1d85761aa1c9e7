import assert from "node:assert/strict";
import { join } from "node:path";
import { PluginLoadError } from "../../plugins/mod.ts";
import { satisfies, SDK_VERSION, sdkRangesIn } from "../../plugins/_sdk_range.ts";
import { harness, logged, waitUntil } from "./_helpers.ts";
import config from "../../deno.json" with { type: "json" };

const MANIFEST = {
  version: "1.0.0",
  description: "Needs the SDK",
  entry: "mod.ts",
  events: [],
  permissions: {},
  capabilities: [],
  reasons: {},
};

/** A plugin folder in the system temp dir (outside this repository) importing `specifier`. */
async function pluginOutside(name: string, specifier: string, denoJson?: object): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: `sdk-${name}-` });
  await Deno.writeTextFile(join(dir, "plugin.json"), JSON.stringify({ ...MANIFEST, name }));
  await Deno.writeTextFile(
    join(dir, "mod.ts"),
    `import { definePlugin, type DefinedPlugin } from "${specifier}";\n` +
      `const plugin: DefinedPlugin = definePlugin({ setup: (ctx) => ctx.log.info("sdk ok") });\n` +
      `export default plugin;\n`,
  );
  if (denoJson) await Deno.writeTextFile(join(dir, "deno.json"), JSON.stringify(denoJson));
  return dir;
}

/** Runs `fn` with `JSR_URL` naming a port nothing listens on: no registry can answer. */
async function withoutRegistry(fn: () => Promise<void>): Promise<void> {
  const before = Deno.env.get("JSR_URL");
  Deno.env.set("JSR_URL", "http://127.0.0.1:9/");
  try {
    await fn();
  } finally {
    if (before === undefined) Deno.env.delete("JSR_URL");
    else Deno.env.set("JSR_URL", before);
  }
}

Deno.test("satisfies() reads the semver ranges plugins use for the SDK", () => {
  const cases: [string, string, boolean][] = [
    ["0.1.0", "^0.1.0", true],
    ["0.2.0", "^0.1.0", false],
    ["0.1.5", "^0.x", true],
    ["1.0.0", "^0.x", false],
    ["0.1.0", "^2.0", false],
    ["2.3.1", "^2.0", true],
    ["0.0.3", "^0.0.3", true],
    ["0.0.4", "^0.0.3", false],
    ["1.2.9", "~1.2.3", true],
    ["1.3.0", "~1.2.3", false],
    ["0.1.0", "*", true],
    ["0.1.0", "0.1", true],
    ["0.1.0", "0.1.1", false],
    ["0.1.0", ">=0.1.0 <0.2.0", true],
    ["0.1.0", ">0.1", false],
    ["0.1.0", "<=0.1", true],
    ["0.1.0", "^1.0.0 || ^0.1.0", true],
    ["0.1.0", "0.0.1 - 0.1", true],
    ["0.1.0", "0.0.1 - 0.0.9", false],
  ];
  for (const [version, range, expected] of cases) {
    assert.equal(satisfies(version, range), expected, `${version} in ${range}`);
  }
  assert.throws(() => satisfies("0.1.0", "^banana"), /Cannot read SDK range: not a semver range/);
});

Deno.test("sdkRangesIn() finds each SDK range in published code and in a deno.json", () => {
  const code = `import { definePlugin } from "jsr:@ircbus/client@^0.1.0/plugin";
import type { PluginEvent } from "jsr:@ircbus/client/plugin";
import "jsr:@ircbus/clientele@^9";`;
  assert.deepEqual(sdkRangesIn(code), ["^0.1.0", "*"]);
  assert.deepEqual(sdkRangesIn(`{"imports":{"@ircbus/client":"jsr:@ircbus/client@^2.0"}}`), [
    "^2.0",
  ]);
});

Deno.test("SDK_VERSION is the version deno.json publishes", () => {
  assert.equal(SDK_VERSION, config.version);
});

for (const isolation of ["subprocess", "worker"] as const) {
  Deno.test(`${isolation}: a folder plugin outside the repository resolves the SDK with no registry`, async () => {
    await using h = await harness();
    // By its package name through the plugin's own deno.json, as the scaffold writes it, and by
    // a full `jsr:` specifier, as published code has it.
    const named = await pluginOutside("by-name", "@ircbus/client/plugin", {
      name: "@someone/by-name",
      version: "1.0.0",
      exports: "./mod.ts",
      imports: { "@ircbus/client": "jsr:@ircbus/client@^0.1.0" },
    });
    const full = await pluginOutside("by-jsr", "jsr:@ircbus/client@^0.x/plugin");
    try {
      await withoutRegistry(async () => {
        for (const [dir, name] of [[named, "by-name"], [full, "by-jsr"]]) {
          await h.host.install(dir, { grant: "requested", isolation });
          await h.host.load(name);
          await waitUntil(() => logged(h, name).includes("sdk ok"), `${name}'s setup`);
        }
      });
    } finally {
      for (const dir of [named, full]) await Deno.remove(dir, { recursive: true });
    }
  });
}

Deno.test("install refuses a plugin needing an SDK range this client cannot satisfy", async () => {
  await using h = await harness();
  const dir = await pluginOutside("needs-two", "jsr:@ircbus/client@^2.0/plugin");
  try {
    await assert.rejects(
      () => h.host.install(dir, { grant: "requested" }),
      (error) =>
        error instanceof PluginLoadError &&
        error.message ===
          `Cannot load plugin "needs-two": it needs @ircbus/client@^2.0, this client runs ${SDK_VERSION}`,
    );
    assert.deepEqual(h.host.list(), []);
    await assert.rejects(
      () => Deno.stat(join(h.dataDir, "plugins", "needs-two")),
      Deno.errors.NotFound,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("load refuses a plugin whose code came to need an SDK this client does not run", async () => {
  await using h = await harness();
  const dir = await pluginOutside("grows-needs", "jsr:@ircbus/client@^0.1.0/plugin");
  try {
    await h.host.install(dir, { grant: "requested", dev: true });
    const code = await Deno.readTextFile(join(dir, "mod.ts"));
    await Deno.writeTextFile(join(dir, "mod.ts"), code.replace("^0.1.0", "^3.1"));
    await assert.rejects(
      () => h.host.load("grows-needs"),
      PluginLoadError,
      `it needs @ircbus/client@^3.1, this client runs ${SDK_VERSION}`,
    );
    assert.equal(h.host.list()[0].state, "stopped");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
