/**
 * A child process for the kill -9 test: floods a bus with messages into the store at the
 * path given, and after each flush prints the number of lines the store acknowledged
 * (`acked N`). It runs until killed.
 */
import { createEvent, EventBus } from "../../bus/mod.ts";
import { MessageStore } from "../../history/mod.ts";

const path = Deno.args[0];
const bus = new EventBus();
const store = MessageStore.open(path);
store.attach(bus);
const encoder = new TextEncoder();
for (let i = 0;; i++) {
  const event = createEvent(
    "message.received",
    {
      networkId: 1,
      channel: "#flood",
      user: "flooder",
      message: `line ${i}`,
      timestamp: 0,
    },
    "irc",
    new Date(1_700_000_000_000 + i),
  );
  if (!bus.tryEmit(event)) await bus.emit(event);
  if (i % 1000 === 999) {
    await bus.emitSync(createEvent("ui.pane.focused", {
      networkId: 1,
      type: "channel",
      name: "#flood",
    }, "ui"));
    await store.flush();
    Deno.stdout.writeSync(encoder.encode(`acked ${i + 1}\n`));
  }
}
