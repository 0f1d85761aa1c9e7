/**
 * The subprocess entry: runs the plugin runtime over length-prefixed frames on its own stdin
 * (from the host) and stdout (to the host). The channel needs no permission and no port, so a
 * plugin granted no `net` has no socket at all. Console output is turned into log messages
 * so the host can attribute it.
 *
 * @module
 */
import { FrameWriter, syncWriterSink } from "./_frame_writer.ts";
import { type PluginMessage, readFrameGroups } from "./_protocol.ts";
import { startRuntime } from "./_runtime.ts";

// Taken before the plugin loads: a plugin can import this module again (its folder is
// readable to it) or replace the stdio methods, which must not reach the runtime's channel.
const stdin = Deno.stdin;
const read = stdin.read.bind(stdin);
const readSync = stdin.readSync.bind(stdin);
const writer = new FrameWriter(syncWriterSink(Deno.stdout));
const write = writer.write.bind(writer);
function post(message: PluginMessage): void {
  write(message);
}

for (const level of ["debug", "info", "warn", "error"] as const) {
  console[level] = (...args: unknown[]) =>
    post({ kind: "log", level, message: args.map(String).join(" ").slice(0, 65_536) });
}
console.log = console.info;
// Stdout is the channel: what the plugin writes to it directly becomes log lines, every byte
// of it (so its volume still counts against the flood limits), rather than bytes that would
// break the framing.
const LOG_PIECE = 65_536;
const decoder = new TextDecoder();
const asLog = (bytes: Uint8Array) => {
  for (let at = 0; at < bytes.length; at += LOG_PIECE) {
    const piece = bytes.subarray(at, at + LOG_PIECE);
    const text = decoder.decode(piece, { stream: true });
    // A line written whole is logged as that line, as console.log's would be.
    post({ kind: "log", level: "info", message: text.endsWith("\n") ? text.slice(0, -1) : text });
  }
  return bytes.length;
};
Object.defineProperties(Deno.stdout, {
  write: { value: (bytes: Uint8Array) => Promise.resolve(asLog(bytes)) },
  writeSync: { value: asLog },
  writable: { get: () => new WritableStream<Uint8Array>({ write: (bytes) => void asLog(bytes) }) },
});

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
  for await (const group of readFrameGroups({ read, readSync })) {
    for (const message of group) handler?.(message);
  }
} catch {
  // The host closed the channel or sent garbage: nothing left to serve.
}
await writer.flushed();
Deno.exit(0);
