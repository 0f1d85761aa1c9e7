/**
 * The subprocess entry: connects to the host's loopback channel given in its arguments,
 * presents its launch token, and runs the plugin runtime over length-prefixed frames. Stdin
 * is closed. Console output is turned into log messages so the host can attribute it.
 *
 * @module
 */
import { connSink, FrameWriter } from "./_frame_writer.ts";
import { type PluginMessage, readFrameGroups } from "./_protocol.ts";
import { startRuntime } from "./_runtime.ts";

const [channel = "", token = ""] = Deno.args;
const [hostname, port] = channel.split(":");
const connection = await Deno.connect({ hostname, port: Number(port) });
// Acknowledgements are tiny: sent at once, not held back waiting for more to send.
connection.setNoDelay(true);
// The launch token comes first, as raw bytes: the host answers no connection without it.
const sink = connSink(connection);
await sink(new TextEncoder().encode(token));
const writer = new FrameWriter(sink);
// Taken before the plugin loads: a plugin can import this module again (its folder is
// readable to it) and replace the method, which must not reach the runtime's channel.
const write = writer.write.bind(writer);
function post(message: PluginMessage): void {
  write(message);
}

for (const level of ["debug", "info", "warn", "error"] as const) {
  console[level] = (...args: unknown[]) =>
    post({ kind: "log", level, message: args.map(String).join(" ").slice(0, 65_536) });
}
console.log = console.info;

let handler: ((message: unknown) => void) | undefined;
startRuntime({
  post,
  onMessage(fn) {
    handler = fn;
  },
  close: () => Deno.exit(0),
});

try {
  // Every frame of a read is handed over before any runs: batches that arrived together are
  // acknowledged together.
  for await (const group of readFrameGroups(connection)) {
    for (const message of group) handler?.(message);
  }
} catch {
  // The host closed the channel or sent garbage: nothing left to serve.
}
await writer.flushed();
Deno.exit(0);
