/** Bus events with the times the history tests give them. */
import { createEvent, type EventBus, type EventMap, type EventType } from "../../bus/mod.ts";

/** Emits an IRC event dated `time`, resolving once every subscriber has seen it. */
export function emit<T extends EventType>(
  bus: EventBus,
  type: T,
  data: EventMap[T],
  time: number,
): Promise<void> {
  return bus.emitSync(createEvent(type, data, "irc", new Date(time)));
}

/** An emitter dating the first event `start` and each next one `step` ms after it. */
export function timeline(bus: EventBus, start: number, step = 1) {
  let time = start;
  return <T extends EventType>(type: T, data: EventMap[T]): Promise<void> => {
    const at = time;
    time += step;
    return emit(bus, type, data, at);
  };
}
