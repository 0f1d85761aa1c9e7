/**
 * `deno task run`: the IRC client.
 *
 *   deno task run [--data-dir DIR] [--port N] [--no-open] [--retention-days N] [irc://...|jsr:...]
 *   deno task run -- export [--data-dir DIR] [--out DIR] [--network NAME|ID] [--buffer NAME]
 *
 * - Without `--headless`: serves the web UI on 127.0.0.1 port 6690 (`--port N`, or the
 *   `IRCBUS_PORT` environment variable; 0 picks a free one), prints its URL (with the
 *   token) and opens it in the browser unless `--no-open`. Where no browser can be opened
 *   (no display, no opener) it says so and carries on. A port held by another program
 *   exits 69 with a message naming it; a launch with a link first waits up to 5 s for an
 *   ircbus starting on that port to open its link door, and hands the link to it. The browser
 *   is opened as soon as the port listens, while the rest of the client still loads: the page
 *   is served at once and gets its socket once the client has started, when the address is
 *   printed (docs/client.md, "In what order does a launch start?").
 * - `--headless`: the terminal client instead (for bots and servers), e.g.
 *   `deno task run --headless --server irc.libera.chat --tls --nick me --join '#deno'`;
 *   its own flags (`--server` etc.) also select it.
 * - `--retention-days N` keeps N days of message history (default: everything).
 * - `export` writes the stored history as plain-text logs per buffer (history/export_cli.ts).
 * - An `irc://` or `ircs://` link, or a `jsr:@scope/name[@range]` plugin link, is handed to
 *   the running instance when there is one (exit 0), else this process becomes the instance
 *   and opens the link once the page is ready. A plugin link opens the consent sheet in the
 *   page (its source: the command line); nothing installs without the click there. An
 *   invalid link exits 2; a usage error exits 64.
 *
 * Ctrl-C (SIGINT) or SIGTERM shuts down in order: QUIT every network (bounded), plugins,
 * the bus (drained), storage, and exits 0. A signal during start lets the start finish,
 * then shuts down the same way.
 *
 * @module
 */
import { parseArgs } from "node:util";
// Only what serves the page is loaded before the browser is opened: the front (web server,
// token, browser opener), the data dir's name and the flags. The rest of the client (some 170
// modules, from its bundle while that matches them: client/server_bundle.ts) comes by dynamic
// import while the browser opens the page, then the link door opens; the page gets its socket,
// and the door's links their handler, when the client has started, and the address is printed
// then. The export and the terminal client load only when asked for.
import {
  type LaunchServer,
  loadServer,
  openBrowser,
  PortInUseError,
  serveFront,
  serverBundleIsFresh,
  type WebServer,
} from "./client/front.ts";
import { errorMessage, resolveDataDir } from "./common/mod.ts";

/** The web UI's port unless `--port` or `IRCBUS_PORT` says otherwise. */
export const DEFAULT_PORT = 6690;

const USAGE =
  "Usage: deno task run [--data-dir DIR] [--port N] [--no-open] [--retention-days N] [irc://host/#channel | jsr:@scope/name[@range]]\n       deno task run -- export [--data-dir DIR] [--out DIR] [--network NAME|ID] [--buffer NAME]\n       deno task run --headless --server host[:port] [--tls] --nick N [--join #a,#b]";

