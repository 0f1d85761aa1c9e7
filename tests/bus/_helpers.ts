import {
  type AnyBusEvent,
  createEvent,
  EventBus,
  type EventBusOptions,
  EventSourceIRC,
} from "../../bus/mod.ts";

/** A `message.received` event whose message is `text`, for order checks. */
export function message(text: string): AnyBusEvent {
  return createEvent("message.received", {
    networkId: 1,
    channel: "#test",
    user: "alice",
    message: text,
    timestamp: 0,
  }, EventSourceIRC);
}

/** A `user.meta` snapshot for `nickname`. */
export function meta(nickname: string, away: boolean): AnyBusEvent {
  return createEvent("user.meta", { networkId: 1, nickname, away }, EventSourceIRC);
}

/** Describes an event for assertions: the message text, or `nick:away` for user.meta. */
export function label(event: AnyBusEvent): string {
  if (event.type === "message.received") return event.data.message;
  if (event.type === "user.meta") return `${event.data.nickname}:${event.data.away}`;
  return event.type;
}

/** A promise with its resolver, to hold a subscriber until the test releases it. */
export function gate(): { promise: Promise<void>; open: () => void } {
  const { promise, resolve } = Promise.withResolvers<void>();
  return { promise, open: () => resolve() };
}

/**
 * Lets every queued microtask and one timer turn run. The dispatcher works in microtasks,
 * so after this anything it could deliver without waiting on a subscriber is delivered.
 */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A bus whose dispatcher is held inside the subscriber of a first event, "hold", until
 * `release()`. `seen` logs every delivery by {@linkcode label}.
 */
export async function heldBus(options: EventBusOptions = {}) {
  const bus = new EventBus(options);
  const held = gate();
  const started = gate();
  const seen: string[] = [];
  bus.subscribe("*", async (event) => {
    seen.push(label(event));
    if (label(event) === "hold") {
      started.open();
      await held.promise;
    }
  });
  await bus.emit(message("hold"));
  await started.promise;
  return { bus, seen, release: held.open };
}
