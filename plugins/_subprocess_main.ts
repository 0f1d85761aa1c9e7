/**
 * The subprocess entry: runs the plugin runtime over length-prefixed frames on
 * stdin/stdout. Console output is turned into log messages so it cannot corrupt the frames.
 *
 * @module
 */
import { encodeFrame, type PluginMessage, readFrames } from "./_protocol.ts";
import { startRuntime } from "./_runtime.ts";

const writer = Deno.stdout.writable.getWriter();
let writing: Promise<void> = Promise.resolve();
function post(message: PluginMessage): void {
  const frame = encodeFrame(message);
  writing = writing.then(() => writer.write(frame)).catch(() => {});
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
  for await (const message of readFrames(Deno.stdin.readable)) handler?.(message);
} catch {
  // The host closed the pipe or sent garbage: nothing left to serve.
}
await writing;
Deno.exit(0);
