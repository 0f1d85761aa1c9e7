import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);

/** The specifiers of every module `deno info` finds in `door`'s graph, dynamic imports included. */
async function moduleGraph(door: string): Promise<string[]> {
  const result = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", door],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  assert.equal(result.code, 0, new TextDecoder().decode(result.stderr));
  const info: { modules: { specifier: string }[]; npmPackages?: Record<string, unknown> } = JSON
    .parse(new TextDecoder().decode(result.stdout));
  return [...info.modules.map((m) => m.specifier), ...Object.keys(info.npmPackages ?? {})];
}

Deno.test("the root door's module graph holds no irc-framework: it loads on the first connect", async () => {
  const graph = await moduleGraph("mod.ts");
  assert.ok(graph.some((specifier) => specifier.endsWith("/bus/event_bus.ts")));
  assert.ok(graph.some((specifier) => specifier.endsWith("/irc/irc_client.ts")));
  assert.deepEqual(graph.filter((specifier) => specifier.includes("irc-framework")), []);
});

Deno.test("the client app's module graph holds irc-framework, so `deno task run` caches it", async () => {
  const graph = await moduleGraph("main.ts");
  assert.ok(graph.some((specifier) => specifier.includes("irc-framework")));
});
