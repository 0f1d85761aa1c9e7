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

// Taken before the plugin loads: one that replaces `postMessage` afterwards (to drop its
// runtime's reports of its denied attempts) does not reach the runtime's channel.
const postMessage = scope.postMessage.bind(scope);

startRuntime({
  post: (message) => postMessage(message),
  onMessage(handler) {
    scope.onmessage = (event) => handler(event.data);
  },
  close: () => scope.close(),
});
