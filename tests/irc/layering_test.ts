// irc/'s share of the layering: the whole tree still has violations that belong to other
// folders, so this reads the checker's findings about irc/ and the root door alone.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { importEdges, sourceFiles, violations } from "../../scripts/check_imports.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

Deno.test("irc/ has no import circle and takes lower folders through their doors, as does mod.ts", async () => {
  const found = await violations(ROOT);
  // A circle through irc/, or an import by irc/ or by the root door that breaks the rules.
  const ours = found.filter((line) =>
    line.startsWith("circle")
      ? line.includes("irc/")
      : /^(upward|skips the door): (irc\/\S+|mod\.ts) /.test(line)
  );
  assert.deepEqual(ours, []);
});

Deno.test("the line context reaches no line handler: no file it imports imports it back", async () => {
  const files = (await sourceFiles(ROOT)).filter((file) => file.startsWith("irc/"));
  const edges = await importEdges(ROOT, files);
  const context = "irc/_line_context.ts";
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...next.get(from) ?? [], to]);
  const reached = new Set<string>();
  const todo = [...next.get(context) ?? []];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    todo.push(...next.get(file) ?? []);
  }
  // The handler files are the ones that import the context (for its type).
  const handlers = new Set(edges.filter((e) => e.to === context).map((e) => e.from));
  assert.ok(handlers.size >= 13, `expected the handler files, got ${[...handlers].join(", ")}`);
  assert.deepEqual([...reached].filter((file) => handlers.has(file) || file === context), []);
});
