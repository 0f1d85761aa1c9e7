/**
 * Hand a link to the running client, or become the running client.
 *
 *   deno run --allow-read --allow-write --allow-net=127.0.0.1 --allow-env --allow-sys=uid \
 *     deeplink/cli.ts [--data-dir DIR] ['irc://host/#chan' | 'jsr:@scope/name']
 *
 * - An invalid link: prints the IrcUrlError to stderr, exits 2.
 * - A live instance accepts the link: exits 0.
 * - No live instance: becomes it. Frontend events (the link given, then every handed-off
 *   link) are printed to stdout, one JSON frame per line, until SIGINT or SIGTERM.
 *
 * `deno task run` does the same with its web page as the frontend; this one is for scripts
 * and for testing the handoff between processes without a client.
 *
 * @module
 */
import { databasePath, NetworkStore, resolveDataDir } from "../storage/mod.ts";
import { parseArgs } from "node:util";
import { launchWithLink } from "./launch.ts";
import { FrontendEvents } from "./frontend_events.ts";
import { createInProcessTransport } from "./frontend_transport.ts";
import { DeepLinkHandler } from "./deep_link_handler.ts";
import { listenForLinks } from "./single_instance.ts";
import { errorMessage } from "../common/mod.ts";

const USAGE = "Usage: cli.ts [--data-dir DIR] [irc://host/#channel | jsr:@scope/name[@range]]";

async function main(args: string[]): Promise<number> {
  let values: { "data-dir"?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      options: { "data-dir": { type: "string" }, help: { type: "boolean", short: "h" } },
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
  const dataDir = resolveDataDir(values["data-dir"]);
  const raw = positionals[0];

  if (raw !== undefined) {
    const decision = await launchWithLink(dataDir, raw);
    if ("exit" in decision) return decision.exit;
    console.error(`No running instance (${decision.reason}); starting one`);
  }

  // Become the instance. The "frontend" here is stdout, one frame per line.
  await Deno.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const store = new NetworkStore(databasePath(dataDir));
  const transport = createInProcessTransport();
  const frontend = new FrontendEvents({ transport });
  const handler = new DeepLinkHandler({ store, frontend });
  const listener = await listenForLinks({
    dataDir,
    onLink: (link) => handler.handle(link),
    onError: (error) => console.error(`deeplink listener: ${error.message}`),
  });
  if (raw !== undefined) handler.handle(raw); // queued: the frontend is not ready yet
  const stopPrinting = transport.listen((frame) => console.log(frame));
  handler.ready();
  console.error(`Listening for links on 127.0.0.1:${listener.port} (data dir ${dataDir})`);

  const { promise: stopped, resolve: stop } = Promise.withResolvers<void>();
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  await stopped;
  Deno.removeSignalListener("SIGINT", stop);
  Deno.removeSignalListener("SIGTERM", stop);
  await listener.close();
  stopPrinting();
  frontend.close();
  store.close();
  return 0;
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
