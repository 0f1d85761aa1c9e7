/**
 * A JSR registry for tests: a real HTTP server on 127.0.0.1 over a temp folder laid out as
 * Deno's `JSR_URL` expects (`@scope/name/meta.json`, `<version>_meta.json`, files). Packages
 * are added with {@linkcode LocalRegistry.add}; the test that starts it stops it.
 */
import { dirname, join } from "node:path";

/** Files of a package version by path (`/mod.ts`). */
export type PackageFiles = Record<string, string | Uint8Array>;

/** A running local registry. */
export interface LocalRegistry extends AsyncDisposable {
  /** Its URL for `JSR_URL`, ending with `/`. */
  url: string;
  /** Its port (a restarted registry must come back on it: Deno keys the cache by it). */
  port: number;
  /** The folder it serves. */
  root: string;
  /** Publishes `pkg@version` with `files` and `exports` (default `{".": "./mod.ts"}`). */
  add(
    pkg: string,
    version: string,
    files: PackageFiles,
    exports?: Record<string, string>,
  ): Promise<void>;
  /** Stops serving (the folder stays, for a restart). */
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ts: "application/typescript",
  js: "application/javascript",
  json: "application/json",
};

/** Starts serving `root` (a new temp folder by default) on `port` (a free one by default). */
export async function startRegistry(
  options: { root?: string; port?: number } = {},
): Promise<LocalRegistry> {
  const root = options.root ?? await Deno.makeTempDir({ prefix: "jsr-registry-" });
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: options.port ?? 0, onListen: () => {} },
    async (request) => {
      const path = decodeURIComponent(new URL(request.url).pathname);
      if (path.includes("..")) return new Response("bad path", { status: 400 });
      try {
        const body = await Deno.readFile(join(root, path));
        const type = TYPES[path.split(".").pop() ?? ""] ?? "application/octet-stream";
        return new Response(body, { headers: { "content-type": type } });
      } catch {
        return new Response("not found", { status: 404 });
      }
    },
  );
  const port = server.addr.port;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await server.shutdown();
  };
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    root,
    async add(pkg, version, files, exports = { ".": "./mod.ts" }) {
      const dir = join(root, pkg);
      const manifest: Record<string, { size: number; checksum: string }> = {};
      for (const [path, content] of Object.entries(files)) {
        const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
        await Deno.mkdir(dirname(join(dir, version, path)), { recursive: true });
        await Deno.writeFile(join(dir, version, path), bytes);
        manifest[path] = { size: bytes.length, checksum: `sha256-${await sha256(bytes)}` };
      }
      await Deno.writeTextFile(
        join(dir, `${version}_meta.json`),
        JSON.stringify({ manifest, exports }),
      );
      const metaPath = join(dir, "meta.json");
      const meta = await Deno.readTextFile(metaPath).then(JSON.parse, () => ({ versions: {} }));
      meta.versions[version] = {};
      await Deno.writeTextFile(metaPath, JSON.stringify(meta));
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

async function sha256(data: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(data)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const repo = (path: string) => Deno.readTextFile(new URL(`../../${path}`, import.meta.url));

/** The SDK package built from this repo's files (as `deno publish` would lay it out), and
 * `@test/words`, a package the test plugin imports. */
export async function addSdk(registry: LocalRegistry): Promise<void> {
  await registry.add("@test/words", "1.0.0", { "/mod.ts": `export const UP = "up";\n` });
  await registry.add("@ircbus/client", "0.1.0", {
    "/deno.json": await repo("deno.json"),
    "/plugins/sdk.ts": await repo("plugins/sdk.ts"),
    "/plugins/errors.ts": await repo("plugins/errors.ts"),
    "/bus/events.ts": await repo("bus/events.ts"),
  }, { "./plugin": "./plugins/sdk.ts" });
}

/** The `plugin.json` of test plugin `greeter`; `wider` also asks for the storage capability. */
export function greeterManifest(version: string, wider = false): string {
  const capabilities = wider ? ["commands", "storage"] : ["commands"];
  const reasons: Record<string, string> = { commands: "Adds /greet" };
  if (wider) reasons.storage = "Remembers who was greeted";
  return JSON.stringify({
    name: "greeter",
    version,
    description: "Greets, for JSR tests",
    entry: "mod.ts",
    events: [],
    permissions: {},
    capabilities,
    reasons,
  });
}

/** A version of the test plugin `greeter`; `wider` also asks for the storage capability. */
export async function addGreeter(registry: LocalRegistry, version: string, wider = false) {
  await registry.add("@test/greeter", version, {
    "/plugin.json": greeterManifest(version, wider),
    "/mod.ts": `import { definePlugin } from "jsr:@ircbus/client@^0.1/plugin";
import { UP } from "jsr:@test/words@^1";
export default definePlugin({
  setup(ctx) {
    ctx.log.info(\`greeter ${version} \${UP}\`);
  },
});
`,
  });
}
