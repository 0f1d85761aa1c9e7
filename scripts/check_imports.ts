/**
 * Reads every import in the tree (type-only imports, `export … from` and JSDoc `import("…")`
 * types included; doc examples in fenced blocks left out) and prints each violation of the
 * layering, one a line:
 *
 * - an import circle (the files of each strongly connected set);
 * - an import from a lower folder to a higher one. The layers, bottom up: `common`, `net`;
 *   `bus`; `core` (the shared layer: it reads the event map, nothing above); `irc`; `storage`,
 *   `history`; `plugins`, `deeplink`; `client`; the root door (`mod.ts`, `main.ts`);
 * - a cross-folder import that skips the folder's door (its `mod.ts`, or a subpath export
 *   of deno.json). The page (`client/web/`) is the one exception: a browser loads no
 *   TypeScript, so it imports the shared layer's `core/*.js` files themselves.
 *
 * Tests, bench, scripts and examples are not checked.
 *
 * ```sh
 * deno run --allow-read scripts/check_imports.ts   # exit 1 and one line per violation
 * ```
 *
 * @module
 */
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** Folders and their layer: an import may go to the same layer or a lower one. */
export const LAYERS: Readonly<Record<string, number>> = {
  common: 0,
  net: 0,
  bus: 1,
  core: 2,
  irc: 3,
  storage: 4,
  history: 4,
  plugins: 5,
  deeplink: 5,
  client: 6,
  ".": 7,
};

/** Folders (and files) not checked. */
const SKIPPED = new Set([
  "tests",
  "bench",
  "scripts",
  "examples",
  "docs",
  "deps",
  ".git",
  ".ci",
  "node_modules",
]);

/** One import edge: from a file to a file, both relative to the root. */
export interface ImportEdge {
  from: string;
  to: string;
}

/** The specifiers a source file imports (relative ones only are followed). */
export function importsOf(source: string): string[] {
  // Doc examples import as a user would: they are not this file's imports.
  const text = source.replace(/```[\s\S]*?```/g, "");
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) found.push(match[1]);
  }
  return found;
}

/** Every checked source file under `root`, relative to it. */
export async function sourceFiles(root: string, dir = "."): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(join(root, dir))) {
    const path = dir === "." ? entry.name : `${dir}/${entry.name}`;
    if (SKIPPED.has(path.split("/")[0])) continue;
    if (entry.isDirectory) out.push(...await sourceFiles(root, path));
    else if (/\.(ts|js)$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

/** The import edges between checked files (a specifier that is no file is left out). */
export async function importEdges(root: string, files: string[]): Promise<ImportEdge[]> {
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const source = await Deno.readTextFile(join(root, from));
    for (const specifier of importsOf(source)) {
      if (!specifier.startsWith(".")) continue;
      const to = normalize(join(dirname(from), specifier));
      if (known.has(to) && to !== from) edges.push({ from, to });
    }
  }
  return edges;
}

/** A file's folder: its first path part, or `.` for the root's own files. */
export function folderOf(path: string): string {
  return path.includes("/") ? path.split("/")[0] : ".";
}

/** The doors of the folders: each `mod.ts` and the subpath exports of deno.json. */
export async function doors(root: string, files: string[]): Promise<Set<string>> {
  const out = new Set(files.filter((f) => /^[^/]+\/mod\.ts$/.test(f) || f === "mod.ts"));
  const config: unknown = JSON.parse(await Deno.readTextFile(join(root, "deno.json")));
  if (typeof config === "object" && config !== null && "exports" in config) {
    const exports = config.exports;
    if (typeof exports === "object" && exports !== null) {
      for (const target of Object.values(exports)) {
        if (typeof target === "string") out.add(normalize(target));
      }
    }
  }
  return out;
}

/** The import circles: each set of files that reach one another, in a stable order. */
export function circles(files: string[], edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const { from, to } of edges) next.get(from)!.push(to);
  // Tarjan's strongly connected components, iterative (a deep chain must not blow the stack).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let counter = 0;
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { node: string; child: number }[] = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const children = next.get(frame.node)!;
      if (frame.child < children.length) {
        const child = children[frame.child++];
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found.sort((a, b) => a[0] < b[0] ? -1 : 1);
}

/** Every violation in the tree at `root`, as lines to print. */
export async function violations(root: string): Promise<string[]> {
  const files = await sourceFiles(root);
  const edges = await importEdges(root, files);
  const door = await doors(root, files);
  const out: string[] = [];
  for (const circle of circles(files, edges)) {
    out.push(`circle (${circle.length} files): ${circle.join(" -> ")}`);
  }
  const seen = new Set<string>();
  for (const { from, to } of edges) {
    if (seen.has(`${from} ${to}`)) continue;
    seen.add(`${from} ${to}`);
    const source = folderOf(from);
    const target = folderOf(to);
    if (source === target) continue;
    const up = LAYERS[target] ?? Infinity;
    const here = LAYERS[source] ?? Infinity;
    if (up > here) {
      out.push(`upward: ${from} (${source}, layer ${here}) imports ${to} (${target}, layer ${up})`);
    }
    const page = from.startsWith("client/web/") && target === "core" && /\.(d\.ts|js)$/.test(to);
    if (!door.has(to) && !page) {
      out.push(`skips the door: ${from} imports ${to}, not ${target}/mod.ts`);
    }
  }
  return out;
}

if (import.meta.main) {
  const root = relative(Deno.cwd(), fileURLToPath(new URL("../", import.meta.url))) || ".";
  const found = await violations(root);
  for (const line of found) console.log(line);
  if (found.length > 0) {
    console.error(`${found.length} import violations`);
    Deno.exit(1);
  }
  console.error("imports: no circle, no upward import, every cross-folder import through a door");
}
