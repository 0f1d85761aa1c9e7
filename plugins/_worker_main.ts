/**
 * The Worker entry: runs the plugin runtime over the Worker's message port.
 *
 * @module
 */
import { startRuntime } from "./_runtime.ts";

const scope = globalThis as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
};

startRuntime({
  post: (message) => scope.postMessage(message),
  onMessage(handler) {
    scope.onmessage = (event) => handler(event.data);
  },
  close: () => scope.close(),
});