/** Runs the client with `args`; resolves with the exit code once it has stopped. */
export async function main(args: string[]): Promise<number> {
  // `deno task run -- ...` passes the `--` through.
  if (args[0] === "--") args = args.slice(1);
  // Whether the bundle of the rest of the client matches its sources: checked once, when first
  // asked (its files read here, about 5 ms of this thread; the digest made off it).
  let checked: Promise<boolean> | undefined;
  const bundled = () => checked ??= serverBundleIsFresh();
  if (args[0] === "export") {
    const { runExport } = await loadServer({ bundled: bundled() });
    return await runExport(args.slice(1));
  }
  if (
    args.includes("--headless") || args.some((a) => a === "--server" || a.startsWith("--server="))
  ) {
    const { runTerminal } = await loadServer({ bundled: bundled() });
    return await runTerminal(args.filter((a) => a !== "--headless"));
  }
  let values: {
    "data-dir"?: string;
    port?: string;
    "no-open"?: boolean;
    help?: boolean;
    "retention-days"?: string;
  };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      options: {
        "data-dir": { type: "string" },
        port: { type: "string" },
        "no-open": { type: "boolean" },
        "retention-days": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
    }));
  } catch (error) {
    console.error(`${errorMessage(error)}\n${USAGE}`);
    return 64;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length > 1) {
    console.error(`Cannot start: expected at most one link, got ${positionals.length}\n${USAGE}`);
    return 64;
  }
  const portText = values.port ?? Deno.env.get("IRCBUS_PORT") ?? String(DEFAULT_PORT);
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port <= 65535)) {
    console.error(`Cannot start: --port must be 0-65535, got ${portText}\n${USAGE}`);
    return 64;
  }
  const retentionText = values["retention-days"];
  const retentionDays = retentionText === undefined ? undefined : Number(retentionText);
  // Digits only (no "1e3", no "0x10"), and few enough to stay a whole number: a 400-digit
  // count is Infinity, which the history store would refuse only after the start.
  if (
    retentionDays !== undefined &&
    !(/^\d+$/.test(retentionText ?? "") && Number.isSafeInteger(retentionDays) && retentionDays > 0)
  ) {
    console.error(
      `Cannot start: --retention-days must be a whole number above 0, got ${retentionText}\n${USAGE}`,
    );
    return 64;
  }
  // From here on, SIGINT and SIGTERM at any moment mean the ordered shutdown: a signal that
  // comes while starting lets the start finish, then stops what it started.
  const { promise: stopped, resolve: stop } = Promise.withResolvers<string>();
  const onInt = () => stop("SIGINT");
  const onTerm = () => stop("SIGTERM");
  Deno.addSignalListener("SIGINT", onInt);
  Deno.addSignalListener("SIGTERM", onTerm);
  try {
    const dataDir = resolveDataDir(values["data-dir"]);
    console.error(`Starting ircbus (data dir ${dataDir})`);
    const link = positionals[0];
    if (link !== undefined) {
      const { launchWithLink } = await loadServer({ bundled: bundled() });
      const decision = await launchWithLink(dataDir, link);
      if ("exit" in decision) return decision.exit;
    }
    // A damaged or newer database, an unreadable data dir or token: one line naming it, no trace.
    const cannotStart = (error: unknown) =>
      console.error(`Cannot start ircbus with data dir ${dataDir}: ${errorMessage(error)}`);
    let server: WebServer;
    try {
      server = await serveFront({
        dataDir,
        port,
        onError: (error) => console.error(`web: ${error.message}`),
      });
    } catch (error) {
      if (error instanceof PortInUseError) {
        // Two launches a moment apart (a double click on a link): the first holds the port
        // before its link door opens, so the second takes it for a stranger. It waits a little
        // for a door to open there and hands its link to it.
        if (link !== undefined) {
          console.error(`${error.message}; waiting for an ircbus starting there to take the link`);
          const { launchWithLink } = await loadServer({ bundled: bundled() });
          const handed = await handOffWhileStarting(() => launchWithLink(dataDir, link));
          if (handed !== undefined) return handed;
        }
        console.error(error.message);
        return 69;
      }
      cannotStart(error);
      return 1;
    }
    // The browser opens now, while the rest of the client loads: the page's files come at
    // once and its socket once the client has started. The address is printed only then, so
    // that "running" means started (its link door, its database, everything). Opened before
    // the link door, the browser's navigation overlaps the door's load instead of following it.
    const opened = values["no-open"] ? true : openBrowser(server.url, {
      onError: (error) => console.error(`${error.message}: open the address printed yourself`),
    });
    // Begun now, while the browser starts navigating: begun before the front is served, the
    // check's reads held up the front's start.
    void bundled();
    // The link door opens before the address is printed: a launch that comes after the print
    // always finds this instance, and its link waits for the client to start.
    let loaded: LaunchServer;
    let linkDoor: Awaited<ReturnType<LaunchServer["LinkDoor"]["open"]>>;
    try {
      loaded = await loadServer({ bundled: bundled(), server });
      linkDoor = await loaded.LinkDoor.open({
        dataDir,
        onError: (error) => console.error(`deep links: ${error.message}`),
      });
    } catch (error) {
      await server.close();
      cannotStart(error);
      return 1;
    }
    let client: Awaited<ReturnType<LaunchServer["startClient"]>>;
    try {
      client = await loaded.startClient({ dataDir, link, retentionDays, server, linkDoor });
    } catch (error) {
      // startClient closed the server and the door; a failed load did not.
      await server.close();
      await linkDoor.close();
      cannotStart(error);
      return 1;
    }
    console.log(`ircbus is running: open ${server.url}`);
    console.log(`Bookmark ${server.address} (or localhost) once the browser has opened it`);
    if (opened !== true) {
      console.error(`Cannot open a browser: ${opened}; open the address above yourself`);
    }
    const signal = await stopped;
    console.error(`Shutting down on ${signal}: QUIT, plugins, bus, storage`);
    const report = await client.shutdown();
    for (const error of report.errors) console.error(`shutdown: ${error.message}`);
    console.error(
      `Stopped (${report.steps.join(" → ")}${report.quitTimedOut ? ", QUIT timed out" : ""})`,
    );
    return 0;
  } finally {
    Deno.removeSignalListener("SIGINT", onInt);
    Deno.removeSignalListener("SIGTERM", onTerm);
  }
}

/** How long a link launch waits for an instance that holds the port to open its link door. */
const STARTING_INSTANCE_WAIT_MS = 5_000;

/**
 * Tries `handOff` until an instance takes the link or gives an exit code, every 50 ms for at
 * most {@linkcode STARTING_INSTANCE_WAIT_MS}; `undefined` if no instance answered by then.
 */
async function handOffWhileStarting(
  handOff: () => Promise<{ exit: number } | { become: "instance" }>,
): Promise<number | undefined> {
  const until = performance.now() + STARTING_INSTANCE_WAIT_MS;
  while (performance.now() < until) {
    const decision = await handOff();
    if ("exit" in decision) return decision.exit;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
