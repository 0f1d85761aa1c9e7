/**
 * A small JSR on 127.0.0.1 that `deno publish --token T` can publish to (with `JSR_URL`
 * naming it) and that Deno then resolves `jsr:` specifiers from. It answers the calls
 * `deno publish` makes (`GET /api/scopes/S/packages/N[/versions/V]`, then a `POST` of the
 * package as a gzipped tar) and writes what was published as a registry folder:
 * `@scope/name/meta.json`, `@scope/name/<version>_meta.json` (each file's size and sha256,
 * and the exports of the published `deno.json`) and the files under `@scope/name/<version>/`.
 */
import { join } from "node:path";

/** A running local registry. */
export interface PublishRegistry extends AsyncDisposable {
  /** What `JSR_URL` must be, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  /** The registry folder. */
  root: string;
  /** The token `deno publish --token` must give. */
  token: string;
  /** Each request seen, as `METHOD /path`. */
  requests: string[];
}

/** Starts a registry over `root` (a new temp folder unless given) on a free port. */
export async function startPublishRegistry(root?: string): Promise<PublishRegistry> {
  const folder = root ?? await Deno.makeTempDir({ prefix: "jsr-publish-" });
  const token = crypto.randomUUID();
  const requests: string[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request) => {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}`);
      try {
        if (url.pathname.startsWith("/api/")) return await api(request, url, folder, token);
        return await serveFile(folder, decodeURIComponent(url.pathname));
      } catch (error) {
        return Response.json({ code: "internal", message: String(error) }, { status: 500 });
      }
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}/`,
    root: folder,
    token,
    requests,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
      if (!root) await Deno.remove(folder, { recursive: true });
    },
  };
}

const VERSION_PATH =
  /^\/api\/scopes\/([a-z0-9-]+)\/packages\/([a-z0-9-]+)(?:\/versions\/([^/]+))?$/;

async function api(request: Request, url: URL, root: string, token: string): Promise<Response> {
  const match = VERSION_PATH.exec(url.pathname);
  if (!match) return notFound("unknown API path");
  const [, scope, name, version] = match;
  const packageDir = join(root, `@${scope}`, name);
  if (request.method === "GET") {
    if (version === undefined) return Response.json({ scope, name });
    const published = await exists(join(packageDir, `${version}_meta.json`));
    return published ? Response.json({ scope, name, version }) : notFound("version not found");
  }
  if (request.method !== "POST" || version === undefined || request.body === null) {
    return notFound("unknown API call");
  }
  if (request.headers.get("authorization") !== `Bearer ${token}`) {
    return Response.json({ code: "unauthorized", message: "bad token" }, { status: 401 });
  }
  if (await exists(join(packageDir, `${version}_meta.json`))) {
    return Response.json({ code: "versionAlreadyExists", message: version }, { status: 409 });
  }
  const tar = new Uint8Array(
    await new Response(request.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer(),
  );
  const files = untar(tar);
  const config = files.get(url.searchParams.get("config") ?? "/deno.json");
  if (!config) return Response.json({ code: "missingConfigFile" }, { status: 400 });
  const exports: unknown = JSON.parse(new TextDecoder().decode(config)).exports;
  const manifest: Record<string, { size: number; checksum: string }> = {};
  for (const [path, data] of files) {
    const target = join(packageDir, version, path);
    await Deno.mkdir(join(target, ".."), { recursive: true });
    await Deno.writeFile(target, data);
    manifest[path] = { size: data.length, checksum: `sha256-${await sha256(data)}` };
  }
  await Deno.writeTextFile(
    join(packageDir, `${version}_meta.json`),
    JSON.stringify({
      manifest,
      exports: typeof exports === "string" ? { ".": exports } : exports,
    }),
  );
  const metaPath = join(packageDir, "meta.json");
  const meta = await exists(metaPath)
    ? JSON.parse(await Deno.readTextFile(metaPath))
    : { scope, name, versions: {} };
  meta.versions[version] = {};
  meta.latest = version;
  await Deno.writeTextFile(metaPath, JSON.stringify(meta));
  return Response.json({ id: crypto.randomUUID(), status: "success", error: null });
}

/** The regular files of a ustar archive by absolute path (GNU long names and pax paths too). */
function untar(tar: Uint8Array): Map<string, Uint8Array<ArrayBuffer>> {
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  const text = (from: number, length: number) =>
    new TextDecoder().decode(tar.subarray(from, from + length)).replace(/\0.*$/s, "");
  let offset = 0;
  let longName: string | undefined;
  while (offset + 512 <= tar.length && tar[offset] !== 0) {
    const size = parseInt(text(offset + 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(tar[offset + 156]);
    const body = tar.subarray(offset + 512, offset + 512 + size);
    const prefix = text(offset + 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${text(offset, 100)}` : text(offset, 100));
    longName = undefined;
    if (type === "L") longName = new TextDecoder().decode(body).replace(/\0.*$/s, "");
    else if (type === "x") {
      longName = /\d+ path=([^\n]*)\n/.exec(new TextDecoder().decode(body))?.[1];
    } else if (type === "0" || type === "\0") {
      files.set(`/${name.replace(/^\/+/, "")}`, body.slice());
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

async function serveFile(root: string, path: string): Promise<Response> {
  if (path.split("/").includes("..")) return notFound("bad path");
  try {
    const data = await Deno.readFile(join(root, path));
    const type = /\.(m?ts|tsx)$/.test(path)
      ? "application/typescript"
      : path.endsWith(".json")
      ? "application/json"
      : /\.m?js$/.test(path)
      ? "application/javascript"
      : "text/plain";
    return new Response(data, { headers: { "content-type": type } });
  } catch {
    return notFound("no such file");
  }
}

function notFound(message: string): Response {
  return Response.json({ code: "notFound", message }, { status: 404 });
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

async function sha256(data: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
