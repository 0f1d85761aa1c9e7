// sources sha256:ea1e612e5b098dccb2ee2c579e5df307622b11fa9d9ec13d08a5c9851d167684
// files: bus/_snapshot_lane.ts bus/debounce.ts bus/errors.ts bus/event_bus.ts bus/events.ts bus/metadata_coalescer.ts bus/mod.ts client/_autojoin.ts client/_launch_entry.ts client/_parts.ts client/_web_token.ts client/client_app.ts client/ledger_page.ts client/mod.ts client/network_manager.ts client/open_browser.ts client/page_actions.ts client/page_bundle.ts client/page_hub.ts client/server_bundle.ts client/shutdown.ts client/terminal.ts client/ui_state.ts client/web_server.ts common/data_dir.ts common/error_message.ts common/mod.ts common/prebuilt_bundle.ts common/queue.ts common/read_small_file.ts core/casemapping.d.ts core/casemapping.js core/commands.d.ts core/commands.js core/deeplink_payloads.d.ts core/deeplink_payloads.js core/event_text.d.ts core/event_text.js core/jsr_specifier.d.ts core/jsr_specifier.js core/membership.d.ts core/membership.js core/mod.ts core/network_form.d.ts core/network_form.js core/protocol.d.ts core/protocol.js core/shape.d.ts core/shape.js core/stored_line.ts core/visible_text.d.ts core/visible_text.js deeplink/_syntax.ts deeplink/deep_link_handler.ts deeplink/deeplink_events.ts deeplink/format_irc_url.ts deeplink/frontend_events.ts deeplink/frontend_transport.ts deeplink/irc_link.ts deeplink/jsr_link.ts deeplink/launch.ts deeplink/link_door.ts deeplink/mod.ts deeplink/parse_irc_url.ts deeplink/single_instance.ts deno.json deps/irc_framework.ts deps/irc_framework_client.ts history/_buffer_ids.ts history/_event_lines.ts history/_fingerprint.ts history/_history_query.ts history/_line_writer.ts history/_reactions.ts history/_read_markers.ts history/_retention.ts history/_schema.ts history/_search_indexer.ts history/_search_text.ts history/_store_file.ts history/_transaction.ts history/errors.ts history/export_cli.ts history/export_logs.ts history/log_line.ts history/message_store.ts history/mod.ts irc/_batches.ts irc/_channel_info.ts irc/_channel_list.ts irc/_channel_list_requests.ts irc/_channels.ts irc/_ctcp.ts irc/_format_line.ts irc/_framework.ts irc/_global_clock.ts irc/_history.ts irc/_isupport.ts irc/_labels.ts irc/_line_context.ts irc/_line_dispatch.ts irc/_line_parser.ts irc/_line_splitter.ts irc/_line_table.ts irc/_link_end.ts irc/_membership.ts irc/_message_ids.ts irc/_messages.ts irc/_monitor.ts irc/_motd.ts irc/_multiline.ts irc/_nick_regain.ts irc/_paced_queue.ts irc/_react.ts irc/_read_gate.ts irc/_read_marker.ts irc/_read_markers.ts irc/_redaction.ts irc/_registration.ts irc/_registration_reader.ts irc/_reply.ts irc/_roster.ts irc/_sasl_scram.ts irc/_server_errors.ts irc/_session.ts irc/_session_hooks.ts irc/_standard_replies.ts irc/_stringprep_tables.ts irc/_sts.ts irc/_tagmsg.ts irc/_tags.ts irc/_transport.ts irc/_typing.ts irc/_user_meta.ts irc/_whois.ts irc/_whois_collector.ts irc/_whois_requests.ts irc/_worker.ts irc/errors.ts irc/irc_client.ts irc/mod.ts irc/saslprep.ts irc/scram.ts irc/types.ts net/_bounded_listener.ts net/_http_head.ts net/_write_all.ts net/host.ts net/irc_url_error.ts net/line.ts net/mod.ts net/serve.ts net/show.ts net/token.ts net/websocket.ts plugins/_activity.ts plugins/_activity_report.ts plugins/_audit_log.ts plugins/_broker.ts plugins/_broker_line.ts plugins/_broker_thread.ts plugins/_broker_thread_messages.ts plugins/_builtins.ts plugins/_call_check.ts plugins/_capability_calls.ts plugins/_cgroup.ts plugins/_commands.ts plugins/_consent.ts plugins/_containment.ts plugins/_cpu_quota.ts plugins/_delivery.ts plugins/_disk_quota.ts plugins/_endpoint.ts plugins/_flood.ts plugins/_frame_writer.ts plugins/_grant_item.ts plugins/_install.ts plugins/_json_bounds.ts plugins/_jsr.ts plugins/_jsr_install.ts plugins/_jsr_pin.ts plugins/_launch.ts plugins/_mailbox.ts plugins/_permission_policy.ts plugins/_pinned_copy.ts plugins/_plugin_dirs.ts plugins/_preview.ts plugins/_process_tree.ts plugins/_protocol.ts plugins/_running_plugin.ts plugins/_sandbox.ts plugins/_sdk_range.ts plugins/_settle_all.ts plugins/_store.ts plugins/_unix_ffi.ts plugins/_watch.ts plugins/errors.ts plugins/grant.ts plugins/host.ts plugins/jsr.ts plugins/manifest.ts plugins/mod.ts plugins/scope.ts plugins/types.ts storage/client_database.ts storage/data_dir.ts storage/database.ts storage/mod.ts storage/network_store.ts storage/plugin_tables.ts
// @ts-nocheck
// Made by deno task bundle-server from client/_launch_entry.ts and its modules: edit the sources, not this file.
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __esm = (fn, res) => function __init() {
  return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __reExport = (target, mod, secondTarget) => (__copyProps(target, mod, "default"), secondTarget && __copyProps(secondTarget, mod, "default"));

// bus/events.ts
function createEvent(type, data, source, timestamp = /* @__PURE__ */ new Date()) {
  return {
    type,
    data,
    timestamp,
    source
  };
}
var EventSourceUI, EventSourceSystem;
var init_events = __esm({
  "bus/events.ts": (function () {
    EventSourceUI = "ui";
    EventSourceSystem = "system";
  })
});

// bus/errors.ts
var BusClosedError, EmitAbortedError;
var init_errors = __esm({
  "bus/errors.ts": (function () {
    BusClosedError = class extends Error {
      /** The event that was not sent. */
      event;
      /** Builds the error for the event that could not be sent. */
      constructor(event) {
        super(`Cannot emit event: the bus is closed (type: ${event.type})`);
        this.name = "BusClosedError";
        this.event = event;
      }
    };
    EmitAbortedError = class extends Error {
      /** The event that was not enqueued. */
      event;
      /** Builds the error for the event whose wait was aborted. */
      constructor(event, reason) {
        super(`Cannot emit event: the wait for queue space was aborted (type: ${event.type})`, {
          cause: reason
        });
        this.name = "EmitAbortedError";
        this.event = event;
      }
    };
  })
});

// bus/_snapshot_lane.ts
var SnapshotLane;
var init_snapshot_lane = __esm({
  "bus/_snapshot_lane.ts": (function () {
    SnapshotLane = class {
      #events = /* @__PURE__ */ new Map();
      #cursor;
      #taken = 0;
      /** How many keys wait to be taken. */
      get pending() {
        return this.#events.size - this.#taken;
      }
      /**
       * Records `event` as the latest for `key`: it replaces a pending one in place, or it
       * waits behind every pending key.
       */
      set(key, event) {
        if (this.#taken > 0) this.#forgetTaken();
        this.#events.set(key, event);
      }
      /** Takes the oldest pending event; only while `pending > 0`. */
      take() {
        this.#cursor ??= this.#events.values();
        const event = this.#cursor.next().value;
        if (++this.#taken === this.#events.size) this.clear();
        return event;
      }
      /** Drops every pending event. */
      clear() {
        this.#events = /* @__PURE__ */ new Map();
        this.#cursor = void 0;
        this.#taken = 0;
      }
      /** Deletes the delivered entries; the cursor goes on from where it is. */
      #forgetTaken() {
        const keys = this.#events.keys();
        for (; this.#taken > 0; this.#taken--) this.#events.delete(keys.next().value);
      }
    };
  })
});

// bus/event_bus.ts
import { setImmediate } from "node:timers";
import { Queue } from "../common/mod.ts";
function eventOf(item) {
  return item instanceof SyncItem ? item.event : item;
}
function toEntry(subscriber) {
  if (typeof subscriber === "function") {
    const call = subscriber;
    return {
      subscriber,
      handler: void 0,
      call,
      active: true
    };
  }
  if (isHandler(subscriber)) {
    return {
      subscriber,
      handler: subscriber,
      call: void 0,
      active: true
    };
  }
  throw new TypeError(`Cannot subscribe: the subscriber must be a function or have an onEvent method, got ${typeof subscriber}`);
}
function isHandler(value) {
  return typeof value?.onEvent === "function";
}
function checkSubscriptionType(type) {
  if (typeof type !== "string" || type === "") {
    throw new TypeError(`Cannot subscribe: the event type must be a non-empty string, got ${JSON.stringify(type)}`);
  }
}
function eventError(event) {
  const type = event?.type;
  if (typeof type !== "string" || type === "") {
    return new TypeError(`Cannot emit event: it has no type, got ${JSON.stringify(type)}`);
  }
  if (type === "*") {
    return new TypeError(`Cannot emit event: "*" only subscribes to every event, got "*"`);
  }
  return void 0;
}
function positiveInteger(value, name) {
  if (!Number.isInteger(value) || value < 1) {
    throw new TypeError(`Cannot create EventBus: ${name} must be a positive integer, got ${value}`);
  }
  return value;
}
function optionalFunction(value, name) {
  if (value !== void 0 && typeof value !== "function") {
    throw new TypeError(`Cannot create EventBus: ${name} must be a function, got ${typeof value}`);
  }
  return value;
}
function isThenable(value) {
  return typeof value?.then === "function";
}
function subscriberName(subscriber) {
  if (typeof subscriber === "function") return subscriber.name || "anonymous function";
  const named = subscriber.name;
  if (typeof named === "string" && named !== "") return named;
  return subscriber.constructor?.name ?? "anonymous subscriber";
}
function logSubscriberError(error, event, subscriber) {
  console.error(`Subscriber ${subscriberName(subscriber)} failed on event ${event.type}:`, error);
}
var SyncItem, NO_ENTRIES, ACCEPTED, SLICE_MS, FIRST_STRIDE, MAX_STRIDE, EventBus;
var init_event_bus = __esm({
  "bus/event_bus.ts": (function () {
    init_snapshot_lane();
    init_errors();
    SyncItem = class {
      event;
      done;
      constructor(event, done) {
        this.event = event;
        this.done = done;
      }
    };
    NO_ENTRIES = Object.freeze([]);
    ACCEPTED = Promise.resolve();
    SLICE_MS = 4;
    FIRST_STRIDE = 64;
    MAX_STRIDE = 256;
    EventBus = class {
      #capacity;
      #snapshotEvery;
      #onSubscriberError;
      #now;
      #lists = /* @__PURE__ */ new Map();
      #wildcard = NO_ENTRIES;
      // Each type's subscribers followed by the wildcard ones, rebuilt after any (un)subscribe.
      #routes = /* @__PURE__ */ new Map();
      #lastType = "";
      #lastRoute = NO_ENTRIES;
      #queue = new Queue();
      #snapshots = new SnapshotLane();
      #waiters = new Queue();
      #waiting = 0;
      /**
       * Ordered deliveries since the last snapshot delivery, counted only while a snapshot is
       * pending; so it is 0 whenever none is, and a new snapshot waits behind at most
       * `snapshotEvery` ordered deliveries without `emitLatest` reading the count.
       */
      #sinceSnapshot = 0;
      /**
       * No snapshot is pending and no emitter waits: the dispatcher only shifts the ordered queue.
       * Cleared where either begins, set again by the dispatcher once both have ended; one check
       * per event where reading both was two (the snapshot count is a Map's size less a count).
       */
      #orderedOnly = true;
      #scheduled = false;
      #running = false;
      /** The dispatcher gave a turn to timers and I/O (`setImmediate`); nothing is being delivered. */
      #parked = false;
      /** Deliveries left before the next look at the clock. */
      #clockIn = FIRST_STRIDE;
      #stride = FIRST_STRIDE;
      #lastLook = 0;
      #sliceStart = -1;
      #inCallback = false;
      #closed = false;
      #closing;
      /** Resolves `close()` once the dispatcher stops; set only while closing. */
      #onIdle;
      #delivered = 0;
      #subscriberErrors = 0;
      /** Creates a bus; see {@linkcode EventBusOptions} for the defaults. */
      constructor(options = {}) {
        this.#capacity = positiveInteger(options.capacity ?? 1024, "capacity");
        this.#snapshotEvery = positiveInteger(options.snapshotEvery ?? 64, "snapshotEvery");
        this.#onSubscriberError = optionalFunction(options.onSubscriberError, "onSubscriberError") ?? logSubscriberError;
        this.#now = optionalFunction(options.now, "now") ?? (() => performance.now());
      }
      /**
       * Registers a subscriber for one event type, or for `"*"` (every event).
       *
       * For each event, the type's subscribers are called in subscription order, then the
       * `"*"` subscribers. Returns a function that removes this subscription.
       *
       * @example
       * ```ts
       * import { EventBus } from "../mod.ts";
       * const bus = new EventBus();
       * const off = bus.subscribe("message.received", (event) => console.log(event.data.message));
       * off();
       * await bus.close();
       * ```
       */
      subscribe(type, subscriber) {
        checkSubscriptionType(type);
        const entry = toEntry(subscriber);
        this.#setList(type, [
          ...this.#list(type),
          entry
        ]);
        const off = () => this.#remove(type, (candidate) => candidate === entry);
        return Object.assign(off, {
          [Symbol.dispose]: off
        });
      }
      /**
       * Removes every subscription of `subscriber` to `type`; a no-op when there is none.
       *
       * @example
       * ```ts
       * import { EventBus, type SubscriberFunction } from "../mod.ts";
       * const bus = new EventBus();
       * const onQuit: SubscriberFunction<"user.quit"> = () => {};
       * bus.subscribe("user.quit", onQuit);
       * bus.unsubscribe("user.quit", onQuit);
       * await bus.close();
       * ```
       */
      unsubscribe(type, subscriber) {
        this.#remove(type, (entry) => entry.subscriber === subscriber);
      }
      /**
       * Queues an event on the ordered lane. Resolves once it is accepted onto the queue.
       *
       * While the lane is full, the call waits (backpressure); waiting emitters are admitted in
       * call order. Aborting `signal` ends the wait with an {@linkcode EmitAbortedError} and the
       * event is not enqueued. A closed bus rejects with a {@linkcode BusClosedError}.
       *
       * @example
       * ```ts
       * import { createEvent, EventBus } from "../mod.ts";
       * const bus = new EventBus();
       * await bus.emit(createEvent("connection.lost", { networkId: 1, error: "EOF" }, "irc"));
       * await bus.close();
       * ```
       */
      emit(event, options) {
        const any = event;
        const invalid = eventError(any);
        if (invalid) return Promise.reject(invalid);
        if (options === void 0 && this.#accept(any)) return ACCEPTED;
        return this.#enqueue(any, options?.signal);
      }
      /**
       * The ordered lane's fast path: queues `event` and returns `true` when the lane has room,
       * without a promise or a microtask turn. Returns `false` when it cannot take the event now
       * (the lane is full, `emit` calls are waiting ahead, or the bus is closed); the event is then
       * not queued, and the caller awaits {@linkcode EventBus.prototype.emit} with it, which waits
       * for room or rejects with the reason. Order is kept with `emit` and `emitSync`. A malformed
       * event throws a `TypeError`.
       *
       * @example A producer that awaits only when it must wait
       * ```ts
       * import { createEvent, EventBus } from "../mod.ts";
       * const bus = new EventBus({ capacity: 2 });
       * let count = 0;
       * bus.subscribe("message.received", () => {
       *   count++;
       * });
       * for (let i = 0; i < 10; i++) {
       *   const event = createEvent("message.received", {
       *     networkId: 1,
       *     channel: "#deno",
       *     user: "alice",
       *     message: `line ${i}`,
       *     timestamp: 1700000000 + i,
       *   }, "irc");
       *   if (!bus.tryEmit(event)) await bus.emit(event);
       * }
       * await bus.close();
       * console.log(count); // 10
       * ```
       */
      tryEmit(event) {
        const any = event;
        const invalid = eventError(any);
        if (invalid) throw invalid;
        return this.#accept(any);
      }
      /**
       * Publishes replaceable state on the snapshot lane. Never blocks and never throws on a
       * busy bus: while the dispatcher is busy, a later event with the same key replaces the
       * pending one, which keeps the position of the first pending write.
       *
       * Ordered events go first, but a pending snapshot is delivered at least every
       * `snapshotEvery` ordered events. A no-op once the bus is closed.
       *
       * @example Two emits collapse into one delivery
       * ```ts
       * import { createEvent, EventBus } from "../mod.ts";
       * const bus = new EventBus();
       * const away: boolean[] = [];
       * bus.subscribe("user.meta", (event) => {
       *   away.push(event.data.away);
       * });
       * const meta = (isAway: boolean) =>
       *   createEvent("user.meta", { networkId: 1, nickname: "alice", away: isAway }, "irc");
       * bus.emitLatest("user.meta:1:alice", meta(true));
       * bus.emitLatest("user.meta:1:alice", meta(false));
       * await bus.close();
       * console.log(away); // [false]
       * ```
       */
      emitLatest(key, event) {
        if (typeof key !== "string" || key.length === 0) {
          throw new TypeError(`Cannot emit snapshot: the key must be a non-empty string, got ${JSON.stringify(key)}`);
        }
        const invalid = eventError(event);
        if (invalid) throw invalid;
        if (this.#closed) return;
        this.#snapshots.set(key, event);
        this.#orderedOnly = false;
        if (this.#parked) this.#wake();
        else if (!this.#scheduled && !this.#running) this.#schedule();
      }
      /**
       * Queues an event on the ordered lane and resolves once every subscriber has processed it.
       *
       * It keeps emission order with `emit`. Called synchronously from inside a subscriber it
       * rejects, because it would wait for its own delivery; a subscriber should `emit` instead.
       *
       * @example
       * ```ts
       * import { createEvent, EventBus } from "../mod.ts";
       * const bus = new EventBus();
       * let count = 0;
       * bus.subscribe("sasl.success", () => {
       *   count++;
       * });
       * await bus.emitSync(createEvent("sasl.success", { networkId: 1 }, "irc"));
       * console.log(count); // 1
       * await bus.close();
       * ```
       */
      emitSync(event, options) {
        const any = event;
        const invalid = eventError(any);
        if (invalid) return Promise.reject(invalid);
        if (this.#inCallback && !this.#closed) {
          return Promise.reject(new Error(`Cannot emitSync from inside a subscriber: it would wait for its own delivery (type: ${any.type})`));
        }
        return new Promise((resolve3, reject) => {
          const item = new SyncItem(any, resolve3);
          if (options === void 0 && this.#accept(item)) return;
          this.#enqueue(item, options?.signal).catch(reject);
        });
      }
      /**
       * Stops accepting events and resolves once every accepted ordered event is delivered.
       *
       * Pending snapshots are dropped (they are replaceable state) and waiting emitters reject
       * with a {@linkcode BusClosedError}. Calling it again returns the same promise.
       *
       * @example
       * ```ts
       * import { EventBus } from "../mod.ts";
       * const bus = new EventBus();
       * await bus.close();
       * await bus.close(); // idempotent
       * ```
       */
      close() {
        if (this.#closing) return this.#closing;
        this.#closed = true;
        this.#snapshots.clear();
        for (const waiter of this.#waiters.drain()) {
          if (waiter.cancelled) continue;
          this.#settle(waiter);
          waiter.reject(new BusClosedError(eventOf(waiter.item)));
        }
        this.#closing = this.#isIdle() ? Promise.resolve() : new Promise((resolve3) => {
          this.#onIdle = resolve3;
        });
        return this.#closing;
      }
      /** Closes the bus: `await using bus = new EventBus()`. */
      [Symbol.asyncDispose]() {
        return this.close();
      }
      /**
       * Counters for the bus right now.
       *
       * @example
       * ```ts
       * import { createEvent, EventBus } from "../mod.ts";
       * const bus = new EventBus();
       * await bus.emitSync(createEvent("sasl.aborted", { networkId: 1 }, "irc"));
       * console.log(bus.stats().delivered); // 1
       * await bus.close();
       * ```
       */
      stats() {
        return {
          queued: this.#queue.length,
          snapshotsPending: this.#snapshots.pending,
          delivered: this.#delivered,
          subscriberErrors: this.#subscriberErrors,
          waitingEmitters: this.#waiting
        };
      }
      #list(type) {
        return type === "*" ? this.#wildcard : this.#lists.get(type) ?? NO_ENTRIES;
      }
      // Lists are replaced, never mutated: a delivery in progress keeps iterating its own copy.
      #setList(type, list2) {
        if (type === "*") this.#wildcard = list2;
        else if (list2.length === 0) this.#lists.delete(type);
        else this.#lists.set(type, list2);
        this.#routes.clear();
        this.#lastType = "";
      }
      #route(type) {
        if (type === this.#lastType) return this.#lastRoute;
        let route = this.#routes.get(type);
        if (route === void 0) {
          route = [
            ...this.#lists.get(type) ?? NO_ENTRIES,
            ...this.#wildcard
          ];
          this.#routes.set(type, route);
        }
        this.#lastType = type;
        this.#lastRoute = route;
        return route;
      }
      #remove(type, match) {
        const list2 = this.#list(type);
        if (!list2.some(match)) return;
        const kept = [];
        for (const entry of list2) {
          if (match(entry)) entry.active = false;
          else kept.push(entry);
        }
        this.#setList(type, kept);
      }
      /** Queues an ordered item when the lane has room and nobody waits ahead of it. */
      #accept(item) {
        const queue = this.#queue;
        if (this.#waiting > 0 || this.#closed || queue.length >= this.#capacity) return false;
        queue.push(item);
        if (!this.#scheduled && !this.#running) this.#schedule();
        return true;
      }
      #enqueue(item, signal2) {
        if (this.#closed) return Promise.reject(new BusClosedError(eventOf(item)));
        if (signal2?.aborted) return Promise.reject(new EmitAbortedError(eventOf(item), signal2.reason));
        if (this.#waiting === 0 && this.#queue.length < this.#capacity) {
          this.#queue.push(item);
          this.#schedule();
          return ACCEPTED;
        }
        return new Promise((resolve3, reject) => {
          const waiter = {
            item,
            resolve: resolve3,
            reject,
            signal: signal2,
            cancelled: false
          };
          if (signal2) {
            waiter.onAbort = () => {
              this.#settle(waiter);
              reject(new EmitAbortedError(eventOf(item), signal2.reason));
            };
            signal2.addEventListener("abort", waiter.onAbort, {
              once: true
            });
          }
          this.#waiters.push(waiter);
          this.#waiting++;
          this.#orderedOnly = false;
        });
      }
      /** Takes a waiter out of the count and detaches its abort listener. */
      #settle(waiter) {
        waiter.cancelled = true;
        this.#waiting--;
        if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort);
      }
      #admit() {
        while (this.#waiting > 0 && this.#queue.length < this.#capacity) {
          const waiter = this.#waiters.shift();
          if (waiter.cancelled) continue;
          this.#settle(waiter);
          this.#queue.push(waiter.item);
          waiter.resolve();
        }
      }
      #schedule() {
        if (this.#scheduled || this.#running) return;
        this.#scheduled = true;
        queueMicrotask(this.#start);
      }
      #start = () => {
        this.#scheduled = false;
        this.#running = true;
        this.#loop();
      };
      /**
       * A turn for timers and I/O came since the slice began: the next slice starts afresh, with
       * the first stride (the dispatcher is not running here, so the countdown is in its field).
       */
      #turned = () => {
        this.#sliceStart = -1;
        this.#stride = FIRST_STRIDE;
        if (this.#clockIn > FIRST_STRIDE) this.#clockIn = FIRST_STRIDE;
      };
      /** Ends a turn given to timers and I/O early, in a microtask; its `setImmediate` is dropped. */
      #wake() {
        this.#parked = false;
        this.#running = false;
        this.#schedule();
      }
      #unpark = () => {
        if (!this.#parked) return;
        this.#parked = false;
        this.#loop();
      };
      /**
       * Delivers until the lanes are empty. It runs synchronously while subscribers do, and
       * resumes itself after an async subscriber settles or after a turn given to timers and I/O.
       */
      #loop = () => {
        const queue = this.#queue;
        let clockIn = this.#clockIn;
        this.#inCallback = true;
        for (; ; ) {
          let pending;
          if (this.#orderedOnly) {
            const item = queue.shift();
            if (item === void 0) break;
            pending = this.#deliverItem(item);
          } else {
            const snapshots = this.#snapshots.pending;
            if (snapshots > 0 && (queue.length === 0 || this.#sinceSnapshot >= this.#snapshotEvery)) {
              this.#sinceSnapshot = 0;
              this.#orderedOnly = snapshots === 1 && this.#waiting === 0;
              pending = this.#deliver(this.#snapshots.take());
            } else {
              const item = queue.shift();
              if (item === void 0) break;
              if (snapshots > 0) this.#sinceSnapshot++;
              if (this.#waiting > 0) this.#admit();
              this.#orderedOnly = snapshots === 0 && this.#waiting === 0;
              pending = this.#deliverItem(item);
            }
          }
          if (pending) {
            this.#clockIn = clockIn;
            this.#inCallback = false;
            pending.then(this.#loop);
            return;
          }
          if (--clockIn === 0) {
            const spent = this.#sliceSpent();
            clockIn = this.#stride;
            if (spent) {
              this.#clockIn = clockIn;
              this.#inCallback = false;
              this.#parked = true;
              setImmediate(this.#unpark);
              return;
            }
          }
        }
        this.#clockIn = clockIn;
        this.#inCallback = false;
        this.#running = false;
        this.#onIdle?.();
      };
      /**
       * Looks at the clock, every `#stride` deliveries: a flood must not starve timers and I/O.
       * Within a slice, the gap since the last look sets the next stride.
       */
      #sliceSpent() {
        const now = this.#now();
        if (this.#sliceStart < 0) {
          this.#sliceStart = now;
          setImmediate(this.#turned);
        } else {
          const gap = now - this.#lastLook;
          if (gap < SLICE_MS / 16) this.#stride = Math.min(this.#stride * 2, MAX_STRIDE);
          else if (gap > SLICE_MS / 4) this.#stride = Math.max(this.#stride >> 1, 1);
        }
        this.#lastLook = now;
        if (now - this.#sliceStart <= SLICE_MS) return false;
        this.#sliceStart = -1;
        return true;
      }
      #deliverItem(item) {
        return item instanceof SyncItem ? this.#deliverSync(item) : this.#deliver(item);
      }
      #deliverSync(item) {
        const pending = this.#deliver(item.event);
        if (pending) return pending.then(item.done);
        item.done();
        return void 0;
      }
      #isIdle() {
        return !this.#running && !this.#scheduled && this.#queue.length === 0;
      }
      #deliver(event) {
        this.#delivered++;
        return this.#deliverFrom(event, this.#route(event.type), 0);
      }
      /**
       * Calls the route's subscribers from index `from` on. It stays synchronous until a
       * subscriber returns a promise; then the rest follows once that promise settles.
       */
      #deliverFrom(event, route, from) {
        for (let i = from; i < route.length; i++) {
          const entry = route[i];
          if (!entry.active) continue;
          let result;
          try {
            result = entry.handler === void 0 ? entry.call(event) : entry.handler.onEvent(event);
          } catch (error) {
            this.#report(error, event, entry);
            continue;
          }
          if (result !== void 0 && isThenable(result)) return this.#after(result, event, route, i);
        }
        return void 0;
      }
      /** Waits for the async subscriber at `route[at]`, then delivers to the ones after it. */
      #after(result, event, route, at2) {
        const rest = () => this.#resume(event, route, at2 + 1);
        return Promise.resolve(result).then(rest, (error) => {
          this.#report(error, event, route[at2]);
          return rest();
        });
      }
      /** Goes on with a delivery after an async subscriber, with the re-entrancy guard raised. */
      #resume(event, route, from) {
        this.#inCallback = true;
        try {
          return this.#deliverFrom(event, route, from);
        } finally {
          this.#inCallback = false;
        }
      }
      #report(error, event, entry) {
        this.#subscriberErrors++;
        try {
          this.#onSubscriberError(error, event, entry.subscriber);
        } catch (handlerError) {
          console.error("onSubscriberError threw while reporting", error, handlerError);
        }
      }
    };
  })
});

// bus/debounce.ts
function debounce(fn, wait, options = {}) {
  const maxWait = options.maxWait ?? Infinity;
  checkDelay(wait, "wait");
  checkDelay(maxWait, "maxWait");
  let timer;
  let firstAt = 0;
  let args;
  const run = () => {
    const pendingArgs = args;
    cancel();
    if (pendingArgs) fn(...pendingArgs);
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = void 0;
    args = void 0;
  };
  const debounced = (...callArgs) => {
    const now = Date.now();
    if (!args) firstAt = now;
    args = callArgs;
    clearTimeout(timer);
    const delay = Math.min(wait, maxWait - (now - firstAt));
    timer = setTimeout(run, Math.max(0, delay));
  };
  return Object.defineProperties(debounced, {
    flush: {
      value: run
    },
    clear: {
      value: cancel
    },
    pending: {
      get: () => args !== void 0
    }
  });
}
function checkDelay(value, name) {
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) {
    throw new TypeError(`Cannot debounce: ${name} must be a non-negative number, got ${value}`);
  }
}
var init_debounce = __esm({
  "bus/debounce.ts": (function () {
  })
});

// bus/metadata_coalescer.ts
function createMetadataCoalescer(bus, options = {}) {
  const pending = /* @__PURE__ */ new Map();
  let closed = false;
  const publish = () => {
    schedule.clear();
    if (pending.size === 0) return Promise.resolve();
    const updates = [
      ...pending.values()
    ];
    pending.clear();
    const data = updates.length === 1 ? updates[0] : {
      updates
    };
    return bus.emit(createEvent("metadata.updated", data, EventSourceSystem));
  };
  const schedule = debounce(() => {
    publish().catch((error) => {
      console.error("Cannot publish metadata.updated: the bus refused it", error);
    });
  }, options.wait ?? 10, {
    maxWait: options.maxWait ?? 100
  });
  return {
    set(update) {
      if (closed) throw new Error(`Cannot set metadata: the coalescer is closed`);
      const clean = validUpdate(update);
      pending.set(metadataKey(clean), clean);
      schedule();
    },
    flush: publish,
    close() {
      closed = true;
      return publish();
    },
    get pending() {
      return pending.size;
    }
  };
}
function metadataKey(update) {
  return JSON.stringify([
    update.network_id ?? null,
    update.channel ?? null,
    update.type,
    update.key
  ]);
}
function validUpdate(update) {
  if (typeof update !== "object" || update === null) {
    throw new TypeError(`Cannot set metadata: the update must be an object, got ${update}`);
  }
  const { type, key, value, network_id, channel } = update;
  if (typeof type !== "string" || type === "") {
    throw new TypeError(`Cannot set metadata: type must be a non-empty string, got ${JSON.stringify(type)}`);
  }
  if (typeof key !== "string" || key === "") {
    throw new TypeError(`Cannot set metadata: key must be a non-empty string, got ${JSON.stringify(key)}`);
  }
  if (network_id !== void 0 && !(Number.isSafeInteger(network_id) && Number(network_id) > 0)) {
    throw new TypeError(`Cannot set metadata: network_id must be a positive integer, got ${String(network_id)}`);
  }
  if (channel !== void 0 && typeof channel !== "string") {
    throw new TypeError(`Cannot set metadata: channel must be a string, got ${JSON.stringify(channel)}`);
  }
  const clean = {
    type,
    key,
    value
  };
  if (network_id !== void 0) clean.network_id = network_id;
  if (channel !== void 0) clean.channel = channel;
  return clean;
}
var init_metadata_coalescer = __esm({
  "bus/metadata_coalescer.ts": (function () {
    init_debounce();
    init_events();
  })
});

// bus/mod.ts
var init_mod = __esm({
  "bus/mod.ts": (function () {
    init_events();
    init_errors();
    init_event_bus();
    init_debounce();
    init_metadata_coalescer();
  })
});

// core/casemapping.js
function casefold(name, mapping = "rfc1459") {
  const kind = mappingKind(mapping);
  const needs = kind === "ascii" ? ASCII_UPPER : kind === "strict" ? STRICT : RFC;
  if (!needs.test(name)) return name;
  let out = "";
  let changed = false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    let f = c;
    if (c >= 65 && c <= 90) f = c + 32;
    else if (kind !== "ascii") {
      if (c === 91 || c === 92 || c === 93) f = c + 32;
      else if (c === 126 && kind !== "strict") f = 94;
    }
    if (f !== c) changed = true;
    out += String.fromCharCode(f);
  }
  return changed ? out : name;
}
function mappingKind(mapping) {
  if (mapping === "rfc1459") return "rfc1459";
  switch (mapping.toLowerCase()) {
    case "ascii":
      return "ascii";
    case "strict-rfc1459":
    case "rfc1459-strict":
      return "strict";
    default:
      return "rfc1459";
  }
}
var ASCII_UPPER, STRICT, RFC;
var init_casemapping = __esm({
  "core/casemapping.js": (function () {
    ASCII_UPPER = /[A-Z]/;
    STRICT = /[A-Z[\]\\]/;
    RFC = /[A-Z[\]\\~]/;
  })
});

// core/membership.js
function parsePrefix(value) {
  const match = /^\(([a-zA-Z]*)\)(\S*)$/.exec(value);
  if (!match || match[1].length !== match[2].length) return {
    modes: "ov",
    symbols: "@+"
  };
  return {
    modes: match[1],
    symbols: match[2]
  };
}
var Membership;
var init_membership = __esm({
  "core/membership.js": (function () {
    init_casemapping();
    Membership = class {
      /** @type {Map<string, { name: string, topic: string, members: Map<string, Member> }>} */
      #channels = /* @__PURE__ */ new Map();
      #casemapping = "rfc1459";
      #modes = "ov";
      #symbols = "@+";
      /**
       * Starts empty, folding by `casemapping` (default rfc1459) with `prefix` (default `(ov)@+`).
       * @param {{ casemapping?: string, prefix?: string }} [options]
       */
      constructor(options = {}) {
        this.configure(options);
      }
      /**
       * Takes the server's CASEMAPPING and PREFIX (ISUPPORT) values.
       * @param {{ casemapping?: string, prefix?: string }} options
       */
      configure(options) {
        if (options.casemapping) this.#casemapping = options.casemapping;
        if (options.prefix) {
          ({ modes: this.#modes, symbols: this.#symbols } = parsePrefix(options.prefix));
        }
      }
      /**
       * Folds a name by the casemapping.
       * @param {string} name
       */
      fold(name) {
        return casefold(name, this.#casemapping);
      }
      /**
       * Every channel with topic and sorted members.
       * @returns {{ name: string, topic: string, members: Member[] }[]}
       */
      channels() {
        return [
          ...this.#channels.values()
        ].map((c) => ({
          name: c.name,
          topic: c.topic,
          members: this.#sorted(c.members)
        }));
      }
      /**
       * A channel's members, sorted by prefix rank then nick, or `undefined` if we are not in it.
       * @param {string} channel
       * @returns {Member[] | undefined}
       */
      members(channel) {
        const view = this.#channels.get(this.fold(channel));
        return view ? this.#sorted(view.members) : void 0;
      }
      /**
       * Whether `nick` is in `channel`: one lookup, where {@linkcode members} would sort the list.
       * @param {string} channel @param {string} nick
       * @returns {boolean}
       */
      has(channel, nick) {
        return this.#channels.get(this.fold(channel))?.members.has(this.fold(nick)) ?? false;
      }
      /**
       * `nick`'s membership of `channel` (its modes and prefix), without sorting the members.
       * @param {string} channel @param {string} nick
       * @returns {Member | undefined}
       */
      member(channel, nick) {
        return this.#channels.get(this.fold(channel))?.members.get(this.fold(nick));
      }
      /**
       * The channels `nick` is in, as first named: what irc/ puts in a quit or nick change.
       * @param {string} nick
       * @returns {string[]}
       */
      channelsOf(nick) {
        const key = this.fold(nick);
        const names2 = [];
        for (const view of this.#channels.values()) if (view.members.has(key)) names2.push(view.name);
        return names2;
      }
      /**
       * Applies one bus event; returns whether membership, prefixes or topic changed.
       * @param {MembershipEvent} event
       * @returns {boolean}
       */
      apply(event) {
        switch (event.type) {
          case "channels.changed": {
            const keep = new Set(event.data.channels.map((c) => this.fold(c)));
            for (const key of this.#channels.keys()) if (!keep.has(key)) this.#channels.delete(key);
            for (const name of event.data.channels) this.#channel(name);
            return true;
          }
          case "channel.names.complete": {
            const { prefix, casemapping, members, users } = event.data;
            this.configure({
              prefix,
              casemapping
            });
            const view = this.#channel(event.data.channel);
            view.members = /* @__PURE__ */ new Map();
            for (const entry of members ?? users) {
              const member = this.#entry(entry);
              view.members.set(this.fold(member.nick), member);
            }
            return true;
          }
          case "user.joined": {
            const view = this.#channel(event.data.channel);
            const key = this.fold(event.data.nickname);
            if (!view.members.has(key)) {
              view.members.set(key, {
                nick: event.data.nickname,
                modes: "",
                prefix: ""
              });
            }
            return true;
          }
          case "user.parted":
          case "user.kicked":
            return this.#channels.get(this.fold(event.data.channel))?.members.delete(this.fold(event.data.nickname)) ?? false;
          // irc/ names the channels a quit or nick change touches: this follows, never guesses.
          case "user.quit": {
            const key = this.fold(event.data.nickname);
            let changed = false;
            for (const name of event.data.channels) {
              changed = this.#channels.get(this.fold(name))?.members.delete(key) || changed;
            }
            return changed;
          }
          case "user.nick": {
            const old = this.fold(event.data.old_nickname);
            const key = this.fold(event.data.nickname);
            let changed = false;
            for (const name of event.data.channels) {
              const view = this.#channels.get(this.fold(name));
              const member = view?.members.get(old);
              if (!view || !member) continue;
              view.members.delete(old);
              view.members.set(key, {
                ...member,
                nick: event.data.nickname
              });
              changed = true;
            }
            return changed;
          }
          case "channel.topic":
            this.#channel(event.data.channel).topic = event.data.topic;
            return true;
          case "channel.mode":
            return this.#mode(event.data.channel, event.data.modes);
          default:
            return false;
        }
      }
      /**
       * Applies a MODE change such as `+ov-v alice bob carol`: prefix modes change the members'
       * prefixes; other modes only use up their parameters.
       * @param {string} channel
       * @param {string} modes
       * @returns {boolean}
       */
      #mode(channel, modes) {
        const view = this.#channels.get(this.fold(channel));
        if (!view) return false;
        const [letters = "", ...params] = modes.split(" ").filter((p) => p !== "");
        let adding = true;
        let changed = false;
        for (const letter of letters) {
          if (letter === "+" || letter === "-") {
            adding = letter === "+";
            continue;
          }
          const rank = this.#modes.indexOf(letter);
          if (rank === -1) {
            if ("beIkqaov".includes(letter) || adding && "lfjJ".includes(letter)) params.shift();
            continue;
          }
          const nick = params.shift();
          const member = nick === void 0 ? void 0 : view.members.get(this.fold(nick));
          if (!member) continue;
          const set = new Set(member.modes);
          if (adding) set.add(letter);
          else set.delete(letter);
          const ordered = [
            ...this.#modes
          ].filter((m) => set.has(m)).join("");
          view.members.set(this.fold(member.nick), this.#member(member.nick, ordered));
          changed = true;
        }
        return changed;
      }
      /**
       * A NAMES entry (`@+nick`, or `@nick!user@host` with userhost-in-names) as a member.
       * @param {string} entry
       * @returns {Member}
       */
      #entry(entry) {
        let start = 0;
        let modes = "";
        while (start < entry.length && this.#symbols.includes(entry[start])) {
          modes += this.#modes[this.#symbols.indexOf(entry[start])];
          start++;
        }
        const bang = entry.indexOf("!", start);
        const nick = bang === -1 ? entry.slice(start) : entry.slice(start, bang);
        const ordered = [
          ...this.#modes
        ].filter((m) => modes.includes(m)).join("");
        return this.#member(nick, ordered);
      }
      /**
       * @param {string} nick
       * @param {string} modes
       * @returns {Member}
       */
      #member(nick, modes) {
        const prefix = modes ? this.#symbols[this.#modes.indexOf(modes[0])] : "";
        return {
          nick,
          modes,
          prefix
        };
      }
      /** @param {string} name */
      #channel(name) {
        const key = this.fold(name);
        let view = this.#channels.get(key);
        if (!view) this.#channels.set(key, view = {
          name,
          topic: "",
          members: /* @__PURE__ */ new Map()
        });
        return view;
      }
      /**
       * @param {Map<string, Member>} members
       * @returns {Member[]}
       */
      #sorted(members) {
        const rank = (m) => m.modes ? this.#modes.indexOf(m.modes[0]) : this.#modes.length;
        return [
          ...members.values()
        ].sort((a, b) => rank(a) - rank(b) || (this.fold(a.nick) < this.fold(b.nick) ? -1 : 1));
      }
    };
  })
});

// core/shape.js
function preview(value) {
  if (typeof value === "string" && value.length > 60) value = value.slice(0, 61);
  let text2;
  try {
    text2 = JSON.stringify(value);
  } catch {
    text2 = String(value);
  }
  if (text2 === void 0) text2 = String(value);
  return text2.length > 60 ? `${text2.slice(0, 60)}\u2026` : text2;
}
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function text(options = {}) {
  const { min: min2 = 0, max: max2 = Infinity, pattern, secret = false } = options;
  const what = options.what ?? (max2 === Infinity && min2 === 0 ? "a string" : `a string of ${min2}-${max2} characters`);
  return {
    what,
    read(value, path) {
      if (typeof value !== "string" || value.length < min2 || value.length > max2 || pattern !== void 0 && !pattern.test(value)) {
        throw new ShapeError(path, what, secret ? "(hidden)" : value);
      }
      return value;
    }
  };
}
function oneOf(values, options = {}) {
  const what = options.what ?? `one of ${values.map((v) => JSON.stringify(v)).join(", ")}`;
  return {
    what,
    read(value, path) {
      const found2 = values.find((known2) => known2 === value);
      if (found2 === void 0) throw new ShapeError(path, what, value);
      return found2;
    }
  };
}
function integer(options = {}) {
  const { min: min2 = Number.MIN_SAFE_INTEGER, max: max2 = Number.MAX_SAFE_INTEGER } = options;
  const what = options.what ?? `an integer ${min2}-${max2}`;
  return {
    what,
    read(value, path) {
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min2 || value > max2) {
        throw new ShapeError(path, what, value);
      }
      return value;
    }
  };
}
function number() {
  const what = "a finite number";
  return {
    what,
    read(value, path) {
      if (typeof value !== "number" || !Number.isFinite(value)) {
        throw new ShapeError(path, what, value);
      }
      return value;
    }
  };
}
function boolean() {
  const what = "a boolean";
  return {
    what,
    read(value, path) {
      if (typeof value !== "boolean") throw new ShapeError(path, what, value);
      return value;
    }
  };
}
function unknown() {
  return {
    what: "anything",
    read: (value) => value
  };
}
function optional(inner, options = {}) {
  const { emptyIsAbsent = false } = options;
  return {
    optional: true,
    what: inner.what,
    read(value, path) {
      if (value === void 0 || emptyIsAbsent && value === "") return void 0;
      return inner.read(value, path);
    }
  };
}
function withDefault(inner, fallback) {
  return {
    what: inner.what,
    read: (value, path) => value === void 0 ? fallback : inner.read(value, path)
  };
}
function list(item, options = {}) {
  const { max: max2 = Infinity } = options;
  const what = options.what ?? (max2 === Infinity ? "a list" : `a list of at most ${max2} items`);
  return {
    what,
    read(value, path) {
      if (!Array.isArray(value) || value.length > max2) throw new ShapeError(path, what, value);
      return value.map((v, i) => item.read(v, `${path}[${i}]`));
    }
  };
}
function custom(what, read) {
  return {
    what,
    read
  };
}
function at(path, key) {
  return path ? `${path}.${key}` : key;
}
function readFields(fields, value, path) {
  const out = {};
  for (const key of Object.keys(fields)) {
    const read = fields[key].read(value[key], at(path, key));
    if (read !== void 0) out[key] = read;
  }
  return out;
}
function object(fields, options = {}) {
  const what = options.what ?? "an object";
  return {
    what,
    read(value, path) {
      if (!isRecord(value)) throw new ShapeError(path, what, value);
      return readFields(fields, value, path);
    }
  };
}
function variants(table) {
  const kinds = Object.keys(table);
  const what = `one of ${kinds.map((k) => JSON.stringify(k)).join(", ")}`;
  return {
    what: "an object with a known kind",
    read(value, path) {
      if (!isRecord(value)) throw new ShapeError(path, "an object", value);
      const kind = value.kind;
      if (typeof kind !== "string" || !Object.hasOwn(table, kind)) {
        throw new ShapeError(at(path, "kind"), what, kind);
      }
      return {
        kind,
        ...readFields(table[kind], value, path)
      };
    }
  };
}
function fits(shape) {
  function check(value) {
    try {
      shape.read(value, "");
      return true;
    } catch (error) {
      if (error instanceof ShapeError) return false;
      throw error;
    }
  }
  return check;
}
var ShapeError;
var init_shape = __esm({
  "core/shape.js": (function () {
    ShapeError = class extends TypeError {
      /** The field that does not fit, as a path from the value read. */
      path;
      /**
       * @param {string} path where in the value read
       * @param {string} what what the field must be
       * @param {unknown} got what it is (never quoted for a secret: pass a placeholder)
       */
      constructor(path, what, got) {
        super(`${path || "the value"} must be ${what}, got ${preview(got)}`);
        this.name = "ShapeError";
        this.path = path;
      }
    };
  })
});

// core/network_form.js
var NETWORK_LIMITS, ONE_LINE, NETWORK_NAME, NETWORK_HOST, NETWORK_PORT, NICKNAME, SECRET, NETWORK_DETAILS, NETWORK_FORM;
var init_network_form = __esm({
  "core/network_form.js": (function () {
    init_shape();
    NETWORK_LIMITS = Object.freeze({
      /** A display name: long enough for any network's, short enough for the buffer list. */
      name: 100,
      /** A host name (RFC 1123 allows 253) or an address. */
      host: 255,
      /** A nickname: servers allow 9-30; 50 leaves room. */
      nick: 50,
      /** A user name (ident). */
      username: 50,
      /** A real name (GECOS). */
      realname: 200,
      /** A server or SASL password: PASS carries it in one IRC line of 510 bytes. */
      secret: 300,
      /** A SASL account. */
      saslAccount: 100,
      /** The path of a client certificate file. */
      clientCert: 500
    });
    ONE_LINE = /^[^\r\n\x00]*$/;
    NETWORK_NAME = text({
      min: 1,
      max: NETWORK_LIMITS.name,
      pattern: /^(?=[^]*\S)[^\r\n\x00]*$/,
      what: `a name of 1-${NETWORK_LIMITS.name} characters`
    });
    NETWORK_HOST = text({
      pattern: /^[A-Za-z0-9.:\-\[\]_]{1,255}$/,
      what: "a host name or address"
    });
    NETWORK_PORT = integer({
      min: 1,
      max: 65535
    });
    NICKNAME = text({
      pattern: /^[^\s,\x00-\x1f\x7f!@#&:][^\s,\x00-\x1f\x7f!@]{0,49}$/,
      what: "a nickname"
    });
    SECRET = text({
      max: NETWORK_LIMITS.secret,
      pattern: ONE_LINE,
      what: `up to ${NETWORK_LIMITS.secret} characters without CR, LF or NUL`,
      secret: true
    });
    NETWORK_DETAILS = Object.freeze({
      username: text({
        pattern: /^[^\s\x00-\x1f@]*$/,
        max: NETWORK_LIMITS.username,
        what: `a user name of up to ${NETWORK_LIMITS.username} characters without spaces or @`
      }),
      realname: text({
        max: NETWORK_LIMITS.realname,
        pattern: ONE_LINE,
        what: `a real name of up to ${NETWORK_LIMITS.realname} characters`
      }),
      password: SECRET,
      saslMechanism: oneOf([
        "",
        "PLAIN",
        "EXTERNAL"
      ]),
      saslAccount: text({
        max: NETWORK_LIMITS.saslAccount,
        pattern: /^[^\s\x00-\x1f]*$/,
        what: `an account name of up to ${NETWORK_LIMITS.saslAccount} characters`
      }),
      saslPassword: SECRET,
      clientCert: text({
        max: NETWORK_LIMITS.clientCert,
        pattern: ONE_LINE,
        what: `a file path of up to ${NETWORK_LIMITS.clientCert} characters`
      })
    });
    NETWORK_FORM = object({
      name: NETWORK_NAME,
      host: NETWORK_HOST,
      port: NETWORK_PORT,
      tls: boolean(),
      nick: NICKNAME,
      autoconnect: optional(boolean()),
      username: optional(NETWORK_DETAILS.username),
      realname: optional(NETWORK_DETAILS.realname),
      password: optional(NETWORK_DETAILS.password),
      saslMechanism: optional(NETWORK_DETAILS.saslMechanism),
      saslAccount: optional(NETWORK_DETAILS.saslAccount),
      saslPassword: optional(NETWORK_DETAILS.saslPassword),
      clientCert: optional(NETWORK_DETAILS.clientCert)
    });
  })
});

// core/jsr_specifier.js
function splitJsrSpecifier(text2) {
  const match = JSR_SPECIFIER.exec(text2);
  return match ? {
    pkg: match[1],
    range: match[2] ?? "*"
  } : void 0;
}
var JSR_SPECIFIER;
var init_jsr_specifier = __esm({
  "core/jsr_specifier.js": (function () {
    JSR_SPECIFIER = // deno-lint-ignore no-control-regex
    /^jsr:(@[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*)(?:@([^\s\x00-\x1f\x7f](?:[^\x00-\x1f\x7f]{0,98}[^\s\x00-\x1f\x7f])?))?$/;
  })
});

// core/deeplink_payloads.js
function readDeepLink(name, payload) {
  switch (name) {
    case "deeplink:join":
      return isJoin(payload) ? {
        name,
        payload
      } : void 0;
    case "deeplink:add-network":
      return isAddNetwork(payload) ? {
        name,
        payload
      } : void 0;
    case "deeplink:disambiguate":
      return isDisambiguate(payload) ? {
        name,
        payload
      } : void 0;
    case "deeplink:install-plugin":
      return isInstallPlugin(payload) ? {
        name,
        payload
      } : void 0;
    default:
      return void 0;
  }
}
var ID, TARGET, DEEP_LINK_CANDIDATE, DEEP_LINK_PAYLOADS, isJoin, isAddNetwork, isDisambiguate, isInstallPlugin, deepLinkValidators;
var init_deeplink_payloads = __esm({
  "core/deeplink_payloads.js": (function () {
    init_jsr_specifier();
    init_shape();
    ID = integer({
      min: 1,
      what: "a positive integer"
    });
    TARGET = object({
      /** Channel name with its prefix (`#deno`), or a nickname. */
      name: text({
        min: 1
      }),
      /** True when the target is a nickname: the link opens a private conversation. */
      isNick: boolean(),
      /** The channel key from the link's `key` parameter, or `""`; always `""` for nicks. */
      key: text()
    });
    DEEP_LINK_CANDIDATE = object({
      /** Saved network identifier. */
      networkId: ID,
      /** Display name of the network. */
      name: text()
    });
    DEEP_LINK_PAYLOADS = Object.freeze({
      /**
       * The link matched exactly one saved network. The frontend connects if needed, then joins
       * or opens each target.
       */
      "deeplink:join": object({
        /** The saved network to use. */
        networkId: ID,
        /** One entry per channel or nickname in the link. */
        targets: list(TARGET)
      }),
      /**
       * No saved network matches the link's server. The frontend opens the Add Network form
       * prefilled with these values; it never connects on its own (the form is the user's
       * consent).
       */
      "deeplink:add-network": object({
        /** Server host from the link (normalized). */
        host: text({
          min: 1
        }),
        /** Port from the link, or the scheme default: 6667 for irc://, 6697 for ircs://. */
        port: integer({
          min: 1,
          max: 65535
        }),
        /** True when the scheme is ircs://. */
        tls: boolean(),
        /** The first channel of the link, or `""`; for display only, it is not auto-joined. */
        channel: text()
      }),
      /**
       * More than one saved network matches the link's server. The frontend shows a picker,
       * then proceeds as for `deeplink:join`.
       */
      "deeplink:disambiguate": object({
        /** The matching saved networks, by ascending `networkId` (creation order). */
        candidates: list(DEEP_LINK_CANDIDATE),
        /** Same shape as in `deeplink:join`; passed through after the user picks. */
        targets: list(TARGET)
      }),
      /**
       * A `jsr:` link given on the command line (`deno task run 'jsr:@scope/name'`). The
       * frontend opens the plugin consent sheet for it, its source shown as the command line;
       * nothing installs without the user's click there.
       */
      "deeplink:install-plugin": object({
        /** `jsr:@scope/name[@range]`, as given. */
        specifier: text({
          pattern: JSR_SPECIFIER,
          what: "jsr:@scope/name[@range]"
        })
      })
    });
    isJoin = fits(DEEP_LINK_PAYLOADS["deeplink:join"]);
    isAddNetwork = fits(DEEP_LINK_PAYLOADS["deeplink:add-network"]);
    isDisambiguate = fits(DEEP_LINK_PAYLOADS["deeplink:disambiguate"]);
    isInstallPlugin = fits(DEEP_LINK_PAYLOADS["deeplink:install-plugin"]);
    deepLinkValidators = Object.freeze({
      "deeplink:join": isJoin,
      "deeplink:add-network": isAddNetwork,
      "deeplink:disambiguate": isDisambiguate,
      "deeplink:install-plugin": isInstallPlugin
    });
  })
});

// core/protocol.js
function parseAction(frame) {
  if (typeof frame !== "string") {
    return fail("malformed", `Cannot accept action: the frame must be text, got ${typeof frame}`);
  }
  if (frame.length > MAX_ACTION_BYTES) {
    return fail("too_large", `Cannot accept action: the frame exceeds ${MAX_ACTION_BYTES} characters, got ${frame.length}`);
  }
  let message;
  try {
    message = JSON.parse(frame);
  } catch {
    return fail("malformed", `Cannot accept action: the frame is not JSON, got ${preview(frame)}`);
  }
  if (!isRecord(message)) {
    return fail("malformed", `Cannot accept action: the frame must be an object, got ${preview(message)}`);
  }
  const replyId = typeof message.id === "number" && Number.isSafeInteger(message.id) && message.id > 0 ? message.id : void 0;
  if (message.id !== void 0 && replyId === void 0) {
    return fail("invalid_field", `Cannot accept action: id must be a positive integer, got ${preview(message.id)}`);
  }
  const kind = message.kind;
  if (typeof kind !== "string" || !Object.hasOwn(ACTION_FIELDS, kind)) {
    return fail("unknown_action", `Cannot accept action: unknown kind, got ${preview(kind)}`, replyId);
  }
  try {
    const action = ACTION.read(message, "");
    if (replyId !== void 0) action.id = replyId;
    return {
      ok: true,
      action
    };
  } catch (error) {
    if (error instanceof ShapeError) {
      return fail("invalid_field", `Cannot accept action: ${error.message}`, replyId);
    }
    throw error;
  }
}
function fail(code, message, replyTo) {
  const error = {
    kind: "error",
    code,
    message
  };
  if (replyTo !== void 0) error.id = replyTo;
  return {
    ok: false,
    error
  };
}
function assertEvent(value, path) {
  if (!isRecord(value)) throw new ShapeError(path, "an object", value);
  const type = value.type;
  if (typeof type !== "string" || !Object.hasOwn(EVENT_DATA, type)) {
    throw new ShapeError(`${path}.type`, "a bus event type", type);
  }
  NUMBER.read(value.time, `${path}.time`);
  STRING.read(value.source, `${path}.source`);
  EVENT_DATA[type].read(value.data, `${path}.data`);
}
var MAX_PENDING, MAX_ACTION_BYTES, MAX_TEXT, MAX_MESSAGE_TEXT, MAX_MESSAGE_LINES, MAX_HISTORY_LIMIT, MAX_DISK_QUOTA_MB, MAX_CONSENT, MAX_SCOPE_PLACES, ID2, TARGET2, CHANNEL, MSGID, REASON, ONE_LINE2, LINE_TEXT, MESSAGE_TEXT_WHAT, MESSAGE_TEXT, PLUGIN, VERSION, PERMISSION, PLAN_ID, CONSENT, HISTORY_LIMIT, TIME_MS, PANE_TYPES, PANE, SCOPE_FORM, ACTION_FIELDS, ACTION, ACTION_KINDS, ERROR_CODES, STRING, NUMBER, BOOLEAN, STRINGS, OPTIONAL_STRING, OPTIONAL_BOOLEAN, METADATA_FIELDS, ROSTER_FIELDS, MOTD_FIELDS, USER, METADATA, ROSTER, METADATA_UPDATED, EVENT_FIELDS, EVENT_FIELD_ENTRIES, EVENT_DATA, UI_EVENT, NETWORK_VIEW, DEEP_LINK, SERVER_MESSAGE_FIELDS, SERVER_MESSAGE;
var init_protocol = __esm({
  "core/protocol.js": (function () {
    init_deeplink_payloads();
    init_jsr_specifier();
    init_network_form();
    init_shape();
    MAX_PENDING = 256;
    MAX_ACTION_BYTES = 16 * 1024;
    MAX_TEXT = 4e3;
    MAX_MESSAGE_TEXT = 12e3;
    MAX_MESSAGE_LINES = 200;
    MAX_HISTORY_LIMIT = 500;
    MAX_DISK_QUOTA_MB = 65536;
    MAX_CONSENT = 256;
    MAX_SCOPE_PLACES = 1e3;
    ID2 = integer({
      min: 1,
      what: "a positive integer"
    });
    TARGET2 = text({
      pattern: /^[^\s,\x00-\x1f\x7f]{1,200}$/,
      what: "a channel or nickname"
    });
    CHANNEL = text({
      pattern: /^[^\s,\x00-\x1f\x7f]{1,200}$/,
      what: "a channel"
    });
    MSGID = text({
      pattern: /^[^\s\x00-\x1f\x7f]{1,200}$/,
      what: "a message id"
    });
    REASON = text({
      pattern: /^[^\r\n\x00]{0,300}$/,
      what: "a reason"
    });
    ONE_LINE2 = /^[^\r\n\x00]*$/;
    LINE_TEXT = text({
      min: 1,
      max: MAX_TEXT,
      pattern: ONE_LINE2,
      what: `1-${MAX_TEXT} characters without CR, LF or NUL`
    });
    MESSAGE_TEXT_WHAT = `1-${MAX_MESSAGE_TEXT} characters in at most ${MAX_MESSAGE_LINES} lines, without CR or NUL`;
    MESSAGE_TEXT = custom(MESSAGE_TEXT_WHAT, (value, path) => {
      if (typeof value !== "string" || value.length === 0 || value.length > MAX_MESSAGE_TEXT || !/^[^\r\x00]*$/.test(value) || value.split("\n").length > MAX_MESSAGE_LINES) {
        throw new ShapeError(path, MESSAGE_TEXT_WHAT, value);
      }
      return value;
    });
    PLUGIN = text({
      pattern: /^[a-z0-9][a-z0-9-]{0,63}$/,
      what: "a plugin name"
    });
    VERSION = text({
      pattern: /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/,
      what: "an exact version"
    });
    PERMISSION = text({
      pattern: /^(event|capability|net|read|write|env):[^\r\n\x00]{1,590}$/,
      what: "kind:value (read:notes, net:example.org)"
    });
    PLAN_ID = text({
      pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      what: "a plan id"
    });
    CONSENT = list(text({
      max: MAX_TEXT,
      pattern: ONE_LINE2
    }), {
      max: MAX_CONSENT,
      what: "a list of the requests consented to"
    });
    HISTORY_LIMIT = integer({
      min: 1,
      max: MAX_HISTORY_LIMIT
    });
    TIME_MS = integer({
      min: 0
    });
    PANE_TYPES = oneOf([
      "channel",
      "query",
      "server"
    ]);
    PANE = object({
      networkId: ID2,
      type: PANE_TYPES,
      name: text({
        pattern: /^[^\r\n\x00]{1,200}$/,
        what: "a pane name"
      })
    });
    SCOPE_FORM = object({
      networks: withDefault(list(ID2, {
        max: MAX_SCOPE_PLACES,
        what: "a list of network ids"
      }), []),
      channels: withDefault(list(object({
        networkId: ID2,
        channel: CHANNEL
      }), {
        max: MAX_SCOPE_PLACES,
        what: "a list of channels"
      }), []),
      privateMessages: withDefault(boolean(), false)
    });
    ACTION_FIELDS = Object.freeze({
      "ready": {},
      "connect": {
        networkId: ID2
      },
      "disconnect": {
        networkId: ID2
      },
      "join": {
        networkId: ID2,
        channel: CHANNEL,
        key: optional(text({
          pattern: /^[^\s,\x00-\x1f]{0,100}$/,
          what: "a channel key"
        }), {
          emptyIsAbsent: true
        })
      },
      "part": {
        networkId: ID2,
        channel: CHANNEL,
        reason: optional(REASON, {
          emptyIsAbsent: true
        })
      },
      "say": {
        networkId: ID2,
        target: TARGET2,
        /** Its lines (LF between them) go as one message where the server has `draft/multiline`. */
        text: MESSAGE_TEXT,
        /** The message answered (`+draft/reply`, or a `nick: ` prefix without client tags). */
        reply: optional(object({
          msgid: MSGID,
          nick: NICKNAME
        }))
      },
      "me": {
        networkId: ID2,
        target: TARGET2,
        text: LINE_TEXT
      },
      "typing": {
        networkId: ID2,
        target: TARGET2,
        state: oneOf([
          "active",
          "paused",
          "done"
        ], {
          what: "active, paused or done"
        })
      },
      /** Deletes the message `msgid` (`REDACT`), where the server offers it. */
      "redact": {
        networkId: ID2,
        target: TARGET2,
        msgid: MSGID,
        reason: optional(REASON)
      },
      /** Reacts to the message `msgid` with `reaction`, or takes our reaction back (`remove`). */
      "react": {
        networkId: ID2,
        target: TARGET2,
        msgid: MSGID,
        reaction: text({
          pattern: /^[^\x00-\x1f\x7f]{1,64}$/,
          what: "1-64 characters"
        }),
        remove: withDefault(boolean(), false)
      },
      "whois": {
        networkId: ID2,
        nick: NICKNAME
      },
      "nick": {
        networkId: ID2,
        nick: NICKNAME
      },
      "quote": {
        networkId: ID2,
        line: text({
          pattern: /^[^\r\n\x00]{1,510}$/,
          what: "one IRC line of 1-510 characters"
        })
      },
      "list": {
        networkId: ID2,
        filter: optional(text({
          pattern: /^[^\r\n\x00]{1,200}$/,
          what: "a LIST filter"
        }))
      },
      "command": {
        name: text({
          pattern: /^[a-z0-9][a-z0-9_-]{0,31}$/i,
          what: "a command name"
        }),
        args: withDefault(text({
          max: MAX_TEXT,
          pattern: ONE_LINE2,
          what: "a single-line string"
        }), "")
      },
      "network.add": {
        network: NETWORK_FORM,
        connect: withDefault(boolean(), false)
      },
      "network.update": {
        networkId: ID2,
        network: NETWORK_FORM
      },
      "network.remove": {
        networkId: ID2
      },
      "pane.focus": {
        pane: PANE
      },
      "pane.blur": {
        pane: PANE
      },
      "buffer.read": {
        networkId: ID2,
        buffer: TARGET2,
        timestamp: text({
          pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/,
          what: "an ISO 8601 UTC time"
        })
      },
      "history.page": {
        networkId: ID2,
        buffer: TARGET2,
        before: optional(ID2),
        limit: optional(HISTORY_LIMIT)
      },
      "history.search": {
        text: text({
          pattern: /^(?=.*\S)[^\r\n\x00]{1,200}$/,
          what: "1-200 characters of search text"
        }),
        networkId: optional(ID2),
        buffer: optional(TARGET2),
        sender: optional(NICKNAME),
        since: optional(TIME_MS),
        until: optional(TIME_MS),
        limit: optional(HISTORY_LIMIT)
      },
      /** The stored line with a msgid (a reply's original); its reply is the line or `null`. */
      "history.message": {
        networkId: ID2,
        buffer: TARGET2,
        msgid: MSGID
      },
      "history.buffers": {},
      "plugins.refresh": {},
      "plugin.disable": {
        name: PLUGIN
      },
      "plugin.enable": {
        name: PLUGIN
      },
      "plugin.revoke": {
        name: PLUGIN
      },
      "plugins.sources": {},
      "plugin.upgrade.plan": {
        name: PLUGIN
      },
      "plugin.activity": {
        name: PLUGIN
      },
      /**
       * A plugin's ledger page over a window (`24h`), narrowed to a kind (`ledgerKind`), a
       * decision and values containing `text`: its totals, entries, audit, grant and budgets.
       */
      "plugin.ledger": {
        name: PLUGIN,
        // The backend holds the window to 30 days.
        window: text({
          pattern: /^\d{1,5}[mhd]$/,
          what: "minutes, hours or days (30m, 24h, 7d)"
        }),
        ledgerKind: optional(text({
          pattern: /^[a-z][a-z.]{0,15}$/,
          what: "a ledger kind (read, net, irc.send...)"
        })),
        decision: optional(oneOf([
          "allowed",
          "denied"
        ])),
        text: optional(text({
          max: 200,
          pattern: ONE_LINE2,
          what: "at most 200 characters of text"
        }))
      },
      /** Withdraws one permission (`read:notes`) and restarts the plugin without it. */
      "plugin.permission.revoke": {
        name: PLUGIN,
        permission: PERMISSION
      },
      /** Gives back one permission the manifest asks for: the user's re-consent. */
      "plugin.permission.grant": {
        name: PLUGIN,
        permission: PERMISSION
      },
      "plugin.upgrade": {
        name: PLUGIN,
        version: VERSION,
        consent: withDefault(CONSENT, []),
        // What the sheet showed: the bytes applied must be those (a republished version is not).
        integrity: optional(text({
          pattern: /^sha256-[0-9a-f]{64}$/,
          what: "sha256-<64 hex digits>"
        }))
      },
      "plugin.install.plan": {
        specifier: text({
          pattern: JSR_SPECIFIER,
          what: "jsr:@scope/name[@range]"
        })
      },
      "plugin.install.cancel": {
        planId: PLAN_ID
      },
      "plugin.install": {
        planId: PLAN_ID,
        version: VERSION,
        consent: CONSENT,
        scope: SCOPE_FORM,
        diskQuotaMb: integer({
          min: 1,
          max: MAX_DISK_QUOTA_MB,
          what: "whole MiB"
        })
      }
    });
    ACTION = variants(ACTION_FIELDS);
    ACTION_KINDS = Object.freeze(Object.keys(ACTION_FIELDS));
    ERROR_CODES = [
      "malformed",
      "too_large",
      "unknown_action",
      "invalid_field",
      "failed"
    ];
    STRING = text();
    NUMBER = number();
    BOOLEAN = boolean();
    STRINGS = custom("a list of strings", (value, path) => {
      if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
        throw new ShapeError(path, "a list of strings", value);
      }
      return value.map(String);
    });
    OPTIONAL_STRING = optional(STRING);
    OPTIONAL_BOOLEAN = optional(BOOLEAN);
    METADATA_FIELDS = {
      type: STRING,
      key: STRING,
      value: unknown(),
      network_id: optional(NUMBER),
      channel: OPTIONAL_STRING
    };
    ROSTER_FIELDS = {
      networkId: NUMBER,
      nickname: STRING,
      away: BOOLEAN,
      away_message: OPTIONAL_STRING,
      account: OPTIONAL_STRING,
      host: OPTIONAL_STRING,
      realname: OPTIONAL_STRING,
      bot: OPTIONAL_BOOLEAN
    };
    MOTD_FIELDS = {
      networkId: NUMBER,
      lines: STRINGS
    };
    USER = {
      networkId: NUMBER,
      user: STRING,
      nickname: STRING
    };
    METADATA = object(METADATA_FIELDS);
    ROSTER = object(ROSTER_FIELDS);
    METADATA_UPDATED = custom("a metadata update", (value, path) => isRecord(value) && "updates" in value ? {
      updates: list(METADATA).read(value.updates, `${path}.updates`)
    } : METADATA.read(value, path));
    EVENT_FIELDS = {
      "connection.established": {
        networkId: NUMBER,
        address: STRING,
        port: NUMBER
      },
      "connection.lost": {
        networkId: NUMBER,
        error: STRING
      },
      "message.received": {
        networkId: NUMBER,
        channel: STRING,
        user: STRING,
        message: STRING,
        timestamp: NUMBER,
        msgid: OPTIONAL_STRING,
        replyTo: OPTIONAL_STRING,
        history: OPTIONAL_BOOLEAN,
        peer: OPTIONAL_STRING,
        kind: optional(oneOf([
          "message",
          "notice",
          "action",
          "ctcp"
        ])),
        bot: OPTIONAL_BOOLEAN
      },
      "message.sent": {
        networkId: NUMBER,
        channel: STRING,
        message: STRING,
        target: OPTIONAL_STRING,
        kind: optional(oneOf([
          "message",
          "action"
        ])),
        replyTo: OPTIONAL_STRING,
        msgid: OPTIONAL_STRING
      },
      "message.reacted": {
        networkId: NUMBER,
        channel: STRING,
        user: STRING,
        peer: OPTIONAL_STRING,
        replyTo: STRING,
        reaction: STRING,
        removed: BOOLEAN,
        history: OPTIONAL_BOOLEAN
      },
      "message.redacted": {
        networkId: NUMBER,
        channel: STRING,
        user: STRING,
        peer: OPTIONAL_STRING,
        msgid: STRING,
        reason: OPTIONAL_STRING,
        history: OPTIONAL_BOOLEAN
      },
      "user.joined": {
        ...USER,
        channel: STRING
      },
      "user.parted": {
        ...USER,
        channel: STRING,
        reason: OPTIONAL_STRING
      },
      "user.quit": {
        ...USER,
        reason: STRING,
        channels: STRINGS
      },
      "user.kicked": {
        ...USER,
        channel: STRING,
        kicker: STRING,
        reason: STRING
      },
      "user.nick": {
        networkId: NUMBER,
        old_nickname: STRING,
        nickname: STRING,
        channels: STRINGS
      },
      "user.meta": ROSTER_FIELDS,
      "user.typing": {
        networkId: NUMBER,
        channel: STRING,
        user: STRING,
        peer: OPTIONAL_STRING,
        state: oneOf([
          "active",
          "paused",
          "done"
        ])
      },
      "channel.topic": {
        networkId: NUMBER,
        channel: STRING,
        topic: STRING,
        setter: OPTIONAL_STRING
      },
      "channel.mode": {
        networkId: NUMBER,
        channel: STRING,
        modes: STRING,
        setter: OPTIONAL_STRING
      },
      "channels.changed": {
        networkId: NUMBER,
        channels: STRINGS
      },
      "channel.names.complete": {
        networkId: NUMBER,
        channel: STRING,
        users: STRINGS,
        members: optional(STRINGS),
        prefix: OPTIONAL_STRING,
        casemapping: OPTIONAL_STRING
      },
      "server.motd": MOTD_FIELDS,
      "server.reply": {
        networkId: NUMBER,
        type: oneOf([
          "FAIL",
          "WARN",
          "NOTE"
        ]),
        command: STRING,
        code: STRING,
        context: STRINGS,
        description: STRING,
        target: OPTIONAL_STRING
      },
      "sasl.started": {
        networkId: NUMBER,
        mechanism: STRING
      },
      "sasl.success": {
        networkId: NUMBER
      },
      "sasl.failed": {
        networkId: NUMBER,
        error: STRING
      },
      "sasl.aborted": {
        networkId: NUMBER
      },
      "whois.received": {
        networkId: NUMBER,
        whois: object({
          nickname: STRING,
          username: OPTIONAL_STRING,
          host: OPTIONAL_STRING,
          realname: OPTIONAL_STRING,
          server: OPTIONAL_STRING,
          server_info: OPTIONAL_STRING,
          channels: STRINGS,
          idle: optional(NUMBER),
          signon: optional(NUMBER),
          account: OPTIONAL_STRING,
          away: BOOLEAN,
          away_message: OPTIONAL_STRING,
          secure: BOOLEAN,
          operator: BOOLEAN,
          bot: BOOLEAN
        })
      },
      "error": {
        networkId: optional(NUMBER),
        error: STRING,
        type: OPTIONAL_STRING,
        target: OPTIONAL_STRING
      },
      "plugin.lifecycle": {
        plugin: STRING,
        action: oneOf([
          "loaded",
          "unloaded",
          "crashed",
          "restarted",
          "disabled"
        ])
      },
      "buffer.read": {
        networkId: NUMBER,
        buffer: STRING,
        timestamp: STRING
      },
      "ui.pane.focused": {
        networkId: NUMBER,
        type: PANE_TYPES,
        name: STRING
      },
      "ui.pane.blurred": {
        networkId: NUMBER,
        type: PANE_TYPES,
        name: STRING
      }
    };
    EVENT_FIELD_ENTRIES = Object.entries(EVENT_FIELDS);
    EVENT_DATA = Object.freeze({
      ...Object.fromEntries(EVENT_FIELD_ENTRIES.map(([type, fields]) => [
        type,
        object(fields)
      ])),
      "metadata.updated": METADATA_UPDATED
    });
    UI_EVENT = custom("a bus event", (value, path) => {
      assertEvent(value, path);
      return value;
    });
    NETWORK_VIEW = object({
      id: NUMBER,
      name: STRING,
      host: STRING,
      port: NUMBER,
      tls: BOOLEAN,
      nick: STRING,
      autoconnect: OPTIONAL_BOOLEAN,
      username: OPTIONAL_STRING,
      realname: OPTIONAL_STRING,
      saslMechanism: optional(oneOf([
        "",
        "PLAIN",
        "EXTERNAL"
      ])),
      saslAccount: OPTIONAL_STRING,
      clientCert: OPTIONAL_STRING,
      /** Connection state: `connecting`, `connected`, `disconnecting` or `disconnected`. */
      state: STRING,
      /** Why the last connection ended or failed, when it did. */
      reason: OPTIONAL_STRING,
      /** A server password is saved (the password itself never reaches the page). */
      hasPassword: BOOLEAN,
      /** A SASL password is saved. */
      hasSaslPassword: BOOLEAN,
      /** Our current nickname there. */
      currentNick: STRING,
      /** The server lets messages be deleted (`draft/message-redaction`); absent means no. */
      canRedact: OPTIONAL_BOOLEAN,
      /**
       * The server takes a multi-line text as one message (`draft/multiline`); absent means each
       * line is a message of its own, so the page asks before sending many.
       */
      multiline: OPTIONAL_BOOLEAN,
      /** The network was connected over TLS as the server's STS policy (IRCv3 `sts`) asks. */
      stsUpgraded: OPTIONAL_BOOLEAN,
      /**
       * The server's CASEMAPPING, by which the page folds buffer and nick names, as the backend
       * does; absent before the network was first connected (then `rfc1459`).
       */
      casemapping: OPTIONAL_STRING,
      /** Channels we are in, with their members (mode prefixes kept). */
      channels: list(object({
        name: STRING,
        topic: STRING,
        members: STRINGS
      }))
    });
    DEEP_LINK = custom("a deep link", (value, path) => {
      if (!isRecord(value)) throw new ShapeError(path, "an object", value);
      if (typeof value.name !== "string") throw new ShapeError(`${path}.name`, "a string", value.name);
      const link = readDeepLink(value.name, value.payload);
      if (link === void 0) {
        throw new ShapeError(`${path}.payload`, `a ${value.name} payload`, value.payload);
      }
      return link;
    });
    SERVER_MESSAGE_FIELDS = Object.freeze({
      hello: {
        /** The protocol version. */
        version: NUMBER,
        /** Saved networks with live state and channels. */
        networks: list(NETWORK_VIEW),
        /** Installed plugins (as `PluginHost.list()`). */
        plugins: list(unknown()),
        /** Every user's newest roster snapshot. */
        roster: list(ROSTER),
        /** Every live plugin metadata entry. */
        updates: list(METADATA),
        /** The last message of the day of each network, so a page opened later shows it too. */
        motd: list(object(MOTD_FIELDS))
      },
      networks: {
        networks: list(NETWORK_VIEW)
      },
      "network.state": {
        networkId: NUMBER,
        state: STRING,
        nick: STRING,
        reason: OPTIONAL_STRING,
        /** The server lets messages be deleted (`draft/message-redaction`). */
        canRedact: OPTIONAL_BOOLEAN,
        /** The server takes a multi-line text as one message (`draft/multiline`). */
        multiline: OPTIONAL_BOOLEAN,
        /** The connection went over TLS because of the server's STS policy. */
        stsUpgraded: OPTIONAL_BOOLEAN
      },
      batch: {
        /** Bus events, in bus order. */
        events: list(UI_EVENT),
        /** `user.meta`, coalesced: the newest snapshot per user. */
        roster: list(ROSTER),
        /** `metadata.updated`, coalesced: the newest entry per key. */
        updates: list(METADATA)
      },
      frontend: {
        event: DEEP_LINK
      },
      plugins: {
        plugins: list(unknown()),
        audit: list(unknown()),
        commands: list(unknown())
      },
      reply: {
        id: NUMBER,
        result: optional(unknown())
      },
      error: {
        /** The failed action's id, when it had one. */
        id: optional(NUMBER),
        code: oneOf(ERROR_CODES),
        /** What went wrong, in "Cannot do X: reason, got VALUE" form. */
        message: STRING
      }
    });
    SERVER_MESSAGE = variants(SERVER_MESSAGE_FIELDS);
  })
});

// core/commands.js
function head(rest) {
  const match = /^(\S+)\s*([\s\S]*)$/.exec(rest);
  return match ? [
    match[1],
    match[2].trim()
  ] : [
    "",
    ""
  ];
}
function memberModeRow(name, mode, help) {
  return {
    name,
    aliases: [],
    usage: `/${name} <nick> [nick...]`,
    help,
    completes: "nick",
    read: (rest) => {
      const nicks = rest.split(/\s+/).filter((n) => n !== "");
      return nicks.length ? {
        kind: "members",
        mode,
        nicks
      } : void 0;
    }
  };
}
function dayStart(text2) {
  const match = DAY.exec(text2);
  if (!match) return void 0;
  const [year, month, day] = [
    Number(match[1]),
    Number(match[2]) - 1,
    Number(match[3])
  ];
  const date = new Date(year, month, day);
  if (date.getFullYear() !== year || date.getMonth() !== month || date.getDate() !== day) {
    return void 0;
  }
  return date.getTime();
}
function readSearch(rest) {
  const words = [];
  const filters = {};
  for (const term of rest.split(/\s+/).filter(Boolean)) {
    const colon = term.indexOf(":");
    const key = colon > 0 ? term.slice(0, colon).toLowerCase() : "";
    const value = term.slice(colon + 1);
    const day = dayStart(value);
    if (key === "from" && value) filters.sender = value;
    else if (key === "in" && value) filters.buffer = value;
    else if (key === "after" || key === "before" || key === "on") {
      if (day === void 0) return void 0;
      if (key !== "before") filters.since = day;
      if (key !== "after") filters.until = key === "on" ? nextDay(day) : day;
    } else words.push(term);
  }
  return words.length ? {
    kind: "search",
    text: words.join(" "),
    ...filters
  } : void 0;
}
function nextDay(start) {
  const date = new Date(start);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime();
}
function findCommand(name) {
  const key = name.toLowerCase();
  return COMMANDS.find((row) => row.name === key || row.aliases.includes(key));
}
function parseInput(line) {
  const text2 = line.replace(/\r?\n$/, "");
  if (text2.trim() === "") return {
    kind: "none"
  };
  if (!text2.startsWith("/") || text2.startsWith("//")) {
    return {
      kind: "say",
      text: text2.startsWith("//") ? text2.slice(1) : text2
    };
  }
  const [word, rest] = head(text2.slice(1));
  const name = word.toLowerCase();
  const row = findCommand(name);
  if (!row) return {
    kind: "unknown",
    name,
    args: rest
  };
  return row.read(rest) ?? {
    kind: "usage",
    name: row.name,
    usage: row.usage
  };
}
function usageError(name) {
  const row = findCommand(name.replace(/^\//, ""));
  return row ? `usage: ${row.usage}` : `Unknown command /${name.replace(/^\//, "")}`;
}
function helpText(name) {
  if (name !== void 0) {
    const row = findCommand(name.replace(/^\//, ""));
    if (!row) return `Unknown command /${name.replace(/^\//, "")}`;
    const aliases = row.aliases.length ? ` (also ${row.aliases.map((a) => `/${a}`).join(", ")})` : "";
    return `${row.usage} - ${row.help}${aliases}`;
  }
  return COMMANDS.map((row) => `${row.usage} - ${row.help}`).join("\n");
}
function completeCommand(partial2, extra = []) {
  if (!partial2.startsWith("/")) return [];
  const stem = partial2.slice(1).toLowerCase();
  const names2 = /* @__PURE__ */ new Set([
    ...COMMANDS.map((row) => row.name),
    ...extra
  ]);
  return [
    ...names2
  ].filter((n) => n.startsWith(stem)).sort().map((n) => `/${n}`);
}
function ircLine(command, channel) {
  const inChannel = (verb, build) => channel ? {
    line: build(channel)
  } : {
    error: `Cannot ${verb}: open a channel first`
  };
  switch (command.kind) {
    case "topic": {
      const where = command.channel ?? channel;
      if (!where) return {
        error: "Cannot show the topic: open a channel first"
      };
      return {
        line: command.text ? `TOPIC ${where} :${command.text}` : `TOPIC ${where}`
      };
    }
    case "mode": {
      if (command.target) {
        return {
          line: `MODE ${command.target}${command.modes ? ` ${command.modes}` : ""}`
        };
      }
      return inChannel("change modes", (c) => `MODE ${c} ${command.modes}`);
    }
    case "members":
      return inChannel("change modes", (c) => `MODE ${c} ${command.mode[0]}${command.mode[1].repeat(command.nicks.length)} ${command.nicks.join(" ")}`);
    case "kick":
      return inChannel("kick", (c) => `KICK ${c} ${command.nick}${command.reason ? ` :${command.reason}` : ""}`);
    case "ban":
      return inChannel("ban", (c) => `MODE ${c} +b ${command.mask}`);
    case "invite": {
      const where = command.channel ?? channel;
      if (!where) return {
        error: "Cannot invite: open a channel first"
      };
      return {
        line: `INVITE ${command.nick} ${where}`
      };
    }
    case "notice":
      return {
        line: `NOTICE ${command.target} :${command.text}`
      };
    case "away":
      return {
        line: command.message ? `AWAY :${command.message}` : "AWAY"
      };
    default:
      return void 0;
  }
}
var CHANNEL2, DAY, COMMANDS;
var init_commands = __esm({
  "core/commands.js": (function () {
    CHANNEL2 = /^[#&+!]/;
    DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
    COMMANDS = [
      {
        name: "join",
        aliases: [
          "j"
        ],
        usage: "/join <#channel> [key]",
        help: "Join a channel, with its key if it has one",
        completes: "channel",
        read: (rest) => {
          const [channel, tail] = head(rest);
          if (!channel) return void 0;
          const [key] = head(tail);
          return key ? {
            kind: "join",
            channel,
            key
          } : {
            kind: "join",
            channel
          };
        }
      },
      {
        name: "part",
        aliases: [
          "leave"
        ],
        usage: "/part [#channel] [reason]",
        help: "Leave a channel (the current one when none is named)",
        completes: "channel",
        read: (rest) => {
          const [first, tail] = head(rest);
          const channel = CHANNEL2.test(first) ? first : void 0;
          const reason = channel ? tail : rest.trim();
          return {
            kind: "part",
            ...channel ? {
              channel
            } : {},
            ...reason ? {
              reason
            } : {}
          };
        }
      },
      {
        name: "msg",
        aliases: [],
        usage: "/msg <nick|#channel> <text>",
        help: "Send a message to a nick or a channel",
        completes: "nick",
        read: (rest) => {
          const [target, text2] = head(rest);
          return target && text2 ? {
            kind: "msg",
            target,
            text: text2
          } : void 0;
        }
      },
      {
        name: "query",
        aliases: [],
        usage: "/query <nick> [text]",
        help: "Talk privately to a nick, optionally sending a first message",
        completes: "nick",
        read: (rest) => {
          const [target, text2] = head(rest);
          if (!target) return void 0;
          return text2 ? {
            kind: "query",
            target,
            text: text2
          } : {
            kind: "query",
            target
          };
        }
      },
      {
        name: "me",
        aliases: [],
        usage: "/me <action>",
        help: "Send an action to the current channel or query",
        read: (rest) => rest.trim() ? {
          kind: "me",
          text: rest.trim()
        } : void 0
      },
      {
        name: "whois",
        aliases: [],
        usage: "/whois <nick>",
        help: "Show who a nick is",
        completes: "nick",
        read: (rest) => {
          const [nick] = head(rest);
          return nick ? {
            kind: "whois",
            nick
          } : void 0;
        }
      },
      {
        name: "nick",
        aliases: [],
        usage: "/nick <newnick>",
        help: "Change your nickname",
        read: (rest) => {
          const [nick] = head(rest);
          return nick ? {
            kind: "nick",
            nick
          } : void 0;
        }
      },
      {
        name: "topic",
        aliases: [],
        usage: "/topic [#channel] [text]",
        help: "Show or set a channel's topic",
        completes: "channel",
        read: (rest) => {
          const [first, tail] = head(rest);
          const channel = CHANNEL2.test(first) ? first : void 0;
          const text2 = channel ? tail : rest.trim();
          return {
            kind: "topic",
            ...channel ? {
              channel
            } : {},
            ...text2 ? {
              text: text2
            } : {}
          };
        }
      },
      {
        name: "mode",
        aliases: [],
        usage: "/mode [target] <modes> [params]",
        help: "Show or change modes of a channel (the current one by default) or yourself",
        completes: "channel",
        read: (rest) => {
          const [first, tail] = head(rest);
          if (!first) return void 0;
          return /^[+-]/.test(first) ? {
            kind: "mode",
            modes: rest.trim()
          } : {
            kind: "mode",
            target: first,
            ...tail ? {
              modes: tail
            } : {}
          };
        }
      },
      memberModeRow("op", "+o", "Give operator status (+o) in the current channel"),
      memberModeRow("deop", "-o", "Take operator status (-o) in the current channel"),
      memberModeRow("voice", "+v", "Give voice (+v) in the current channel"),
      memberModeRow("devoice", "-v", "Take voice (-v) in the current channel"),
      {
        name: "kick",
        aliases: [],
        usage: "/kick <nick> [reason]",
        help: "Remove a nick from the current channel",
        completes: "nick",
        read: (rest) => {
          const [nick, reason] = head(rest);
          if (!nick) return void 0;
          return reason ? {
            kind: "kick",
            nick,
            reason
          } : {
            kind: "kick",
            nick
          };
        }
      },
      {
        name: "ban",
        aliases: [],
        usage: "/ban <nick|mask>",
        help: "Ban a nick (as nick!*@*) or a mask from the current channel",
        completes: "nick",
        read: (rest) => {
          const [mask] = head(rest);
          return mask ? {
            kind: "ban",
            mask: mask.includes("!") ? mask : `${mask}!*@*`
          } : void 0;
        }
      },
      {
        name: "invite",
        aliases: [],
        usage: "/invite <nick> [#channel]",
        help: "Invite a nick to a channel (the current one by default)",
        completes: "nick",
        read: (rest) => {
          const [nick, tail] = head(rest);
          const [channel] = head(tail);
          if (!nick) return void 0;
          return channel ? {
            kind: "invite",
            nick,
            channel
          } : {
            kind: "invite",
            nick
          };
        }
      },
      {
        name: "notice",
        aliases: [],
        usage: "/notice <nick|#channel> <text>",
        help: "Send a notice",
        completes: "nick",
        read: (rest) => {
          const [target, text2] = head(rest);
          return target && text2 ? {
            kind: "notice",
            target,
            text: text2
          } : void 0;
        }
      },
      {
        name: "ignore",
        aliases: [],
        usage: "/ignore [nick]",
        help: "Hide a nick's messages on this network (no nick: list those ignored)",
        completes: "nick",
        read: (rest) => {
          const [nick, tail] = head(rest);
          if (tail) return void 0;
          return nick ? {
            kind: "ignore",
            nick,
            on: true
          } : {
            kind: "ignore",
            on: true
          };
        }
      },
      {
        name: "unignore",
        aliases: [],
        usage: "/unignore <nick>",
        help: "Show a nick's messages again",
        completes: "nick",
        read: (rest) => {
          const [nick, tail] = head(rest);
          return nick && !tail ? {
            kind: "ignore",
            nick,
            on: false
          } : void 0;
        }
      },
      {
        name: "list",
        aliases: [],
        usage: "/list [filter]",
        help: "List the network's channels",
        read: (rest) => rest.trim() ? {
          kind: "list",
          filter: rest.trim()
        } : {
          kind: "list"
        }
      },
      {
        name: "away",
        aliases: [],
        usage: "/away [message]",
        help: "Mark yourself away (no message: back)",
        read: (rest) => rest.trim() ? {
          kind: "away",
          message: rest.trim()
        } : {
          kind: "away"
        }
      },
      {
        name: "back",
        aliases: [],
        usage: "/back",
        help: "Mark yourself back",
        read: (rest) => rest.trim() ? void 0 : {
          kind: "away"
        }
      },
      {
        name: "search",
        aliases: [],
        usage: "/search [from:nick] [in:#channel] [after:YYYY-MM-DD] [before:YYYY-MM-DD] <words>",
        help: "Search the stored history of this network (every word, as a substring), by sender, buffer and date",
        read: readSearch
      },
      {
        name: "quote",
        aliases: [
          "raw"
        ],
        usage: "/quote <raw line>",
        help: "Send a raw IRC line to the server",
        read: (rest) => rest.trim() ? {
          kind: "quote",
          line: rest.trim()
        } : void 0
      },
      {
        name: "close",
        aliases: [],
        usage: "/close",
        help: "Close the current buffer (leaving the channel, or ending the query)",
        read: (rest) => rest.trim() ? void 0 : {
          kind: "close"
        }
      },
      {
        name: "quit",
        aliases: [
          "exit"
        ],
        usage: "/quit [reason]",
        help: "Disconnect from the network",
        read: (rest) => rest.trim() ? {
          kind: "quit",
          reason: rest.trim()
        } : {
          kind: "quit"
        }
      },
      {
        name: "help",
        aliases: [],
        usage: "/help [command]",
        help: "List the commands, or show how to use one",
        completes: "command",
        read: (rest) => {
          const [topic] = head(rest);
          return topic ? {
            kind: "help",
            command: topic.replace(/^\//, "").toLowerCase()
          } : {
            kind: "help"
          };
        }
      }
    ];
  })
});

// core/event_text.js
function because(reason) {
  return reason ? ` (${reason})` : "";
}
function joinText(data) {
  return `\u2192 ${data.nickname} joined`;
}
function partText(data) {
  return `\u2190 ${data.nickname} left${because(data.reason)}`;
}
function quitText(data) {
  return `\u2190 ${data.nickname} quit${because(data.reason)}`;
}
function kickText(data, me) {
  const who = me ? "You were" : `${data.nickname} was`;
  return `\u2190 ${who} kicked by ${data.kicker}${because(data.reason)}`;
}
function nickText(data) {
  return `${data.old_nickname} is now ${data.nickname}`;
}
function topicText(data) {
  if (data.setter === void 0) return `Topic: ${data.topic}`;
  return data.topic === "" ? `${data.setter} cleared the topic` : `${data.setter} changed the topic to: ${data.topic}`;
}
function modeText(data) {
  return data.setter === void 0 ? `Mode: ${data.modes}` : `${data.setter} sets mode ${data.modes}`;
}
function storedEventText(line) {
  const { sender, text: text2 } = line;
  switch (line.kind) {
    case "join":
      return {
        words: joinText({
          nickname: sender
        }),
        presence: "join"
      };
    case "part":
      return {
        words: partText({
          nickname: sender,
          reason: text2
        }),
        presence: "part"
      };
    case "quit":
      return {
        words: quitText({
          nickname: sender,
          reason: text2
        }),
        presence: "quit"
      };
    case "kick": {
      const space = text2.indexOf(" ");
      const nickname = space < 0 ? text2 : text2.slice(0, space);
      const reason = space < 0 ? "" : text2.slice(space + 1);
      return {
        words: kickText({
          nickname,
          kicker: sender,
          reason
        }, false)
      };
    }
    case "nick":
      return {
        words: nickText({
          old_nickname: sender,
          nickname: text2
        }),
        presence: "nick"
      };
    case "topic":
      return {
        words: topicText({
          topic: text2,
          setter: sender
        })
      };
    case "mode":
      return {
        words: modeText({
          modes: text2,
          setter: sender
        })
      };
    default:
      return void 0;
  }
}
function messageText(line) {
  const { sender, text: text2 } = line;
  const bot = line.bot ? " [bot]" : "";
  switch (line.kind) {
    case "action":
      return `* ${sender}${bot} ${text2}`;
    case "notice":
    case "ctcp":
      return `-${sender}-${bot} ${text2}`;
    default:
      return `<${sender}>${bot} ${text2}`;
  }
}
function replyText(data) {
  const context = data.context.length ? ` ${data.context.join(" ")}` : "";
  return `${data.command} ${data.code}${context}: ${data.description}`;
}
var init_event_text = __esm({
  "core/event_text.js": (function () {
  })
});

// core/visible_text.js
function visibleText(text2) {
  return text2.replace(INVISIBLE, (c) => NAMED[c] ?? `\\u{${c.charCodeAt(0).toString(16)}}`);
}
var NAMED, INVISIBLE;
var init_visible_text = __esm({
  "core/visible_text.js": (function () {
    NAMED = {
      "\n": "\\n",
      "\r": "\\r",
      "	": "\\t"
    };
    INVISIBLE = // deno-lint-ignore no-control-regex
    /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
  })
});

// core/stored_line.ts
var LINE_KINDS;
var init_stored_line = __esm({
  "core/stored_line.ts": (function () {
    LINE_KINDS = [
      "message",
      "notice",
      "action",
      "join",
      "part",
      "quit",
      "kick",
      "nick",
      "topic",
      "mode",
      "reply"
    ];
  })
});

// core/mod.ts
var init_mod2 = __esm({
  "core/mod.ts": (function () {
    init_casemapping();
    init_membership();
    init_shape();
    init_network_form();
    init_protocol();
    init_commands();
    init_deeplink_payloads();
    init_jsr_specifier();
    init_event_text();
    init_visible_text();
    init_stored_line();
  })
});

// irc/errors.ts
var IrcConnectError;
var init_errors2 = __esm({
  "irc/errors.ts": (function () {
    IrcConnectError = class extends Error {
      /** What went wrong. */
      code;
      /** Creates the error; `options.cause` carries the underlying error when there is one. */
      constructor(code, message, options) {
        super(message, options);
        this.name = "IrcConnectError";
        this.code = code;
      }
    };
  })
});

// irc/_paced_queue.ts
import { Queue as Queue2 } from "../common/mod.ts";
var PacedQueue;
var init_paced_queue = __esm({
  "irc/_paced_queue.ts": (function () {
    PacedQueue = class {
      #send;
      #interval;
      #burst;
      #max;
      #tokens;
      #refilledAt;
      #pending = new Queue2();
      #keys = /* @__PURE__ */ new Set();
      #timer;
      #closed = false;
      /** Creates a queue sending through `send`. */
      constructor(send, options) {
        this.#send = send;
        this.#interval = Math.max(0, options.interval);
        this.#burst = Math.max(1, options.burst ?? 1);
        this.#max = options.max ?? Infinity;
        this.#tokens = this.#burst;
        this.#refilledAt = Date.now();
      }
      /** How many more lines may be queued before `push` throws. */
      get room() {
        return this.#closed ? Infinity : this.#max - this.#pending.length;
      }
      /**
       * Queues a line; with `key`, a line whose key is already waiting is not queued twice.
       * A function is called for the line when its turn comes, so a waiting line can carry the
       * latest value. `onSent` runs right after the line is handed to the send function.
       * Throws a `RangeError`, queueing nothing, when `max` lines are already waiting.
       */
      push(line, key, onSent) {
        if (this.#closed) return;
        if (key !== void 0 && this.#keys.has(key)) return;
        if (this.#pending.length >= this.#max) {
          throw new RangeError(`Cannot queue the line: ${this.#pending.length} lines are already waiting to be sent`);
        }
        if (key !== void 0) this.#keys.add(key);
        this.#pending.push({
          line,
          key,
          onSent
        });
        this.#pump();
      }
      /** Drops every unsent line and stops the timer; the queue accepts nothing afterwards. */
      close() {
        this.#closed = true;
        this.#pending = new Queue2();
        this.#keys.clear();
        if (this.#timer !== void 0) clearTimeout(this.#timer);
        this.#timer = void 0;
      }
      #refill() {
        const now = Date.now();
        if (this.#interval === 0) {
          this.#tokens = this.#burst;
          this.#refilledAt = now;
          return;
        }
        const earned = Math.floor((now - this.#refilledAt) / this.#interval);
        if (earned > 0) {
          this.#tokens = Math.min(this.#burst, this.#tokens + earned);
          this.#refilledAt = this.#tokens === this.#burst ? now : this.#refilledAt + earned * this.#interval;
        }
      }
      #pump() {
        if (this.#timer !== void 0 || this.#closed) return;
        this.#refill();
        while (this.#pending.length > 0 && this.#tokens > 0) {
          if (this.#tokens === this.#burst) this.#refilledAt = Date.now();
          this.#tokens--;
          const { line, key, onSent } = this.#pending.shift();
          if (key !== void 0) this.#keys.delete(key);
          this.#send(typeof line === "string" ? line : line());
          onSent?.();
          if (this.#closed) return;
        }
        if (this.#pending.length > 0) {
          const wait = Math.max(1, this.#refilledAt + this.#interval - Date.now());
          this.#timer = setTimeout(() => {
            this.#timer = void 0;
            this.#pump();
          }, wait);
        }
      }
    };
  })
});

// irc/_worker.ts
import { Queue as Queue3 } from "../common/mod.ts";
var SLICE_MS2, SerialWorker;
var init_worker = __esm({
  "irc/_worker.ts": (function () {
    SLICE_MS2 = 8;
    SerialWorker = class {
      #items = new Queue3();
      #running = false;
      /** A microtask will start the consumer. */
      #scheduled = false;
      #handler;
      /** Creates a worker handing each item to `handler`. */
      constructor(handler) {
        this.#handler = handler;
      }
      /** Items waiting, the one being handled not counted. */
      get backlog() {
        return this.#items.length;
      }
      /** Queues an item; the consumer starts on a microtask if it is idle and not flushed first. */
      push(item) {
        this.#items.push(item);
        if (!this.#running && !this.#scheduled) {
          this.#scheduled = true;
          queueMicrotask(this.#start);
        }
      }
      /**
       * Handles the queued items now, on the caller's stack, until one returns a promise (the
       * rest then follow once it settles, as on a microtask start). A reader calls it once per
       * batch of pushes (one socket read): its items are then handled while they are young, where
       * waiting for a microtask let a flood's reads run ahead and a backlog age into the old
       * generation, whose collection cost more than handling the lines (issue 25).
       */
      flush() {
        this.#start();
      }
      #start = () => {
        this.#scheduled = false;
        if (this.#running || this.#items.length === 0) return;
        this.#running = true;
        this.#run();
      };
      async #run() {
        const items = this.#items;
        const handler = this.#handler;
        let sliceStart = performance.now();
        let count = 0;
        while (items.length > 0) {
          const item = items.shift();
          try {
            const pending = handler.handle(item, items.length);
            if (pending) await pending;
          } catch (error) {
            handler.failed(error);
          }
          if ((++count & 255) === 0 && performance.now() - sliceStart > SLICE_MS2) {
            await new Promise((resolve3) => setTimeout(resolve3, 0));
            sliceStart = performance.now();
          }
        }
        this.#running = false;
      }
    };
  })
});

// irc/_read_gate.ts
import { setImmediate as setImmediate2 } from "node:timers";
var READ_SOFT_BACKLOG, READ_HARD_BACKLOG, READ_RESUME_BACKLOG, ReadGate;
var init_read_gate = __esm({
  "irc/_read_gate.ts": (function () {
    READ_SOFT_BACKLOG = 1024;
    READ_HARD_BACKLOG = 2e4;
    READ_RESUME_BACKLOG = 256;
    ReadGate = class {
      #options;
      #nextTurn;
      #paused = false;
      #closed = false;
      /** Items the worker has handled: its progress. */
      #handled = 0;
      /** A turn check is pending. */
      #watching = false;
      /** `#handled` when the pending turn check was armed. */
      #handledAtWatch = 0;
      /** Creates the gate; the socket is being read. */
      constructor(options) {
        this.#options = options;
        this.#nextTurn = options.nextTurn ?? ((callback) => setImmediate2(callback));
      }
      /** Whether reading is paused. */
      get paused() {
        return this.#paused;
      }
      /** A socket read's lines are queued, and `backlog` lines wait for the worker. */
      afterRead(backlog) {
        if (this.#paused || this.#closed || backlog < READ_SOFT_BACKLOG) return;
        this.#paused = true;
        this.#options.pause();
        if (backlog < READ_HARD_BACKLOG) this.#watch();
      }
      /** The worker is about to handle an item, with `backlog` others waiting. */
      beforeHandle(backlog) {
        this.#handled++;
        if (this.#paused && backlog <= READ_RESUME_BACKLOG) this.#resume();
      }
      /** The link is over: the gate does nothing more. */
      close() {
        this.#closed = true;
      }
      #resume() {
        this.#paused = false;
        if (!this.#closed) this.#options.resume();
      }
      /** Checks after a turn whether the worker moved: if not, it is held, and reading goes on. */
      #watch() {
        this.#handledAtWatch = this.#handled;
        if (this.#watching) return;
        this.#watching = true;
        this.#nextTurn(this.#check);
      }
      #check = () => {
        this.#watching = false;
        if (!this.#paused || this.#closed) return;
        if (this.#handled !== this.#handledAtWatch) return this.#watch();
        this.#resume();
      };
    };
  })
});

// irc/_line_splitter.ts
function overLimit(length, tags) {
  if (tags === -1) return length >= MAX_TAGS_BYTES;
  return length - tags + 2 > MAX_REST_BYTES;
}
function tagsBytes(bytes, start, end) {
  if (end <= start || bytes[start] !== AT) return 0;
  const space = bytes.subarray(start, Math.min(end, start + MAX_TAGS_BYTES)).indexOf(SPACE);
  return space === -1 ? -1 : space + 1;
}
function splitLines(text2, out) {
  let from = 0;
  for (let nl = text2.indexOf("\n"); nl !== -1; nl = text2.indexOf("\n", from)) {
    const stop = nl > from && text2.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
    if (stop > from) out.push(text2.slice(from, stop));
    from = nl + 1;
  }
}
function textTagsBytes(text2, start, end) {
  if (end <= start || text2.charCodeAt(start) !== AT) return 0;
  const space = text2.indexOf(" ", start);
  return space === -1 || space >= Math.min(end, start + MAX_TAGS_BYTES) ? -1 : space - start + 1;
}
function stripCr(bytes, start, end) {
  return end > start && bytes[end - 1] === CR ? end - 1 : end;
}
var MAX_TAGS_BYTES, MAX_REST_BYTES, MAX_DROPPED_BYTES, LF, CR, SPACE, AT, LineLengthError, DroppedLine, LineSplitter;
var init_line_splitter = __esm({
  "irc/_line_splitter.ts": (function () {
    MAX_TAGS_BYTES = 8191;
    MAX_REST_BYTES = 4096;
    MAX_DROPPED_BYTES = 65536;
    LF = 10;
    CR = 13;
    SPACE = 32;
    AT = 64;
    LineLengthError = class extends Error {
      /** Creates the error for a line of `bytes` bytes so far (`complete` when it had its end). */
      constructor(bytes, complete) {
        super(`Cannot read from the server: a line had no end within ${MAX_DROPPED_BYTES} bytes, got ${complete ? `a line of ${bytes} bytes` : `${bytes} bytes without a line end`}`);
        this.name = "LineLengthError";
      }
    };
    DroppedLine = class {
      /** The line's length in bytes, without its line end. */
      bytes;
      /** Stands for a dropped line of `bytes` bytes. */
      constructor(bytes) {
        this.bytes = bytes;
      }
      /** What to tell the user, in the voice of the other read errors. */
      get message() {
        return `Cannot read a line from the server: it exceeded the length limit (${MAX_TAGS_BYTES} bytes of tags plus ${MAX_REST_BYTES} for the rest) and was dropped, got a line of ${this.bytes} bytes`;
      }
    };
    LineSplitter = class {
      // A BOM is text here, not a marker to drop.
      #decoder = new TextDecoder("utf-8", {
        ignoreBOM: true
      });
      /** The partial line: bytes received since the last line end (none kept while dropping). */
      #partial = [];
      #partialBytes = 0;
      /** What `tagsBytes` says of the partial line. */
      #partialTags = 0;
      /** The partial line is over the limit: its bytes are counted, not kept. */
      #dropping = false;
      /** The last byte of the partial line is a CR (perhaps the start of its line end). */
      #partialCr = false;
      #error;
      /** The length error that stopped the splitter, if any; it then takes no more bytes. */
      get error() {
        return this.#error;
      }
      /**
       * Returns what `chunk` completes, in wire order: lines (empty ones left out) and a
       * {@linkcode DroppedLine} for each overlong one. When a line has no end within the bound,
       * what came before it is returned, `error` is set and every later chunk is ignored.
       */
      push(bytes) {
        const out = [];
        if (this.#error) return out;
        const chunk = Object.getPrototypeOf(bytes) === Uint8Array.prototype ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        let start = 0;
        let nl = chunk.indexOf(LF);
        if (nl !== -1 && (this.#partialBytes > 0 || this.#dropping)) {
          if (this.#dropping) {
            const crBefore = nl === 0 ? this.#partialCr : chunk[nl - 1] === CR;
            const length = this.#partialBytes + nl - (crBefore ? 1 : 0);
            this.#partialBytes = 0;
            this.#dropping = false;
            if (!this.#drop(length, out)) return out;
          } else {
            const line = this.#join(chunk.subarray(0, nl));
            const end = stripCr(line, 0, line.length);
            if (overLimit(end, tagsBytes(line, 0, end))) {
              if (!this.#drop(end, out)) return out;
            } else if (end > 0) {
              out.push(this.#decoder.decode(line.subarray(0, end)));
            }
          }
          start = nl + 1;
          nl = chunk.indexOf(LF, start);
        }
        const last = nl === -1 ? -1 : chunk.lastIndexOf(LF);
        if (last !== -1) {
          const text2 = this.#decoder.decode(chunk.subarray(start, last + 1));
          if (text2.length === last + 1 - start) {
            if (!this.#cutText(text2, out)) return out;
          } else if (!this.#cutBytes(chunk, start, nl, text2, out)) return out;
          start = last + 1;
        }
        if (start < chunk.length) this.#keep(chunk.subarray(start));
        return out;
      }
      /**
       * Cuts `text`, whole lines each ending in LF whose lengths are their lengths in bytes, into
       * `out`, an overlong one dropped. False once the splitter failed.
       */
      #cutText(text2, out) {
        let from = 0;
        for (let nl = text2.indexOf("\n"); nl !== -1; nl = text2.indexOf("\n", from)) {
          const end = nl > from && text2.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
          if (overLimit(end - from, textTagsBytes(text2, from, end))) {
            if (!this.#drop(end - from, out)) return false;
          } else if (end > from) {
            out.push(text2.slice(from, end));
          }
          from = nl + 1;
        }
        return true;
      }
      /**
       * Cuts the whole lines of `chunk` from `start` (its first LF at `nl`) into `out`, checked
       * byte by byte, as `text` (those lines decoded) may be shorter than their bytes. Each run
       * of good lines is decoded at once; with none dropped, that is `text`. False once failed.
       */
      #cutBytes(chunk, start, nl, text2, out) {
        const first = start;
        let from = start;
        while (nl !== -1) {
          const end = stripCr(chunk, start, nl);
          if (overLimit(end - start, tagsBytes(chunk, start, end))) {
            this.#decodeLines(chunk, from, start, out);
            if (!this.#drop(end - start, out)) return false;
            from = nl + 1;
          }
          start = nl + 1;
          nl = chunk.indexOf(LF, start);
        }
        if (from === first) splitLines(text2, out);
        else this.#decodeLines(chunk, from, start, out);
        return true;
      }
      /**
       * Drops a complete line over the limit: a {@linkcode DroppedLine} added to `out`, or, when
       * its `length` is past the bound, the splitter fails. False once failed.
       */
      #drop(length, out) {
        if (length > MAX_DROPPED_BYTES) {
          this.#fail(new LineLengthError(length, true));
          return false;
        }
        out.push(new DroppedLine(length));
        return true;
      }
      /** Adds the start of a line to the partial line: kept, or only counted once over the limit. */
      #keep(tail) {
        const before = this.#partialBytes;
        this.#partialBytes += tail.length;
        this.#partialCr = tail[tail.length - 1] === CR;
        const length = this.#partialBytes - (this.#partialCr ? 1 : 0);
        if (!this.#dropping) {
          if (before === 0) {
            this.#partialTags = tagsBytes(tail, 0, tail.length);
          } else if (this.#partialTags === -1) {
            const space = tail.subarray(0, Math.max(0, MAX_TAGS_BYTES - before)).indexOf(SPACE);
            if (space !== -1) this.#partialTags = before + space + 1;
          }
          if (overLimit(length, this.#partialTags)) {
            this.#partial = [];
            this.#dropping = true;
          } else {
            this.#partial.push(new Uint8Array(tail));
          }
        }
        if (length > MAX_DROPPED_BYTES) this.#fail(new LineLengthError(this.#partialBytes, false));
      }
      #fail(error) {
        this.#error = error;
        this.#partial = [];
        this.#partialBytes = 0;
        this.#dropping = false;
      }
      /** The partial line followed by `last`, as one array; the partial line is then empty. */
      #join(last) {
        const out = new Uint8Array(this.#partialBytes + last.length);
        let offset = 0;
        for (const part2 of this.#partial) {
          out.set(part2, offset);
          offset += part2.length;
        }
        out.set(last, offset);
        this.#partial = [];
        this.#partialBytes = 0;
        return out;
      }
      /** Decodes the whole lines in `bytes[start, end)` (each ending in LF) at once. */
      #decodeLines(bytes, start, end, out) {
        if (end <= start) return;
        splitLines(this.#decoder.decode(bytes.subarray(start, end)), out);
      }
    };
  })
});

// irc/_link_end.ts
function createLinkFacts() {
  return {
    requestedReason: void 0,
    wireError: void 0,
    wirePassword: false,
    pingTimedOut: false,
    socketError: void 0,
    opened: false,
    quitting: false
  };
}
function lostReason(facts) {
  if (facts.requestedReason !== void 0) return facts.requestedReason;
  if (facts.wireError !== void 0) return facts.wireError;
  if (facts.pingTimedOut) return "Ping timeout: the server stopped answering";
  const e = facts.socketError;
  if (e) return e.code ? `${e.message} (${e.code})` : e.message;
  return "Connection closed by the server";
}
function connectError(facts, context) {
  const { options: o, registered, reason } = context;
  const where = `${o.host}:${o.port}`;
  const e = facts.socketError;
  if (facts.requestedReason !== void 0) {
    return new IrcConnectError("aborted", `Cannot connect to ${where}: ${reason}`);
  }
  if (facts.wireError !== void 0 && facts.wirePassword) {
    return new IrcConnectError("password", `Cannot connect to ${where}: the server refused the password, got ${facts.wireError}`);
  }
  if (facts.wireError !== void 0 && o.password !== void 0 && !registered) {
    return new IrcConnectError("password", `Cannot connect to ${where}: the server refused the connection before registration, likely the server password, got ${facts.wireError}`);
  }
  if (e instanceof LineLengthError) {
    return new IrcConnectError("closed", `Cannot connect to ${where}: the server sent a line over the length limit, got ${e.message}`, {
      cause: e
    });
  }
  if (e && (e.code === "ECONNREFUSED" || /refused/i.test(e.message))) {
    return new IrcConnectError("refused", `Cannot connect to ${where}: connection refused, got ${e.message}`, {
      cause: e
    });
  }
  if (e && o.tls && !facts.opened) {
    return new IrcConnectError("tls", `Cannot connect to ${where}: TLS failed, got ${e.message}`, {
      cause: e
    });
  }
  if (e && !facts.opened) {
    return new IrcConnectError("refused", `Cannot connect to ${where}: ${e.message}`, {
      cause: e
    });
  }
  if (o.tls && !facts.opened) {
    return new IrcConnectError("tls", `Cannot connect to ${where}: the TLS handshake did not complete, got ${reason}`);
  }
  return new IrcConnectError("closed", `Cannot connect to ${where}: the server closed the connection, got ${reason}`);
}
var init_link_end = __esm({
  "irc/_link_end.ts": (function () {
    init_errors2();
    init_line_splitter();
  })
});

// irc/_global_clock.ts
function globalClock() {
  return GLOBAL_CLOCK;
}
var GLOBAL_CLOCK;
var init_global_clock = __esm({
  "irc/_global_clock.ts": (function () {
    GLOBAL_CLOCK = {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (id) => clearTimeout(typeof id === "number" ? id : void 0)
    };
  })
});

// irc/_tags.ts
function escapeTagValue(value) {
  return value.replace(/[; \\\r\n]/g, (ch) => ESCAPED[ch]);
}
function unescapeTagValue(value) {
  if (!value.includes("\\")) return value;
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch !== "\\") {
      out += ch;
      continue;
    }
    const next = value[++i];
    if (next === void 0) break;
    out += ESCAPES[next] ?? next;
  }
  return out;
}
function parseTags(line) {
  const tags = /* @__PURE__ */ Object.create(null);
  if (line[0] !== "@") return tags;
  const space = line.indexOf(" ");
  const text2 = line.slice(1, space === -1 ? line.length : space);
  for (const tag of text2.split(";")) {
    const eq = tag.indexOf("=");
    const key = eq === -1 ? tag : tag.slice(0, eq);
    if (key === "" || key === "+") continue;
    tags[key] = eq === -1 ? "" : unescapeTagValue(tag.slice(eq + 1));
  }
  return tags;
}
function parseServerTime(value) {
  const m = RFC3339.exec(value);
  const bad = (why) => new TypeError(`Cannot parse server-time: ${why}, got ${JSON.stringify(value.slice(0, 64))}`);
  if (!m) throw bad("not an RFC 3339 date-time");
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const fraction = m[7] ?? "";
  const offsetMinutes = m[8] ? 0 : (m[9] === "-" ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11]));
  if (month < 1 || month > 12) throw bad("the month is out of range");
  const days = new Date(Date.UTC(year + 400, month, 0)).getUTCDate();
  if (day < 1 || day > days) throw bad("the day is out of range");
  if (hour > 23 || minute > 59 || second > 60) throw bad("the time of day is out of range");
  if (!m[8] && (Number(m[10]) > 23 || Number(m[11]) > 59)) throw bad("the offset is out of range");
  const ms = Number(fraction.padEnd(3, "0").slice(0, 3));
  const utc = Date.UTC(year + 400, month - 1, day, hour, minute, Math.min(second, 59), ms) - 146097 * 864e5 - offsetMinutes * 6e4;
  if (second === 60) {
    const at2 = new Date(utc);
    if (at2.getUTCHours() !== 23 || at2.getUTCMinutes() !== 59) {
      throw bad("a leap second is only 23:59:60 UTC");
    }
    return new Date(utc - ms + 999);
  }
  const date = new Date(utc);
  if (Number.isNaN(date.getTime())) throw bad("the instant is out of range");
  return date;
}
var ESCAPES, ESCAPED, RFC3339;
var init_tags = __esm({
  "irc/_tags.ts": (function () {
    ESCAPES = {
      ":": ";",
      s: " ",
      "\\": "\\",
      r: "\r",
      n: "\n"
    };
    ESCAPED = Object.fromEntries(Object.entries(ESCAPES).map(([code, ch]) => [
      ch,
      `\\${code}`
    ]));
    RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;
  })
});

// irc/_isupport.ts
var ServerSupport;
var init_isupport = __esm({
  "irc/_isupport.ts": (function () {
    init_mod2();
    ServerSupport = class {
      /** CASEMAPPING. */
      casemapping = "rfc1459";
      /** CHANTYPES: the first characters of channel names. */
      chantypes = "#&";
      /** STATUSMSG: prefixes of a message target addressed to channel members of a rank. */
      statusmsg = "";
      /** The membership prefixes of PREFIX, as they appear in NAMES. */
      prefixes = "~&@%+";
      /** PREFIX as advertised: mode letters, then their symbols. */
      prefix = "(qaohv)~&@%+";
      /** WHOX is supported. */
      whox = false;
      /** MONITOR is supported. */
      monitor = false;
      /** CHATHISTORY: the most messages one request may ask for; 0 for no limit. */
      chathistory = 0;
      /** BOT: the user mode (and WHO flag) marking a bot; `""` when the server has none. */
      bot = "";
      /** Takes the tokens of one 005 line. */
      apply(m) {
        for (const token of m.params.slice(1, -1)) {
          const eq = token.indexOf("=");
          const name = (eq === -1 ? token : token.slice(0, eq)).toUpperCase();
          const value = eq === -1 ? "" : token.slice(eq + 1);
          switch (name) {
            case "CASEMAPPING":
              this.casemapping = value;
              break;
            case "CHANTYPES":
              this.chantypes = value;
              break;
            case "STATUSMSG":
              this.statusmsg = value;
              break;
            case "WHOX":
              this.whox = true;
              break;
            case "MONITOR":
              this.monitor = true;
              break;
            case "BOT":
              this.bot = /^[A-Za-z]$/.test(value) ? value : "";
              break;
            case "CHATHISTORY":
            case "DRAFT/CHATHISTORY": {
              const max2 = Number(value);
              this.chathistory = Number.isSafeInteger(max2) && max2 > 0 ? max2 : 0;
              break;
            }
            case "PREFIX": {
              const close2 = value.indexOf(")");
              this.prefix = value;
              this.prefixes = close2 === -1 ? "" : value.slice(close2 + 1);
              break;
            }
          }
        }
      }
      /** Folds a nickname or channel name by the server's CASEMAPPING. */
      fold(name) {
        return casefold(name, this.casemapping);
      }
      /**
       * A message's target without its STATUSMSG prefixes (`@#chan` is sent to the ops of
       * `#chan`, and belongs in its buffer).
       */
      conversationOf(target) {
        if (this.statusmsg === "") return target;
        let name = target;
        while (name.length > 1 && this.statusmsg.includes(name[0])) name = name.slice(1);
        return name;
      }
      /** Whether a target names a channel. */
      isChannel(target) {
        return target !== "" && this.chantypes.includes(target[0]);
      }
    };
  })
});

// irc/_channels.ts
var Channels;
var init_channels = __esm({
  "irc/_channels.ts": (function () {
    init_mod2();
    Channels = class {
      #byKey = /* @__PURE__ */ new Map();
      /**
       * Who is where, with prefixes and topics: the one roster of the client. `LineContext.emit`
       * applies each event to it as the event is emitted.
       */
      members = new Membership();
      /** How many channels we are in. */
      get size() {
        return this.#byKey.size;
      }
      /** The channel of folded `key`, if we are in it. */
      get(key) {
        return this.#byKey.get(key);
      }
      /** Names of the channels we are in, in join order. */
      names() {
        return [
          ...this.#byKey.values()
        ].map((c) => c.name);
      }
      /** We joined `name`. */
      joined(key, name) {
        this.#byKey.set(key, {
          name,
          pendingNames: void 0,
          enriched: false
        });
      }
      /** We left the channel of folded `key`. */
      left(key) {
        this.#byKey.delete(key);
      }
      /** The channels `nick` shares with us, as joined: where a quit or nick change shows. */
      sharedWith(nick) {
        return this.members.channelsOf(nick);
      }
      /** Forgets every channel (the link is gone). */
      clear() {
        this.#byKey.clear();
        this.members.apply({
          type: "channels.changed",
          data: {
            networkId: 0,
            channels: []
          }
        });
      }
    };
  })
});

// irc/_user_meta.ts
function prefixSlot(prefix) {
  const n = prefix.length;
  if (n < 3) return n * 2;
  let h = Math.imul(n ^ prefix.charCodeAt(n - 1), 2654435761);
  h = Math.imul(h ^ prefix.charCodeAt(n - 2), 2246822507);
  h = Math.imul(h ^ prefix.charCodeAt(n - 3), 3266489909);
  h = Math.imul(h ^ prefix.charCodeAt(1), 668265263);
  return h >>> 16 & PREFIX_SLOTS - 2;
}
function sameMeta(a, b) {
  return a.nickname === b.nickname && a.away === b.away && a.away_message === b.away_message && a.account === b.account && a.host === b.host && a.realname === b.realname && a.bot === b.bot;
}
var PREFIX_SLOTS, UserMetaStore;
var init_user_meta = __esm({
  "irc/_user_meta.ts": (function () {
    PREFIX_SLOTS = 512;
    UserMetaStore = class {
      #networkId;
      #users = /* @__PURE__ */ new Map();
      /** Bumped by every change to `#users`: a memo entry from an older version is stale. */
      #version = 0;
      // A memo of line prefixes (`nick!user@host`) found current, in slots picked from a few of
      // their characters: a hit spares folding the nickname and looking it up by a freshly cut
      // string, which V8 must hash first (on a flood, a third of handling a PRIVMSG; issue 25).
      #prefixes = new Array(PREFIX_SLOTS);
      #accounts = new Array(PREFIX_SLOTS);
      #mappings = new Array(PREFIX_SLOTS);
      #versions = new Array(PREFIX_SLOTS).fill(-1);
      /** Creates a store for `networkId`. */
      constructor(networkId2) {
        this.#networkId = networkId2;
      }
      /** The snapshot of folded `key`, if known. */
      get(key) {
        return this.#users.get(key);
      }
      /**
       * Whether a line from `prefix` with `account` (its account tag) was found to change
       * nothing, under `casemapping`, with no change to any snapshot since.
       */
      current(prefix, account, casemapping) {
        const slot2 = prefixSlot(prefix);
        return this.#holds(slot2, prefix, account, casemapping) || this.#holds(slot2 + 1, prefix, account, casemapping);
      }
      /** Notes that a line from `prefix` with `account` changes nothing, under `casemapping`. */
      remember(prefix, account, casemapping) {
        const slot2 = prefixSlot(prefix);
        if (this.#prefixes[slot2] !== prefix) {
          this.#prefixes[slot2 + 1] = this.#prefixes[slot2];
          this.#accounts[slot2 + 1] = this.#accounts[slot2];
          this.#mappings[slot2 + 1] = this.#mappings[slot2];
          this.#versions[slot2 + 1] = this.#versions[slot2];
        }
        this.#prefixes[slot2] = prefix;
        this.#accounts[slot2] = account;
        this.#mappings[slot2] = casemapping;
        this.#versions[slot2] = this.#version;
      }
      /** Whether memo slot `slot` holds `prefix` with `account` and `casemapping`, current. */
      #holds(slot2, prefix, account, casemapping) {
        return this.#versions[slot2] === this.#version && this.#prefixes[slot2] === prefix && this.#accounts[slot2] === account && this.#mappings[slot2] === casemapping;
      }
      /** Applies `patch`; returns the new snapshot when something changed. */
      update(key, nick, patch) {
        const old = this.#users.get(key);
        const next = old ? {
          ...old,
          nickname: nick
        } : {
          networkId: this.#networkId,
          nickname: nick,
          away: false
        };
        for (const [field2, value] of Object.entries(patch)) {
          if (value === void 0) delete next[field2];
          else next[field2] = value;
        }
        if (!next.away) delete next.away_message;
        if (next.bot !== true) delete next.bot;
        if (old && sameMeta(old, next)) return void 0;
        this.#version++;
        this.#users.set(key, next);
        return next;
      }
      /** Moves a snapshot to a new nickname; returns it when there was one. */
      rename(oldKey, newKey, nick) {
        const meta = this.#users.get(oldKey);
        this.#version++;
        this.#users.delete(oldKey);
        if (!meta) return void 0;
        const next = {
          ...meta,
          nickname: nick
        };
        this.#users.set(newKey, next);
        return next;
      }
      /** Forgets a user (quit). */
      delete(key) {
        this.#version++;
        this.#users.delete(key);
      }
    };
  })
});

// irc/_history.ts
import { errorMessage as errorMessage9, Queue as Queue4 } from "../common/mod.ts";
function historyOffered(caps) {
  return (caps.has("draft/chathistory") || caps.has("chathistory")) && caps.has("batch") && caps.has("server-time");
}
var MAX_PENDING2, MAX_PAGES, REPLY_TIMEOUT, HistoryFetcher;
var init_history = __esm({
  "irc/_history.ts": (function () {
    MAX_PENDING2 = 1e3;
    MAX_PAGES = 10;
    REPLY_TIMEOUT = 3e4;
    HistoryFetcher = class {
      #link;
      /** Lookups taken at JOIN, by folded channel. */
      #since = /* @__PURE__ */ new Map();
      #pending = new Queue4();
      #queued = /* @__PURE__ */ new Set();
      #current;
      #timer;
      #closed = false;
      /** Creates a fetcher that sends nothing until `request()`. */
      constructor(link) {
        this.#link = link;
      }
      /** We joined `channel`: take its last stored time now, before live lines get stored. */
      joined(channel) {
        const lookup = this.#link.lastStored;
        if (!lookup || this.#closed) return;
        const key = this.#link.fold(channel);
        if (this.#since.size >= MAX_PENDING2 && !this.#since.has(key)) return;
        let since;
        try {
          since = Promise.resolve(lookup(channel));
        } catch (error) {
          since = Promise.reject(error);
        }
        since.catch(() => {
        });
        this.#since.set(key, since);
      }
      /** Queues the history request of `channel`; sent when no other request is in flight. */
      request(channel) {
        const key = this.#link.fold(channel);
        if (this.#closed || this.#queued.has(key) || this.#pending.length >= MAX_PENDING2) return;
        this.#queued.add(key);
        this.#pending.push(channel);
        this.#next();
      }
      /** A line of a chathistory batch arrived, with its time. */
      line(time) {
        const current = this.#current;
        if (!current?.sent) return;
        current.count++;
        if (current.last === void 0 || time > current.last) current.last = time;
      }
      /** A top-level chathistory batch for `target` ended. */
      ended(target) {
        const current = this.#current;
        if (!current?.sent || this.#link.fold(target) !== current.key) return;
        const more = current.pages > 0 && current.pages < MAX_PAGES && current.count >= current.limit && current.last !== void 0;
        if (more) {
          this.#send(current, "AFTER", current.last);
          return;
        }
        this.#done();
      }
      /** The server refused a CHATHISTORY request (`FAIL CHATHISTORY`). */
      failed() {
        if (this.#current?.sent) this.#done();
      }
      /** Drops what is pending and the timer (the link is gone). */
      close() {
        this.#closed = true;
        this.#stopTimer();
        this.#pending = new Queue4();
        this.#queued.clear();
        this.#since.clear();
        this.#current = void 0;
      }
      #done() {
        this.#stopTimer();
        this.#current = void 0;
        this.#next();
      }
      #stopTimer() {
        if (this.#timer !== void 0) this.#link.clock.clearTimeout(this.#timer);
        this.#timer = void 0;
      }
      #next() {
        if (this.#current || this.#closed || this.#pending.length === 0) return;
        const name = this.#pending.shift();
        const key = this.#link.fold(name);
        this.#queued.delete(key);
        const current = {
          key,
          name,
          limit: this.#link.limit(),
          count: 0,
          last: void 0,
          pages: 0,
          sent: false,
          sends: 0
        };
        this.#current = current;
        const captured = this.#since.get(key);
        this.#since.delete(key);
        this.#lookup(name, captured).then((since) => {
          if (this.#current !== current) return;
          if (since === void 0) this.#send(current, "LATEST");
          else this.#send(current, "AFTER", since);
        });
      }
      async #lookup(name, captured) {
        const lookup = this.#link.lastStored;
        if (!lookup) return void 0;
        try {
          const since = await (captured ?? lookup(name));
          if (since === void 0) return void 0;
          if (!(since instanceof Date) || Number.isNaN(since.getTime())) {
            throw new TypeError(`the lookup must return a valid Date, got ${String(since)}`);
          }
          return since;
        } catch (error) {
          this.#link.onError(`Cannot look up the last stored line of ${name}: ${errorMessage9(error)}`);
          return void 0;
        }
      }
      #send(current, kind, since) {
        current.sent = true;
        current.count = 0;
        const sends = ++current.sends;
        const label = this.#link.label?.(() => {
          if (this.#current === current && current.sends === sends) this.#done();
        });
        const tag = label === void 0 ? "" : `@label=${label} `;
        if (kind === "LATEST") {
          this.#link.send(`${tag}CHATHISTORY LATEST ${current.name} * ${current.limit}`);
        } else {
          current.pages++;
          this.#link.send(`${tag}CHATHISTORY AFTER ${current.name} timestamp=${since.toISOString()} ${current.limit}`);
        }
        this.#stopTimer();
        this.#timer = this.#link.clock.setTimeout(() => {
          this.#timer = void 0;
          if (this.#current === current) this.#done();
        }, REPLY_TIMEOUT);
      }
    };
  })
});

// irc/_read_markers.ts
var MAX_BUFFERS, ReadMarkers2;
var init_read_markers = __esm({
  "irc/_read_markers.ts": (function () {
    MAX_BUFFERS = 5e3;
    ReadMarkers2 = class {
      #known = /* @__PURE__ */ new Map();
      /** Records the marker of folded `key`; false when it is not newer than the known one. */
      advance(key, time) {
        const known2 = this.#known.get(key);
        if (known2 !== void 0 && known2 >= time) return false;
        this.#known.delete(key);
        this.#known.set(key, time);
        if (this.#known.size > MAX_BUFFERS) this.#known.delete(this.#known.keys().next().value);
        return true;
      }
      /** The newest marker known for folded `key`. */
      get(key) {
        return this.#known.get(key);
      }
    };
  })
});

// irc/_whois_collector.ts
function copyDefined(to, from, field2) {
  const value = from[field2];
  if (value !== void 0) to[field2] = value;
}
var OPTIONAL, WhoisCollector;
var init_whois_collector = __esm({
  "irc/_whois_collector.ts": (function () {
    OPTIONAL = [
      "username",
      "host",
      "realname",
      "server",
      "server_info",
      "idle",
      "signon",
      "account",
      "away_message"
    ];
    WhoisCollector = class {
      #pending = /* @__PURE__ */ new Map();
      #entry(key, nick) {
        let w = this.#pending.get(key);
        if (!w) {
          w = {
            nickname: nick,
            channels: [],
            away: false,
            secure: false,
            operator: false,
            bot: false
          };
          this.#pending.set(key, w);
        }
        return w;
      }
      /** Records a 301 (away) when a WHOIS for `key` is in progress. */
      away(key, message) {
        const w = this.#pending.get(key);
        if (w) {
          w.away = true;
          w.away_message = message;
        }
      }
      /** Forgets a reply in progress (no such nick). */
      drop(key) {
        this.#pending.delete(key);
      }
      /** Adds one WHOIS numeric; returns the finished info on 318. */
      line(key, m) {
        const p = m.params;
        const w = this.#entry(key, p[1] ?? "");
        switch (m.command) {
          case "311":
            w.nickname = p[1] ?? w.nickname;
            w.username = p[2];
            w.host = p[3];
            w.realname = p.at(-1);
            return;
          case "312":
            w.server = p[2];
            w.server_info = p[3];
            return;
          case "313":
            w.operator = true;
            return;
          case "317":
            w.idle = Number(p[2]);
            if (p.length > 4) w.signon = Number(p[3]);
            return;
          case "319":
            w.channels.push(...(p.at(-1) ?? "").split(" ").filter((c) => c !== ""));
            return;
          case "330":
            w.account = p[2];
            return;
          case "335":
            w.bot = true;
            return;
          case "671":
            w.secure = true;
            return;
          case "318": {
            this.#pending.delete(key);
            const info = {
              nickname: w.nickname,
              channels: w.channels,
              away: w.away ?? false,
              secure: w.secure ?? false,
              operator: w.operator ?? false,
              bot: w.bot ?? false
            };
            for (const field2 of OPTIONAL) copyDefined(info, w, field2);
            return info;
          }
        }
      }
    };
  })
});

// irc/_whois_requests.ts
var WhoisRequests;
var init_whois_requests = __esm({
  "irc/_whois_requests.ts": (function () {
    WhoisRequests = class {
      #waiters = /* @__PURE__ */ new Map();
      /**
       * Waits for the reply about `nick` (folded `key`), failing after `timeoutMs`. `onWaiter`
       * gets this wait's own waiter, so that a labeled answer can end this wait and no other.
       */
      wait(key, nick, timeoutMs, onWaiter) {
        return new Promise((resolve3, reject) => {
          let timer = void 0;
          const waiter = {
            resolve: (info) => {
              clearTimeout(timer);
              resolve3(info);
            },
            reject: (error) => {
              clearTimeout(timer);
              reject(error);
            }
          };
          timer = setTimeout(() => {
            const list3 = this.#waiters.get(key);
            if (list3) list3.splice(list3.indexOf(waiter), 1);
            reject(new Error(`Cannot get WHOIS: no reply in time, got ${nick}`));
          }, timeoutMs);
          const list2 = this.#waiters.get(key) ?? [];
          list2.push(waiter);
          this.#waiters.set(key, list2);
          onWaiter?.(waiter);
        });
      }
      /** Fails `waiter` with `error` if it still waits for folded `key`; false when it does not. */
      fail(key, waiter, error) {
        const list2 = this.#waiters.get(key);
        const at2 = list2?.indexOf(waiter) ?? -1;
        if (!list2 || at2 === -1) return false;
        list2.splice(at2, 1);
        if (list2.length === 0) this.#waiters.delete(key);
        waiter.reject(error);
        return true;
      }
      /** Removes and returns the callers waiting for folded `key`. */
      take(key) {
        const waiters = this.#waiters.get(key);
        this.#waiters.delete(key);
        return waiters;
      }
      /** Fails every wait with `message` (the link is gone). */
      rejectAll(message) {
        for (const [, waiters] of this.#waiters) {
          for (const w of waiters) w.reject(new Error(message));
        }
        this.#waiters.clear();
      }
    };
  })
});

// irc/_channel_list_requests.ts
var MAX_LISTED, ChannelListRequests;
var init_channel_list_requests = __esm({
  "irc/_channel_list_requests.ts": (function () {
    MAX_LISTED = 2e3;
    ChannelListRequests = class {
      #pending;
      /** Whether a listing is under way. */
      get busy() {
        return this.#pending !== void 0;
      }
      /** Waits for the reply, failing after `timeoutMs`; refuses a second listing at once. */
      wait(timeoutMs) {
        if (this.#pending) {
          return Promise.reject(new Error("Cannot list channels: a listing is under way, got one more"));
        }
        return new Promise((resolve3, reject) => {
          const timer = setTimeout(() => {
            this.#pending = void 0;
            reject(new Error(`Cannot list channels: no reply in time, got ${timeoutMs} ms`));
          }, timeoutMs);
          this.#pending = {
            listing: {
              channels: [],
              more: 0
            },
            resolve: resolve3,
            reject,
            timer
          };
        });
      }
      /** Adds one 322 reply (beyond {@linkcode MAX_LISTED}, only counted). */
      add(name, users, topic) {
        const listing = this.#pending?.listing;
        if (!listing) return;
        if (listing.channels.length < MAX_LISTED) listing.channels.push({
          name,
          users,
          topic
        });
        else listing.more++;
      }
      /** The 323 end: answers the caller. */
      end() {
        const pending = this.#pending;
        if (!pending) return;
        this.#pending = void 0;
        clearTimeout(pending.timer);
        pending.resolve(pending.listing);
      }
      /** Fails the wait (the link is gone). */
      rejectAll(message) {
        const pending = this.#pending;
        if (!pending) return;
        this.#pending = void 0;
        clearTimeout(pending.timer);
        pending.reject(new Error(message));
      }
    };
  })
});

// irc/_ctcp.ts
function parseCtcp(text2) {
  if (text2.length < 2 || text2.charCodeAt(0) !== 1) return void 0;
  const body2 = text2.endsWith("") ? text2.slice(1, -1) : text2.slice(1);
  const space = body2.indexOf(" ");
  const command = (space === -1 ? body2 : body2.slice(0, space)).toUpperCase();
  if (command === "") return void 0;
  return {
    command,
    params: space === -1 ? "" : body2.slice(space + 1)
  };
}
function messageKind(command, text2) {
  const ctcp2 = parseCtcp(text2);
  if (ctcp2 === void 0) return {
    kind: command === "NOTICE" ? "notice" : "message",
    text: text2
  };
  if (ctcp2.command === "ACTION" && command === "PRIVMSG") {
    return {
      kind: "action",
      text: ctcp2.params
    };
  }
  return {
    kind: "ctcp",
    text: ctcp2.params ? `${ctcp2.command} ${ctcp2.params}` : ctcp2.command
  };
}
function ctcp(command, params) {
  return `${command}${params ? ` ${params}` : ""}`;
}
var CTCP_VERSION, REPLIES_PER_WINDOW, WINDOW_MS, MAX_PING_PARAMS, CtcpReplies;
var init_ctcp = __esm({
  "irc/_ctcp.ts": (function () {
    CTCP_VERSION = `ircbus 0.1.0 (Deno ${Deno.version.deno})`;
    REPLIES_PER_WINDOW = 3;
    WINDOW_MS = 1e4;
    MAX_PING_PARAMS = 64;
    CtcpReplies = class {
      #now;
      #sent = [];
      /** `now`: the clock of the limit (ms). */
      constructor(now = Date.now) {
        this.#now = now;
      }
      /** The NOTICE body answering `request`, or undefined (not a request we answer, or limited). */
      answer(request) {
        let reply;
        switch (request.command) {
          case "VERSION":
            reply = CTCP_VERSION;
            break;
          case "PING":
            reply = request.params.slice(0, MAX_PING_PARAMS);
            break;
          case "TIME":
            reply = new Date(this.#now()).toUTCString();
            break;
          case "CLIENTINFO":
            reply = "ACTION CLIENTINFO PING TIME VERSION";
            break;
          default:
            return void 0;
        }
        const now = this.#now();
        while (this.#sent.length > 0 && now - this.#sent[0] >= WINDOW_MS) this.#sent.shift();
        if (this.#sent.length >= REPLIES_PER_WINDOW) return void 0;
        this.#sent.push(now);
        return ctcp(request.command, reply);
      }
    };
  })
});

// irc/_labels.ts
var LABELED_RESPONSE_CAP, MAX_PENDING3, Labels;
var init_labels = __esm({
  "irc/_labels.ts": (function () {
    LABELED_RESPONSE_CAP = "labeled-response";
    MAX_PENDING3 = 200;
    Labels = class {
      #next = 0;
      #pending = /* @__PURE__ */ new Map();
      /** A new label whose answer calls `settled` once it is complete. */
      issue(settled) {
        const label = `l${++this.#next}`;
        this.#pending.set(label, settled);
        if (this.#pending.size > MAX_PENDING3) this.#pending.delete(this.#pending.keys().next().value);
        return label;
      }
      /** The answer to `label` is complete (its line, batch or ACK was handled). */
      settle(label) {
        if (label === void 0) return;
        const settled = this.#pending.get(label);
        this.#pending.delete(label);
        settled?.();
      }
      /** Forgets every label (the link is gone). */
      clear() {
        this.#pending.clear();
      }
    };
  })
});

// irc/_line_context.ts
var ACCEPTED2, LineContext;
var init_line_context = __esm({
  "irc/_line_context.ts": (function () {
    init_mod();
    init_global_clock();
    init_tags();
    init_isupport();
    init_channels();
    init_user_meta();
    init_history();
    init_read_markers();
    init_whois_collector();
    init_whois_requests();
    init_channel_list_requests();
    init_ctcp();
    init_labels();
    ACCEPTED2 = Promise.resolve();
    LineContext = class {
      #bus;
      /** The network the events are for. */
      networkId;
      /** The connection's options. */
      options;
      /** The session's owner. */
      hooks;
      /** The paced queue for NAMES, WHO and history requests. */
      followUps;
      /** Facts about the link, shared with the session. */
      facts;
      /** The session's lifecycle. */
      link;
      /** Registration work on the read path (SCRAM). */
      wire;
      /** Taking the configured nickname back. */
      regain;
      /** ISUPPORT tokens. */
      server = new ServerSupport();
      /** Acknowledged capabilities. */
      caps = /* @__PURE__ */ new Set();
      /** Offered capabilities, with their values. */
      available = /* @__PURE__ */ new Map();
      /** The channels we are in. */
      channels = new Channels();
      /** Users' `user.meta` snapshots. */
      meta;
      /** Message ids seen per conversation (across reconnects). */
      messageIds;
      /** Backfill requests (`draft/chathistory`). */
      history;
      /** Read markers (`draft/read-marker`). */
      readMarkers = new ReadMarkers2();
      /** WHOIS replies in progress. */
      whois = new WhoisCollector();
      /** Answers to CTCP requests, rate-limited. */
      ctcpReplies = new CtcpReplies();
      /** Callers waiting for a WHOIS reply. */
      whoisRequests = new WhoisRequests();
      /** Labels of requests awaiting their labeled answer (`labeled-response`). */
      labels = new Labels();
      /** The caller waiting for a LIST reply. */
      channelList = new ChannelListRequests();
      /** Lines of the MOTD being received. */
      motd = [];
      /** Our nickname. */
      nick;
      /** 001 arrived. */
      registered = false;
      /** `connection.established` was emitted. */
      established = false;
      /** A SASL exchange is under way. */
      saslActive = false;
      /** The SASL outcome was reported. */
      saslDone = false;
      /** `connection.lost` was emitted: nothing more is. */
      #lost = false;
      /** A bad `time` tag was reported (once per connection). */
      #badTimeReported = false;
      /** The clock as read in this turn of the worker (see `now()`). */
      #now;
      /** Creates the state for a connection publishing on `bus`. */
      constructor(bus, init) {
        this.#bus = bus;
        this.networkId = init.options.networkId;
        this.options = init.options;
        this.hooks = init.hooks;
        this.followUps = init.followUps;
        this.facts = init.facts;
        this.link = init.link;
        this.wire = init.wire;
        this.regain = init.regain;
        this.nick = init.options.nick;
        this.meta = new UserMetaStore(init.options.networkId);
        this.messageIds = init.messageIds;
        const { networkId: networkId2, lastStored } = init.options;
        this.history = new HistoryFetcher({
          send: (line) => this.followUps.push(line),
          fold: (name) => this.server.fold(name),
          limit: () => {
            const wanted = init.options.historyLimit ?? 50;
            const max2 = this.server.chathistory;
            return max2 > 0 ? Math.min(wanted, max2) : wanted;
          },
          lastStored: lastStored && ((buffer) => lastStored(networkId2, buffer)),
          onError: (error) => {
            this.emit("error", {
              networkId: networkId2,
              error,
              type: "history"
            }).catch(() => {
            });
          },
          clock: init.options.clock ?? globalClock(),
          label: (settled) => this.caps.has(LABELED_RESPONSE_CAP) ? this.labels.issue(settled) : void 0
        });
      }
      /** Emits an event from `irc`; it waits only on a full lane. A closed bus is no error. */
      emit(type, data, time) {
        if (this.#lost) return ACCEPTED2;
        return this.#send(createEvent(type, data, "irc", time ?? this.now()));
      }
      /**
       * Emits an event that changes who is where (a join, part, kick, quit, nick change, NAMES,
       * topic or mode), applied first to the roster (`channels.members`): the roster is what the
       * events say, with no second set of rules.
       */
      emitMembership(event) {
        if (this.#lost) return ACCEPTED2;
        this.channels.members.configure(this.server);
        this.channels.members.apply(event);
        return this.#send(event);
      }
      #send(event) {
        if (this.#bus.tryEmit(event)) return ACCEPTED2;
        return this.#bus.emit(event).catch((error) => {
          if (!(error instanceof BusClosedError)) throw error;
        });
      }
      /** Emits on the snapshot lane under `key`. */
      emitLatest(key, type, data, time) {
        if (this.#lost) return;
        this.#bus.emitLatest(key, createEvent(type, data, "irc", time));
      }
      /** Emits `connection.lost`, the connection's last event: every later emit is dropped. */
      lose(error) {
        const done = this.emit("connection.lost", {
          networkId: this.networkId,
          error
        });
        this.#lost = true;
        return done;
      }
      /**
       * When a line happened: its `time` tag, or now when it has none. A bad tag is reported
       * once per connection as an `error` of type `malformed`, and the line taken as of now.
       */
      time(message) {
        const t = message.tags.time;
        if (t === void 0 || t === "") return this.now();
        try {
          return parseServerTime(t);
        } catch (error) {
          if (!this.#badTimeReported && error instanceof TypeError) {
            this.#badTimeReported = true;
            this.emit("error", {
              networkId: this.networkId,
              error: error.message,
              type: "malformed"
            }).catch(() => {
            });
          }
          return this.now();
        }
      }
      /**
       * Now, as the time of a line without a `time` tag. The clock is read once per turn of the
       * worker, which handles what one socket read brought in one go: on a flood, reading it
       * per line (a system call here) cost more than handling the line. The lines of one turn
       * share one `Date` too, as they share its value: a `Date` per line cost 70-110 ns, more
       * than a twentieth of the line (issue 25). Nothing in the client changes an event's
       * timestamp; a subscriber must not either, as every subscriber of an event shares it.
       */
      now() {
        if (this.#now === void 0) {
          this.#now = /* @__PURE__ */ new Date();
          queueMicrotask(this.#forgetNow);
        }
        return this.#now;
      }
      #forgetNow = () => {
        this.#now = void 0;
      };
      /** Whether `nick` is us. */
      isMe(nick) {
        return nick !== "" && this.server.fold(nick) === this.server.fold(this.nick);
      }
    };
  })
});

// irc/_batches.ts
var HISTORY_TYPES, PLAYBACK, MULTILINE, MULTILINE_MAX_LINES, MULTILINE_MAX_CHARS, BatchTracker;
var init_batches = __esm({
  "irc/_batches.ts": (function () {
    HISTORY_TYPES = /* @__PURE__ */ new Set([
      "chathistory",
      "draft/chathistory"
    ]);
    PLAYBACK = "znc.in/playback";
    MULTILINE = "draft/multiline";
    MULTILINE_MAX_LINES = 1e3;
    MULTILINE_MAX_CHARS = 1e5;
    BatchTracker = class {
      #open = /* @__PURE__ */ new Map();
      /** Whether `batch` is a chathistory batch itself (not one nested in it). */
      static isHistoryReply(batch) {
        return batch !== void 0 && HISTORY_TYPES.has(batch.type);
      }
      /** The open batch a `BATCH -ref` line closes. */
      closing(message) {
        const ref = message.params[0] ?? "";
        return ref.startsWith("-") ? this.#open.get(ref.slice(1)) : void 0;
      }
      /** The open batch a line belongs to, if its `batch` tag names one. */
      of(message) {
        if (this.#open.size === 0) return void 0;
        const id = message.tags.batch;
        return id === void 0 ? void 0 : this.#open.get(id);
      }
      /**
       * Handles a BATCH line. Returns the combined message when a multiline batch ends, with
       * whether it was replayed history.
       */
      batchLine(message) {
        const ref = message.params[0] ?? "";
        const id = ref.slice(1);
        if (ref.startsWith("+")) {
          const parent = this.of(message);
          const type = message.params[1] ?? "";
          const batch2 = {
            type,
            nested: parent?.history ?? false,
            params: message.params.slice(2),
            tags: message.tags,
            history: HISTORY_TYPES.has(type) || type === PLAYBACK || (parent?.history ?? false)
          };
          if (type === MULTILINE) batch2.lines = [];
          this.#open.set(id, batch2);
          return void 0;
        }
        if (!ref.startsWith("-")) return void 0;
        const batch = this.#open.get(id);
        this.#open.delete(id);
        if (!batch?.lines || !batch.first) return void 0;
        let text2 = "";
        batch.lines.forEach((line, i) => {
          text2 += i === 0 ? line.text : line.concat ? line.text : `
${line.text}`;
        });
        const first = batch.first;
        const tags = {
          ...batch.tags
        };
        delete tags.batch;
        if (tags.time === void 0 && first.tags.time !== void 0) tags.time = first.tags.time;
        return {
          message: {
            ...first,
            tags,
            params: [
              batch.params[0] ?? first.params[0],
              text2
            ]
          },
          history: batch.history
        };
      }
      /** Collects a message line of a multiline batch; false when it is not one. */
      collect(batch, message) {
        if (!batch.lines || message.command !== "PRIVMSG" && message.command !== "NOTICE") {
          return false;
        }
        batch.first ??= message;
        const text2 = message.params[1] ?? "";
        batch.chars = (batch.chars ?? 0) + text2.length;
        if (batch.lines.length >= MULTILINE_MAX_LINES || batch.chars > MULTILINE_MAX_CHARS) return true;
        batch.lines.push({
          text: message.params[1] ?? "",
          concat: message.tags["draft/multiline-concat"] !== void 0
        });
        return true;
      }
    };
  })
});

// irc/_motd.ts
async function finish(ctx, lines) {
  ctx.motd = [];
  await ctx.emit("server.motd", {
    networkId: ctx.networkId,
    lines
  });
  await ctx.link.establish();
}
var MAX_MOTD_LINES, MOTD_LINES;
var init_motd = __esm({
  "irc/_motd.ts": (function () {
    MAX_MOTD_LINES = 500;
    MOTD_LINES = {
      "375"(ctx) {
        ctx.motd = [];
      },
      "372"(ctx, m) {
        if (ctx.motd.length > MAX_MOTD_LINES) return;
        ctx.motd.push(ctx.motd.length === MAX_MOTD_LINES ? "(the rest is cut)" : m.params.at(-1) ?? "");
      },
      "376": (ctx) => finish(ctx, ctx.motd),
      "422": (ctx) => finish(ctx, [])
    };
  })
});

// irc/_roster.ts
function touch(ctx, m) {
  if (m.nick === "" || m.ident === "") return;
  const account = m.tags.account;
  const casemapping = ctx.server.casemapping;
  if (ctx.meta.current(m.prefix, account, casemapping)) return;
  const known2 = ctx.meta.get(ctx.server.fold(m.nick));
  if (known2 && sameHost2(known2.host, m.ident, m.hostname) && (account === void 0 || known2.account === account)) {
    ctx.meta.remember(m.prefix, account, casemapping);
    return;
  }
  const host = `${m.ident}@${m.hostname}`;
  updateMeta(ctx, m.nick, account !== void 0 ? {
    host,
    account
  } : {
    host
  });
}
function sameHost2(host, ident, hostname) {
  return host !== void 0 && host.length === ident.length + 1 + hostname.length && host.charCodeAt(ident.length) === 64 && host.startsWith(ident) && host.endsWith(hostname);
}
function updateMeta(ctx, nick, patch, m, skipPrefix = false) {
  if (nick === "") return;
  if (m && !skipPrefix && m.ident !== "") {
    const host = `${m.ident}@${m.hostname}`;
    if (!("host" in patch)) patch = {
      ...patch,
      host
    };
    if (m.tags.account !== void 0 && !("account" in patch)) {
      patch = {
        ...patch,
        account: m.tags.account
      };
    }
  }
  const key = ctx.server.fold(nick);
  const next = ctx.meta.update(key, nick, patch);
  if (next) publishMeta(ctx, key, next, m ? ctx.time(m) : /* @__PURE__ */ new Date());
}
function publishMeta(ctx, key, meta, time) {
  ctx.emitLatest(`user.meta:${ctx.networkId}:${key}`, "user.meta", {
    ...meta
  }, time);
}
function botFlag(ctx, flags) {
  const mode = ctx.server.bot;
  return mode === "" ? {} : {
    bot: flags.includes(mode)
  };
}
var WHOX_TOKEN, ROSTER_LINES;
var init_roster = __esm({
  "irc/_roster.ts": (function () {
    WHOX_TOKEN = "152";
    ROSTER_LINES = {
      AWAY(ctx, m) {
        const p = m.params;
        updateMeta(ctx, m.nick, {
          away: p[0] !== void 0,
          away_message: p[0]
        }, m);
      },
      ACCOUNT(ctx, m) {
        const p = m.params;
        updateMeta(ctx, m.nick, {
          account: p[0] === "*" ? void 0 : p[0]
        }, m);
      },
      CHGHOST(ctx, m) {
        const p = m.params;
        updateMeta(ctx, m.nick, {
          host: `${p[0]}@${p[1]}`
        }, m, true);
      },
      SETNAME(ctx, m) {
        updateMeta(ctx, m.nick, {
          realname: m.params[0] ?? ""
        }, m);
      },
      "301"(ctx, m) {
        const p = m.params;
        const nick = p[1] ?? "";
        updateMeta(ctx, nick, {
          away: true,
          away_message: p[2] ?? ""
        });
        ctx.whois.away(ctx.server.fold(nick), p[2] ?? "");
      },
      "305"(ctx) {
        updateMeta(ctx, ctx.nick, {
          away: false,
          away_message: void 0
        });
      },
      "306"(ctx) {
        updateMeta(ctx, ctx.nick, {
          away: true
        });
      },
      "352"(ctx, m) {
        const p = m.params;
        const trailing = p[7] ?? "";
        const space = trailing.indexOf(" ");
        updateMeta(ctx, p[5] ?? "", {
          host: `${p[2]}@${p[3]}`,
          away: (p[6] ?? "").includes("G"),
          ...botFlag(ctx, p[6] ?? ""),
          realname: space === -1 ? "" : trailing.slice(space + 1)
        });
      },
      "354"(ctx, m) {
        const p = m.params;
        if (p[1] !== WHOX_TOKEN || p.length < 9) return;
        const account = p[7];
        updateMeta(ctx, p[5], {
          host: `${p[3]}@${p[4]}`,
          away: p[6].includes("G"),
          ...botFlag(ctx, p[6]),
          account: account === "0" || account === "*" ? void 0 : account,
          realname: p[8]
        });
      }
    };
  })
});

// irc/_sts.ts
function parseStsValue(value) {
  const out = {};
  for (const pair of value.split(",")) {
    const eq = pair.indexOf("=");
    const key = eq === -1 ? pair : pair.slice(0, eq);
    const raw = eq === -1 ? "" : pair.slice(eq + 1);
    if (!/^[0-9]{1,12}$/.test(raw)) continue;
    const n = Number(raw);
    if (key === "port" && n >= 1 && n <= 65535) out.port = n;
    if (key === "duration") out.duration = Math.min(n, MAX_STS_DURATION);
  }
  return out;
}
function stsApplies(policy, host, now) {
  return policy !== void 0 && policy.expiresAt > now && sameHost3(policy.host, host);
}
function sameHost3(a, b) {
  const norm = (h) => h.toLowerCase().replace(/\.$/, "");
  return norm(a) === norm(b);
}
function readStsOffer(ctx) {
  const value = ctx.available.get(STS_CAP);
  if (value === void 0) return;
  const { port, duration } = parseStsValue(value);
  const o = ctx.options;
  if (!o.tls) {
    if (port === void 0) return;
    ctx.hooks.onSts({
      upgradePort: port
    });
    if (ctx.registered) return;
    ctx.link.fail(new IrcConnectError("sts", `Cannot connect to ${o.host}:${o.port} in plain text: the server's STS policy asks for TLS, got port ${port}`));
    return;
  }
  if (duration !== void 0) ctx.hooks.onSts({
    duration
  });
}
var STS_CAP, MAX_STS_DURATION;
var init_sts = __esm({
  "irc/_sts.ts": (function () {
    init_errors2();
    STS_CAP = "sts";
    MAX_STS_DURATION = 365 * 24 * 3600;
  })
});

// irc/_registration.ts
async function saslSuccess(ctx) {
  if (ctx.saslDone) return;
  ctx.saslDone = true;
  ctx.saslActive = false;
  await ctx.emit("sasl.success", {
    networkId: ctx.networkId
  });
}
async function saslFailed(ctx, error, type) {
  if (ctx.saslDone) return;
  ctx.saslDone = true;
  ctx.saslActive = false;
  await ctx.emit("sasl.failed", {
    networkId: ctx.networkId,
    error
  });
  const sasl = ctx.options.sasl;
  if (sasl && (sasl.required ?? true) && !ctx.established) {
    ctx.link.fail(new IrcConnectError("sasl", `Cannot connect to ${ctx.options.host}:${ctx.options.port}: SASL ${sasl.mechanism} failed (${type}), got ${error}`));
  }
}
function cap(ctx, m) {
  const sub = m.params[1] ?? "";
  const list2 = (m.params.at(-1) ?? "").split(" ").filter((c) => c !== "");
  const sasl = ctx.options.sasl;
  if (sub === "LS" || sub === "NEW") {
    for (const cap2 of list2) {
      const eq = cap2.indexOf("=");
      ctx.available.set(eq === -1 ? cap2 : cap2.slice(0, eq), eq === -1 ? "" : cap2.slice(eq + 1));
    }
    if (sub === "NEW" || m.params[2] !== "*") readStsOffer(ctx);
    if (sub === "LS" && m.params[2] !== "*" && sasl && !ctx.available.has("sasl")) {
      return saslFailed(ctx, "Cannot authenticate: the server does not offer SASL", "CAP");
    }
    return;
  }
  if (sub === "ACK") {
    for (const cap2 of list2) {
      if (cap2.startsWith("-")) ctx.caps.delete(cap2.slice(1));
      else ctx.caps.add(cap2);
    }
    if (list2.includes("sasl") && sasl && !ctx.registered) {
      const offered = ctx.available.get("sasl") ?? "";
      const mechanisms = offered.toUpperCase().split(",");
      if (offered !== "" && !mechanisms.includes(sasl.mechanism)) {
        return saslFailed(ctx, `Cannot authenticate: the server does not offer ${sasl.mechanism}, got ${offered}`, "CAP");
      }
      ctx.saslActive = true;
      return ctx.emit("sasl.started", {
        networkId: ctx.networkId,
        mechanism: sasl.mechanism
      }, ctx.time(m));
    }
    return;
  }
  if (sub === "DEL") {
    for (const cap2 of list2) {
      ctx.caps.delete(cap2);
      ctx.available.delete(cap2);
    }
  }
}
function saslRefused(ctx, m) {
  if (ctx.wire.scram?.failed && m.command === "904") return;
  return saslFailed(ctx, m.params.at(-1) ?? "SASL authentication failed", m.command);
}
var REGISTRATION_LINES;
var init_registration = __esm({
  "irc/_registration.ts": (function () {
    init_errors2();
    init_roster();
    init_sts();
    REGISTRATION_LINES = {
      CAP: cap,
      "900"(ctx, m) {
        const p = m.params;
        updateMeta(ctx, p[0] ?? ctx.nick, {
          account: p[2]
        });
        if (ctx.saslActive) return saslSuccess(ctx);
      },
      "901"(ctx, m) {
        updateMeta(ctx, m.params[0] ?? ctx.nick, {
          account: void 0
        });
      },
      "903": saslSuccess,
      "902": saslRefused,
      "904": saslRefused,
      "905": saslRefused,
      "906"(ctx, m) {
        if (ctx.wire.scram?.failed) return;
        ctx.saslActive = false;
        return ctx.emit("sasl.aborted", {
          networkId: ctx.networkId
        }, ctx.time(m));
      },
      "001"(ctx, m) {
        ctx.registered = true;
        ctx.nick = m.params[0] ?? ctx.nick;
        ctx.hooks.onNick(ctx.nick);
      },
      "005"(ctx, m) {
        ctx.server.apply(m);
      }
    };
  })
});

// irc/_reply.ts
function readReplyTag(tags) {
  const value = tags[REPLY_TAG];
  return value && value.length <= MAX_MSGID ? value : void 0;
}
function checkReplyMsgid(action, msgid) {
  if (typeof msgid !== "string" || msgid === "" || msgid.length > MAX_MSGID) {
    throw new TypeError(`Cannot ${action}: the msgid replied to must be 1-${MAX_MSGID} characters, got ${JSON.stringify(msgid)}`);
  }
}
var REPLY_TAG, MAX_MSGID;
var init_reply = __esm({
  "irc/_reply.ts": (function () {
    REPLY_TAG = "+draft/reply";
    MAX_MSGID = 200;
  })
});

// irc/_messages.ts
function receiveMessage(ctx, m, history) {
  const rawTarget = m.params[0] ?? "";
  if (m.nick === "") return;
  const command = m.command === "NOTICE" ? "NOTICE" : "PRIVMSG";
  const { kind, text: text2 } = messageKind(command, m.params[1] ?? "");
  const target = ctx.server.conversationOf(rawTarget);
  const isChannel = ctx.server.isChannel(target);
  const echo = !history && command === "PRIVMSG" && ctx.caps.has(ECHO_CAP);
  const me = (echo || !isChannel) && ctx.isMe(m.nick);
  const peer = isChannel ? void 0 : me ? target : m.nick;
  const msgid = m.tags.msgid || void 0;
  if (msgid !== void 0) {
    const conversation = ctx.server.fold(isChannel ? target : peer);
    if (!ctx.messageIds.add(conversation, msgid)) return;
  }
  const bot = m.tags.bot !== void 0;
  if (!history) {
    touch(ctx, m);
    if (bot) updateMeta(ctx, m.nick, {
      bot: true
    });
    if (kind === "ctcp" && command === "PRIVMSG" && !ctx.isMe(m.nick)) answerCtcp(ctx, m);
  }
  const time = ctx.time(m);
  if (me && echo) {
    const sent = {
      networkId: ctx.networkId,
      channel: isChannel ? target : "",
      message: kind === "ctcp" ? m.params[1] ?? "" : text2,
      ...isChannel ? {} : {
        target
      },
      ...kind === "action" ? {
        kind
      } : {}
    };
    const replyTo2 = readReplyTag(m.tags);
    if (replyTo2 !== void 0) sent.replyTo = replyTo2;
    if (msgid !== void 0) sent.msgid = msgid;
    return ctx.emit("message.sent", sent, time);
  }
  const data = {
    networkId: ctx.networkId,
    channel: isChannel ? target : "",
    user: m.nick || m.prefix,
    message: text2,
    timestamp: Math.floor(time.getTime() / 1e3),
    kind
  };
  if (msgid !== void 0) data.msgid = msgid;
  const replyTo = readReplyTag(m.tags);
  if (replyTo !== void 0) data.replyTo = replyTo;
  if (history) data.history = true;
  if (bot) data.bot = true;
  if (peer !== void 0) data.peer = peer;
  return ctx.emit("message.received", data, time);
}
function answerCtcp(ctx, m) {
  const request = parseCtcp(m.params[1] ?? "");
  const reply = request && ctx.ctcpReplies.answer(request);
  if (reply !== void 0) ctx.followUps.push(`NOTICE ${m.nick} :${reply}`);
}
var ECHO_CAP, MESSAGE_LINES;
var init_messages = __esm({
  "irc/_messages.ts": (function () {
    init_roster();
    init_ctcp();
    init_reply();
    ECHO_CAP = "echo-message";
    MESSAGE_LINES = {
      PRIVMSG: (ctx, m) => receiveMessage(ctx, m, false),
      NOTICE: (ctx, m) => receiveMessage(ctx, m, false)
    };
  })
});

// irc/_read_marker.ts
import { errorMessage as errorMessage10 } from "../common/mod.ts";
function sendReadMarker(ctx, queue, read) {
  const { buffer, timestamp } = read;
  if (!ctx.caps.has(READ_MARKER_CAP) || buffer === "" || BAD_TARGET.test(buffer)) return;
  const time = new Date(timestamp);
  if (Number.isNaN(time.getTime())) return;
  const key = ctx.server.fold(buffer);
  const markers = ctx.readMarkers;
  if (!markers.advance(key, time)) return;
  try {
    queue.push(() => `MARKREAD ${buffer} timestamp=${(markers.get(key) ?? time).toISOString()}`, `MARKREAD ${key}`);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
}
var READ_MARKER_CAP, BAD_TARGET, READ_MARKER_LINES;
var init_read_marker = __esm({
  "irc/_read_marker.ts": (function () {
    init_tags();
    READ_MARKER_CAP = "draft/read-marker";
    BAD_TARGET = /[\s,\0]/;
    READ_MARKER_LINES = {
      MARKREAD(ctx, m) {
        const [buffer = "", marker = ""] = m.params;
        if (buffer === "" || !marker.startsWith("timestamp=")) return;
        let time;
        try {
          time = parseServerTime(marker.slice("timestamp=".length));
        } catch (error) {
          return ctx.emit("error", {
            networkId: ctx.networkId,
            error: errorMessage10(error),
            type: "malformed"
          });
        }
        ctx.readMarkers.advance(ctx.server.fold(buffer), time);
        return ctx.emit("buffer.read", {
          networkId: ctx.networkId,
          buffer,
          timestamp: time.toISOString()
        });
      }
    };
  })
});

// irc/_membership.ts
function channelsChanged(ctx, time) {
  return ctx.emitMembership(createEvent("channels.changed", {
    networkId: ctx.networkId,
    channels: ctx.channels.names()
  }, "irc", time));
}
function join17(ctx, m) {
  const [channel = "", account, realname] = m.params;
  const time = ctx.time(m);
  const patch = {};
  if (account !== void 0 && ctx.caps.has("extended-join")) {
    patch.account = account === "*" ? void 0 : account;
    if (realname !== void 0) patch.realname = realname;
  }
  updateMeta(ctx, m.nick, patch, m);
  const key = ctx.server.fold(channel);
  const data = {
    networkId: ctx.networkId,
    channel,
    user: m.nick,
    nickname: m.nick
  };
  if (ctx.isMe(m.nick)) {
    ctx.channels.joined(key, channel);
    ctx.hooks.onSelfJoin(channel);
    if (historyOffered(ctx.caps)) ctx.history.joined(channel);
    if (ctx.caps.has("draft/no-implicit-names") || ctx.caps.has("no-implicit-names")) {
      ctx.followUps.push(`NAMES ${channel}`, `NAMES ${key}`);
    }
    return ctx.emitMembership(createEvent("user.joined", data, "irc", time)).then(() => channelsChanged(ctx, time));
  }
  return ctx.emitMembership(createEvent("user.joined", data, "irc", time));
}
function selfLeave(ctx, channel, time, emit) {
  ctx.channels.left(ctx.server.fold(channel));
  ctx.hooks.onSelfLeave(channel);
  return emit().then(() => channelsChanged(ctx, time));
}
function part(ctx, m) {
  const p = m.params;
  const channel = p[0] ?? "";
  const time = ctx.time(m);
  touch(ctx, m);
  const data = {
    networkId: ctx.networkId,
    channel,
    user: m.nick,
    nickname: m.nick,
    ...p[1] !== void 0 ? {
      reason: p[1]
    } : {}
  };
  const emit = () => ctx.emitMembership(createEvent("user.parted", data, "irc", time));
  if (ctx.isMe(m.nick)) return selfLeave(ctx, channel, time, emit);
  return emit();
}
function kick(ctx, m) {
  const p = m.params;
  const [channel = "", kicked = ""] = p;
  const time = ctx.time(m);
  const data = {
    networkId: ctx.networkId,
    channel,
    user: kicked,
    nickname: kicked,
    kicker: m.nick || m.prefix,
    reason: p[2] ?? ""
  };
  const emit = () => ctx.emitMembership(createEvent("user.kicked", data, "irc", time));
  if (ctx.isMe(kicked)) return selfLeave(ctx, channel, time, emit);
  return emit();
}
function quit(ctx, m) {
  const key = ctx.server.fold(m.nick);
  const channels = ctx.channels.sharedWith(m.nick);
  ctx.meta.delete(key);
  return ctx.emitMembership(createEvent("user.quit", {
    networkId: ctx.networkId,
    user: m.nick,
    nickname: m.nick,
    reason: m.params[0] ?? "",
    channels
  }, "irc", ctx.time(m)));
}
function nickChange(ctx, m) {
  const oldNick = m.nick;
  const newNick = m.params[0] ?? "";
  const oldKey = ctx.server.fold(oldNick);
  const newKey = ctx.server.fold(newNick);
  const channels = ctx.channels.sharedWith(oldNick);
  const meta = ctx.meta.rename(oldKey, newKey, newNick);
  if (ctx.isMe(oldNick)) {
    ctx.nick = newNick;
    ctx.hooks.onNick(newNick);
  }
  const time = ctx.time(m);
  const done = ctx.emitMembership(createEvent("user.nick", {
    networkId: ctx.networkId,
    old_nickname: oldNick,
    nickname: newNick,
    channels
  }, "irc", time));
  if (meta) publishMeta(ctx, newKey, meta, time);
  return done;
}
function names(ctx, m) {
  const channel = m.params[2] ?? "";
  const state = ctx.channels.get(ctx.server.fold(channel));
  const entries = (m.params[3] ?? "").split(" ");
  const list2 = state ? state.pendingNames ??= [] : void 0;
  const userhost = ctx.caps.has("userhost-in-names");
  for (const entry of entries) {
    if (entry === "") continue;
    let start = 0;
    while (start < entry.length && ctx.server.prefixes.includes(entry[start])) start++;
    const bang = entry.indexOf("!", start);
    const nick = bang === -1 ? entry.slice(start) : entry.slice(start, bang);
    list2?.push(entry.slice(0, start) + nick);
    if (userhost && bang !== -1) updateMeta(ctx, nick, {
      host: entry.slice(bang + 1)
    });
  }
}
function namesEnd(ctx, m) {
  const channel = m.params[1] ?? "";
  const key = ctx.server.fold(channel);
  const state = ctx.channels.get(key);
  const members = state?.pendingNames ?? [];
  const users = members.map((entry) => {
    let start = 0;
    while (start < entry.length && ctx.server.prefixes.includes(entry[start])) start++;
    return entry.slice(start);
  });
  if (state) state.pendingNames = void 0;
  const event = createEvent("channel.names.complete", {
    networkId: ctx.networkId,
    channel: state?.name ?? channel,
    users,
    members,
    prefix: ctx.server.prefix,
    casemapping: ctx.server.casemapping
  }, "irc", ctx.time(m));
  const done = state ? ctx.emitMembership(event) : ctx.emit(event.type, event.data, event.timestamp);
  if (state && !state.enriched) {
    state.enriched = true;
    const name = state.name;
    ctx.followUps.push(ctx.server.whox ? `WHO ${name} %tcuhnfar,${WHOX_TOKEN}` : `WHO ${name}`, `WHO ${key}`);
    if (historyOffered(ctx.caps)) ctx.history.request(name);
  }
  return done;
}
var MEMBERSHIP_LINES;
var init_membership2 = __esm({
  "irc/_membership.ts": (function () {
    init_mod();
    init_roster();
    init_history();
    MEMBERSHIP_LINES = {
      JOIN: join17,
      PART: part,
      KICK: kick,
      QUIT: quit,
      NICK: nickChange,
      "353": names,
      "366": namesEnd
    };
  })
});

// irc/_channel_info.ts
var CHANNEL_INFO_LINES;
var init_channel_info = __esm({
  "irc/_channel_info.ts": (function () {
    init_mod();
    init_roster();
    CHANNEL_INFO_LINES = {
      TOPIC(ctx, m) {
        const p = m.params;
        touch(ctx, m);
        return ctx.emitMembership(createEvent("channel.topic", {
          networkId: ctx.networkId,
          channel: p[0] ?? "",
          topic: p[1] ?? "",
          setter: m.nick || m.prefix
        }, "irc", ctx.time(m)));
      },
      "332"(ctx, m) {
        const p = m.params;
        return ctx.emitMembership(createEvent("channel.topic", {
          networkId: ctx.networkId,
          channel: p[1] ?? "",
          topic: p[2] ?? ""
        }, "irc", ctx.time(m)));
      },
      MODE(ctx, m) {
        const p = m.params;
        const target = p[0] ?? "";
        if (!ctx.server.isChannel(target)) return;
        return ctx.emitMembership(createEvent("channel.mode", {
          networkId: ctx.networkId,
          channel: target,
          modes: p.slice(1).join(" "),
          setter: m.nick || m.prefix
        }, "irc", ctx.time(m)));
      },
      "324"(ctx, m) {
        const p = m.params;
        return ctx.emitMembership(createEvent("channel.mode", {
          networkId: ctx.networkId,
          channel: p[1] ?? "",
          modes: p.slice(2).join(" ")
        }, "irc", ctx.time(m)));
      }
    };
  })
});

// irc/_whois.ts
function whoisLine(ctx, m) {
  const p = m.params;
  const nick = p[1] ?? "";
  const key = ctx.server.fold(nick);
  if (m.command === "311") {
    updateMeta(ctx, nick, {
      host: `${p[2]}@${p[3]}`,
      realname: p.at(-1) ?? ""
    });
  } else if (m.command === "330") {
    updateMeta(ctx, nick, {
      account: p[2]
    });
  } else if (m.command === "335") {
    updateMeta(ctx, nick, {
      bot: true
    });
  }
  const info = ctx.whois.line(key, m);
  if (!info) return;
  const waiters = ctx.whoisRequests.take(key);
  const done = ctx.emit("whois.received", {
    networkId: ctx.networkId,
    whois: info
  }, ctx.time(m));
  for (const waiter of waiters ?? []) waiter.resolve(structuredClone(info));
  return done;
}
var WHOIS_NUMERICS, WHOIS_LINES;
var init_whois = __esm({
  "irc/_whois.ts": (function () {
    init_roster();
    WHOIS_NUMERICS = [
      "311",
      "312",
      "313",
      "317",
      "319",
      "330",
      "335",
      "671",
      "318"
    ];
    WHOIS_LINES = Object.fromEntries(WHOIS_NUMERICS.map((numeric) => [
      numeric,
      whoisLine
    ]));
  })
});

// irc/_channel_list.ts
var CHANNEL_LIST_LINES;
var init_channel_list = __esm({
  "irc/_channel_list.ts": (function () {
    CHANNEL_LIST_LINES = {
      "322"(ctx, m) {
        const p = m.params;
        const users = Number(p[2]);
        ctx.channelList.add(p[1] ?? "", Number.isSafeInteger(users) ? users : 0, p[3] ?? "");
      },
      "323"(ctx) {
        ctx.channelList.end();
      },
      "263"(ctx, m) {
        if (m.params[1]?.toUpperCase() !== "LIST") return;
        ctx.channelList.rejectAll(`Cannot list channels: ${m.params[2] ?? "try again later"}`);
      },
      "416"(ctx, m) {
        if (m.params[1]?.toUpperCase() === "LIST") ctx.channelList.end();
      }
    };
  })
});

// irc/_server_errors.ts
function targetError(ctx, m) {
  const p = m.params;
  if (m.command === "437" && ctx.regain.isAttempt(p[1] ?? "")) {
    ctx.regain.refused(p[1] ?? "");
    return;
  }
  if (m.command === "401") {
    const key = ctx.server.fold(p[1] ?? "");
    const waiters = ctx.whoisRequests.take(key);
    if (waiters) {
      ctx.whois.drop(key);
      for (const w of waiters) {
        w.reject(new Error(`Cannot get WHOIS: no such nick, got ${p[1]}`));
      }
    }
  }
  return ctx.emit("error", {
    networkId: ctx.networkId,
    error: `${p[1] ?? ""}: ${p.at(-1) ?? ""}`,
    type: m.command,
    ...p[1] ? {
      target: p[1]
    } : {}
  }, ctx.time(m));
}
var JOIN_ERRORS, TARGET_ERRORS, SERVER_ERROR_LINES;
var init_server_errors = __esm({
  "irc/_server_errors.ts": (function () {
    JOIN_ERRORS = [
      "403",
      "405",
      "471",
      "473",
      "474",
      "475",
      "476",
      "477"
    ];
    TARGET_ERRORS = [
      "401",
      "404",
      "437",
      "442",
      "482"
    ];
    SERVER_ERROR_LINES = {
      ...Object.fromEntries([
        ...JOIN_ERRORS,
        ...TARGET_ERRORS
      ].map((code) => [
        code,
        targetError
      ])),
      "433"(ctx, m) {
        if (!ctx.registered) return;
        const p = m.params;
        if (ctx.regain.isAttempt(p[1] ?? "")) return;
        return ctx.emit("error", {
          networkId: ctx.networkId,
          error: `${p[1] ?? ""}: ${p.at(-1) ?? ""}`,
          type: "433"
        }, ctx.time(m));
      },
      "464"(ctx, m) {
        ctx.facts.wirePassword = true;
        ctx.facts.wireError = m.params.at(-1) ?? "Password incorrect";
        return ctx.emit("error", {
          networkId: ctx.networkId,
          error: ctx.facts.wireError,
          type: "464"
        });
      },
      // The read path closes the link on ERROR; this reports it.
      ERROR(ctx, m) {
        const text2 = m.params[0] ?? "Closing link";
        ctx.facts.wireError ??= text2;
        if (ctx.facts.quitting) return;
        return ctx.emit("error", {
          networkId: ctx.networkId,
          error: text2,
          type: "ERROR"
        }, ctx.time(m));
      }
    };
  })
});

// irc/_standard_replies.ts
function replyTarget(ctx, command, context) {
  const channel = context.find((p) => ctx.server.isChannel(ctx.server.conversationOf(p)));
  if (channel !== void 0) return ctx.server.conversationOf(channel);
  const first = context[0];
  if (TARGET_COMMANDS.has(command) && first && /^[^\s,*?!@]{1,64}$/.test(first)) return first;
  return void 0;
}
function standardReply(ctx, m, type) {
  const p = m.params;
  const [command = "", code = ""] = p;
  const description = p.length > 2 ? p.at(-1).slice(0, MAX_TEXT2) : "";
  const context = p.slice(2, -1).slice(0, MAX_CONTEXT).map((c) => c.slice(0, MAX_TEXT2));
  const data = {
    networkId: ctx.networkId,
    type,
    command,
    code,
    context,
    description
  };
  const target = replyTarget(ctx, command.toUpperCase(), context);
  if (target !== void 0) data.target = target;
  return data;
}
var TARGET_COMMANDS, MAX_CONTEXT, MAX_TEXT2, STANDARD_REPLY_LINES;
var init_standard_replies = __esm({
  "irc/_standard_replies.ts": (function () {
    TARGET_COMMANDS = /* @__PURE__ */ new Set([
      "PRIVMSG",
      "NOTICE",
      "TAGMSG",
      "REDACT",
      "CHATHISTORY",
      "MARKREAD",
      "INVITE"
    ]);
    MAX_CONTEXT = 8;
    MAX_TEXT2 = 512;
    STANDARD_REPLY_LINES = {
      async FAIL(ctx, m) {
        const data = standardReply(ctx, m, "FAIL");
        if (data.command === "CHATHISTORY") ctx.history.failed();
        const time = ctx.time(m);
        const context = data.context.length ? ` ${data.context.join(" ")}` : "";
        await ctx.emit("error", {
          networkId: ctx.networkId,
          error: `${data.command} ${data.code}${context}: ${data.description}`,
          type: "FAIL",
          ...data.target !== void 0 ? {
            target: data.target
          } : {}
        }, time);
        await ctx.emit("server.reply", data, time);
      },
      WARN: (ctx, m) => ctx.emit("server.reply", standardReply(ctx, m, "WARN"), ctx.time(m)),
      NOTE: (ctx, m) => ctx.emit("server.reply", standardReply(ctx, m, "NOTE"), ctx.time(m))
    };
  })
});

// irc/_monitor.ts
var REGAIN_LINES;
var init_monitor = __esm({
  "irc/_monitor.ts": (function () {
    REGAIN_LINES = {
      "731"(ctx, m) {
        ctx.regain.offline((m.params.at(-1) ?? "").split(","));
      },
      "734"(ctx) {
        ctx.regain.monitorFull();
      }
    };
  })
});

// irc/_typing.ts
function parseTypingState(value) {
  return value === "active" || value === "paused" || value === "done" ? value : void 0;
}
function receiveTyping(ctx, m) {
  const state = parseTypingState(m.tags[TYPING_TAG]);
  if (state === void 0 || m.nick === "" || ctx.isMe(m.nick)) return;
  const target = ctx.server.conversationOf(m.params[0] ?? "");
  const isChannel = ctx.server.isChannel(target);
  const data = {
    networkId: ctx.networkId,
    channel: isChannel ? target : "",
    user: m.nick,
    state
  };
  if (!isChannel) data.peer = m.nick;
  return ctx.emit("user.typing", data, ctx.time(m));
}
var TYPING_TAG, TYPING_ACTIVE_INTERVAL, MAX_TYPING_TARGETS, TypingPacer;
var init_typing = __esm({
  "irc/_typing.ts": (function () {
    TYPING_TAG = "+typing";
    TYPING_ACTIVE_INTERVAL = 3e3;
    MAX_TYPING_TARGETS = 500;
    TypingPacer = class {
      #now;
      /** Per folded conversation: the last state sent, and when the last `active` went out. */
      #sent = /* @__PURE__ */ new Map();
      /** Reads the time from `now` (ms), an injected clock in tests. */
      constructor(now) {
        this.#now = now;
      }
      /** The state to send to `conversation` (folded) now, or `undefined` when none is due. */
      next(conversation, state) {
        const last = this.#sent.get(conversation);
        const now = this.#now();
        if (state === "active") {
          if (last?.state === "active" && now - last.activeAt < TYPING_ACTIVE_INTERVAL) return;
          this.#sent.delete(conversation);
          this.#sent.set(conversation, {
            state,
            activeAt: now
          });
          if (this.#sent.size > MAX_TYPING_TARGETS) {
            this.#sent.delete(this.#sent.keys().next().value);
          }
          return state;
        }
        if (last === void 0 || last.state === state) return;
        if (state === "done") this.#sent.delete(conversation);
        else last.state = state;
        return state;
      }
      /** A message was sent to `conversation`: it ends the typing there, with no `done` needed. */
      sent(conversation) {
        this.#sent.delete(conversation);
      }
    };
  })
});

// irc/_react.ts
function isReaction(reaction) {
  return typeof reaction === "string" && reaction !== "" && reaction.length <= MAX_REACTION && // deno-lint-ignore no-control-regex
  !/[\x00-\x1f\x7f]/.test(reaction);
}
function receiveReaction(ctx, m, history = false) {
  const added = m.tags[REACT_TAG];
  const removed = m.tags[UNREACT_TAG];
  const reaction = added || removed;
  const msgid = readReplyTag(m.tags);
  if (!reaction || !isReaction(reaction) || msgid === void 0) return;
  if (m.nick === "") return;
  const me = ctx.isMe(m.nick);
  const target = ctx.server.conversationOf(m.params[0] ?? "");
  const isChannel = ctx.server.isChannel(target);
  const peer = me ? target : m.nick;
  const own = m.tags.msgid || void 0;
  if (own !== void 0 && !ctx.messageIds.add(ctx.server.fold(isChannel ? target : peer), own)) {
    return;
  }
  if (me && !history) return;
  const data = {
    networkId: ctx.networkId,
    channel: isChannel ? target : "",
    user: m.nick,
    replyTo: msgid,
    reaction,
    removed: !added
  };
  if (!isChannel) data.peer = peer;
  if (history) data.history = true;
  return ctx.emit("message.reacted", data, ctx.time(m));
}
var REACT_TAG, UNREACT_TAG, MAX_REACTION;
var init_react = __esm({
  "irc/_react.ts": (function () {
    init_reply();
    REACT_TAG = "+draft/react";
    UNREACT_TAG = "+draft/unreact";
    MAX_REACTION = 64;
  })
});

// irc/_tagmsg.ts
var TAGMSG_LINES;
var init_tagmsg = __esm({
  "irc/_tagmsg.ts": (function () {
    init_typing();
    init_react();
    TAGMSG_LINES = {
      TAGMSG: async (ctx, m) => {
        await receiveTyping(ctx, m);
        await receiveReaction(ctx, m);
      }
    };
  })
});

// irc/_redaction.ts
function receiveRedaction(ctx, m, history = false) {
  const target = ctx.server.conversationOf(m.params[0] ?? "");
  const msgid = m.params[1] ?? "";
  if (target === "" || msgid === "" || msgid.length > MAX_MSGID2 || m.nick === "") return;
  const isChannel = ctx.server.isChannel(target);
  const data = {
    networkId: ctx.networkId,
    channel: isChannel ? target : "",
    user: m.nick,
    msgid
  };
  if (!isChannel) data.peer = ctx.isMe(m.nick) ? target : m.nick;
  const reason = m.params[2];
  if (reason) data.reason = reason;
  if (history) data.history = true;
  return ctx.emit("message.redacted", data, ctx.time(m));
}
var REDACTION_CAP, MAX_MSGID2, REDACTION_LINES;
var init_redaction = __esm({
  "irc/_redaction.ts": (function () {
    REDACTION_CAP = "draft/message-redaction";
    MAX_MSGID2 = 200;
    REDACTION_LINES = {
      REDACT: (ctx, m) => receiveRedaction(ctx, m)
    };
  })
});

// irc/_line_table.ts
function lineHandlers(...tables) {
  const all = /* @__PURE__ */ new Map();
  for (const table of tables) {
    for (const [command, handler] of Object.entries(table)) {
      if (all.has(command)) throw new Error(`Cannot add a line handler: taken, got ${command}`);
      all.set(command, handler);
    }
  }
  return all;
}
var LINES;
var init_line_table = __esm({
  "irc/_line_table.ts": (function () {
    init_motd();
    init_registration();
    init_messages();
    init_read_marker();
    init_membership2();
    init_channel_info();
    init_roster();
    init_whois();
    init_channel_list();
    init_server_errors();
    init_standard_replies();
    init_monitor();
    init_tagmsg();
    init_redaction();
    LINES = lineHandlers(REGISTRATION_LINES, MOTD_LINES, MESSAGE_LINES, MEMBERSHIP_LINES, CHANNEL_INFO_LINES, ROSTER_LINES, WHOIS_LINES, CHANNEL_LIST_LINES, SERVER_ERROR_LINES, STANDARD_REPLY_LINES, REGAIN_LINES, READ_MARKER_LINES, TAGMSG_LINES, REDACTION_LINES);
  })
});

// irc/_line_dispatch.ts
var LineDispatch;
var init_line_dispatch = __esm({
  "irc/_line_dispatch.ts": (function () {
    init_line_context();
    init_batches();
    init_line_table();
    init_messages();
    init_react();
    init_redaction();
    LineDispatch = class {
      #ctx;
      #gate;
      #onBug;
      #batches = new BatchTracker();
      /**
       * Creates the dispatch for the lines of `ctx`; `gate` hears of the worker's progress, and
       * `onBug` of what a handler threw.
       */
      constructor(ctx, gate, onBug) {
        this.#ctx = ctx;
        this.#gate = gate;
        this.#onBug = onBug;
      }
      /** Runs a task, or handles a line, with `backlog` items waiting behind it. */
      handle(item, backlog) {
        this.#gate.beforeHandle(backlog);
        const result = typeof item === "function" ? item() : this.#line(item);
        return result === ACCEPTED2 ? void 0 : result;
      }
      /** A handler threw: a bug, reported, and the worker goes on. */
      failed(error) {
        this.#onBug(error);
      }
      #line(message) {
        const ctx = this.#ctx;
        const batches = this.#batches;
        const batch = batches.of(message);
        if (BatchTracker.isHistoryReply(batch)) ctx.history.line(ctx.time(message));
        if (message.command === "BATCH") {
          const closing = batches.closing(message);
          const combined = batches.batchLine(message);
          if (closing && !closing.nested && BatchTracker.isHistoryReply(closing)) {
            ctx.history.ended(closing.params[0] ?? "");
          }
          if (closing) ctx.labels.settle(closing.tags.label);
          if (combined) return receiveMessage(ctx, combined.message, combined.history);
          return;
        }
        if (batch) {
          if (batches.collect(batch, message)) return;
          if (batch.history) {
            if (message.command === "PRIVMSG" || message.command === "NOTICE") {
              return receiveMessage(ctx, message, true);
            }
            if (message.command === "TAGMSG") return receiveReaction(ctx, message, true);
            if (message.command === "REDACT") return receiveRedaction(ctx, message, true);
            return;
          }
        }
        const label = message.tags.label;
        if (label === void 0) return LINES.get(message.command)?.(ctx, message);
        const handled = LINES.get(message.command)?.(ctx, message);
        if (!handled || handled === ACCEPTED2) return ctx.labels.settle(label);
        return handled.then(() => ctx.labels.settle(label));
      }
    };
  })
});

// irc/_stringprep_tables.ts
function ranges(text2) {
  const out = [];
  for (const item of text2.split(" ")) {
    const [start, end = start] = item.split("-");
    out.push(parseInt(start, 16), parseInt(end, 16));
  }
  return out;
}
var MAPPED_TO_NOTHING, NON_ASCII_SPACE, PROHIBITED, UNASSIGNED, RAND_AL_CAT, L_CAT;
var init_stringprep_tables = __esm({
  "irc/_stringprep_tables.ts": (function () {
    MAPPED_TO_NOTHING = ranges("ad 34f 1806 180b-180d 200b-200d 2060 fe00-fe0f feff");
    NON_ASCII_SPACE = ranges("a0 1680 2000-200b 202f 205f 3000");
    PROHIBITED = ranges("0-1f 7f-a0 340-341 6dd 70f 1680 180e 2000-200f 2028-202f 205f-2063 206a-206f 2ff0-2ffb 3000 d800-f8ff fdd0-fdef feff fff9-ffff 1d173-1d17a 1fffe-1ffff 2fffe-2ffff 3fffe-3ffff 4fffe-4ffff 5fffe-5ffff 6fffe-6ffff 7fffe-7ffff 8fffe-8ffff 9fffe-9ffff afffe-affff bfffe-bffff cfffe-cffff dfffe-dffff e0001 e0020-e007f efffe-10ffff");
    UNASSIGNED = ranges("221 234-24f 2ae-2af 2ef-2ff 350-35f 370-373 376-379 37b-37d 37f-383 38b 38d 3a2 3cf 3f7-3ff 487 4cf 4f6-4f7 4fa-4ff 510-530 557-558 560 588 58b-590 5a2 5ba 5c5-5cf 5eb-5ef 5f5-60b 60d-61a 61c-61e 620 63b-63f 656-65f 6ee-6ef 6ff 70e 72d-72f 74b-77f 7b2-900 904 93a-93b 94e-94f 955-957 971-980 984 98d-98e 991-992 9a9 9b1 9b3-9b5 9ba-9bb 9bd 9c5-9c6 9c9-9ca 9ce-9d6 9d8-9db 9de 9e4-9e5 9fb-a01 a03-a04 a0b-a0e a11-a12 a29 a31 a34 a37 a3a-a3b a3d a43-a46 a49-a4a a4e-a58 a5d a5f-a65 a75-a80 a84 a8c a8e a92 aa9 ab1 ab4 aba-abb ac6 aca ace-acf ad1-adf ae1-ae5 af0-b00 b04 b0d-b0e b11-b12 b29 b31 b34-b35 b3a-b3b b44-b46 b49-b4a b4e-b55 b58-b5b b5e b62-b65 b71-b81 b84 b8b-b8d b91 b96-b98 b9b b9d ba0-ba2 ba5-ba7 bab-bad bb6 bba-bbd bc3-bc5 bc9 bce-bd6 bd8-be6 bf3-c00 c04 c0d c11 c29 c34 c3a-c3d c45 c49 c4e-c54 c57-c5f c62-c65 c70-c81 c84 c8d c91 ca9 cb4 cba-cbd cc5 cc9 cce-cd4 cd7-cdd cdf ce2-ce5 cf0-d01 d04 d0d d11 d29 d3a-d3d d44-d45 d49 d4e-d56 d58-d5f d62-d65 d70-d81 d84 d97-d99 db2 dbc dbe-dbf dc7-dc9 dcb-dce dd5 dd7 de0-df1 df5-e00 e3b-e3e e5c-e80 e83 e85-e86 e89 e8b-e8c e8e-e93 e98 ea0 ea4 ea6 ea8-ea9 eac eba ebe-ebf ec5 ec7 ece-ecf eda-edb ede-eff f48 f6b-f70 f8c-f8f f98 fbd fcd-fce fd0-fff 1022 1028 102b 1033-1035 103a-103f 105a-109f 10c6-10cf 10f9-10fa 10fc-10ff 115a-115e 11a3-11a7 11fa-11ff 1207 1247 1249 124e-124f 1257 1259 125e-125f 1287 1289 128e-128f 12af 12b1 12b6-12b7 12bf 12c1 12c6-12c7 12cf 12d7 12ef 130f 1311 1316-1317 131f 1347 135b-1360 137d-139f 13f5-1400 1677-167f 169d-169f 16f1-16ff 170d 1715-171f 1737-173f 1754-175f 176d 1771 1774-177f 17dd-17df 17ea-17ff 180f 181a-181f 1878-187f 18aa-1dff 1e9c-1e9f 1efa-1eff 1f16-1f17 1f1e-1f1f 1f46-1f47 1f4e-1f4f 1f58 1f5a 1f5c 1f5e 1f7e-1f7f 1fb5 1fc5 1fd4-1fd5 1fdc 1ff0-1ff1 1ff5 1fff 2053-2056 2058-205e 2064-2069 2072-2073 208f-209f 20b2-20cf 20eb-20ff 213b-213c 214c-2152 2184-218f 23cf-23ff 2427-243f 244b-245f 24ff 2614-2615 2618 267e-267f 268a-2700 2705 270a-270b 2728 274c 274e 2753-2755 2757 275f-2760 2795-2797 27b0 27bf-27cf 27ec-27ef 2b00-2e7f 2e9a 2ef4-2eff 2fd6-2fef 2ffc-2fff 3040 3097-3098 3100-3104 312d-3130 318f 31b8-31ef 321d-321f 3244-3250 327c-327e 32cc-32cf 32ff 3377-337a 33de-33df 33ff 4db6-4dff 9fa6-9fff a48d-a48f a4c7-abff d7a4-d7ff fa2e-fa2f fa6b-faff fb07-fb12 fb18-fb1c fb37 fb3d fb3f fb42 fb45 fbb2-fbd2 fd40-fd4f fd90-fd91 fdc8-fdcf fdfd-fdff fe10-fe1f fe24-fe2f fe47-fe48 fe53 fe67 fe6c-fe6f fe75 fefd-fefe ff00 ffbf-ffc1 ffc8-ffc9 ffd0-ffd1 ffd8-ffd9 ffdd-ffdf ffe7 ffef-fff8 10000-102ff 1031f 10324-1032f 1034b-103ff 10426-10427 1044e-1cfff 1d0f6-1d0ff 1d127-1d129 1d1de-1d3ff 1d455 1d49d 1d4a0-1d4a1 1d4a3-1d4a4 1d4a7-1d4a8 1d4ad 1d4ba 1d4bc 1d4c1 1d4c4 1d506 1d50b-1d50c 1d515 1d51d 1d53a 1d53f 1d545 1d547-1d549 1d551 1d6a4-1d6a7 1d7ca-1d7cd 1d800-1fffd 2a6d7-2f7ff 2fa1e-2fffd 30000-3fffd 40000-4fffd 50000-5fffd 60000-6fffd 70000-7fffd 80000-8fffd 90000-9fffd a0000-afffd b0000-bfffd c0000-cfffd d0000-dfffd e0000 e0002-e001f e0080-efffd");
    RAND_AL_CAT = ranges("5be 5c0 5c3 5d0-5ea 5f0-5f4 61b 61f 621-63a 640-64a 66d-66f 671-6d5 6dd 6e5-6e6 6fa-6fe 700-70d 710 712-72c 780-7a5 7b1 200f fb1d fb1f-fb28 fb2a-fb36 fb38-fb3c fb3e fb40-fb41 fb43-fb44 fb46-fbb1 fbd3-fd3d fd50-fd8f fd92-fdc7 fdf0-fdfc fe70-fe74 fe76-fefc");
    L_CAT = ranges("41-5a 61-7a aa b5 ba c0-d6 d8-f6 f8-220 222-233 250-2ad 2b0-2b8 2bb-2c1 2d0-2d1 2e0-2e4 2ee 37a 386 388-38a 38c 38e-3a1 3a3-3ce 3d0-3f5 400-482 48a-4ce 4d0-4f5 4f8-4f9 500-50f 531-556 559-55f 561-587 589 903 905-939 93d-940 949-94c 950 958-961 964-970 982-983 985-98c 98f-990 993-9a8 9aa-9b0 9b2 9b6-9b9 9be-9c0 9c7-9c8 9cb-9cc 9d7 9dc-9dd 9df-9e1 9e6-9f1 9f4-9fa a05-a0a a0f-a10 a13-a28 a2a-a30 a32-a33 a35-a36 a38-a39 a3e-a40 a59-a5c a5e a66-a6f a72-a74 a83 a85-a8b a8d a8f-a91 a93-aa8 aaa-ab0 ab2-ab3 ab5-ab9 abd-ac0 ac9 acb-acc ad0 ae0 ae6-aef b02-b03 b05-b0c b0f-b10 b13-b28 b2a-b30 b32-b33 b36-b39 b3d-b3e b40 b47-b48 b4b-b4c b57 b5c-b5d b5f-b61 b66-b70 b83 b85-b8a b8e-b90 b92-b95 b99-b9a b9c b9e-b9f ba3-ba4 ba8-baa bae-bb5 bb7-bb9 bbe-bbf bc1-bc2 bc6-bc8 bca-bcc bd7 be7-bf2 c01-c03 c05-c0c c0e-c10 c12-c28 c2a-c33 c35-c39 c41-c44 c60-c61 c66-c6f c82-c83 c85-c8c c8e-c90 c92-ca8 caa-cb3 cb5-cb9 cbe cc0-cc4 cc7-cc8 cca-ccb cd5-cd6 cde ce0-ce1 ce6-cef d02-d03 d05-d0c d0e-d10 d12-d28 d2a-d39 d3e-d40 d46-d48 d4a-d4c d57 d60-d61 d66-d6f d82-d83 d85-d96 d9a-db1 db3-dbb dbd dc0-dc6 dcf-dd1 dd8-ddf df2-df4 e01-e30 e32-e33 e40-e46 e4f-e5b e81-e82 e84 e87-e88 e8a e8d e94-e97 e99-e9f ea1-ea3 ea5 ea7 eaa-eab ead-eb0 eb2-eb3 ebd ec0-ec4 ec6 ed0-ed9 edc-edd f00-f17 f1a-f34 f36 f38 f3e-f47 f49-f6a f7f f85 f88-f8b fbe-fc5 fc7-fcc fcf 1000-1021 1023-1027 1029-102a 102c 1031 1038 1040-1057 10a0-10c5 10d0-10f8 10fb 1100-1159 115f-11a2 11a8-11f9 1200-1206 1208-1246 1248 124a-124d 1250-1256 1258 125a-125d 1260-1286 1288 128a-128d 1290-12ae 12b0 12b2-12b5 12b8-12be 12c0 12c2-12c5 12c8-12ce 12d0-12d6 12d8-12ee 12f0-130e 1310 1312-1315 1318-131e 1320-1346 1348-135a 1361-137c 13a0-13f4 1401-1676 1681-169a 16a0-16f0 1700-170c 170e-1711 1720-1731 1735-1736 1740-1751 1760-176c 176e-1770 1780-17b6 17be-17c5 17c7-17c8 17d4-17da 17dc 17e0-17e9 1810-1819 1820-1877 1880-18a8 1e00-1e9b 1ea0-1ef9 1f00-1f15 1f18-1f1d 1f20-1f45 1f48-1f4d 1f50-1f57 1f59 1f5b 1f5d 1f5f-1f7d 1f80-1fb4 1fb6-1fbc 1fbe 1fc2-1fc4 1fc6-1fcc 1fd0-1fd3 1fd6-1fdb 1fe0-1fec 1ff2-1ff4 1ff6-1ffc 200e 2071 207f 2102 2107 210a-2113 2115 2119-211d 2124 2126 2128 212a-212d 212f-2131 2133-2139 213d-213f 2145-2149 2160-2183 2336-237a 2395 249c-24e9 3005-3007 3021-3029 3031-3035 3038-303c 3041-3096 309d-309f 30a1-30fa 30fc-30ff 3105-312c 3131-318e 3190-31b7 31f0-321c 3220-3243 3260-327b 327f-32b0 32c0-32cb 32d0-32fe 3300-3376 337b-33dd 33e0-33fe 3400-4db5 4e00-9fa5 a000-a48c ac00-d7a3 e000-fa2d fa30-fa6a fb00-fb06 fb13-fb17 ff21-ff3a ff41-ff5a ff66-ffbe ffc2-ffc7 ffca-ffcf ffd2-ffd7 ffda-ffdc 10300-1031e 10320-10323 10330-1034a 10400-10425 10428-1044d 1d000-1d0f5 1d100-1d126 1d12a-1d166 1d16a-1d172 1d183-1d184 1d18c-1d1a9 1d1ae-1d1dd 1d400-1d454 1d456-1d49c 1d49e-1d49f 1d4a2 1d4a5-1d4a6 1d4a9-1d4ac 1d4ae-1d4b9 1d4bb 1d4bd-1d4c0 1d4c2-1d4c3 1d4c5-1d505 1d507-1d50a 1d50d-1d514 1d516-1d51c 1d51e-1d539 1d53b-1d53e 1d540-1d544 1d546 1d54a-1d550 1d552-1d6a3 1d6a8-1d7c9 20000-2a6d6 2f800-2fa1d f0000-ffffd 100000-10fffd");
  })
});

// irc/saslprep.ts
function saslprep(text2, options = {}) {
  if (typeof text2 !== "string") {
    throw new TypeError(`Cannot prepare a string with SASLprep: expected a string, got ${typeof text2}`);
  }
  if (/^[\x20-\x7e]*$/.test(text2)) return text2;
  let mapped = "";
  for (const char of text2) {
    const code = char.codePointAt(0) ?? 0;
    if (!options.allowUnassigned && inTable(UNASSIGNED, code)) {
      throw refusal3("unassigned", "it contains a code point unassigned in Unicode 3.2", code);
    }
    if (inTable(MAPPED_TO_NOTHING, code)) continue;
    mapped += inTable(NON_ASCII_SPACE, code) ? " " : char;
  }
  const normalized = mapped.isWellFormed() ? mapped.normalize("NFKC") : mapped;
  let randAL = false;
  let l = false;
  for (const char of normalized) {
    const code = char.codePointAt(0) ?? 0;
    if (inTable(PROHIBITED, code)) {
      throw refusal3("prohibited", "it contains a prohibited character", code);
    }
    if (inTable(RAND_AL_CAT, code)) randAL = true;
    else if (inTable(L_CAT, code)) l = true;
  }
  if (randAL) {
    const first = normalized.codePointAt(0) ?? 0;
    const last = [
      ...normalized
    ].at(-1)?.codePointAt(0) ?? 0;
    if (l) {
      throw new SaslprepError("bidi", "Cannot prepare a string with SASLprep: it mixes right-to-left and left-to-right characters");
    }
    if (!inTable(RAND_AL_CAT, first) || !inTable(RAND_AL_CAT, last)) {
      throw new SaslprepError("bidi", `Cannot prepare a string with SASLprep: right-to-left text must start and end with a right-to-left character, got ${hex(inTable(RAND_AL_CAT, first) ? last : first)}`);
    }
  }
  return normalized;
}
function refusal3(code, reason, codePoint) {
  return new SaslprepError(code, `Cannot prepare a string with SASLprep: ${reason}, got ${hex(codePoint)}`);
}
function hex(codePoint) {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}
function inTable(table, code) {
  let lo = 0;
  let hi = table.length / 2 - 1;
  while (lo <= hi) {
    const mid = lo + hi >> 1;
    if (code < table[mid * 2]) hi = mid - 1;
    else if (code > table[mid * 2 + 1]) lo = mid + 1;
    else return true;
  }
  return false;
}
var SaslprepError;
var init_saslprep = __esm({
  "irc/saslprep.ts": (function () {
    init_stringprep_tables();
    SaslprepError = class extends TypeError {
      /** The rule the string broke. */
      code;
      /** Builds the error; `message` says what failed and shows the offending character. */
      constructor(code, message) {
        super(message);
        this.name = "SaslprepError";
        this.code = code;
      }
    };
  })
});

// irc/scram.ts
function parseFields(message) {
  const fields = /* @__PURE__ */ new Map();
  for (const part2 of message.split(",")) {
    const eq = part2.indexOf("=");
    if (eq === 1) fields.set(part2[0], part2.slice(2));
  }
  return fields;
}
async function hmac(key, data) {
  const k = await crypto.subtle.importKey("raw", key, {
    name: "HMAC",
    hash: "SHA-256"
  }, false, [
    "sign"
  ]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, encoder3.encode(data)));
}
function toBase64(bytes) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
function fromBase64(text2) {
  try {
    return Uint8Array.from(atob(text2), (c) => c.charCodeAt(0));
  } catch {
    throw new ScramError(`Cannot decode base64: invalid input, got ${JSON.stringify(text2)}`);
  }
}
function decodeBase64Text(text2) {
  return decoder.decode(fromBase64(text2));
}
function encodeBase64Text(text2) {
  return toBase64(encoder3.encode(text2));
}
var encoder3, decoder, ScramError, ScramSha256;
var init_scram = __esm({
  "irc/scram.ts": (function () {
    init_saslprep();
    encoder3 = new TextEncoder();
    decoder = new TextDecoder();
    ScramError = class extends Error {
      /** Creates the error with a message in std voice. */
      constructor(message) {
        super(message);
        this.name = "ScramError";
      }
    };
    ScramSha256 = class {
      #username;
      #password;
      #nonce;
      #clientFirstBare = "";
      #expectedServerSignature;
      /**
       * Starts an exchange for `username` and `password`. `options.nonce` fixes the client nonce
       * (for tests); by default it is 24 random bytes in base64.
       *
       * Both go through SASLprep (RFC 5802 section 5.1): the user name as a query, the password
       * as a stored string. A string SASLprep refuses throws a `SaslprepError` here.
       */
      constructor(username, password, options = {}) {
        this.#username = saslprep(username, {
          allowUnassigned: true
        });
        this.#password = saslprep(password);
        this.#nonce = options.nonce ?? toBase64(crypto.getRandomValues(new Uint8Array(24)));
      }
      /** The client-first message: `n,,n=<user>,r=<nonce>`. */
      clientFirst() {
        const name = this.#username.replaceAll("=", "=3D").replaceAll(",", "=2C");
        this.#clientFirstBare = `n=${name},r=${this.#nonce}`;
        return `n,,${this.#clientFirstBare}`;
      }
      /** Computes the client-final message (with the proof) from the server-first message. */
      async clientFinal(serverFirst) {
        if (this.#clientFirstBare === "") this.clientFirst();
        if (serverFirst.startsWith("m=")) {
          throw new ScramError(`Cannot continue SCRAM: the server requires an unsupported mandatory extension, got ${JSON.stringify(serverFirst.split(",")[0])}`);
        }
        const fields = parseFields(serverFirst);
        const nonce = fields.get("r");
        const salt = fields.get("s");
        const iterations = Number(fields.get("i"));
        if (!nonce || !salt || !Number.isInteger(iterations) || iterations < 1) {
          throw new ScramError(`Cannot read the SCRAM server-first message: it lacks r, s or i, got ${JSON.stringify(serverFirst)}`);
        }
        if (!nonce.startsWith(this.#nonce) || nonce.length <= this.#nonce.length) {
          throw new ScramError(`Cannot continue SCRAM: the server nonce does not extend ours, got ${nonce}`);
        }
        const baseKey = await crypto.subtle.importKey("raw", encoder3.encode(this.#password), "PBKDF2", false, [
          "deriveBits"
        ]);
        const salted = new Uint8Array(await crypto.subtle.deriveBits({
          name: "PBKDF2",
          hash: "SHA-256",
          salt: fromBase64(salt),
          iterations
        }, baseKey, 256));
        const clientKey = await hmac(salted, "Client Key");
        const storedKey = new Uint8Array(await crypto.subtle.digest("SHA-256", clientKey));
        const withoutProof = `c=biws,r=${nonce}`;
        const authMessage = `${this.#clientFirstBare},${serverFirst},${withoutProof}`;
        const clientSignature = await hmac(storedKey, authMessage);
        const proof = clientKey.map((byte, i) => byte ^ clientSignature[i]);
        const serverKey = await hmac(salted, "Server Key");
        this.#expectedServerSignature = toBase64(await hmac(serverKey, authMessage));
        return `${withoutProof},p=${toBase64(proof)}`;
      }
      /** Checks the server-final message; throws a {@linkcode ScramError} on error or mismatch. */
      verifyServerFinal(serverFinal) {
        const fields = parseFields(serverFinal);
        const error = fields.get("e");
        if (error !== void 0) {
          throw new ScramError(`Cannot authenticate with SCRAM: the server said ${error}`);
        }
        if (this.#expectedServerSignature === void 0) {
          throw new ScramError("Cannot verify the server: clientFinal() has not run");
        }
        const signature = fields.get("v");
        if (signature !== this.#expectedServerSignature) {
          throw new ScramError(`Cannot verify the server: the SCRAM server signature does not match, got ${JSON.stringify(signature ?? "")}`);
        }
      }
    };
  })
});

// irc/_sasl_scram.ts
var CHUNK, ScramAuthenticator;
var init_sasl_scram = __esm({
  "irc/_sasl_scram.ts": (function () {
    init_scram();
    CHUNK = 400;
    ScramAuthenticator = class {
      #scram;
      #write;
      #fail;
      #buffer = "";
      #failed = false;
      #done = false;
      /**
       * Creates the exchange. `write` sends a line (it must ignore writes after close); `fail`
       * gets the reason when the exchange fails (after `AUTHENTICATE *` has been sent).
       */
      constructor(account, password, hooks) {
        this.#scram = new ScramSha256(account, password);
        this.#write = hooks.write;
        this.#fail = hooks.fail;
      }
      /** Whether the exchange failed on our side (the server then aborts with 904 or 906). */
      get failed() {
        return this.#failed;
      }
      /** Handles the parameter of one `AUTHENTICATE` line from the server. */
      step(payload) {
        if (this.#failed || this.#done) return;
        if (payload === "+" && this.#buffer === "") {
          this.#send(this.#scram.clientFirst());
          return;
        }
        if (payload !== "+") this.#buffer += payload;
        if (payload.length === CHUNK) return;
        const encoded = this.#buffer;
        this.#buffer = "";
        let text2;
        try {
          text2 = decodeBase64Text(encoded);
        } catch (error) {
          this.#abort(error);
          return;
        }
        if (text2.startsWith("r=") || text2.startsWith("m=")) {
          this.#scram.clientFinal(text2).then((final) => this.#send(final), (e) => this.#abort(e));
          return;
        }
        try {
          this.#scram.verifyServerFinal(text2);
          this.#done = true;
          this.#write("AUTHENTICATE +");
        } catch (error) {
          this.#abort(error);
        }
      }
      #send(text2) {
        if (this.#failed) return;
        const encoded = encodeBase64Text(text2);
        for (let i = 0; i < encoded.length; i += CHUNK) {
          this.#write(`AUTHENTICATE ${encoded.slice(i, i + CHUNK)}`);
        }
        if (encoded.length % CHUNK === 0) this.#write("AUTHENTICATE +");
      }
      #abort(error) {
        if (this.#failed) return;
        this.#failed = true;
        this.#write("AUTHENTICATE *");
        this.#fail(error instanceof ScramError ? error.message : `SCRAM failed: ${String(error)}`);
      }
    };
  })
});

// irc/_registration_reader.ts
function nickFallbacks(nick, altNicks, maxLength = Infinity) {
  const seen = /* @__PURE__ */ new Set([
    casefold(nick)
  ]);
  const out = [];
  const add = (candidate) => {
    const key = casefold(candidate);
    if (candidate === "" || seen.has(key) || out.length >= MAX_NICK_FALLBACKS) return;
    seen.add(key);
    out.push(candidate);
  };
  for (const alt of altNicks) add(alt);
  const suffixes = [
    "_",
    "__"
  ];
  for (let n = 1; suffixes.length < MAX_NICK_FALLBACKS * 2; n++) suffixes.push(String(n));
  for (const suffix of suffixes) {
    const room = maxLength - suffix.length;
    if (room >= 1) add(nick.slice(0, room) + suffix);
  }
  return out;
}
var MAX_NICK_FALLBACKS, RegistrationReader;
var init_registration_reader = __esm({
  "irc/_registration_reader.ts": (function () {
    init_mod2();
    init_sasl_scram();
    MAX_NICK_FALLBACKS = 10;
    RegistrationReader = class {
      #options;
      #write;
      #onScramFail;
      #registered = false;
      #onNicksExhausted;
      /** Nicknames sent so far, the configured one first. */
      #tried = [];
      #sentNick;
      #maxNickLength = Infinity;
      #scram;
      /**
       * Creates the reader. `write` sends a line right away; `onScramFail` gets the reason when
       * the SCRAM exchange fails on our side.
       */
      constructor(options, link) {
        this.#options = options;
        this.#write = link.write;
        this.#onScramFail = link.onScramFail;
        this.#onNicksExhausted = link.onNicksExhausted;
        this.#sentNick = options.nick;
      }
      /** The SCRAM exchange, once the server acknowledged SASL for SCRAM-SHA-256. */
      get scram() {
        return this.#scram;
      }
      /** Handles one line read before 001 (and 001 itself). */
      read(message) {
        if (this.#registered) return;
        switch (message.command) {
          case "001":
            this.#registered = true;
            break;
          case "432":
          case "433":
          case "437":
            this.#nickRefused(message.params[1] ?? "");
            break;
          case "CAP": {
            const sasl = this.#options.sasl;
            if (sasl?.mechanism === "SCRAM-SHA-256" && message.params[1] === "ACK") {
              const acked = (message.params.at(-1) ?? "").split(" ");
              if (acked.includes("sasl")) {
                this.#scram = new ScramAuthenticator(sasl.account, sasl.password ?? "", {
                  write: this.#write,
                  fail: this.#onScramFail
                });
              }
            }
            break;
          }
        }
      }
      /** Sends the next fallback nickname, or gives up when none is left. */
      #nickRefused(refused) {
        const sent = this.#sentNick;
        if (!this.#tried.includes(sent)) this.#tried.push(sent);
        if (refused.length > 0 && refused.length < sent.length && sent.startsWith(refused)) {
          this.#maxNickLength = Math.min(this.#maxNickLength, refused.length);
        }
        const o = this.#options;
        const tried = new Set(this.#tried.map((nick) => casefold(nick)));
        tried.add(casefold(refused));
        const next = nickFallbacks(o.nick, o.altNicks ?? [], this.#maxNickLength).find((nick) => !tried.has(casefold(nick)));
        if (next === void 0 || this.#tried.length > MAX_NICK_FALLBACKS) {
          this.#onNicksExhausted([
            ...this.#tried
          ]);
          return;
        }
        this.#sentNick = next;
        this.#write(`NICK ${next}`);
      }
    };
  })
});

// irc/_nick_regain.ts
var NickRegain;
var init_nick_regain = __esm({
  "irc/_nick_regain.ts": (function () {
    NickRegain = class {
      #link;
      #active = false;
      #monitoring = false;
      #timer;
      #hasTimer = false;
      /** Creates the regain; it does nothing until `start()`. */
      constructor(link) {
        this.#link = link;
      }
      /** Whether a fallback is in use and the configured nickname is wanted back. */
      get active() {
        return this.#active;
      }
      /** Starts once registered as `current`, by MONITOR when `monitor` is offered. */
      start(current, monitor) {
        const link = this.#link;
        if (this.#active || link.fold(current) === link.fold(link.wanted)) return;
        this.#active = true;
        if (monitor) {
          this.#monitoring = true;
          link.write(`MONITOR + ${link.wanted}`);
        } else {
          this.#schedule();
        }
      }
      /** 731 RPL_MONOFFLINE: these targets went (or are) offline. */
      offline(targets) {
        if (!this.#active) return;
        const wanted = this.#link.fold(this.#link.wanted);
        if (targets.some((t) => this.#link.fold(t.split("!")[0]) === wanted)) this.#attempt();
      }
      /** 734 ERR_MONLISTFULL: MONITOR cannot watch the nickname; retry at a pace instead. */
      monitorFull() {
        if (!this.#active || !this.#monitoring) return;
        this.#monitoring = false;
        this.#schedule();
      }
      /** Whether a refusal (433, 437) of `nick` answers our attempt rather than a user's. */
      isAttempt(nick) {
        return this.#active && this.#link.fold(nick) === this.#link.fold(this.#link.wanted);
      }
      /** A refused attempt: with MONITOR a nick held after its owner left (437) is retried. */
      refused(nick) {
        if (this.isAttempt(nick) && this.#monitoring) this.#schedule();
      }
      /** Our nickname changed: done once it is the configured one. */
      nickChanged(nick) {
        const link = this.#link;
        if (!this.#active || link.fold(nick) !== link.fold(link.wanted)) return;
        const monitoring = this.#monitoring;
        this.stop();
        if (monitoring) link.write(`MONITOR - ${link.wanted}`);
      }
      /** Stops for good (the connection ended, or the nick is back). */
      stop() {
        this.#active = false;
        this.#monitoring = false;
        if (this.#hasTimer) this.#link.clock.clearTimeout(this.#timer);
        this.#hasTimer = false;
      }
      #attempt() {
        this.#link.write(`NICK ${this.#link.wanted}`);
      }
      #schedule() {
        if (this.#hasTimer) return;
        this.#hasTimer = true;
        this.#timer = this.#link.clock.setTimeout(() => {
          this.#hasTimer = false;
          if (!this.#active) return;
          this.#attempt();
          if (!this.#monitoring) this.#schedule();
        }, this.#link.interval);
      }
    };
  })
});

// irc/_format_line.ts
function refuse(what, value) {
  return new TypeError(`Cannot format an IRC line: ${what}, got ${JSON.stringify(value)}`);
}
function formatLine(parts) {
  let line = "";
  const tags = Object.entries(parts.tags ?? {});
  if (tags.length > 0) {
    const written = tags.map(([key, value]) => {
      if (!TAG_KEY.test(key)) throw refuse("a tag key is not [+][vendor/]name", key);
      if (value.includes("\0")) throw refuse("a tag value contains NUL", value);
      return value === "" ? key : `${key}=${escapeTagValue(value)}`;
    });
    line += `@${written.join(";")} `;
  }
  if (parts.source !== void 0) {
    if (parts.source === "" || SPACE_OR_BREAK.test(parts.source)) {
      throw refuse("the source is empty or contains a space, CR, LF or NUL", parts.source);
    }
    line += `:${parts.source} `;
  }
  if (!COMMAND.test(parts.command)) {
    throw refuse("the command is not a word or a numeric", parts.command);
  }
  line += parts.command;
  for (const param of parts.params ?? []) {
    if (param === "" || param[0] === ":" || SPACE_OR_BREAK.test(param)) {
      throw refuse('a middle parameter is empty, starts with ":" or contains a space, CR, LF or NUL', param);
    }
    line += ` ${param}`;
  }
  if (parts.text !== void 0) {
    if (LINE_BREAK.test(parts.text)) throw refuse("the text contains CR, LF or NUL", parts.text);
    line += ` :${parts.text}`;
  }
  return line;
}
var COMMAND, TAG_KEY, LINE_BREAK, SPACE_OR_BREAK;
var init_format_line = __esm({
  "irc/_format_line.ts": (function () {
    init_tags();
    COMMAND = /^(?:[A-Za-z]+|[0-9]{3})$/;
    TAG_KEY = /^\+?(?:[A-Za-z0-9.-]+\/)?[A-Za-z0-9-]+$/;
    LINE_BREAK = /[\r\n\0]/;
    SPACE_OR_BREAK = /[ \r\n\0]/;
  })
});

// irc/_multiline.ts
function multilineLimits(value) {
  if (value === void 0) return void 0;
  let maxBytes = 0;
  let maxLines = DEFAULT_MAX_LINES;
  for (const item of value.split(",")) {
    const [key, raw = ""] = item.split("=", 2);
    const n = Number(raw);
    if (!/^[0-9]{1,9}$/.test(raw) || n < 1) continue;
    if (key === "max-bytes") maxBytes = Math.min(n, CEILING_BYTES);
    if (key === "max-lines") maxLines = Math.min(n, DEFAULT_MAX_LINES);
  }
  return maxBytes > 0 ? {
    maxBytes,
    maxLines
  } : void 0;
}
function utf8Length2(text2) {
  let n = 0;
  for (const ch of text2) {
    const cp = ch.codePointAt(0);
    n += cp < 128 ? 1 : cp < 2048 ? 2 : cp < 65536 ? 3 : 4;
  }
  return n;
}
function groupBatches(pieces, limits) {
  const batches = [];
  let batch = [];
  let bytes = 0;
  for (const piece of pieces) {
    const size = utf8Length2(piece.text) + (batch.length > 0 && !piece.concat ? 1 : 0);
    if (batch.length > 0 && (batch.length >= limits.maxLines || bytes + size > limits.maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(batch.length === 0 ? {
      text: piece.text,
      concat: false
    } : piece);
    bytes += batch.length === 1 ? utf8Length2(piece.text) : size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
function batchText(batch) {
  let text2 = "";
  batch.forEach((piece, i) => {
    text2 += i === 0 || piece.concat ? piece.text : `
${piece.text}`;
  });
  return text2;
}
function batchLines(ref, target, batch, tags) {
  const lines = [
    formatLine({
      tags,
      command: "BATCH",
      params: [
        `+${ref}`,
        MULTILINE_CAP,
        target
      ]
    })
  ];
  for (const piece of batch) {
    const pieceTags = {
      batch: ref
    };
    if (piece.concat) pieceTags[CONCAT_TAG] = "";
    lines.push(formatLine({
      tags: pieceTags,
      command: "PRIVMSG",
      params: [
        target
      ],
      text: piece.text
    }));
  }
  lines.push(formatLine({
    command: "BATCH",
    params: [
      `-${ref}`
    ]
  }));
  return lines;
}
var MULTILINE_CAP, CONCAT_TAG, DEFAULT_MAX_LINES, CEILING_BYTES;
var init_multiline = __esm({
  "irc/_multiline.ts": (function () {
    init_format_line();
    MULTILINE_CAP = "draft/multiline";
    CONCAT_TAG = "draft/multiline-concat";
    DEFAULT_MAX_LINES = 100;
    CEILING_BYTES = 65536;
  })
});

// irc/_session.ts
import { errorMessage as errorMessage11 } from "../common/mod.ts";
var MAX_USER_LINES, SKIP_FRAMEWORK, Session;
var init_session = __esm({
  "irc/_session.ts": (function () {
    init_mod();
    init_errors2();
    init_paced_queue();
    init_worker();
    init_read_gate();
    init_link_end();
    init_line_context();
    init_line_dispatch();
    init_registration_reader();
    init_registration();
    init_messages();
    init_read_marker();
    init_nick_regain();
    init_global_clock();
    init_typing();
    init_react();
    init_redaction();
    init_reply();
    init_format_line();
    init_labels();
    init_multiline();
    MAX_USER_LINES = 1e3;
    SKIP_FRAMEWORK = /* @__PURE__ */ new Set([
      "PRIVMSG",
      "NOTICE",
      "TAGMSG",
      "BATCH"
    ]);
    Session = class {
      #bus;
      #options;
      #networkId;
      #hooks;
      #client;
      #worker;
      #followUps;
      #userQueue;
      #facts = createLinkFacts();
      #regain;
      #typing;
      // Read path state.
      #registration;
      #closed = false;
      #keepAliveQueued = false;
      #readGate;
      #closedPromise;
      #offBufferRead;
      #resolveClosed;
      // Worker state.
      #ctx;
      #batchRefs = 0;
      #ready;
      #readyPromise;
      #timeout;
      #finished;
      #resolveFinished;
      constructor(client, bus, options, hooks) {
        this.#bus = bus;
        this.#options = options;
        this.#networkId = options.networkId;
        this.#hooks = hooks;
        this.#client = client;
        this.#readGate = new ReadGate({
          pause: () => client.pause(),
          resume: () => client.resume()
        });
        this.#followUps = new PacedQueue((line) => this.#write(line), {
          interval: options.followUpInterval ?? 1e3
        });
        const rate = options.messageRate ?? {
          burst: 5,
          interval: 1e3
        };
        this.#userQueue = new PacedQueue((line) => this.#write(line), {
          ...rate,
          max: MAX_USER_LINES
        });
        this.#registration = new RegistrationReader(options, {
          write: (line) => this.#write(line),
          onScramFail: (reason) => this.#worker.push(() => saslFailed(this.#ctx, reason, "SCRAM")),
          onNicksExhausted: (tried) => this.#worker.push(() => this.#fail(new IrcConnectError("nick", `Cannot connect to ${options.host}:${options.port}: every nickname tried is taken or refused, got ${tried.length}: ${tried.join(", ")}`)))
        });
        this.#regain = new NickRegain({
          wanted: options.nick,
          write: (line) => this.#write(line),
          fold: (nick) => this.#ctx.server.fold(nick),
          clock: options.clock ?? globalClock(),
          interval: options.nickRegainInterval ?? 6e4
        });
        const clock2 = options.clock;
        this.#typing = new TypingPacer(() => clock2?.currentTime?.() ?? Date.now());
        this.#ctx = new LineContext(bus, {
          options,
          hooks: {
            ...hooks,
            onNick: (nick) => {
              hooks.onNick(nick);
              this.#regain.nickChanged(nick);
            }
          },
          regain: this.#regain,
          followUps: this.#followUps,
          facts: this.#facts,
          link: {
            establish: () => this.#establish(),
            fail: (error) => this.#fail(error)
          },
          wire: this.#registration,
          messageIds: hooks.messageIds
        });
        this.#worker = new SerialWorker(new LineDispatch(this.#ctx, this.#readGate, (error) => this.#internalError(error)));
        this.#readyPromise = new Promise((resolve3, reject) => {
          this.#ready = {
            resolve: resolve3,
            reject
          };
        });
        this.#readyPromise.catch(() => {
        });
        this.#closedPromise = new Promise((resolve3) => {
          this.#resolveClosed = resolve3;
        });
        this.#finished = new Promise((resolve3) => {
          this.#resolveFinished = resolve3;
        });
      }
      /** Resolves when `connection.established` is on the bus; rejects when connecting fails. */
      get ready() {
        return this.#readyPromise;
      }
      /** Resolves once the session is over: worker drained, `connection.lost` emitted. */
      get finished() {
        return this.#finished;
      }
      /** Opens the socket and starts registration. */
      start() {
        const o = this.#options;
        const sasl = o.sasl;
        this.#client.useRaw((message, next) => this.#read(message, next));
        this.#client.onClose((error) => this.#onSocketClose(error));
        this.#client.onOpen(() => {
          this.#facts.opened = true;
        });
        this.#client.onPingTimeout(() => {
          this.#facts.pingTimedOut = true;
        });
        this.#client.onLineDropped((line) => this.#dropped(line.message));
        this.#client.onReadEnd(() => this.#readEnd());
        const certificate = sasl?.certificate ?? o.tlsOptions?.certificate;
        const timeout = o.registrationTimeout ?? 3e4;
        this.#timeout = setTimeout(() => {
          this.#timeout = void 0;
          this.#fail(new IrcConnectError("timeout", `Cannot connect to ${o.host}:${o.port}: registration timed out, got ${timeout} ms`));
        }, timeout);
        const pingTimeout = Math.max(1, Math.round((o.pingTimeout ?? 12e4) / 1e3));
        this.#client.connect({
          host: o.host,
          port: o.port,
          tls: o.tls,
          rejectUnauthorized: o.tlsOptions?.rejectUnauthorized ?? true,
          nick: o.nick,
          username: o.username ?? o.nick,
          gecos: o.realname ?? o.nick,
          password: o.password,
          // An account object without credentials stops irc-framework from reusing PASS for SASL.
          account: sasl && sasl.mechanism !== "EXTERNAL" ? {
            account: sasl.account,
            password: sasl.password ?? ""
          } : {},
          sasl_mechanism: sasl?.mechanism,
          sasl_disconnect_on_fail: sasl !== void 0 && (sasl.required ?? true),
          client_certificate: certificate ? {
            private_key: certificate.privateKey,
            certificate: certificate.certificate
          } : void 0,
          ca: o.tlsOptions?.ca,
          auto_reconnect: false,
          ping_interval: Math.max(1, Math.round(pingTimeout / 4)),
          ping_timeout: pingTimeout,
          enable_chghost: true,
          enable_setname: true,
          version: null,
          extraCaps: [
            "draft/chathistory",
            "chathistory",
            MULTILINE_CAP,
            LABELED_RESPONSE_CAP,
            "draft/no-implicit-names",
            "no-implicit-names",
            "standard-replies",
            ECHO_CAP,
            READ_MARKER_CAP,
            REDACTION_CAP
          ]
        });
      }
      /** Sends a user line through the flood limit; a `RangeError` when too many are waiting. */
      sendUser(line, onSent) {
        this.reserve("send", 1);
        this.#userQueue.push(line, void 0, onSent);
      }
      /** Throws a `RangeError` naming `action` unless `count` more user lines may be queued. */
      reserve(action, count) {
        if (this.#userQueue.room < count) {
          throw new RangeError(`Cannot ${action}: ${MAX_USER_LINES - this.#userQueue.room} lines are already waiting to be sent (at most ${MAX_USER_LINES}), got ${count} more`);
        }
      }
      /**
       * Tells `target` our typing state (`+typing` on a TAGMSG), paced by the spec; a server
       * without `message-tags` is told nothing. Best effort: dropped rather than queued behind
       * a full queue. True when a line was queued.
       */
      typing(target, state) {
        if (!this.#ctx.established || !this.#ctx.caps.has("message-tags")) return false;
        if (this.#userQueue.room < 1) return false;
        const send = this.#typing.next(this.#ctx.server.fold(target), state);
        if (send === void 0) return false;
        this.#userQueue.push(formatLine({
          tags: {
            [TYPING_TAG]: send
          },
          command: "TAGMSG",
          params: [
            target
          ]
        }));
        return true;
      }
      /** Whether the server takes client tags (`message-tags`): replies, typing, reactions. */
      get clientTags() {
        return this.#ctx.caps.has("message-tags");
      }
      /**
       * Reacts to the message `msgid` in `target` (or takes it back): a TAGMSG with
       * `+draft/react` (`+draft/unreact`) and `+draft/reply`, then `message.reacted` for us, in
       * order with incoming lines. Nothing is sent without `message-tags`; false then.
       */
      react(target, msgid, reaction, remove) {
        if (!this.clientTags) return false;
        const tags = {
          [remove ? UNREACT_TAG : REACT_TAG]: reaction,
          [REPLY_TAG]: msgid
        };
        this.sendUser(formatLine({
          tags,
          command: "TAGMSG",
          params: [
            target
          ]
        }), () => {
          const isChannel = this.#ctx.server.isChannel(target);
          this.#worker.push(() => this.#ctx.emit("message.reacted", {
            networkId: this.#networkId,
            channel: isChannel ? target : "",
            user: this.#ctx.nick,
            ...isChannel ? {} : {
              peer: target
            },
            replyTo: msgid,
            reaction,
            removed: remove
          }));
        });
        return true;
      }
      /**
       * The server's multiline limits, when it acknowledged `draft/multiline` (with `batch` and
       * `message-tags`) and usable limits.
       */
      get multiline() {
        const caps = this.#ctx.caps;
        if (!caps.has(MULTILINE_CAP) || !caps.has("batch") || !caps.has("message-tags")) {
          return void 0;
        }
        return multilineLimits(this.#ctx.available.get(MULTILINE_CAP));
      }
      /** A new batch reference tag, unique on this connection. */
      nextBatchRef() {
        return `ml${++this.#batchRefs}`;
      }
      /** Whether the server acknowledged capability `cap`. */
      supports(cap2) {
        return this.#ctx.caps.has(cap2);
      }
      /** The server's CASEMAPPING (`rfc1459` until it says otherwise). */
      get casemapping() {
        return this.#ctx.server.casemapping;
      }
      /** The channels we are in, with topics and members (prefix and nick), in join order. */
      channels() {
        return this.#ctx.channels.members.channels();
      }
      /** A message to `target` is queued: it ends our typing there, with no `done` needed. */
      typingEnded(target) {
        this.#typing.sent(this.#ctx.server.fold(target));
      }
      /**
       * Whether our messages come back from the server (`echo-message`): `message.sent` then
       * follows the echo, with the server's msgid and time, instead of the send.
       */
      get echoes() {
        return this.#ctx.caps.has(ECHO_CAP);
      }
      /**
       * Emits `message.sent` in order with incoming lines; `kind` for a `/me` action, `replyTo`
       * for a reply sent with its tag.
       */
      recordSent(target, text2, kind, replyTo) {
        const isChannel = this.#ctx.server.isChannel(target);
        this.#worker.push(() => this.#ctx.emit("message.sent", {
          networkId: this.#networkId,
          channel: isChannel ? target : "",
          message: text2,
          ...isChannel ? {} : {
            target
          },
          ...kind ? {
            kind
          } : {},
          ...replyTo !== void 0 ? {
            replyTo
          } : {}
        }));
      }
      /** Sends WHOIS and resolves with the parsed reply. */
      whois(nick, timeoutMs) {
        this.reserve("whois", 1);
        const ctx = this.#ctx;
        const key = ctx.server.fold(nick);
        if (!ctx.caps.has(LABELED_RESPONSE_CAP)) {
          this.#userQueue.push(`WHOIS ${nick}`);
          return ctx.whoisRequests.wait(key, nick, timeoutMs);
        }
        let mine;
        const label = ctx.labels.issue(() => {
          if (!mine) return;
          const error = new Error(`Cannot get WHOIS: the server's answer held no reply, got ${nick}`);
          ctx.whoisRequests.fail(key, mine, error);
        });
        this.#userQueue.push(formatLine({
          tags: {
            label
          },
          command: "WHOIS",
          params: [
            nick
          ]
        }));
        return ctx.whoisRequests.wait(key, nick, timeoutMs, (waiter) => mine = waiter);
      }
      /** Sends LIST (with its filter) and resolves with the channels listed. */
      listChannels(filter, timeoutMs) {
        const busy = this.#ctx.channelList.busy;
        if (!busy) this.reserve("list channels", 1);
        const result = this.#ctx.channelList.wait(timeoutMs);
        if (!busy) this.#userQueue.push(filter ? `LIST ${filter}` : "LIST");
        return result;
      }
      /** Sends QUIT, waits for the close (forcing it after `graceMs`) and for the worker. */
      async close(reason, graceMs = 2e3) {
        if (!this.#closed && this.#facts.requestedReason === void 0) {
          this.#facts.quitting = true;
          this.#facts.requestedReason = `Disconnected: ${reason}`;
          this.#followUps.close();
          this.#userQueue.close();
          this.#client.quit(reason);
          let timer;
          const forced = new Promise((resolve3) => {
            timer = setTimeout(() => {
              this.#client.destroy();
              resolve3();
            }, graceMs);
          });
          await Promise.race([
            this.#closedPromise,
            forced
          ]);
          clearTimeout(timer);
          if (!this.#closed) {
            this.#onSocketClose(void 0);
          }
        }
        return await this.#finished;
      }
      /** A bug in the worker: attributed, published, and the worker goes on with the next line. */
      #internalError(error) {
        const text2 = `Cannot process an IRC line: ${errorMessage11(error)}`;
        console.error(`IRC worker failed (network ${this.#networkId}):`, error);
        this.#bus.emit(createEvent("error", {
          networkId: this.#networkId,
          error: text2,
          type: "internal"
        }, "irc")).catch(() => {
        });
      }
      // ---------------------------------------------------------------- read path
      /**
       * Resets the ping timeout for lines kept from irc-framework, once per socket read: it
       * hands over a read's lines in one synchronous loop, and each reset costs a timer.
       */
      #keepAlive() {
        if (this.#keepAliveQueued) return;
        this.#keepAliveQueued = true;
        queueMicrotask(() => {
          this.#keepAliveQueued = false;
          if (!this.#closed) this.#client.keepAlive();
        });
      }
      #read(message, next) {
        if (this.#closed) return;
        const command = message.command;
        this.#registration.read(message);
        const scram = this.#registration.scram;
        if (command === "AUTHENTICATE" && scram) {
          this.#worker.push(message);
          scram.step(message.params[0] ?? "");
          return;
        }
        this.#enqueue(message);
        if (command === "ERROR") {
          this.#client.destroy();
          return;
        }
        if (SKIP_FRAMEWORK.has(command) || message.tags.batch !== void 0) {
          this.#keepAlive();
          return;
        }
        try {
          next.dispatch(message);
        } catch (error) {
          const text2 = `Cannot handle a line from the server: ${errorMessage11(error)}, got ${JSON.stringify([
            command,
            ...message.params
          ].join(" ").slice(0, 200))}`;
          this.#worker.push(() => this.#ctx.emit("error", {
            networkId: this.#networkId,
            error: text2,
            type: "malformed"
          }));
        }
      }
      /** Queues a read line for the worker. */
      #enqueue(item) {
        this.#worker.push(item);
      }
      /**
       * A socket read's lines are all queued: the worker handles them now, and reading stops while
       * the worker is behind.
       */
      #readEnd() {
        this.#worker.flush();
        this.#readGate.afterRead(this.#worker.backlog);
      }
      /** An overlong line was dropped: reported in its place among the lines, reading goes on. */
      #dropped(error) {
        if (this.#closed) return;
        this.#enqueue(() => this.#ctx.emit("error", {
          networkId: this.#networkId,
          error,
          type: "malformed"
        }));
        this.#keepAlive();
      }
      #write(line) {
        if (this.#closed) return;
        this.#client.write(line);
      }
      #onSocketClose(error) {
        if (this.#closed) return;
        this.#closed = true;
        this.#readGate.close();
        this.#facts.socketError = error;
        this.#followUps.close();
        this.#userQueue.close();
        this.#regain.stop();
        this.#ctx.history.close();
        this.#ctx.labels.clear();
        this.#offBufferRead?.();
        if (this.#timeout !== void 0) clearTimeout(this.#timeout);
        this.#timeout = void 0;
        this.#client.removeAllListeners();
        this.#resolveClosed();
        this.#worker.push(() => this.#finish());
      }
      async #finish() {
        const ctx = this.#ctx;
        const reason = lostReason(this.#facts);
        const established = ctx.established;
        if (!established) {
          this.#fail(connectError(this.#facts, {
            options: this.#options,
            registered: ctx.registered,
            reason
          }));
        }
        ctx.whoisRequests.rejectAll(`Cannot get WHOIS: ${reason}`);
        ctx.channelList.rejectAll(`Cannot list channels: ${reason}`);
        const requested = this.#facts.requestedReason !== void 0;
        this.#hooks.onLost({
          reason,
          established,
          requested
        });
        if (established) {
          if (ctx.channels.size > 0) {
            ctx.channels.clear();
            await ctx.emit("channels.changed", {
              networkId: this.#networkId,
              channels: []
            });
          }
        }
        if (established) await ctx.lose(reason);
        this.#resolveFinished({
          reason,
          established,
          requested
        });
      }
      /** Rejects connect() and closes the link; connection.lost is not emitted (never established). */
      #fail(error) {
        const ready = this.#ready;
        if (!ready) return;
        this.#ready = void 0;
        ready.reject(error);
        if (this.#timeout !== void 0) clearTimeout(this.#timeout);
        this.#timeout = void 0;
        if (!this.#closed) {
          this.#facts.quitting = true;
          this.#facts.wireError ??= error.message;
          this.#client.quit("Registration failed");
          const t = setTimeout(() => this.#client.destroy(), 1e3);
          this.#closedPromise.then(() => clearTimeout(t));
        }
      }
      async #establish() {
        const ctx = this.#ctx;
        if (ctx.established || !ctx.registered || !this.#ready) return;
        ctx.established = true;
        if (this.#timeout !== void 0) clearTimeout(this.#timeout);
        this.#timeout = void 0;
        await ctx.emit("connection.established", {
          networkId: this.#networkId,
          address: this.#options.host,
          port: this.#options.port
        });
        this.#regain.start(ctx.nick, ctx.server.monitor);
        if (!this.#closed) {
          this.#offBufferRead = this.#bus.subscribe("buffer.read", ({ data, source }) => {
            if (source === "irc" || data.networkId !== this.#networkId || this.#closed) return;
            sendReadMarker(ctx, this.#userQueue, data);
          });
        }
        const ready = this.#ready;
        this.#ready = void 0;
        ready?.resolve();
      }
    };
  })
});

// irc/_line_parser.ts
function parseLine(line) {
  let start = 0;
  let end = line.length;
  while (start < end && isLineEnd(line.charCodeAt(start))) start++;
  while (end > start && isLineEnd(line.charCodeAt(end - 1))) end--;
  let at2 = start;
  let tags;
  if (at2 < end && line.charCodeAt(at2) === AT2) {
    tags = parseTags(start === 0 ? line : line.slice(start, end));
    at2 = skipSpaces(line, tokenEnd(line, at2, end), end);
  } else {
    tags = NO_TAGS;
  }
  let prefix = "";
  let nick = "";
  let ident = "";
  let hostname = "";
  if (at2 < end && line.charCodeAt(at2) === COLON2) {
    const stop = tokenEnd(line, at2, end);
    prefix = line.slice(at2 + 1, stop);
    at2 = skipSpaces(line, stop, end);
    const bang = prefix.indexOf("!");
    const sign = prefix.indexOf("@");
    if (bang === -1 && sign === -1) {
      if (prefix.includes(".")) hostname = prefix;
      else nick = prefix;
    } else if (bang === -1) {
      nick = prefix.slice(0, sign);
      hostname = prefix.slice(sign + 1);
    } else if (sign === -1) {
      nick = prefix.slice(0, bang);
      ident = prefix.slice(bang + 1);
    } else {
      nick = prefix.slice(0, bang);
      ident = prefix.substring(bang + 1, sign);
      hostname = prefix.slice(sign + 1);
    }
  }
  at2 = skipSpaces(line, at2, end);
  const commandEnd = tokenEnd(line, at2, end);
  const command = commonCommand(line, at2, commandEnd) ?? line.slice(at2, commandEnd).toUpperCase();
  at2 = skipSpaces(line, commandEnd, end);
  let count = 0;
  let p0 = "";
  let p1 = "";
  let p2 = "";
  let more;
  while (at2 < end) {
    const trailing = line.charCodeAt(at2) === COLON2;
    const stop = trailing ? end : tokenEnd(line, at2, end);
    const param = line.slice(trailing ? at2 + 1 : at2, stop);
    if (count === 0) p0 = param;
    else if (count === 1) p1 = param;
    else if (count === 2) p2 = param;
    else (more ??= [
      p0,
      p1,
      p2
    ]).push(param);
    count++;
    if (trailing) break;
    at2 = skipSpaces(line, stop, end);
  }
  const params = more ?? firstParams(count, p0, p1, p2);
  return {
    tags,
    prefix,
    nick,
    ident,
    hostname,
    command,
    params
  };
}
function commonCommand(line, from, to) {
  const length = to - from;
  if (length === 7 && line.startsWith("PRIVMSG", from)) return "PRIVMSG";
  if (length === 6 && line.startsWith("NOTICE", from)) return "NOTICE";
  return void 0;
}
function firstParams(count, p0, p1, p2) {
  if (count === 0) return [];
  if (count === 1) return [
    p0
  ];
  if (count === 2) return [
    p0,
    p1
  ];
  return [
    p0,
    p1,
    p2
  ];
}
function isLineEnd(c) {
  return c === CR2 || c === LF2;
}
function tokenEnd(line, from, end) {
  const space = line.indexOf(" ", from);
  return space === -1 || space > end ? end : space;
}
function skipSpaces(line, from, end) {
  while (from < end && line.charCodeAt(from) === SPACE2) from++;
  return from;
}
var NO_TAGS, SPACE2, COLON2, AT2, CR2, LF2;
var init_line_parser = __esm({
  "irc/_line_parser.ts": (function () {
    init_tags();
    NO_TAGS = Object.freeze(Object.create(/* @__PURE__ */ Object.create(null)));
    SPACE2 = 32;
    COLON2 = 58;
    AT2 = 64;
    CR2 = 13;
    LF2 = 10;
  })
});

// irc/_transport.ts
import { EventEmitter } from "node:events";
import { connect as netConnect, isIP } from "node:net";
import { connect as tlsConnect } from "node:tls";
function withTransport(frameworkOptions, options) {
  const out = {
    ...frameworkOptions,
    transport: FrameworkTransport
  };
  handedOver.set(out, options);
  return out;
}
var LineTransport, handedOver, FrameworkTransport;
var init_transport = __esm({
  "irc/_transport.ts": (function () {
    init_line_splitter();
    LineTransport = class extends EventEmitter {
      #options;
      #socket;
      #open = false;
      #splitter = new LineSplitter();
      #error;
      /** Creates the transport; nothing happens until `connect()`. */
      constructor(options) {
        super();
        this.#options = options;
      }
      /** Opens the socket. */
      connect() {
        this.disposeSocket();
        const o = this.#options;
        this.#splitter = new LineSplitter();
        this.#error = void 0;
        const socket = o.tls ? tlsConnect({
          host: o.host,
          port: o.port,
          servername: isIP(o.host) === 0 ? o.host : void 0,
          rejectUnauthorized: o.rejectUnauthorized,
          key: o.certificate?.privateKey,
          cert: o.certificate?.certificate,
          ca: o.ca
        }) : netConnect({
          host: o.host,
          port: o.port
        });
        socket.setNoDelay(true);
        this.#socket = socket;
        socket.once(o.tls ? "secureConnect" : "connect", () => {
          if (this.#socket !== socket) return;
          this.#open = true;
          this.emit("open");
        });
        socket.on("data", (data) => this.#readChunk(socket, data));
        socket.on("error", (error) => {
          this.#error ??= error;
        });
        socket.once("close", () => {
          if (this.#socket !== socket) return;
          this.#open = false;
          this.#socket = void 0;
          this.emit("close", this.#error ?? false);
        });
      }
      /** Whether the socket is open. */
      isConnected() {
        return this.#open;
      }
      /** Writes one line, CR LF added; `callback` runs once it is written (or dropped). */
      writeLine(line, callback) {
        const socket = this.#socket;
        if (socket && this.#open && !socket.destroyed) {
          socket.write(`${line}\r
`, callback && (() => callback()));
        } else if (callback) {
          queueMicrotask(callback);
        }
      }
      /** Ends the socket: at once when `force` or still connecting, else after what is written. */
      close(force) {
        const socket = this.#socket;
        if (!socket) return;
        if (force || !this.#open) socket.destroy();
        else socket.end();
      }
      /** Destroys the socket without a `close` event (irc-framework calls it before reconnecting). */
      disposeSocket() {
        const socket = this.#socket;
        if (!socket) return;
        this.#socket = void 0;
        this.#open = false;
        socket.removeAllListeners();
        socket.on("error", () => {
        });
        socket.destroy();
      }
      /** Stops reading from the socket (the kernel's window then holds the server back). */
      pause() {
        this.#socket?.pause();
      }
      /** Reads from the socket again. */
      resume() {
        this.#socket?.resume();
      }
      /** Only UTF-8 is spoken. */
      setEncoding(encoding) {
        return /^utf-?8$/i.test(encoding);
      }
      #readChunk(socket, data) {
        const reader = this.#options.reader;
        for (const line of this.#splitter.push(data)) {
          if (this.#socket !== socket || socket.destroyed) return;
          if (typeof line !== "string") this.#options.onDropped(line);
          else if (reader) reader.line(line);
          else this.emit("line", line);
        }
        reader?.readEnd();
        const error = this.#splitter.error;
        if (error && this.#socket === socket && !socket.destroyed) {
          this.#error = error;
          socket.destroy();
        }
      }
    };
    handedOver = /* @__PURE__ */ new WeakMap();
    FrameworkTransport = class extends LineTransport {
      constructor(frameworkOptions) {
        const options = handedOver.get(frameworkOptions);
        if (!options) {
          throw new TypeError("Cannot create the transport: irc-framework's options were not made by withTransport()");
        }
        super(options);
      }
    };
  })
});

// irc/_framework.ts
function loadClientClass() {
  return library ??= import(LIBRARY).then((module) => module.default.Client);
}
async function createFrameworkClient() {
  const Client = await loadClientClass();
  const client = new Client();
  let onDropped = () => {
  };
  const lines = new FrameworkLines(client);
  return {
    connect(options) {
      const { extraCaps, ...rest } = options;
      client.requestCap(extraCaps);
      client.connect(withTransport(rest, {
        host: options.host,
        port: options.port,
        tls: options.tls,
        rejectUnauthorized: options.rejectUnauthorized,
        certificate: options.client_certificate && {
          certificate: options.client_certificate.certificate,
          privateKey: options.client_certificate.private_key
        },
        ...options.ca ? {
          ca: options.ca
        } : {},
        onDropped: (line) => onDropped(line),
        reader: lines
      }));
    },
    keepAlive() {
      client.resetPingTimeoutTimer();
    },
    write(line) {
      client.connection.write(line);
    },
    quit(message) {
      client.quit(message);
    },
    destroy() {
      client.connection.transport?.close(true);
    },
    pause() {
      client.connection.transport?.pause();
    },
    resume() {
      client.connection.transport?.resume();
    },
    useRaw(fn) {
      lines.raw = fn;
    },
    onOpen(fn) {
      client.on("socket connected", () => fn());
    },
    onClose(fn) {
      client.connection.on("socket close", (error) => {
        fn(error instanceof Error ? error : void 0);
      });
    },
    onLineDropped(fn) {
      onDropped = fn;
    },
    onReadEnd(fn) {
      lines.onReadEnd = fn;
    },
    onPingTimeout(fn) {
      client.on("ping timeout", () => fn());
    },
    removeAllListeners() {
      client.removeAllListeners();
      client.connection.removeAllListeners();
      client.connection.clearTimers();
    }
  };
}
var LIBRARY, library, FrameworkLines;
var init_framework = __esm({
  "irc/_framework.ts": (function () {
    init_line_parser();
    init_transport();
    LIBRARY = new URL("../deps/irc_framework_client.ts", new URL("../irc/_framework.ts", import.meta.url).href).href;
    FrameworkLines = class {
      #client;
      raw;
      onReadEnd = () => {
      };
      constructor(client) {
        this.#client = client;
      }
      line(line) {
        const m = parseLine(line);
        const raw = this.raw;
        if (!raw) return this.dispatch(m);
        try {
          raw(m, this);
        } catch (error) {
          console.error("Cannot handle an IRC line:", error);
        }
      }
      readEnd() {
        this.onReadEnd();
      }
      dispatch(message) {
        this.#client.command_handler.dispatch(message);
      }
    };
  })
});

// irc/_message_ids.ts
var SEEN_PER_CONVERSATION, MessageIds;
var init_message_ids = __esm({
  "irc/_message_ids.ts": (function () {
    SEEN_PER_CONVERSATION = 2e3;
    MessageIds = class {
      #seen = /* @__PURE__ */ new Map();
      /** Records `msgid` in `conversation`; false when it was already there. */
      add(conversation, msgid) {
        let seen = this.#seen.get(conversation);
        if (!seen) this.#seen.set(conversation, seen = /* @__PURE__ */ new Set());
        if (seen.has(msgid)) return false;
        seen.add(msgid);
        if (seen.size > SEEN_PER_CONVERSATION) seen.delete(seen.values().next().value);
        return true;
      }
    };
  })
});

// irc/irc_client.ts
function backoff(attempt, options, random = Math.random) {
  const initial = options.initialDelay ?? 1e3;
  const max2 = options.maxDelay ?? 6e4;
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 0.3));
  const base = Math.min(max2, initial * 2 ** Math.min(attempt, 30));
  return Math.round(base * (1 - jitter * random()));
}
function prepareSasl(sasl) {
  if (sasl === void 0 || sasl.mechanism === "EXTERNAL") return sasl;
  const password = sasl.password;
  return {
    ...sasl,
    account: saslprep(sasl.account, {
      allowUnassigned: true
    }),
    password: password === void 0 ? void 0 : saslprep(password, {
      allowUnassigned: sasl.mechanism === "PLAIN"
    })
  };
}
function checkToken(action, value) {
  if (typeof value !== "string" || value === "" || /[\r\n\0 ,]/.test(value)) {
    throw new TypeError(`Cannot ${action}: invalid name, it is empty or contains a space, comma, CR, LF or NUL, got ${JSON.stringify(value)}`);
  }
}
function checkText(action, value) {
  if (FORBIDDEN.test(value)) {
    throw new TypeError(`Cannot ${action}: the text contains CR, LF or NUL, got ${JSON.stringify(value)}`);
  }
}
function joinLine(channel, key) {
  return formatLine({
    command: "JOIN",
    params: key ? [
      channel,
      key
    ] : [
      channel
    ]
  });
}
function splitUtf8(text2, max2) {
  if (text2.length * 3 <= max2) return [
    text2
  ];
  const out = [];
  let piece = "";
  let bytes = 0;
  for (const ch of text2) {
    const cp = ch.codePointAt(0);
    const n = cp < 128 ? 1 : cp < 2048 ? 2 : cp < 65536 ? 3 : 4;
    if (bytes + n > max2) {
      out.push(piece);
      piece = "";
      bytes = 0;
    }
    piece += ch;
    bytes += n;
  }
  out.push(piece);
  return out;
}
var FORBIDDEN, IrcClient;
var init_irc_client = __esm({
  "irc/irc_client.ts": (function () {
    init_mod();
    init_mod2();
    init_errors2();
    init_session();
    init_framework();
    init_message_ids();
    init_saslprep();
    init_ctcp();
    init_format_line();
    init_reply();
    init_react();
    init_redaction();
    init_multiline();
    init_sts();
    FORBIDDEN = /[\r\n\0]/;
    IrcClient = class {
      #options;
      #bus;
      #state = "disconnected";
      #session;
      #casemapping = "rfc1459";
      /** Channels we are in or asked to join, folded name -> name and key: rejoined on reconnect. */
      #channels = /* @__PURE__ */ new Map();
      #nick;
      #reconnectTimer;
      #attempt = 0;
      #abandoned = false;
      #loop;
      #wakeReconnect;
      /** Kept across reconnects, so history replayed after one does not repeat lines seen. */
      #messageIds = new MessageIds();
      /** The STS policy kept for this host (IRCv3 `sts`), from the options or a TLS connection. */
      #sts;
      /** The TLS port a plain-text connection's STS offer named: used until a policy says more. */
      #upgradePort;
      /** Whether the current (or last) connection is over TLS because of STS. */
      #upgraded = false;
      /** Creates a client; nothing happens on the network until {@linkcode IrcClient.connect}. */
      constructor(options) {
        for (const [name, value] of [
          [
            "nick",
            options.nick
          ],
          [
            "host",
            options.host
          ]
        ]) {
          if (typeof value !== "string" || value === "" || FORBIDDEN.test(value) || value.includes(" ")) {
            throw new TypeError(`Cannot create IrcClient: invalid ${name}, got ${JSON.stringify(value)}`);
          }
        }
        if (!Number.isSafeInteger(options.networkId)) {
          throw new TypeError(`Cannot create IrcClient: networkId must be an integer, got ${options.networkId}`);
        }
        if (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535) {
          throw new TypeError(`Cannot create IrcClient: invalid port, got ${options.port}`);
        }
        this.#options = {
          ...options,
          sasl: prepareSasl(options.sasl)
        };
        this.#bus = options.bus;
        this.#nick = options.nick;
        this.#sts = options.stsPolicy;
      }
      /**
       * Whether the current (or last) connection went over TLS, on the STS policy's port,
       * although the network is set to plain text: the server's STS policy (IRCv3 `sts`)
       * upgraded it.
       *
       * @example
       * ```ts
       * import { EventBus, IrcClient } from "../mod.ts";
       * const bus = new EventBus();
       * const client = new IrcClient({ bus, networkId: 1, host: "localhost", port: 6667, tls: false, nick: "n" });
       * console.log(client.stsUpgraded); // false
       * await bus.close();
       * ```
       */
      get stsUpgraded() {
        return this.#upgraded;
      }
      /**
       * The connection state.
       *
       * @example
       * ```ts
       * import { EventBus, IrcClient } from "../mod.ts";
       * const bus = new EventBus();
       * const client = new IrcClient({ bus, networkId: 1, host: "localhost", port: 6667, tls: false, nick: "n" });
       * console.log(client.state); // "disconnected"
       * await bus.close();
       * ```
       */
      get state() {
        return this.#state;
      }
      /**
       * Our current nickname (after any fallback at registration or later change).
       *
       * @example
       * ```ts
       * import { EventBus, IrcClient } from "../mod.ts";
       * const bus = new EventBus();
       * const client = new IrcClient({ bus, networkId: 1, host: "localhost", port: 6667, tls: false, nick: "n" });
       * console.log(client.nickname); // "n"
       * await bus.close();
       * ```
       */
      get nickname() {
        return this.#nick;
      }
      /**
       * Connects and registers. Resolves once the registration transcript and
       * `connection.established` are on the bus; rejects with an {@linkcode IrcConnectError} on
       * refusal, TLS failure, a bad server password, a required SASL failure or a timeout.
       *
       * @example
       * ```ts ignore
       * await client.connect();
       * ```
       */
      async connect() {
        if (this.#state !== "disconnected") {
          throw new Error(`Cannot connect: the client is not disconnected, got ${this.#state}`);
        }
        this.#abandoned = false;
        this.#attempt = 0;
        this.#state = "connecting";
        try {
          await this.#open();
        } catch (error) {
          if (this.#state === "connecting") this.#state = "disconnected";
          throw error;
        }
      }
      /**
       * Quits with `reason`, drains the worker, emits `connection.lost` and releases every
       * timer and socket. Also stops a pending reconnect.
       *
       * @example
       * ```ts ignore
       * await client.disconnect("bye");
       * ```
       */
      async disconnect(reason = "Client quit") {
        this.#abandoned = true;
        if (this.#reconnectTimer !== void 0) clearTimeout(this.#reconnectTimer);
        this.#reconnectTimer = void 0;
        this.#wakeReconnect?.();
        for (; ; ) {
          const session = this.#session;
          const loop = this.#loop;
          if (session) {
            this.#state = "disconnecting";
            await session.close(reason);
          }
          await loop;
          if (this.#session === void 0 || this.#session === session) break;
        }
        this.#session = void 0;
        this.#state = "disconnected";
      }
      /** Same as `disconnect()`: `await using client = new IrcClient(...)`. */
      [Symbol.asyncDispose]() {
        return this.disconnect();
      }
      /**
       * Joins `channel` (with its key), through the message flood limit. The channel and key are
       * remembered and rejoined after a reconnect.
       *
       * @example
       * ```ts ignore
       * client.join("#deno", "secret");
       * ```
       */
      join(channel, key) {
        checkToken("join", channel);
        if (key !== void 0) checkToken("join", key);
        this.#channels.set(casefold(channel, this.casemapping), {
          name: channel,
          key
        });
        this.#session_("join").sendUser(joinLine(channel, key));
      }
      /**
       * Leaves `channel`; it is no longer rejoined on reconnect.
       *
       * @example
       * ```ts ignore
       * client.part("#deno", "later");
       * ```
       */
      part(channel, reason) {
        checkToken("part", channel);
        if (reason !== void 0) checkText("part", reason);
        this.#channels.delete(casefold(channel, this.casemapping));
        this.#session_("part").sendUser(formatLine({
          command: "PART",
          params: [
            channel
          ],
          text: reason || void 0
        }));
      }
      /**
       * Sends a PRIVMSG to a channel or nickname. Where the server offers `draft/multiline`, a
       * text of several lines (or one longer than a line) is one message: a multiline batch, or
       * a few within the server's `max-bytes` and `max-lines`, each one `message.sent`.
       * Elsewhere each line of `text` is one message. `message.sent` is emitted in order with
       * incoming events.
       *
       * With `reply`, it answers the message `reply.msgid` (by `reply.nick`): sent with
       * `+draft/reply` where the server has `message-tags`, else as `nick: text`.
       *
       * @example
       * ```ts ignore
       * client.say("#deno", "hello");
       * client.say("#deno", "agreed", { reply: { msgid: "a1b2", nick: "bob" } });
       * ```
       */
      say(target, text2, options = {}) {
        this.#sendText("say", target, text2, void 0, options.reply);
      }
      /**
       * Sends a `/me` action to a channel or nickname: a CTCP ACTION, one per line of `text`.
       * `message.sent` carries the plain text with `kind: "action"`.
       *
       * @example
       * ```ts ignore
       * client.action("#deno", "waves");
       * ```
       */
      action(target, text2) {
        this.#sendText("send an action", target, text2, "action");
      }
      /**
       * Tells `target` (a channel or nickname) that we are typing (`active`), have stopped for
       * now with text typed (`paused`), or are `done` (IRCv3 `+typing` on a TAGMSG). Paced as
       * the spec asks: `active` goes out at most once every 3 s, `paused` and `done` only after
       * an `active`, and sending a message ends the typing by itself. A server without
       * `message-tags` is told nothing; nor is one whose queue is full, nor any while not
       * connected (typing is best effort, never an error).
       *
       * @example
       * ```ts ignore
       * client.typing("#deno", "active");
       * ```
       */
      typing(target, state) {
        checkToken("send typing", target);
        if (this.#state === "connected") this.#session?.typing(target, state);
      }
      /**
       * Reacts to the message `msgid` in `target` with `reaction` (usually an emoji), or takes
       * our reaction back with `remove` (sent as `+draft/unreact`, as several clients do; the
       * spec has none). `message.reacted` follows for us once it is sent. A server without
       * `message-tags` is sent nothing, and no event follows.
       *
       * @example
       * ```ts ignore
       * client.react("#deno", { msgid: "a1b2", reaction: "👍" });
       * client.react("#deno", { msgid: "a1b2", reaction: "👍", remove: true });
       * ```
       */
      react(target, options) {
        checkToken("react", target);
        checkReplyMsgid("react", options.msgid);
        if (!isReaction(options.reaction)) {
          throw new TypeError(`Cannot react: the reaction must be 1-64 characters without control characters, got ${JSON.stringify(options.reaction)}`);
        }
        this.#session_("react").react(target, options.msgid, options.reaction, options.remove ?? false);
      }
      /**
       * Whether the server acknowledged IRCv3 capability `cap` on the current connection (false
       * before one registered).
       *
       * @example
       * ```ts ignore
       * if (client.supports(REDACTION_CAP)) client.redact("#deno", "a1b2");
       * ```
       */
      supports(cap2) {
        return this.#session?.supports(cap2) ?? false;
      }
      /**
       * The server's CASEMAPPING, by which names are one or two: the last the server announced,
       * kept after the link is gone so what was folded by it stays folded the same.
       *
       * @example
       * ```ts
       * import { EventBus, IrcClient } from "../mod.ts";
       * const bus = new EventBus();
       * const client = new IrcClient({ bus, networkId: 1, host: "localhost", port: 6667, tls: false, nick: "n" });
       * console.log(client.casemapping); // "rfc1459" (until a server says otherwise)
       * await bus.close();
       * ```
       */
      get casemapping() {
        if (this.#session !== void 0) this.#casemapping = this.#session.casemapping;
        return this.#casemapping;
      }
      /**
       * The channels we are in now, with their topics and members (highest prefix first): the
       * client's one roster, which `user.quit` and `user.nick` name their channels from. Empty
       * while disconnected.
       *
       * @example
       * ```ts
       * import { EventBus, IrcClient } from "../mod.ts";
       * const bus = new EventBus();
       * const client = new IrcClient({ bus, networkId: 1, host: "localhost", port: 6667, tls: false, nick: "n" });
       * console.log(client.channels()); // []
       * await bus.close();
       * ```
       */
      channels() {
        return this.#session?.channels() ?? [];
      }
      /**
       * Deletes the message `msgid` in `target` (`REDACT`, IRCv3 `draft/message-redaction`):
       * ours, or anyone's where we are an operator. The server relays it back when it succeeds,
       * which is the `message.redacted`; a refusal comes as an `error` (`FAIL REDACT …`). Throws
       * when the server does not offer the capability.
       *
       * @example
       * ```ts ignore
       * client.redact("#deno", "a1b2", { reason: "wrong channel" });
       * ```
       */
      redact(target, msgid, options = {}) {
        checkToken("delete a message", target);
        checkReplyMsgid("delete a message", msgid);
        if (/[\s\0]/.test(msgid) || msgid.startsWith(":")) {
          throw new TypeError(`Cannot delete a message: the msgid cannot be sent as a parameter, got ${JSON.stringify(msgid)}`);
        }
        const session = this.#session_("delete a message");
        if (!session.supports(REDACTION_CAP)) {
          throw new Error(`Cannot delete a message: the server does not offer ${REDACTION_CAP}, got ${target}`);
        }
        const reason = options.reason;
        if (reason !== void 0 && FORBIDDEN.test(reason)) {
          throw new TypeError(`Cannot delete a message: the reason contains CR, LF or NUL, got ${JSON.stringify(reason)}`);
        }
        session.sendUser(formatLine({
          command: "REDACT",
          params: [
            target,
            msgid
          ],
          ...reason ? {
            text: reason
          } : {}
        }));
      }
      /** Sends `text` to `target` as PRIVMSGs, one per line (cut to fit), or as `/me` actions. */
      #sendText(what, target, text2, kind, reply) {
        checkToken(what, target);
        if (reply !== void 0) {
          checkReplyMsgid(what, reply.msgid);
          checkToken(what, reply.nick);
        }
        if (text2.includes("\0") || text2.includes("\r")) {
          throw new TypeError(`Cannot ${what}: the text contains CR or NUL, got ${JSON.stringify(text2)}`);
        }
        const session = this.#session_(what);
        const replyTo = reply && session.clientTags ? reply.msgid : void 0;
        if (reply && replyTo === void 0) text2 = `${reply.nick}: ${text2}`;
        const tags = replyTo !== void 0 ? {
          [REPLY_TAG]: replyTo
        } : void 0;
        const width = kind === "action" ? 390 : 400;
        const pieces = text2.split("\n").flatMap((line) => splitUtf8(line, width).map((piece, i) => ({
          text: piece,
          concat: i > 0
        })));
        const echoes = session.echoes;
        const limits = kind === "action" ? void 0 : session.multiline;
        if (limits && pieces.length > 1) {
          const batches = groupBatches(pieces, limits);
          const wire = batches.map((batch) => batchLines(session.nextBatchRef(), target, batch, tags));
          session.reserve(what, wire.reduce((n, lines2) => n + lines2.length, 0));
          session.typingEnded(target);
          for (const [i, lines2] of wire.entries()) {
            const whole = batchText(batches[i]);
            for (const [j, line] of lines2.entries()) {
              const last = j === lines2.length - 1;
              session.sendUser(line, last && !echoes ? () => session.recordSent(target, whole, kind, replyTo) : void 0);
            }
          }
          return;
        }
        const lines = pieces.map((piece) => formatLine({
          tags,
          command: "PRIVMSG",
          params: [
            target
          ],
          text: kind === "action" ? ctcp("ACTION", piece.text) : piece.text
        }));
        session.reserve(what, pieces.length);
        session.typingEnded(target);
        for (const [i, piece] of pieces.entries()) {
          session.sendUser(lines[i], echoes ? void 0 : () => session.recordSent(target, piece.text, kind, replyTo));
        }
      }
      /**
       * Asks WHOIS about `nick`; resolves with the parsed reply (also emitted as
       * `whois.received`), rejects when there is no such nick or no reply within `timeoutMs`.
       *
       * @example
       * ```ts ignore
       * const info = await client.whois("bob");
       * console.log(info.realname);
       * ```
       */
      whois(nick, options = {}) {
        try {
          checkToken("whois", nick);
          return this.#session_("whois").whois(nick, options.timeoutMs ?? 3e4);
        } catch (error) {
          return Promise.reject(error);
        }
      }
      /**
       * Asks the server for its channels (LIST, with an optional filter such as `>10` or a mask)
       * and resolves with them once the list ends; rejects when another listing is under way or
       * no end comes within `timeoutMs` (default 30000).
       *
       * @example
       * ```ts ignore
       * const { channels } = await client.listChannels();
       * console.log(channels.map((c) => `${c.name} (${c.users})`));
       * ```
       */
      listChannels(filter, options = {}) {
        try {
          if (filter !== void 0) checkText("list channels", filter);
          return this.#session_("list channels").listChannels(filter, options.timeoutMs ?? 3e4);
        } catch (error) {
          return Promise.reject(error);
        }
      }
      /**
       * Sends one raw line through the flood limit. CR, LF and NUL are refused.
       *
       * @example
       * ```ts ignore
       * client.quote("AWAY :lunch");
       * ```
       */
      quote(line) {
        if (typeof line !== "string" || line === "" || FORBIDDEN.test(line)) {
          throw new TypeError(`Cannot send raw line: it is empty or contains CR, LF or NUL, got ${JSON.stringify(line)}`);
        }
        this.#session_("quote").sendUser(line);
      }
      #session_(action) {
        const session = this.#session;
        if (!session || this.#state !== "connected") {
          throw new Error(`Cannot ${action}: the client is not connected, got ${this.#state}`);
        }
        return session;
      }
      /** Opens one session and waits for it to be established. */
      async #open() {
        const client = await createFrameworkClient();
        if (this.#abandoned) {
          const { host, port } = this.#options;
          throw new IrcConnectError("aborted", `Cannot connect to ${host}:${port}: disconnected while loading the IRC library`);
        }
        const options = this.#sessionOptions();
        const session = new Session(client, this.#bus, options, {
          onSelfJoin: (channel) => {
            const key = casefold(channel, this.casemapping);
            if (!this.#channels.has(key)) this.#channels.set(key, {
              name: channel
            });
          },
          onSelfLeave: (channel) => {
            this.#channels.delete(casefold(channel, this.casemapping));
          },
          onNick: (nick) => {
            this.#nick = nick;
          },
          messageIds: this.#messageIds,
          onSts: (offer) => {
            if (offer.upgradePort !== void 0) this.#upgradePort = offer.upgradePort;
            if (offer.duration !== void 0) this.#keepSts(options.port, offer.duration);
          },
          onLost: (end) => {
            if (options.tls && end.established && this.#sts !== void 0) {
              this.#keepSts(options.port, this.#sts.duration);
            }
            if (this.#session !== session || this.#state !== "connected") return;
            this.#state = this.#willReconnect(end) ? "reconnecting" : "disconnected";
          }
        });
        this.#session = session;
        session.start();
        try {
          await session.ready;
        } catch (error) {
          await session.finished;
          if (this.#session === session) this.#session = void 0;
          if (error instanceof IrcConnectError && error.code === "sts" && !options.tls && !this.#abandoned) {
            return this.#open();
          }
          if (error instanceof IrcConnectError && error.code !== "aborted") {
            await this.#bus.emit(createEvent("error", {
              networkId: this.#options.networkId,
              error: error.message,
              type: "connect"
            }, "irc")).catch(() => {
            });
          }
          throw error;
        }
        if (this.#abandoned) {
          await session.close("Client quit");
          return;
        }
        this.#state = "connected";
        this.#attempt = 0;
        for (const { name, key } of this.#channels.values()) {
          session.sendUser(joinLine(name, key));
        }
        this.#loop = this.#watch(session);
      }
      /**
       * The options of the next session: the configured ones, or, for a plain-text network under
       * an STS policy (kept, or offered by this run's plain-text connection), TLS on the policy's
       * port, with the certificate verified whatever `tlsOptions` says (the spec allows no less).
       */
      #sessionOptions() {
        const o = this.#options;
        this.#upgraded = false;
        if (o.tls) return o;
        const now = this.#now();
        if (this.#sts !== void 0 && !stsApplies(this.#sts, o.host, now)) {
          const expired = this.#sts.expiresAt <= now;
          this.#sts = void 0;
          if (expired) o.onStsPolicy?.(void 0);
        }
        const port = this.#sts?.port ?? this.#upgradePort;
        if (port === void 0) return o;
        this.#upgraded = true;
        return {
          ...o,
          port,
          tls: true,
          tlsOptions: {
            ...o.tlsOptions,
            rejectUnauthorized: true
          }
        };
      }
      /** Keeps the policy a TLS connection on `port` offered (`duration` 0 clears it), and says so. */
      #keepSts(port, duration) {
        const o = this.#options;
        if (duration === 0) {
          this.#upgradePort = void 0;
          if (this.#sts === void 0) return;
          this.#sts = void 0;
          o.onStsPolicy?.(void 0);
          return;
        }
        this.#sts = {
          host: o.host,
          port,
          duration,
          expiresAt: this.#now() + duration * 1e3
        };
        o.onStsPolicy?.({
          ...this.#sts
        });
      }
      #now() {
        return this.#options.clock?.currentTime?.() ?? Date.now();
      }
      #willReconnect(end) {
        const reconnect = this.#options.reconnect;
        return !end.requested && !this.#abandoned && reconnect !== void 0 && reconnect.enabled !== false;
      }
      /** Waits for the session to end, then reconnects when that is wanted. */
      async #watch(session) {
        const end = await session.finished;
        if (this.#session !== session) return;
        this.#session = void 0;
        const reconnect = this.#options.reconnect;
        if (!reconnect || !this.#willReconnect(end)) {
          if (this.#state !== "disconnecting") this.#state = "disconnected";
          return;
        }
        this.#state = "reconnecting";
        const max2 = reconnect.maxAttempts ?? Infinity;
        while (!this.#abandoned && this.#attempt < max2) {
          const delay = backoff(this.#attempt++, reconnect);
          await new Promise((resolve3) => {
            this.#wakeReconnect = resolve3;
            this.#reconnectTimer = setTimeout(resolve3, delay);
          });
          this.#wakeReconnect = void 0;
          this.#reconnectTimer = void 0;
          if (this.#abandoned) break;
          try {
            await this.#open();
            return;
          } catch {
          }
        }
        if (this.#state !== "reconnecting") return;
        this.#state = "disconnected";
        if (!this.#abandoned) {
          await this.#bus.emit(createEvent("error", {
            networkId: this.#options.networkId,
            error: `Cannot reconnect to ${this.#options.host}:${this.#options.port}: gave up, got ${this.#attempt} failed attempts`,
            type: "reconnect"
          }, "irc")).catch(() => {
          });
        }
      }
    };
  })
});

// irc/types.ts
var init_types = __esm({
  "irc/types.ts": (function () {
  })
});

// irc/mod.ts
var mod_exports = {};
__export(mod_exports, {
  IrcClient: () => IrcClient,
  IrcConnectError: () => IrcConnectError,
  MULTILINE_CAP: () => MULTILINE_CAP,
  REDACTION_CAP: () => REDACTION_CAP,
  SaslprepError: () => SaslprepError,
  ScramError: () => ScramError,
  ScramSha256: () => ScramSha256,
  backoff: () => backoff,
  casefold: () => casefold,
  saslprep: () => saslprep
});
var init_mod3 = __esm({
  "irc/mod.ts": (function () {
    init_irc_client();
    init_types();
    init_redaction();
    init_multiline();
    init_errors2();
    init_mod2();
    init_scram();
    init_saslprep();
  })
});

// client/mod.ts
var mod_exports2 = {};
__export(mod_exports2, {
  COMMANDS: () => COMMANDS,
  Membership: () => Membership,
  NetworkManager: () => NetworkManager,
  PageHub: () => PageHub,
  ServerWebSocket: () => ServerWebSocket,
  USAGE: () => USAGE2,
  UiState: () => UiState,
  completeCommand: () => completeCommand,
  databasePath: () => databasePath,
  findCommand: () => findCommand,
  formatEvent: () => formatEvent,
  helpText: () => helpText,
  historyPath: () => historyPath,
  parseAction: () => parseAction,
  parseInput: () => parseInput,
  parsePrefix: () => parsePrefix,
  parseTerminalArgs: () => parseTerminalArgs,
  parseTerminalCommand: () => parseTerminalCommand,
  quitNetworks: () => quitNetworks,
  resolveDataDir: () => resolveDataDir,
  runTerminal: () => runTerminal,
  shutdownInOrder: () => shutdownInOrder,
  startClient: () => startClient,
  usageError: () => usageError
});

// client/client_app.ts
init_mod();

// storage/data_dir.ts
import { databasePath, historyPath, resolveDataDir } from "../common/mod.ts";

// storage/database.ts
import { DatabaseSync } from "node:sqlite";
function openDatabase(path, options = {}) {
  ownerOnly(path);
  const db = new DatabaseSync(path);
  try {
    options.check?.(db);
    db.exec("PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;");
    db.exec("CREATE TABLE IF NOT EXISTS schema_versions (component TEXT PRIMARY KEY, version INTEGER NOT NULL)");
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
function schemaVersion(db, component) {
  const table = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_versions'").get();
  if (table === void 0) return 0;
  const row = db.prepare("SELECT version FROM schema_versions WHERE component = ?").get(component);
  return typeof row?.version === "number" ? row.version : 0;
}
function ownerOnly(path) {
  if (path === "" || path === ":memory:" || path.startsWith("file:")) return;
  if (Deno.build.os === "windows") return;
  Deno.openSync(path, {
    read: true,
    write: true,
    create: true,
    mode: 384
  }).close();
  for (const file of [
    path,
    `${path}-wal`,
    `${path}-shm`,
    `${path}-journal`
  ]) {
    try {
      if ((Deno.statSync(file).mode ?? 0) & 63) Deno.chmodSync(file, 384);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
}
function migrate(db, component, migrations) {
  let current = schemaVersion(db, component);
  const newest = newestVersion(migrations);
  if (current > newest) throw newerSchema(component, current, newest);
  for (const step of [
    ...migrations
  ].sort((a, b) => a.version - b.version)) {
    if (step.version <= current) continue;
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(step.sql);
      db.prepare("INSERT INTO schema_versions (component, version) VALUES (?, ?) ON CONFLICT(component) DO UPDATE SET version = excluded.version").run(component, step.version);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw new Error(`Cannot migrate ${component} storage to version ${step.version}`, {
        cause: error
      });
    }
    current = step.version;
  }
  return current;
}
function newestVersion(migrations) {
  return Math.max(0, ...migrations.map((m) => m.version));
}
function refuseNewerSchemas(newest) {
  return (db) => {
    for (const [component, known2] of Object.entries(newest)) {
      const found2 = schemaVersion(db, component);
      if (found2 > known2) throw newerSchema(component, found2, known2);
    }
  };
}
function newerSchema(component, found2, known2) {
  return new Error(`Cannot open ${component} storage: the database is at schema version ${found2}, newer than this client knows (${known2}); it is left as it is`);
}

// storage/network_store.ts
init_mod2();
import { normalizeHost } from "../net/mod.ts";
var COMPONENT = "networks";
var MIGRATIONS = [
  {
    version: 1,
    sql: `
      CREATE TABLE networks (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        host TEXT NOT NULL,
        host_key TEXT NOT NULL,
        port INTEGER NOT NULL CHECK (port BETWEEN 1 AND 65535),
        tls INTEGER NOT NULL CHECK (tls IN (0, 1)),
        nick TEXT NOT NULL,
        autoconnect INTEGER NOT NULL DEFAULT 0 CHECK (autoconnect IN (0, 1))
      );
      CREATE INDEX networks_host_key ON networks (host_key);
      CREATE TABLE network_servers (
        network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        host TEXT NOT NULL,
        host_key TEXT NOT NULL,
        port INTEGER NOT NULL CHECK (port BETWEEN 1 AND 65535),
        tls INTEGER NOT NULL CHECK (tls IN (0, 1)),
        PRIMARY KEY (network_id, position)
      );
      CREATE INDEX network_servers_host_key ON network_servers (host_key);
    `
  },
  {
    version: 2,
    sql: `
      ALTER TABLE networks ADD COLUMN username TEXT NOT NULL DEFAULT '';
      ALTER TABLE networks ADD COLUMN realname TEXT NOT NULL DEFAULT '';
    `
  },
  {
    version: 3,
    sql: `
      CREATE TABLE network_channels (
        network_id INTEGER NOT NULL REFERENCES networks (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        key TEXT,
        UNIQUE (network_id, name_key)
      );
    `
  },
  {
    version: 4,
    sql: `
      ALTER TABLE networks ADD COLUMN password TEXT NOT NULL DEFAULT '';
      ALTER TABLE networks ADD COLUMN sasl_mechanism TEXT NOT NULL DEFAULT '';
      ALTER TABLE networks ADD COLUMN sasl_account TEXT NOT NULL DEFAULT '';
      ALTER TABLE networks ADD COLUMN sasl_password TEXT NOT NULL DEFAULT '';
      ALTER TABLE networks ADD COLUMN client_cert TEXT NOT NULL DEFAULT '';
    `
  },
  {
    version: 5,
    sql: `
      CREATE TABLE network_sts (
        network_id INTEGER PRIMARY KEY REFERENCES networks (id) ON DELETE CASCADE,
        host_key TEXT NOT NULL,
        port INTEGER NOT NULL CHECK (port BETWEEN 1 AND 65535),
        duration INTEGER NOT NULL CHECK (duration >= 0),
        expires_at INTEGER NOT NULL
      );
    `
  }
];
var SCHEMA_VERSION = newestVersion(MIGRATIONS);
var NETWORK_SCHEMA = {
  [COMPONENT]: SCHEMA_VERSION
};
var NetworkStore = class {
  #db;
  #owned;
  #closed = false;
  #selectOne;
  #selectAll;
  #selectServers;
  #selectAllServers;
  #insert;
  #insertServer;
  #deleteServers;
  #updateRow;
  #delete;
  #match;
  #selectChannels;
  #saveChannel;
  #deleteChannel;
  #selectSts;
  #saveSts;
  #deleteSts;
  /** Opens the store on a database (or a path), bringing its schema up to date. */
  constructor(database) {
    if (typeof database === "string") {
      this.#db = openDatabase(database, {
        check: refuseNewerSchemas(NETWORK_SCHEMA)
      });
      this.#owned = true;
    } else {
      this.#db = database;
      this.#owned = false;
    }
    try {
      migrate(this.#db, COMPONENT, MIGRATIONS);
    } catch (error) {
      if (this.#owned) this.#db.close();
      throw error;
    }
    const columns = "id, name, host, port, tls, nick, autoconnect, username, realname, password, sasl_mechanism, sasl_account, sasl_password, client_cert";
    this.#selectOne = this.#db.prepare(`SELECT ${columns} FROM networks WHERE id = ?`);
    this.#selectAll = this.#db.prepare(`SELECT ${columns} FROM networks ORDER BY id`);
    this.#selectServers = this.#db.prepare("SELECT network_id, host, port, tls FROM network_servers WHERE network_id = ? ORDER BY position");
    this.#selectAllServers = this.#db.prepare("SELECT network_id, host, port, tls FROM network_servers ORDER BY network_id, position");
    this.#insert = this.#db.prepare(`INSERT INTO networks (name, host, host_key, port, tls, nick, autoconnect, username, realname,
       password, sasl_mechanism, sasl_account, sasl_password, client_cert)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.#insertServer = this.#db.prepare("INSERT INTO network_servers (network_id, position, host, host_key, port, tls) VALUES (?, ?, ?, ?, ?, ?)");
    this.#deleteServers = this.#db.prepare("DELETE FROM network_servers WHERE network_id = ?");
    this.#updateRow = this.#db.prepare(`UPDATE networks SET name = ?, host = ?, host_key = ?, port = ?, tls = ?, nick = ?,
       autoconnect = ?, username = ?, realname = ?, password = ?, sasl_mechanism = ?,
       sasl_account = ?, sasl_password = ?, client_cert = ? WHERE id = ?`);
    this.#delete = this.#db.prepare("DELETE FROM networks WHERE id = ?");
    this.#match = this.#db.prepare(`SELECT id, name FROM networks WHERE host_key = ?1
       UNION
       SELECT n.id, n.name FROM network_servers s JOIN networks n ON n.id = s.network_id
       WHERE s.host_key = ?1
       ORDER BY id`);
    this.#selectChannels = this.#db.prepare("SELECT name, key FROM network_channels WHERE network_id = ? ORDER BY rowid");
    this.#saveChannel = this.#db.prepare(`INSERT INTO network_channels (network_id, name, name_key, key) VALUES (?, ?, ?, ?)
       ON CONFLICT (network_id, name_key)
       DO UPDATE SET name = excluded.name, key = coalesce(excluded.key, key)`);
    this.#deleteChannel = this.#db.prepare("DELETE FROM network_channels WHERE network_id = ? AND name_key = ?");
    this.#selectSts = this.#db.prepare("SELECT host_key, port, duration, expires_at FROM network_sts WHERE network_id = ?");
    this.#saveSts = this.#db.prepare(`INSERT INTO network_sts (network_id, host_key, port, duration, expires_at)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (network_id) DO UPDATE SET host_key = excluded.host_key, port = excluded.port,
       duration = excluded.duration, expires_at = excluded.expires_at`);
    this.#deleteSts = this.#db.prepare("DELETE FROM network_sts WHERE network_id = ?");
  }
  /** The schema version of the `networks` component this code writes. */
  static get schemaVersion() {
    return SCHEMA_VERSION;
  }
  /** Saves a new network and returns it with its id. Throws `TypeError` on invalid fields. */
  add(input) {
    this.#assertOpen("add a network");
    const network = validate(input, "add a network");
    return this.#transaction(() => {
      const { lastInsertRowid } = this.#insert.run(...rowValues(network));
      const id = Number(lastInsertRowid);
      this.#writeServers(id, network.servers);
      return {
        ...network,
        id
      };
    });
  }
  /** The network with this id, or `undefined`. */
  get(id) {
    this.#assertOpen("get a network");
    const row = this.#selectOne.get(id);
    if (row === void 0) return void 0;
    const servers = this.#selectServers.all(id).map(toServer);
    return toNetwork(row, servers);
  }
  /** Every saved network, by ascending id (creation order). */
  list() {
    this.#assertOpen("list networks");
    const rows = this.#selectAll.all();
    const servers = /* @__PURE__ */ new Map();
    for (const row of this.#selectAllServers.all()) {
      let list2 = servers.get(row.network_id);
      if (list2 === void 0) servers.set(row.network_id, list2 = []);
      list2.push(toServer(row));
    }
    return rows.map((row) => toNetwork(row, servers.get(row.id) ?? []));
  }
  /**
   * Changes the given fields of a network and returns it, or `undefined` when no network
   * has this id. Throws `TypeError` on invalid fields.
   */
  update(id, patch) {
    this.#assertOpen("update a network");
    if (typeof patch !== "object" || patch === null) {
      throw new TypeError(`Cannot update a network: the patch must be an object, got ${patch}`);
    }
    return this.#transaction(() => {
      const current = this.get(id);
      if (current === void 0) return void 0;
      const merged = {
        ...current
      };
      for (const [field2, value] of Object.entries(patch)) {
        if (value !== void 0) merged[field2] = value;
      }
      const network = validate(merged, "update a network");
      this.#updateRow.run(...rowValues(network), id);
      this.#deleteServers.run(id);
      this.#writeServers(id, network.servers);
      return {
        ...network,
        id
      };
    });
  }
  /** Deletes a network and its servers; returns whether it existed. */
  remove(id) {
    this.#assertOpen("remove a network");
    return Number(this.#delete.run(id).changes) > 0;
  }
  /**
   * The networks whose primary host or any server host equals `host`, compared
   * case-insensitively and without a trailing dot (ports and TLS do not matter), by
   * ascending id. An invalid host matches nothing.
   */
  matchHost(host) {
    this.#assertOpen("match a host");
    let key;
    try {
      key = normalizeHost(host);
    } catch {
      return [];
    }
    return this.#match.all(key).map(({ id, name }) => ({
      id,
      name
    }));
  }
  /**
   * The channels saved for a network, in the order they were first saved: what the client
   * joins when the network connects.
   */
  channels(networkId2) {
    this.#assertOpen("list saved channels");
    const rows = this.#selectChannels.all(networkId2);
    return rows.map(({ name, key }) => key === null ? {
      name
    } : {
      name,
      key
    });
  }
  /**
   * Saves a channel of a network to be joined on connect (we joined it). Without `key`, a
   * key saved before is kept. Throws `TypeError` on an invalid name or key, or when no
   * network has this id.
   */
  saveChannel(networkId2, channel) {
    this.#assertOpen("save a channel");
    const { name, key } = validateChannel(channel, "save a channel");
    try {
      this.#saveChannel.run(networkId2, name, casefold(name), key ?? null);
    } catch (error) {
      if (this.get(networkId2) === void 0) {
        throw new TypeError(`Cannot save a channel: no such network, got ${networkId2}`);
      }
      throw error;
    }
  }
  /** Forgets a saved channel (we parted it); returns whether it was saved. */
  removeChannel(networkId2, name) {
    this.#assertOpen("remove a channel");
    return Number(this.#deleteChannel.run(networkId2, casefold(String(name))).changes) > 0;
  }
  /**
   * The STS policy kept for a network (IRCv3 `sts`), or `undefined`: none kept, or one kept
   * for a host the network no longer names. An expired one is returned as kept: whoever
   * connects decides, on its own clock.
   */
  stsPolicy(networkId2) {
    this.#assertOpen("read an STS policy");
    const network = this.get(networkId2);
    const row = this.#selectSts.get(networkId2);
    if (network === void 0 || row === void 0) return void 0;
    if (row.host_key !== normalizeHost(network.host)) return void 0;
    return {
      host: network.host,
      port: row.port,
      duration: row.duration,
      expiresAt: row.expires_at
    };
  }
  /**
   * Keeps a network's STS policy with its expiry, replacing the one kept; `undefined` forgets
   * it. Throws `TypeError` on an invalid policy or when no network has this id.
   */
  saveStsPolicy(networkId2, policy) {
    this.#assertOpen("save an STS policy");
    if (policy === void 0) {
      this.#deleteSts.run(networkId2);
      return;
    }
    const { host, port, duration, expiresAt } = policy;
    const valid = typeof host === "string" && Number.isInteger(port) && port >= 1 && port <= 65535 && Number.isSafeInteger(duration) && duration >= 0 && Number.isSafeInteger(expiresAt);
    if (!valid) {
      throw new TypeError(`Cannot save an STS policy: invalid host, port, duration or expiry, got ${JSON.stringify(policy)}`);
    }
    if (this.get(networkId2) === void 0) {
      throw new TypeError(`Cannot save an STS policy: no such network, got ${networkId2}`);
    }
    this.#saveSts.run(networkId2, normalizeHost(host), port, duration, expiresAt);
  }
  /** Closes the database if the store opened it; later calls throw. Idempotent. */
  close() {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#owned) this.#db.close();
  }
  /** Same as {@linkcode NetworkStore.close}. */
  [Symbol.dispose]() {
    this.close();
  }
  #writeServers(id, servers) {
    servers.forEach((server, position) => {
      this.#insertServer.run(id, position, server.host, normalizeHost(server.host), server.port, server.tls ? 1 : 0);
    });
  }
  #transaction(work) {
    if (this.#db.isTransaction) return work();
    this.#db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      this.#db.exec("COMMIT");
      return result;
    } catch (error) {
      this.#db.exec("ROLLBACK");
      throw error;
    }
  }
  #assertOpen(action) {
    if (this.#closed) throw new Error(`Cannot ${action}: the network store is closed`);
  }
};
function rowValues(network) {
  return [
    network.name,
    network.host,
    normalizeHost(network.host),
    network.port,
    network.tls ? 1 : 0,
    network.nick,
    network.autoconnect ? 1 : 0,
    network.username,
    network.realname,
    network.password,
    network.saslMechanism,
    network.saslAccount,
    network.saslPassword,
    network.clientCert
  ];
}
function toServer(row) {
  return {
    host: row.host,
    port: row.port,
    tls: row.tls === 1
  };
}
function toNetwork(row, servers) {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    port: row.port,
    tls: row.tls === 1,
    nick: row.nick,
    servers,
    autoconnect: row.autoconnect === 1,
    username: row.username,
    realname: row.realname,
    password: row.password,
    saslMechanism: mechanismOf(row.sasl_mechanism),
    saslAccount: row.sasl_account,
    saslPassword: row.sasl_password,
    clientCert: row.client_cert
  };
}
function mechanismOf(value) {
  return value === "PLAIN" || value === "EXTERNAL" ? value : "";
}
function validate(input, action) {
  if (typeof input !== "object" || input === null) {
    throw new TypeError(`Cannot ${action}: expected an object, got ${input}`);
  }
  const read = (shape, value, field2) => {
    try {
      return shape.read(value, field2);
    } catch (error) {
      if (error instanceof ShapeError) {
        throw new TypeError(`Cannot ${action}: ${error.message}`, {
          cause: error
        });
      }
      throw error;
    }
  };
  const flag = (field2, value, fallback) => {
    if (value === void 0) return fallback;
    if (typeof value !== "boolean") {
      throw new TypeError(`Cannot ${action}: ${field2} must be a boolean, got ${String(value)}`);
    }
    return value;
  };
  const port = (field2, value, fallback) => value === void 0 ? fallback : read(NETWORK_PORT, value, field2);
  const host = (field2, value) => {
    const raw = read(NETWORK_HOST, typeof value === "string" ? value.trim() : value, field2);
    try {
      normalizeHost(raw);
    } catch (error) {
      throw new TypeError(`Cannot ${action}: ${field2} is not a host name or IP address, got ${JSON.stringify(raw)}`, {
        cause: error
      });
    }
    return raw;
  };
  const tls = flag("tls", input.tls, true);
  const servers = input.servers ?? [];
  if (!Array.isArray(servers)) {
    throw new TypeError(`Cannot ${action}: servers must be an array, got ${typeof servers}`);
  }
  return {
    name: read(NETWORK_NAME, input.name, "name"),
    host: host("host", input.host),
    port: port("port", input.port, tls ? 6697 : 6667),
    tls,
    nick: read(NICKNAME, input.nick, "nick"),
    servers: servers.map((server, i) => {
      if (typeof server !== "object" || server === null) {
        throw new TypeError(`Cannot ${action}: servers[${i}] must be an object, got ${String(server)}`);
      }
      const s = server;
      const serverTls = flag(`servers[${i}].tls`, s.tls, true);
      return {
        host: host(`servers[${i}].host`, s.host),
        port: port(`servers[${i}].port`, s.port, serverTls ? 6697 : 6667),
        tls: serverTls
      };
    }),
    autoconnect: flag("autoconnect", input.autoconnect, true),
    username: read(NETWORK_DETAILS.username, input.username ?? "", "username"),
    realname: read(NETWORK_DETAILS.realname, input.realname ?? "", "realname"),
    password: read(NETWORK_DETAILS.password, input.password ?? "", "password"),
    saslMechanism: read(NETWORK_DETAILS.saslMechanism, input.saslMechanism ?? "", "saslMechanism"),
    saslAccount: read(NETWORK_DETAILS.saslAccount, input.saslAccount ?? "", "saslAccount"),
    saslPassword: read(NETWORK_DETAILS.saslPassword, input.saslPassword ?? "", "saslPassword"),
    clientCert: read(NETWORK_DETAILS.clientCert, input.clientCert ?? "", "clientCert")
  };
}
var BAD_CHANNEL_TEXT = /[\s,\0]/;
function validateChannel(channel, action) {
  if (typeof channel !== "object" || channel === null) {
    throw new TypeError(`Cannot ${action}: expected an object, got ${channel}`);
  }
  const { name, key } = channel;
  if (typeof name !== "string" || name === "" || name.length > 200 || BAD_CHANNEL_TEXT.test(name)) {
    throw new TypeError(`Cannot ${action}: the name must be 1-200 characters without spaces or commas, got ${JSON.stringify(name) ?? String(name)}`);
  }
  if (key === void 0 || key === "") return {
    name
  };
  if (typeof key !== "string" || key.length > 100 || BAD_CHANNEL_TEXT.test(key)) {
    throw new TypeError(`Cannot ${action}: the key must be up to 100 characters without spaces or commas, got ${JSON.stringify(key) ?? String(key)}`);
  }
  return {
    name,
    key
  };
}

// storage/plugin_tables.ts
var AUDIT_RETENTION_MS = 30 * 24 * 60 * 60 * 1e3;
function auditExpiredSql(row) {
  const days = AUDIT_RETENTION_MS / (24 * 60 * 60 * 1e3);
  return `COALESCE(${row}last_time, ${row}time) < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${days} days')`;
}
var PLUGIN_MIGRATIONS = [
  {
    version: 1,
    sql: `
    CREATE TABLE plugins (
      name TEXT PRIMARY KEY,
      path TEXT NOT NULL,
      manifest TEXT NOT NULL,
      grant_json TEXT NOT NULL,
      isolation TEXT,
      enabled INTEGER NOT NULL DEFAULT 1,
      disabled_reason TEXT,
      installed_at TEXT NOT NULL
    );
    CREATE TABLE plugin_storage (
      plugin TEXT NOT NULL,
      key TEXT NOT NULL,
      value TEXT NOT NULL,
      PRIMARY KEY (plugin, key)
    );
    CREATE TABLE plugin_audit (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      time TEXT NOT NULL,
      plugin TEXT NOT NULL,
      attempt TEXT NOT NULL,
      decision TEXT NOT NULL,
      detail TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX plugin_audit_by_plugin ON plugin_audit (plugin, id);
    CREATE TRIGGER plugin_audit_no_update BEFORE UPDATE ON plugin_audit
      BEGIN SELECT RAISE(ABORT, 'plugin_audit is append-only'); END;
    CREATE TRIGGER plugin_audit_no_delete BEFORE DELETE ON plugin_audit
      BEGIN SELECT RAISE(ABORT, 'plugin_audit is append-only'); END;
  `
  },
  {
    // Pinned copies: where in its copy a plugin's folder is, development mode, and the sha256
    // of each file of the copy. A plugin from version 1 has no copy and must be installed again.
    version: 2,
    sql: `
    ALTER TABLE plugins ADD COLUMN code_path TEXT;
    ALTER TABLE plugins ADD COLUMN dev INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE plugin_files (
      plugin TEXT NOT NULL,
      path TEXT NOT NULL,
      sha256 TEXT NOT NULL,
      PRIMARY KEY (plugin, path)
    );
  `
  },
  {
    // Audit volume (see _audit_log.ts): a row counts the entries that repeated it, and rows past
    // their retention may be deleted. Everything else about a row stays as it was written.
    version: 3,
    sql: `
    ALTER TABLE plugin_audit ADD COLUMN repeats INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE plugin_audit ADD COLUMN last_time TEXT;
    DROP TRIGGER plugin_audit_no_update;
    CREATE TRIGGER plugin_audit_no_update BEFORE UPDATE ON plugin_audit
      WHEN NEW.id IS NOT OLD.id OR NEW.time IS NOT OLD.time OR NEW.plugin IS NOT OLD.plugin
        OR NEW.attempt IS NOT OLD.attempt OR NEW.decision IS NOT OLD.decision
        OR NEW.detail IS NOT OLD.detail OR NEW.repeats < OLD.repeats
      BEGIN SELECT RAISE(ABORT, 'plugin_audit is append-only: only repeats may grow'); END;
    DROP TRIGGER plugin_audit_no_delete;
    CREATE TRIGGER plugin_audit_no_delete BEFORE DELETE ON plugin_audit
      WHEN NOT (${auditExpiredSql("OLD.")})
      BEGIN SELECT RAISE(ABORT, 'plugin_audit is append-only: only expired rows may go'); END;
  `
  }
];
var PLUGIN_SCHEMA = {
  plugins: newestVersion(PLUGIN_MIGRATIONS)
};
var ACTIVITY_MIGRATIONS = [
  {
    version: 1,
    sql: `
    CREATE TABLE plugin_activity (
      plugin TEXT NOT NULL,
      hour INTEGER NOT NULL,
      kind TEXT NOT NULL,
      value TEXT NOT NULL,
      decision TEXT NOT NULL,
      count INTEGER NOT NULL,
      first_at INTEGER NOT NULL,
      last_at INTEGER NOT NULL,
      PRIMARY KEY (plugin, hour, kind, value, decision)
    );
  `
  },
  {
    // The bytes a call carried: a sent line's text, a stored value's JSON. The index lets the
    // ledger page sum a month per value in index order, without sorting every hour's row.
    version: 2,
    sql: `
    ALTER TABLE plugin_activity ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX plugin_activity_by_value
      ON plugin_activity (plugin, kind, value, decision, hour, count, bytes, first_at, last_at);
  `
  }
];
var ACTIVITY_SCHEMA = {
  plugin_activity: newestVersion(ACTIVITY_MIGRATIONS)
};

// storage/client_database.ts
var CLIENT_SCHEMAS = {
  ...NETWORK_SCHEMA,
  ...PLUGIN_SCHEMA,
  ...ACTIVITY_SCHEMA
};
function openClientDatabase(dataDir) {
  return openDatabase(databasePath(dataDir), {
    check: refuseNewerSchemas(CLIENT_SCHEMAS)
  });
}

// history/errors.ts
import { errorMessage } from "../common/mod.ts";
var HistoryError = class extends Error {
  /** What went wrong. */
  code;
  /** The database file. */
  path;
  /** Builds the error; `message` says what failed. */
  constructor(code, message, path, options) {
    super(message, options);
    this.name = "HistoryError";
    this.code = code;
    this.path = path;
  }
};
function historyError(action, path, error) {
  if (error instanceof HistoryError) return error;
  const text2 = errorMessage(error);
  const errcode = error instanceof Error && "errcode" in error && typeof error.errcode === "number" ? error.errcode & 255 : void 0;
  if (errcode === 11 || errcode === 26 || /not a database|malformed/i.test(text2)) {
    return new HistoryError("corrupt", `${action}: the file is damaged or not a history database (${text2}), got ${path}`, path, {
      cause: error
    });
  }
  if (errcode === 13 || /disk is full|database or disk is full/i.test(text2)) {
    return new HistoryError("full", `${action}: the disk is full; lines stored before are kept (${text2}), got ${path}`, path, {
      cause: error
    });
  }
  return new HistoryError("io", `${action}: ${text2}, got ${path}`, path, {
    cause: error
  });
}

// history/_event_lines.ts
init_mod2();
var STORED_TYPES = [
  "message.received",
  "message.sent",
  "user.joined",
  "user.parted",
  "user.quit",
  "user.kicked",
  "user.nick",
  "channel.topic",
  "channel.mode",
  "server.reply"
];
var EventLines = class {
  #context;
  /** Creates a mapper that asks `context` for the user's nick and stored queries. */
  constructor(context) {
    this.#context = context;
  }
  /** The lines `event` makes (none for most events), appended to `out`. */
  lines(event, out) {
    const before = out.length;
    this.#lines(event, out);
    for (let i = out.length - 1; i >= before; i--) if (out[i].buffer === "") out.splice(i, 1);
  }
  #lines(event, out) {
    const time = event.timestamp.getTime();
    switch (event.type) {
      case "message.received": {
        const d = event.data;
        if (d.kind === "ctcp") return;
        const self = this.#isOwn(d.networkId, d.user);
        out.push({
          networkId: d.networkId,
          buffer: d.channel !== "" ? d.channel : d.peer ?? d.user,
          time,
          msgid: d.msgid,
          kind: d.kind ?? "message",
          sender: d.user,
          text: d.message,
          self,
          ...d.replyTo !== void 0 ? {
            replyTo: d.replyTo
          } : {},
          ...self ? {
            echo: true
          } : {}
        });
        return;
      }
      case "message.sent": {
        const d = event.data;
        out.push({
          networkId: d.networkId,
          buffer: d.channel !== "" ? d.channel : d.target ?? "",
          time,
          msgid: d.msgid,
          kind: d.kind ?? "message",
          sender: this.#context.ownNick(d.networkId) ?? "",
          text: d.message,
          self: true,
          ...d.replyTo !== void 0 ? {
            replyTo: d.replyTo
          } : {}
        });
        return;
      }
      case "server.reply": {
        const d = event.data;
        out.push({
          networkId: d.networkId,
          // The buffer it concerns, else the network's own.
          buffer: d.target ?? "*",
          time,
          msgid: void 0,
          kind: "reply",
          sender: d.type,
          text: replyText(d),
          self: false
        });
        return;
      }
      case "user.joined":
        this.#push(out, event.data.networkId, event.data.channel, time, "join", event.data.nickname, "");
        break;
      case "user.parted": {
        const d = event.data;
        this.#push(out, d.networkId, d.channel, time, "part", d.nickname, d.reason ?? "");
        break;
      }
      case "user.kicked": {
        const d = event.data;
        this.#push(out, d.networkId, d.channel, time, "kick", d.kicker, `${d.nickname} ${d.reason}`);
        break;
      }
      case "user.quit": {
        const d = event.data;
        for (const buffer of this.#sharedBuffers(d.networkId, d.nickname, d.channels)) {
          this.#push(out, d.networkId, buffer, time, "quit", d.nickname, d.reason);
        }
        break;
      }
      case "user.nick": {
        const d = event.data;
        for (const buffer of this.#sharedBuffers(d.networkId, d.old_nickname, d.channels)) {
          this.#push(out, d.networkId, buffer, time, "nick", d.old_nickname, d.nickname);
        }
        break;
      }
      // A topic or modes reported on join (332, 324) have no setter: not a change.
      case "channel.topic":
        if (event.data.setter !== void 0) {
          const d = event.data;
          this.#push(out, d.networkId, d.channel, time, "topic", d.setter ?? "", d.topic);
        }
        break;
      case "channel.mode":
        if (event.data.setter !== void 0) {
          const d = event.data;
          this.#push(out, d.networkId, d.channel, time, "mode", d.setter ?? "", d.modes);
        }
        break;
      default:
        return;
    }
  }
  #push(out, networkId2, buffer, time, kind, sender, text2) {
    const self = this.#isOwn(networkId2, sender);
    out.push({
      networkId: networkId2,
      buffer,
      time,
      msgid: void 0,
      kind,
      sender,
      text: text2,
      self
    });
  }
  /** The channels the event names, and the query with the user when one is stored. */
  #sharedBuffers(networkId2, nick, channels) {
    const buffers = [
      ...channels
    ];
    if (!this.#isOwn(networkId2, nick) && this.#context.hasBuffer(networkId2, nick)) {
      buffers.push(nick);
    }
    return buffers;
  }
  /** Whether `nick` is the user's own nick on the network, in its case mapping. */
  #isOwn(networkId2, nick) {
    const own = this.#context.ownNick(networkId2);
    if (own === void 0) return false;
    if (own.length !== nick.length) return false;
    const context = this.#context;
    return context.fold(networkId2, own) === context.fold(networkId2, nick);
  }
};

// history/_buffer_ids.ts
init_mod2();
var BUFFER_CACHE_MAX = 5e4;
var BufferIds = class {
  #insertBuffer;
  #selectBuffer;
  #cache = /* @__PURE__ */ new Map();
  /** Each network's CASEMAPPING, as the owner tells it at `attach` (rfc1459 until then). */
  #casemapping = () => void 0;
  /** Prepares the statements over `file`'s `buffers` table. */
  constructor(file) {
    this.#insertBuffer = file.db.prepare("INSERT INTO buffers (network_id, name, name_key) VALUES (?, ?, ?) ON CONFLICT DO NOTHING");
    this.#selectBuffer = file.db.prepare("SELECT id FROM buffers WHERE network_id = ? AND name_key = ?");
  }
  /** From now on, names of a network fold by what `casemapping` says of it. */
  useCasemapping(casemapping) {
    this.#casemapping = casemapping;
  }
  /** `name` folded by the network's CASEMAPPING: buffers and senders are keyed by it. */
  fold(networkId2, name) {
    return casefold(name, this.#casemapping(networkId2) ?? "rfc1459");
  }
  /** The id of a stored buffer, or `undefined` when there is none. */
  find(networkId2, name) {
    const key = this.fold(networkId2, name);
    const cacheKey = `${networkId2} ${key}`;
    const cached = this.#cache.get(cacheKey);
    if (cached !== void 0) return cached;
    const row = this.#selectBuffer.get(networkId2, key);
    return row === void 0 ? void 0 : this.#remember(cacheKey, Number(row.id));
  }
  /** The id of a buffer, made when missing. */
  ensure(networkId2, name) {
    const found2 = this.find(networkId2, name);
    if (found2 !== void 0) return found2;
    const key = this.fold(networkId2, name);
    this.#insertBuffer.run(networkId2, name, key);
    const row = this.#selectBuffer.get(networkId2, key);
    return this.#remember(`${networkId2} ${key}`, Number(row?.id));
  }
  /** Drops the cached ids: a rolled-back transaction may have taken the rows they name. */
  forget() {
    this.#cache.clear();
  }
  #remember(cacheKey, id) {
    if (this.#cache.size >= BUFFER_CACHE_MAX) this.#cache.clear();
    this.#cache.set(cacheKey, id);
    return id;
  }
};

// history/_history_query.ts
init_mod2();

// history/_search_text.ts
var FOLD_FUNCTION = "ircbus_fold";
function fold(text2) {
  return text2.toLowerCase();
}
function searchText(text2) {
  const words = text2.split(/\s+/u).filter((word) => word !== "");
  const trigrams = /* @__PURE__ */ new Set();
  const like = [];
  for (const word of words) {
    const chars = [
      ...word
    ];
    const add = (trigram) => {
      if (!trigram.includes("\0")) trigrams.add(trigram);
    };
    for (let i = 0; i + 3 <= chars.length; i += 3) add(chars.slice(i, i + 3).join(""));
    if (chars.length >= 3) add(chars.slice(-3).join(""));
    const folded = /[^\x00-\x7f]/.test(word);
    const text3 = folded ? fold(word) : word;
    like.push({
      pattern: `%${text3.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      folded
    });
  }
  const terms = [
    ...trigrams
  ].map((t) => `"${t.replaceAll('"', '""')}"`);
  return terms.length > 0 ? {
    match: terms.join(" AND "),
    like
  } : {
    like
  };
}

// history/_history_query.ts
var DEFAULT_LIMIT = 200;
var MAX_LIMIT = 5e3;
var LINE_COLUMNS = "l.id, b.network_id, b.name, l.time, l.msgid, l.kind, l.sender, l.text, l.self, l.reply_to, l.redacted";
var FROM_LINES = "FROM lines l JOIN buffers b ON b.id = l.buffer_id";
var HistoryQuery = class {
  #file;
  #parts;
  #latest;
  #before;
  #lineTime;
  #lastTime;
  #byMsgid;
  /** Prepares the reads over `file`, and the SQL function a non-ASCII search folds with. */
  constructor(file, parts) {
    this.#file = file;
    this.#parts = parts;
    const db = file.db;
    db.function(FOLD_FUNCTION, {
      deterministic: true
    }, (text2) => typeof text2 === "string" ? fold(text2) : text2);
    this.#byMsgid = db.prepare(`SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE l.buffer_id = ? AND l.msgid = ?`);
    this.#latest = db.prepare(`SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE l.buffer_id = ? ORDER BY l.time DESC, l.id DESC LIMIT ?`);
    this.#before = db.prepare(`SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE l.buffer_id = ? AND (l.time < ? OR (l.time = ? AND l.id < ?)) ORDER BY l.time DESC, l.id DESC LIMIT ?`);
    this.#lineTime = db.prepare("SELECT time FROM lines WHERE id = ? AND buffer_id = ?");
    this.#lastTime = db.prepare("SELECT max(time) AS time FROM lines WHERE buffer_id = ?");
  }
  /** The newest `limit` lines of a buffer, or those just before line `before`, oldest first. */
  page(networkId2, buffer, options) {
    const limit = clampLimit(options.limit);
    try {
      const id = this.#parts.buffers.find(networkId2, buffer);
      if (id === void 0) return [];
      let rows;
      if (options.before === void 0) {
        rows = this.#latest.all(id, limit);
      } else {
        const anchor = this.#lineTime.get(options.before, id);
        if (anchor === void 0) return [];
        rows = this.#before.all(id, anchor.time, anchor.time, options.before, limit);
      }
      return this.#parts.reactions.addTo(id, rows.map(toLine).reverse());
    } catch (error) {
      throw historyError("Cannot read history", this.#file.path, error);
    }
  }
  /** Lines matching `query.text`, newest first; an empty text is a `RangeError`. */
  search(query) {
    const { match, like } = searchText(query.text);
    if (match === void 0 && like.length === 0) {
      throw new RangeError(`Cannot search history: the text is empty, got "${query.text}"`);
    }
    const where = [];
    const params = [];
    for (const { pattern, folded } of like) {
      where.push(`${folded ? `${FOLD_FUNCTION}(l.text)` : "l.text"} LIKE ? ESCAPE '\\'`);
      params.push(pattern);
    }
    if (query.buffer !== void 0) {
      where.push("b.name_key = ?");
      params.push(query.networkId === void 0 ? casefold(query.buffer) : this.#parts.buffers.fold(query.networkId, query.buffer));
    }
    if (query.networkId !== void 0) {
      where.push("b.network_id = ?");
      params.push(query.networkId);
    }
    if (query.sender !== void 0) {
      where.push("l.sender = ? COLLATE NOCASE");
      params.push(query.sender);
    }
    if (query.since !== void 0) {
      where.push("l.time >= ?");
      params.push(query.since);
    }
    if (query.until !== void 0) {
      where.push("l.time < ?");
      params.push(query.until);
    }
    const limit = clampLimit(query.limit);
    const filter = where.join(" AND ");
    const db = this.#file.db;
    try {
      if (match === void 0) {
        return db.prepare(`SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE ${filter} ORDER BY l.id DESC LIMIT ?`).all(...params, limit).map(toLine);
      }
      const upto = this.#parts.indexer.upto();
      const found2 = db.prepare(`SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE l.id > ? AND ${filter} ORDER BY l.id DESC LIMIT ?`).all(upto, ...params, limit);
      if (found2.length < limit) {
        found2.push(...db.prepare(`SELECT ${LINE_COLUMNS} FROM lines_fts f JOIN lines l ON l.id = f.rowid JOIN buffers b ON b.id = l.buffer_id WHERE lines_fts MATCH ? AND ${filter} ORDER BY f.rowid DESC LIMIT ?`).all(match, ...params, limit - found2.length));
      }
      return found2.map(toLine);
    } catch (error) {
      throw historyError("Cannot search history", this.#file.path, error);
    }
  }
  /** The newest stored time of a buffer, or `undefined` when nothing is stored. */
  lastStored(networkId2, buffer) {
    const id = this.#parts.buffers.find(networkId2, buffer);
    if (id === void 0) return void 0;
    const time = this.#lastTime.get(id)?.time;
    return typeof time === "number" ? new Date(time) : void 0;
  }
  /** Every buffer (of one network, or all), by network then name, or the `recent` newest. */
  buffers(networkId2, options) {
    const where = networkId2 === void 0 ? "" : "WHERE network_id = ?";
    const params = networkId2 === void 0 ? [] : [
      networkId2
    ];
    let rows;
    if (options.recent === void 0) {
      rows = this.#file.db.prepare(`SELECT network_id, name, read_time FROM buffers ${where} ORDER BY network_id, name_key`).all(...params);
    } else {
      rows = this.#file.db.prepare(`SELECT network_id, name, read_time, (SELECT max(time) FROM lines WHERE buffer_id = buffers.id) AS last FROM buffers ${where} ORDER BY last DESC NULLS LAST, id DESC LIMIT ?`).all(...params, clampLimit(options.recent));
    }
    return rows.map((row) => {
      const buffer = {
        networkId: Number(row.network_id),
        name: String(row.name)
      };
      if (typeof row.read_time === "number") buffer.readTime = row.read_time;
      return buffer;
    });
  }
  /** The line of a buffer with IRCv3 msgid `msgid`, or `undefined`. */
  message(networkId2, buffer, msgid) {
    try {
      const id = this.#parts.buffers.find(networkId2, buffer);
      if (id === void 0) return void 0;
      const row = this.#byMsgid.get(id, msgid);
      return row === void 0 ? void 0 : toLine(row);
    } catch (error) {
      throw historyError("Cannot read history", this.#file.path, error);
    }
  }
  /** Every line of a buffer, oldest first, read lazily. */
  *lines(networkId2, buffer) {
    const id = this.#parts.buffers.find(networkId2, buffer);
    if (id === void 0) return;
    const statement = this.#file.db.prepare(`SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE l.buffer_id = ? ORDER BY l.time, l.id`);
    for (const row of statement.iterate(id)) yield toLine(row);
  }
};
function clampLimit(limit) {
  if (limit === void 0) return DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`Cannot read history: limit must be a positive integer, got ${limit}`);
  }
  return Math.min(limit, MAX_LIMIT);
}
function toLine(row) {
  const line = {
    id: Number(row.id),
    networkId: Number(row.network_id),
    buffer: String(row.name),
    time: Number(row.time),
    kind: kindAt(Number(row.kind)),
    sender: String(row.sender),
    text: String(row.text),
    self: row.self === 1
  };
  if (typeof row.msgid === "string") line.msgid = row.msgid;
  if (typeof row.reply_to === "string") line.replyTo = row.reply_to;
  if (row.redacted === 1) line.redacted = true;
  return line;
}
function kindAt(index) {
  return LINE_KINDS[index] ?? "message";
}

// history/_line_writer.ts
init_mod2();

// history/_fingerprint.ts
function fingerprint(sender, kind, text2) {
  let h1 = 3735928559 ^ kind;
  let h2 = 1103547991 ^ kind;
  const split = sender.length;
  const total = split + 1 + text2.length;
  for (let i = 0; i < total; i++) {
    const c = i < split ? sender.charCodeAt(i) : i === split ? 32 : text2.charCodeAt(i - split - 1);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ h1 >>> 16, 2246822507) ^ Math.imul(h2 ^ h2 >>> 13, 3266489909);
  h2 = Math.imul(h2 ^ h2 >>> 16, 2246822507) ^ Math.imul(h1 ^ h1 >>> 13, 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

// history/_transaction.ts
function inTransaction(db, work) {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

// history/_line_writer.ts
var BATCH_MAX = 4096;
var PENDING_MAX = 1e5;
var RETRY_MS = 1e3;
var ECHO_WINDOW_MS = 12e4;
var MAX_AHEAD_MS = 6e4;
var LineWriter = class {
  #file;
  #buffers;
  #committed;
  #insertLine;
  #findSent;
  #adoptEcho;
  #redactLine;
  #pending = [];
  #timer;
  /** The last commit failed: retried on a timer, not on every line. */
  #failing = false;
  /** Lines dropped while commits failed, not yet reported. */
  #dropped = 0;
  /** The buffers of the held lines scanned so far (`#pending[0..#heldScanned)`). */
  #heldBuffers = /* @__PURE__ */ new Set();
  #heldScanned = 0;
  /**
   * Writes to `file`'s `lines`, naming buffers through `buffers`; `committed` runs after
   * each successful commit (the index and retention follow the writes).
   */
  constructor(file, buffers, committed) {
    this.#file = file;
    this.#buffers = buffers;
    this.#committed = committed;
    const db = file.db;
    this.#insertLine = db.prepare("INSERT OR IGNORE INTO lines (buffer_id, time, kind, self, sender, text, msgid, fp, reply_to) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    this.#findSent = db.prepare("SELECT id FROM lines WHERE buffer_id = ? AND time BETWEEN ? AND ? AND self = 1 AND msgid IS NULL AND kind = ? AND text = ? ORDER BY abs(time - ?) LIMIT 1");
    this.#adoptEcho = db.prepare("UPDATE OR IGNORE lines SET time = ?, msgid = ? WHERE id = ?");
    this.#redactLine = db.prepare("UPDATE lines SET text = '', redacted = 1 WHERE buffer_id = ? AND msgid = ?");
  }
  /**
   * A bus subscriber that holds the lines of each event it gets; `ownNick` names the user
   * on a network (the sender of sent lines, and how replays are `self`).
   */
  listener(ownNick) {
    const buffers = this.#buffers;
    const mapper = new EventLines({
      ownNick,
      fold: (networkId2, name) => buffers.fold(networkId2, name),
      hasBuffer: (networkId2, nick) => {
        if (buffers.find(networkId2, nick) !== void 0) return true;
        for (; this.#heldScanned < this.#pending.length; this.#heldScanned++) {
          const line = this.#pending[this.#heldScanned];
          this.#heldBuffers.add(`${line.networkId} ${buffers.fold(line.networkId, line.buffer)}`);
        }
        return this.#heldBuffers.has(`${networkId2} ${buffers.fold(networkId2, nick)}`);
      }
    });
    return (event) => {
      if (this.#file.closed) return;
      mapper.lines(event, this.#pending);
      if (this.#failing && this.#pending.length > PENDING_MAX) {
        this.#dropped += this.#pending.length - PENDING_MAX;
        this.#pending.splice(0, this.#pending.length - PENDING_MAX);
        this.#forgetHeldBuffers();
      }
      if (this.#pending.length < BATCH_MAX || this.#failing) return this.#schedule();
      try {
        this.commit();
      } catch (error) {
        this.#file.report(error);
      }
    };
  }
  /** Writes the held lines in one transaction; on failure they stay for the next try. */
  commit() {
    if (this.#pending.length === 0 || this.#file.closed) return;
    const batch = this.#pending;
    this.#pending = [];
    this.#forgetHeldBuffers();
    const latest = this.#file.clock() + MAX_AHEAD_MS;
    try {
      inTransaction(this.#file.db, () => {
        let lastNetwork = -1;
        let lastName = "";
        let bufferId = 0;
        for (const line of batch) {
          if (line.time > latest) line.time = latest;
          const kind = LINE_KINDS.indexOf(line.kind);
          if (line.networkId !== lastNetwork || line.buffer !== lastName) {
            bufferId = this.#buffers.ensure(line.networkId, line.buffer);
            lastNetwork = line.networkId;
            lastName = line.buffer;
          }
          if (line.echo && this.#adopt(bufferId, kind, line)) continue;
          this.#insertLine.run(bufferId, line.time, kind, line.self ? 1 : 0, line.sender, line.text, line.msgid ?? null, fingerprint(line.sender, kind, line.text), line.replyTo ?? null);
        }
      });
    } catch (error) {
      this.#failing = true;
      this.#buffers.forget();
      this.#pending = batch.concat(this.#pending);
      const excess = this.#dropped + Math.max(0, this.#pending.length - PENDING_MAX);
      this.#dropped = 0;
      if (this.#pending.length > PENDING_MAX) {
        this.#pending.splice(0, this.#pending.length - PENDING_MAX);
      }
      this.#forgetHeldBuffers();
      throw historyError(`Cannot store ${batch.length} lines${excess > 0 ? ` (${excess} dropped)` : ""}`, this.#file.path, error);
    }
    this.#failing = false;
    this.#committed();
  }
  /** Empties the text of the message `msgid` of buffer `bufferId` and marks it redacted. */
  redact(bufferId, msgid) {
    this.#redactLine.run(bufferId, msgid);
  }
  /** Cancels the next commit or retry (the store is closing, after its last commit). */
  stop() {
    if (this.#timer !== void 0) clearTimeout(this.#timer);
    this.#timer = void 0;
  }
  #schedule() {
    if (this.#timer !== void 0) return;
    this.#timer = setTimeout(() => {
      this.#timer = void 0;
      try {
        this.commit();
      } catch (error) {
        this.#file.report(error);
        this.#schedule();
      }
    }, this.#failing ? RETRY_MS : 0);
  }
  /** The held lines changed other than by appending: scanned again when next asked. */
  #forgetHeldBuffers() {
    this.#heldBuffers.clear();
    this.#heldScanned = 0;
  }
  /**
   * Our line replayed by the server replaces the copy stored when we sent it (local time, no
   * msgid) with the server's time and msgid; true when there was such a copy.
   */
  #adopt(bufferId, kind, line) {
    const sent = this.#findSent.get(bufferId, line.time - ECHO_WINDOW_MS, line.time + ECHO_WINDOW_MS, kind, line.text, line.time);
    if (sent === void 0) return false;
    this.#adoptEcho.run(line.time, line.msgid ?? null, Number(sent.id));
    return true;
  }
};

// history/_reactions.ts
var Reactions = class {
  #file;
  #buffers;
  #addReaction;
  #removeReaction;
  #reactionsOf;
  #forget;
  /** Prepares the statements over `file`'s `reactions` table. */
  constructor(file, buffers) {
    this.#file = file;
    this.#buffers = buffers;
    const db = file.db;
    this.#addReaction = db.prepare("INSERT OR IGNORE INTO reactions (buffer_id, msgid, reaction, sender_key, sender, time) VALUES (?, ?, ?, ?, ?, ?)");
    this.#removeReaction = db.prepare("DELETE FROM reactions WHERE buffer_id = ? AND msgid = ? AND reaction = ? AND sender_key = ?");
    this.#reactionsOf = db.prepare("SELECT reaction, sender FROM reactions WHERE buffer_id = ? AND msgid = ? ORDER BY time, sender_key");
    this.#forget = db.prepare("DELETE FROM reactions WHERE buffer_id = ? AND msgid = ?");
  }
  /** Keeps `sender`'s reaction to a message of a buffer, or forgets it (`removed`). */
  react(networkId2, buffer, reaction) {
    try {
      const id = reaction.removed ? this.#buffers.find(networkId2, buffer) : this.#buffers.ensure(networkId2, buffer);
      if (id === void 0) return;
      const who = this.#buffers.fold(networkId2, reaction.sender);
      if (reaction.removed) {
        this.#removeReaction.run(id, reaction.msgid, reaction.reaction, who);
      } else {
        this.#addReaction.run(id, reaction.msgid, reaction.reaction, who, reaction.sender, reaction.time);
      }
    } catch (error) {
      throw historyError("Cannot store a reaction", this.#file.path, error);
    }
  }
  /** Deletes every reaction to the message `msgid` of buffer `bufferId` (it was redacted). */
  forget(bufferId, msgid) {
    this.#forget.run(bufferId, msgid);
  }
  /** Adds each line's reactions (lines with a msgid only) to `lines` of buffer `bufferId`. */
  addTo(bufferId, lines) {
    for (const line of lines) {
      if (line.msgid === void 0) continue;
      const rows = this.#reactionsOf.all(bufferId, line.msgid);
      if (rows.length === 0) continue;
      const grouped = /* @__PURE__ */ new Map();
      for (const row of rows) {
        const reaction = String(row.reaction);
        const senders = grouped.get(reaction) ?? [];
        senders.push(String(row.sender));
        grouped.set(reaction, senders);
      }
      line.reactions = [
        ...grouped
      ].map(([reaction, senders]) => ({
        reaction,
        senders
      }));
    }
    return lines;
  }
};

// history/_read_markers.ts
var ReadMarkers = class {
  #file;
  #buffers;
  #setRead;
  #unread;
  /** Prepares the statements over `file`'s `buffers` and `lines`. */
  constructor(file, buffers) {
    this.#file = file;
    this.#buffers = buffers;
    this.#setRead = file.db.prepare("UPDATE buffers SET read_time = ? WHERE id = ? AND (read_time IS NULL OR read_time < ?)");
    this.#unread = file.db.prepare("SELECT count(*) AS n FROM (SELECT 1 FROM lines WHERE buffer_id = ? AND time > ? AND self = 0 AND kind <= 2 LIMIT ?)");
  }
  /** Records that `buffer` was read up to `time`; a position never moves back. */
  markRead(networkId2, buffer, time) {
    try {
      this.#setRead.run(time, this.#buffers.ensure(networkId2, buffer), time);
    } catch (error) {
      this.#buffers.forget();
      throw historyError("Cannot store the read position", this.#file.path, error);
    }
  }
  /** Lines of a buffer after `since` that others sent, counted up to `max`. */
  unread(networkId2, buffer, since, max2) {
    const id = this.#buffers.find(networkId2, buffer);
    if (id === void 0) return 0;
    const row = this.#unread.get(id, since, max2);
    return Number(row?.n ?? 0);
  }
};

// history/_retention.ts
var DAY_MS = 864e5;
var PRUNE_EVERY_MS = 36e5;
var Retention = class {
  #file;
  #days;
  #lastPrune = 0;
  /** Keeps lines for `days` (all of them when undefined) in `file`. */
  constructor(file, days) {
    this.#file = file;
    this.#days = days;
  }
  /** Deletes lines older than the retention now; returns how many went. */
  prune() {
    const now = this.#file.clock();
    this.#lastPrune = now;
    if (this.#days === void 0) return 0;
    try {
      const result = this.#file.db.prepare("DELETE FROM lines WHERE time < ?").run(now - this.#days * DAY_MS);
      return Number(result.changes);
    } catch (error) {
      throw historyError("Cannot prune history", this.#file.path, error);
    }
  }
  /** Prunes when there is a retention and the last prune is an hour old (after a commit). */
  pruneIfDue() {
    if (this.#days !== void 0 && this.#file.clock() - this.#lastPrune >= PRUNE_EVERY_MS) {
      this.prune();
    }
  }
};

// history/_search_indexer.ts
var INDEX_CHUNK = 256;
var INDEX_TURN_MS = 8;
var SearchIndexer = class {
  #file;
  #indexedUpto;
  #chunkEnd;
  #indexLines;
  #setIndexedUpto;
  #timer;
  /** Prepares the statements over `file`'s `lines`, `lines_fts` and `history_meta`. */
  constructor(file) {
    this.#file = file;
    const db = file.db;
    this.#indexedUpto = db.prepare("SELECT value FROM history_meta WHERE key = 'fts_upto'");
    this.#chunkEnd = db.prepare("SELECT max(id) AS id FROM (SELECT id FROM lines WHERE id > ? ORDER BY id LIMIT ?)");
    this.#indexLines = db.prepare("INSERT INTO lines_fts (rowid, text) SELECT id, text FROM lines WHERE id > ? AND id <= ? AND text <> ''");
    this.#setIndexedUpto = db.prepare("UPDATE history_meta SET value = ? WHERE key = 'fts_upto'");
  }
  /** The newest line id in the index: lines after it are found by scanning them. */
  upto() {
    return Number(this.#indexedUpto.get()?.value ?? 0);
  }
  /** Indexes every stored line now; returns how many lines were waiting. */
  indexAll() {
    let done = 0;
    for (let step = this.#step(); step > 0; step = this.#step()) done += step;
    return done;
  }
  /** Indexes in turns of a few ms between the bus's deliveries, until caught up. */
  schedule() {
    if (this.#timer !== void 0 || this.#file.closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = void 0;
      if (this.#file.closed) return;
      const start = performance.now();
      try {
        let step = 1;
        while (step > 0 && performance.now() - start < INDEX_TURN_MS) step = this.#step();
        if (step > 0) this.schedule();
      } catch (error) {
        this.#file.report(error);
      }
    }, 0);
  }
  /** Cancels the next turn (the store is closing). */
  stop() {
    if (this.#timer !== void 0) clearTimeout(this.#timer);
    this.#timer = void 0;
  }
  /** Indexes the next chunk of lines for search in one transaction; returns its size. */
  #step() {
    try {
      return inTransaction(this.#file.db, () => {
        const upto = this.upto();
        const end = this.#chunkEnd.get(upto, INDEX_CHUNK)?.id;
        if (typeof end !== "number") return 0;
        this.#indexLines.run(upto, end);
        this.#setIndexedUpto.run(end);
        return end - upto;
      });
    } catch (error) {
      throw historyError("Cannot index history for search", this.#file.path, error);
    }
  }
};

// history/_schema.ts
var COMPONENT2 = "history";
var MIGRATIONS2 = [
  {
    version: 1,
    sql: `
      CREATE TABLE buffers (
        id INTEGER PRIMARY KEY,
        network_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        read_time INTEGER,
        UNIQUE (network_id, name_key)
      );
      CREATE TABLE lines (
        id INTEGER PRIMARY KEY,
        buffer_id INTEGER NOT NULL,
        time INTEGER NOT NULL,
        kind INTEGER NOT NULL,
        self INTEGER NOT NULL,
        sender TEXT NOT NULL,
        text TEXT NOT NULL,
        msgid TEXT,
        fp INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX lines_buffer_time_fp ON lines (buffer_id, time, fp);
      CREATE UNIQUE INDEX lines_buffer_msgid ON lines (buffer_id, msgid) WHERE msgid IS NOT NULL;
      CREATE TABLE history_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
      INSERT INTO history_meta (key, value) VALUES ('fts_upto', 0);
      CREATE VIRTUAL TABLE lines_fts USING fts5(
        text, content = 'lines', content_rowid = 'id', tokenize = 'trigram', detail = none
      );
      CREATE TRIGGER lines_fts_delete AFTER DELETE ON lines
      WHEN old.text <> '' AND old.id <= (SELECT value FROM history_meta WHERE key = 'fts_upto')
      BEGIN
        INSERT INTO lines_fts (lines_fts, rowid, text) VALUES ('delete', old.id, old.text);
      END;
    `
  },
  {
    // IRCv3 replies: the msgid of the message a line answers (`+draft/reply`).
    version: 2,
    sql: `ALTER TABLE lines ADD COLUMN reply_to TEXT;`
  },
  {
    // IRCv3 reactions: who reacted to which message (by msgid) with what; a reaction taken
    // back is deleted.
    version: 3,
    sql: `
      CREATE TABLE reactions (
        buffer_id INTEGER NOT NULL,
        msgid TEXT NOT NULL,
        reaction TEXT NOT NULL,
        sender_key TEXT NOT NULL,
        sender TEXT NOT NULL,
        time INTEGER NOT NULL,
        PRIMARY KEY (buffer_id, msgid, reaction, sender_key)
      ) WITHOUT ROWID;
    `
  },
  {
    // IRCv3 message redaction: a deleted line keeps its place with an empty text and
    // `redacted` set; its text leaves the search index too.
    version: 4,
    sql: `
      ALTER TABLE lines ADD COLUMN redacted INTEGER NOT NULL DEFAULT 0;
      CREATE TRIGGER lines_fts_redact AFTER UPDATE OF text ON lines
      WHEN old.text <> '' AND old.id <= (SELECT value FROM history_meta WHERE key = 'fts_upto')
      BEGIN
        INSERT INTO lines_fts (lines_fts, rowid, text) VALUES ('delete', old.id, old.text);
        INSERT INTO lines_fts (rowid, text) SELECT new.id, new.text WHERE new.text <> '';
      END;
    `
  }
];
var SCHEMA_VERSION2 = newestVersion(MIGRATIONS2);

// history/_store_file.ts
var StoreFile = class _StoreFile {
  db;
  path;
  clock;
  #onError;
  #closed = false;
  constructor(db, path, options) {
    this.db = db;
    this.path = path;
    this.clock = options.clock ?? Date.now;
    this.#onError = options.onError ?? ((error) => console.error(error.message));
  }
  /**
   * Opens (or creates, 0600) the file in WAL mode and brings its schema up to date. Throws a
   * {@linkcode HistoryError} (`corrupt`, `newer_schema`, `io`) without changing a file it
   * refuses; on any failure the database is closed again.
   */
  static open(path, options) {
    let db;
    try {
      db = openDatabase(path, {
        check: (found2) => {
          const version = schemaVersion(found2, COMPONENT2);
          if (version > SCHEMA_VERSION2) {
            throw new HistoryError("newer_schema", `Cannot open history: a newer client wrote it (schema version ${version}, this client knows ${SCHEMA_VERSION2}); it is left as it is, got ${path}`, path);
          }
        }
      });
    } catch (error) {
      throw historyError("Cannot open history", path, error);
    }
    try {
      migrate(db, COMPONENT2, MIGRATIONS2);
      if (options.maxBytes !== void 0) {
        const pageSize = Number(db.prepare("PRAGMA page_size").get()?.page_size ?? 4096);
        db.exec(`PRAGMA max_page_count = ${Math.max(1, Math.floor(options.maxBytes / pageSize))}`);
      }
      return new _StoreFile(db, path, options);
    } catch (error) {
      db.close();
      throw historyError("Cannot open history", path, error);
    }
  }
  /** Whether the store is closed: timers that fire after that do nothing. */
  get closed() {
    return this.#closed;
  }
  /** Throws the `closed` {@linkcode HistoryError} for `action` once the store is closed. */
  check(action) {
    if (this.#closed) {
      throw new HistoryError("closed", `Cannot ${action}: the store is closed`, this.path);
    }
  }
  /** Reports a failure of a background step (a commit, an indexing turn) to the owner. */
  report(error) {
    this.#onError(historyError("Cannot store history", this.path, error));
  }
  /** Closes the database of a store that failed to start, as it is (no checkpoint). */
  abandon() {
    this.#closed = true;
    this.db.close();
  }
  /** Marks the store closed, tidies the WAL and closes the database. */
  close() {
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch {
    }
    this.db.close();
  }
};

// history/message_store.ts
var MessageStore = class _MessageStore {
  // The parts, each the one owner of its state: the file (handle, clock, closed), buffer ids,
  // the writer (held lines, retries), the indexer, retention, reactions, read markers, and
  // the query side, which only reads. This class wires them to the bus and to each other.
  #file;
  #buffers;
  #writer;
  #indexer;
  #retention;
  #reactions;
  #readMarkers;
  #query;
  #subscriptions = /* @__PURE__ */ new Set();
  constructor(file, options) {
    this.#file = file;
    this.#buffers = new BufferIds(file);
    this.#indexer = new SearchIndexer(file);
    this.#retention = new Retention(file, options.retentionDays);
    this.#writer = new LineWriter(file, this.#buffers, () => {
      this.#indexer.schedule();
      this.#retention.pruneIfDue();
    });
    this.#reactions = new Reactions(file, this.#buffers);
    this.#readMarkers = new ReadMarkers(file, this.#buffers);
    this.#query = new HistoryQuery(file, {
      buffers: this.#buffers,
      reactions: this.#reactions,
      indexer: this.#indexer
    });
  }
  /**
   * Opens (or creates, 0600) the history file at `path`, in WAL mode, bringing its schema
   * up to date, and prunes lines past the retention. Throws a {@linkcode HistoryError}
   * (`corrupt`, `newer_schema`, `io`) without changing a file it refuses.
   */
  static open(path, options = {}) {
    const days = options.retentionDays;
    if (days !== void 0 && !(Number.isFinite(days) && days > 0)) {
      throw new RangeError(`Cannot open history: retentionDays must be above 0, got ${days}`);
    }
    const file = StoreFile.open(path, options);
    try {
      const store = new _MessageStore(file, options);
      store.prune();
      store.#indexer.schedule();
      return store;
    } catch (error) {
      file.abandon();
      throw historyError("Cannot open history", path, error);
    }
  }
  /**
   * Subscribes to the message-bearing events of `bus` (and `buffer.read`, kept as each
   * buffer's last-read position). Returns the unsubscribe; `flush()` then commits what was
   * received.
   */
  attach(bus, options = {}) {
    this.#file.check("attach");
    if (options.casemapping) this.#buffers.useCasemapping(options.casemapping);
    const onEvent = this.#writer.listener(options.ownNick ?? (() => void 0));
    const offs = STORED_TYPES.map((type) => bus.subscribe(type, onEvent));
    offs.push(bus.subscribe("message.reacted", (event) => {
      if (this.#file.closed) return;
      const d = event.data;
      try {
        this.react(d.networkId, d.channel !== "" ? d.channel : d.peer ?? d.user, {
          msgid: d.replyTo,
          sender: d.user,
          reaction: d.reaction,
          removed: d.removed,
          time: event.timestamp.getTime()
        });
      } catch (error) {
        this.#file.report(error);
      }
    }));
    offs.push(bus.subscribe("message.redacted", (event) => {
      if (this.#file.closed) return;
      const d = event.data;
      try {
        this.redact(d.networkId, d.channel !== "" ? d.channel : d.peer ?? d.user, d.msgid);
      } catch (error) {
        this.#file.report(error);
      }
    }));
    offs.push(bus.subscribe("buffer.read", (event) => {
      const time = Date.parse(event.data.timestamp);
      if (!this.#file.closed && !Number.isNaN(time)) {
        this.markRead(event.data.networkId, event.data.buffer, time);
      }
    }));
    const off = () => {
      for (const unsubscribe of offs) unsubscribe();
      this.#subscriptions.delete(off);
    };
    this.#subscriptions.add(off);
    return off;
  }
  /** Resolves once every event received so far is committed; rejects with a HistoryError. */
  flush() {
    try {
      this.#file.check("flush");
      this.#writer.commit();
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error);
    }
  }
  /**
   * Lines of a buffer, oldest first: the newest `limit` (default 200), or those just
   * before the line with id `before` (scrolling up).
   */
  page(networkId2, buffer, options = {}) {
    this.#file.check("read history");
    return this.#query.page(networkId2, buffer, options);
  }
  /**
   * Lines matching `query.text`, newest first. Words of 3 characters or more are found
   * through the trigram index; shorter ones by scanning (slower on a large history), as are
   * lines stored so recently that the index has not caught up.
   * An empty text is a `RangeError`.
   */
  search(query) {
    this.#file.check("search history");
    return this.#query.search(query);
  }
  /**
   * The newest stored time of a buffer (after committing what is pending): where a
   * CHATHISTORY backfill starts. Undefined when nothing is stored.
   */
  lastStored(networkId2, buffer) {
    this.#file.check("read history");
    this.#writer.commit();
    return this.#query.lastStored(networkId2, buffer);
  }
  /** Records that `buffer` was read up to `time`; a position never moves back. */
  markRead(networkId2, buffer, time) {
    this.#file.check("mark read");
    this.#readMarkers.markRead(networkId2, buffer, time);
  }
  /**
   * Every buffer with stored lines or a read position, by network then name; with
   * `recent`, only that many: those with the newest lines, newest first (a server can make
   * a buffer per nick that ever wrote, so a page asks for a bounded number).
   */
  buffers(networkId2, options = {}) {
    this.#file.check("read history");
    return this.#query.buffers(networkId2, options);
  }
  /**
   * Keeps `sender`'s reaction to the message `msgid` of a buffer, or forgets it (`removed`).
   *
   * @example
   * ```ts ignore
   * store.react(1, "#deno", { msgid: "a1b2", sender: "bob", reaction: "👍", time: Date.now() });
   * store.page(1, "#deno").at(-1)?.reactions; // [{ reaction: "👍", senders: ["bob"] }]
   * ```
   */
  react(networkId2, buffer, reaction) {
    this.#file.check("store a reaction");
    this.#reactions.react(networkId2, buffer, reaction);
  }
  /**
   * Deletes the text of the message `msgid` of a buffer (IRCv3 `REDACT`): the line stays,
   * empty and marked `redacted`, out of the search index, its reactions gone. Lines still
   * held for the next commit are committed first, so a message deleted as soon as it came
   * is deleted too.
   *
   * @example
   * ```ts ignore
   * store.redact(1, "#deno", "a1b2");
   * store.message(1, "#deno", "a1b2"); // { …, text: "", redacted: true }
   * ```
   */
  redact(networkId2, buffer, msgid) {
    this.#file.check("delete a message");
    this.#writer.commit();
    try {
      const id = this.#buffers.find(networkId2, buffer);
      if (id === void 0) return;
      this.#writer.redact(id, msgid);
      this.#reactions.forget(id, msgid);
    } catch (error) {
      throw historyError("Cannot delete a message", this.#file.path, error);
    }
  }
  /**
   * The line of a buffer with IRCv3 msgid `msgid` (a reply's original), or `undefined`.
   *
   * @example
   * ```ts ignore
   * store.message(1, "#deno", "a1b2")?.text;
   * ```
   */
  message(networkId2, buffer, msgid) {
    this.#file.check("read history");
    return this.#query.message(networkId2, buffer, msgid);
  }
  /**
   * Lines of a buffer after `since` that others sent (messages, notices, actions), counted
   * up to `max` (default 999: a badge shows no more).
   */
  unread(networkId2, buffer, since, max2 = 999) {
    this.#file.check("read history");
    return this.#readMarkers.unread(networkId2, buffer, since, max2);
  }
  /**
   * Every line of a buffer, oldest first, read lazily (for export).
   */
  *lines(networkId2, buffer) {
    this.#file.check("read history");
    yield* this.#query.lines(networkId2, buffer);
  }
  /**
   * Deletes lines older than the retention (none without `retentionDays`); returns how
   * many went. Runs on open and then at most hourly as lines are committed.
   */
  prune() {
    this.#file.check("prune history");
    return this.#retention.prune();
  }
  /**
   * Indexes every stored line for search now (normally done behind the inserts, in short
   * turns); returns how many lines were waiting.
   */
  index() {
    this.#file.check("index history");
    return this.#indexer.indexAll();
  }
  /** Commits what is pending, detaches from every bus and closes the file. */
  [Symbol.dispose]() {
    if (this.#file.closed) return;
    for (const off of [
      ...this.#subscriptions
    ]) off();
    try {
      this.#writer.commit();
    } catch (error) {
      this.#file.report(error);
    }
    this.#writer.stop();
    this.#indexer.stop();
    this.#file.close();
  }
  /** Same as `[Symbol.dispose]()`. */
  close() {
    this[Symbol.dispose]();
  }
};

// history/export_logs.ts
import { join } from "node:path";

// history/log_line.ts
init_mod2();
function formatLogLine(line) {
  return `${stamp(line.time)} ${body(line)}`;
}
function body(line) {
  if (line.kind === "reply") return `!!! ${line.sender} ${line.text}`;
  return storedEventText(line)?.words ?? messageText(line);
}
function stamp(time) {
  const d = new Date(time);
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

// history/export_logs.ts
async function exportLogs(store, options) {
  const written = [];
  const wanted = options.buffer?.toLowerCase();
  const dirs = /* @__PURE__ */ new Map();
  const dirNames = /* @__PURE__ */ new Set();
  const fileNames = /* @__PURE__ */ new Map();
  for (const buffer of store.buffers(options.networkId)) {
    if (wanted !== void 0 && buffer.name.toLowerCase() !== wanted) continue;
    let dir = dirs.get(buffer.networkId);
    if (dir === void 0) {
      const network = options.networkNames?.get(buffer.networkId) ?? String(buffer.networkId);
      dir = join(options.out, unique(safeName(network), "", dirNames));
      dirs.set(buffer.networkId, dir);
      fileNames.set(buffer.networkId, /* @__PURE__ */ new Set());
    }
    await Deno.mkdir(dir, {
      recursive: true,
      mode: 448
    });
    if (!(await Deno.lstat(dir)).isDirectory) {
      throw new Error(`Cannot export history: ${dir} is not a directory of its own (a link?)`);
    }
    const path = join(dir, unique(safeName(buffer.name), ".log", fileNames.get(buffer.networkId)));
    const temp = `${path}.${crypto.randomUUID()}.tmp`;
    const file = await Deno.open(temp, {
      write: true,
      createNew: true,
      mode: 384
    });
    const writer = file.writable.getWriter();
    const encoder4 = new TextEncoder();
    let lines = 0;
    try {
      let chunk = "";
      for (const line of store.lines(buffer.networkId, buffer.name)) {
        chunk += `${formatLogLine(line)}
`;
        lines++;
        if (chunk.length >= 65536) {
          await writer.write(encoder4.encode(chunk));
          chunk = "";
        }
      }
      if (chunk !== "") await writer.write(encoder4.encode(chunk));
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => {
      });
      await Deno.remove(temp).catch(() => {
      });
      throw error;
    }
    if (lines > 0) {
      await Deno.rename(temp, path);
      written.push({
        path,
        lines
      });
    } else {
      await Deno.remove(temp);
    }
  }
  return written;
}
var UNSAFE = /[/\\:*?"<>|\x00-\x1f\x7f]/g;
var RESERVED = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(\.|$)/i;
var MAX_NAME_BYTES = 200;
function safeName(name) {
  let safe = name.replace(UNSAFE, "_").replace(/[. ]$/, "_");
  if (/^\.*$/.test(safe) || RESERVED.test(safe)) safe = `_${safe}`;
  const encoder4 = new TextEncoder();
  if (encoder4.encode(safe).length <= MAX_NAME_BYTES) return safe;
  let kept = "";
  let bytes = 0;
  for (const char of safe) {
    bytes += encoder4.encode(char).length;
    if (bytes > MAX_NAME_BYTES) break;
    kept += char;
  }
  return kept;
}
function unique(name, ext, taken) {
  let candidate = `${name}${ext}`;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name}~${n}${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

// history/export_cli.ts
import { parseArgs } from "node:util";
import { errorMessage as errorMessage2 } from "../common/mod.ts";
var USAGE = "Usage: deno task run -- export [--data-dir DIR] [--out DIR] [--network NAME|ID] [--buffer NAME]";
async function runExport(args) {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        "data-dir": {
          type: "string"
        },
        out: {
          type: "string"
        },
        network: {
          type: "string"
        },
        buffer: {
          type: "string"
        }
      },
      allowPositionals: false
    }));
  } catch (error) {
    console.error(`${errorMessage2(error)}
${USAGE}`);
    return 64;
  }
  const dataDir = resolveDataDir(values["data-dir"]);
  const path = historyPath(dataDir);
  if (!exists(path)) {
    console.error(`Cannot export history: no history in the data dir, got ${dataDir}`);
    return 1;
  }
  const names2 = /* @__PURE__ */ new Map();
  if (exists(databasePath(dataDir))) {
    try {
      using networks = new NetworkStore(databasePath(dataDir));
      for (const network of networks.list()) names2.set(network.id, network.name);
    } catch (error) {
      console.error(`Cannot export history: ${errorMessage2(error)}`);
      return 1;
    }
  }
  let networkId2;
  if (values.network !== void 0) {
    const wanted = values.network;
    const byName = [
      ...names2
    ].filter(([, name]) => name.toLowerCase() === wanted.toLowerCase());
    if (byName.length === 1) networkId2 = byName[0][0];
    else if (/^\d+$/.test(wanted)) networkId2 = Number(wanted);
    else {
      console.error(`Cannot export history: ${byName.length > 1 ? "several networks are named" : "no network named"} ${JSON.stringify(wanted)}; give its id instead`);
      return 64;
    }
  }
  let store;
  try {
    store = MessageStore.open(path);
  } catch (error) {
    console.error(errorMessage2(error));
    return 1;
  }
  try {
    const out = values.out ?? "ircbus-logs";
    const written = await exportLogs(store, {
      out,
      networkNames: names2,
      networkId: networkId2,
      buffer: values.buffer
    });
    for (const file of written) console.log(`${file.path} (${file.lines} lines)`);
    console.error(`Exported ${written.length} buffer${written.length === 1 ? "" : "s"} to ${out}`);
    return 0;
  } catch (error) {
    console.error(`Cannot export history: ${errorMessage2(error)}`);
    return 1;
  } finally {
    store.close();
  }
}
function exists(path) {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

// plugins/errors.ts
var CapabilityDeniedError = class extends Error {
  /** The capability that was needed, e.g. `irc.send` or `metadata:nickname_color`. */
  capability;
  /** The plugin that asked. */
  plugin;
  /** Builds the error for the capability a plugin lacked. */
  constructor(capability, plugin, detail) {
    super(`Cannot use ${capability}: ${detail ?? "not granted to plugin"}, got ${JSON.stringify(plugin)}`);
    this.name = "CapabilityDeniedError";
    this.capability = capability;
    this.plugin = plugin;
  }
};
var ManifestError = class extends TypeError {
  /** The dotted path of the field at fault, e.g. `permissions.run`. */
  field;
  /** Why the field is refused. */
  reason;
  /** Builds the error for one field. */
  constructor(field2, reason, value) {
    super(`Cannot accept plugin manifest: ${field2} ${reason}, got ${describe(value)}`);
    this.name = "ManifestError";
    this.field = field2;
    this.reason = reason;
  }
};
var PluginLoadError = class extends Error {
  /** The plugin that failed to load. */
  plugin;
  /** Builds the error for a plugin and the reason it did not load. */
  constructor(plugin, reason, options) {
    super(`Cannot load plugin ${JSON.stringify(plugin)}: ${reason}`, options);
    this.name = "PluginLoadError";
    this.plugin = plugin;
  }
};
var PluginFileError = class extends Error {
  /** The plugin being installed. */
  plugin;
  /** The absolute path of the refused entry. */
  path;
  /** Why it is refused. */
  reason;
  /** Builds the error for one refused entry of a plugin folder. */
  constructor(plugin, path, reason) {
    super(`Cannot install plugin ${JSON.stringify(plugin)}: ${reason}, got ${JSON.stringify(path)}`);
    this.name = "PluginFileError";
    this.plugin = plugin;
    this.path = path;
    this.reason = reason;
  }
};
var PluginIdentityError = class extends Error {
  /** The name both sources claim. */
  plugin;
  /** The source being installed. */
  source;
  /** The source the installed plugin came from. */
  installedSource;
  /** Builds the error for a second source under an installed name. */
  constructor(plugin, source, installedSource) {
    const name = JSON.stringify(plugin);
    super(`Cannot install plugin ${name} from ${source}: ${name} is already installed from ${installedSource}; pass --replace to replace it`);
    this.name = "PluginIdentityError";
    this.plugin = plugin;
    this.source = source;
    this.installedSource = installedSource;
  }
};
var PluginIntegrityError = class extends PluginLoadError {
  /** The file of the copy at fault, relative to the copy. */
  path;
  /** Builds the error for one file of the copy that differs from the install. */
  constructor(plugin, path, reason) {
    super(plugin, `its pinned copy does not match its install (${path}: ${reason}); install it again`);
    this.name = "PluginIntegrityError";
    this.path = path;
  }
};
function describe(value) {
  if (value === void 0) return "undefined";
  try {
    const text2 = JSON.stringify(value);
    return text2.length > 80 ? `${text2.slice(0, 77)}...` : text2;
  } catch {
    return String(value);
  }
}
var PluginRegistryError = class extends Error {
  /** The `jsr:` specifier concerned. */
  specifier;
  /** Builds the error for a specifier, the reason and the value at fault. */
  constructor(specifier, reason, got) {
    super(`Cannot install plugin ${specifier}: ${reason}, got ${describe(got)}`);
    this.name = "PluginRegistryError";
    this.specifier = specifier;
  }
};

// plugins/manifest.ts
var WORKER_MODE_GAPS = Object.freeze([
  "it shares the client's process: an allocation past the heap limit kills the whole client",
  "no memory limit covers its ArrayBuffers and other external memory",
  "Deno.chdir and Deno.env.set act on the client's own process, within its grant",
  "only Deno.stdin is emptied: other ways to the client's terminal are not closed",
  "its Cache API and localStorage are the client's, shared with other Worker plugins",
  "its messages are counted, but not their bytes",
  "its messages are copied into the client's main thread unchecked: a large or deeply nested one can hold the client for seconds"
]);
var MAX_CHANGELOG_CHARS = 500;
var EVENT_TYPES = {
  "connection.established": true,
  "connection.lost": true,
  "message.received": true,
  "message.sent": true,
  "message.reacted": true,
  "message.redacted": true,
  "user.joined": true,
  "user.parted": true,
  "user.quit": true,
  "user.kicked": true,
  "user.nick": true,
  "user.meta": true,
  "user.typing": true,
  "channel.topic": true,
  "channel.mode": true,
  "channels.changed": true,
  "channel.names.complete": true,
  "server.motd": true,
  "server.reply": true,
  "sasl.started": true,
  "sasl.success": true,
  "sasl.failed": true,
  "sasl.aborted": true,
  "whois.received": true,
  "error": true,
  "metadata.updated": true,
  "plugin.lifecycle": true,
  "ui.pane.focused": true,
  "ui.pane.blurred": true,
  "buffer.read": true
};
var FIELDS = /* @__PURE__ */ new Set([
  "name",
  "version",
  "description",
  "entry",
  "events",
  "permissions",
  "capabilities",
  "reasons",
  "isolation",
  "changelog"
]);
var PERMISSION_KINDS = /* @__PURE__ */ new Set([
  "net",
  "read",
  "write",
  "env"
]);
var REFUSED = {
  run: "is refused: plugins may not start subprocesses",
  ffi: "is refused: plugins may not load native libraries",
  sys: "is refused: plugins may not read system information"
};
var NAME = /^[a-z][a-z0-9-]{0,63}$/;
var VERSION2 = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
var NET = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;
var ENV = /^[A-Za-z_][A-Za-z0-9_]*$/;
var CAPABILITY = /^(irc\.send(:[1-9]\d*(:[^\s,]+)?)?|metadata:[a-z][a-z0-9_.-]*|storage|commands)$/;
function parseManifest(input) {
  const raw = object2(input, "(manifest)");
  for (const key of Object.keys(raw)) {
    if (!FIELDS.has(key)) throw new ManifestError(key, "is not a known field", raw[key]);
  }
  const name = string(raw.name, "name");
  if (!NAME.test(name)) {
    throw new ManifestError("name", "must match [a-z][a-z0-9-]* (at most 64 characters)", name);
  }
  const version = string(raw.version, "version");
  if (!VERSION2.test(version)) {
    throw new ManifestError("version", "must be a semantic version like 1.2.3", version);
  }
  const description = string(raw.description, "description");
  if (description.length > 300) {
    throw new ManifestError("description", "must be at most 300 characters", description);
  }
  const entry = relativePath(string(raw.entry, "entry"), "entry");
  if (!/\.(ts|js|mjs|mts)$/.test(entry)) {
    throw new ManifestError("entry", "must be a .ts, .mts, .js or .mjs module", entry);
  }
  const events = stringList(raw.events, "events").map((type, i) => {
    if (type !== "*" && !Object.hasOwn(EVENT_TYPES, type)) {
      throw new ManifestError(`events[${i}]`, "is not a known event type", type);
    }
    return type;
  });
  unique2(events, "events");
  const permissionsRaw = object2(raw.permissions, "permissions");
  const permissions = {};
  for (const [kind, value] of Object.entries(permissionsRaw)) {
    const field2 = `permissions.${kind}`;
    if (Object.hasOwn(REFUSED, kind)) throw new ManifestError(field2, REFUSED[kind], value);
    if (!PERMISSION_KINDS.has(kind)) {
      throw new ManifestError(field2, "is not a permission (use net, read, write or env)", value);
    }
    const list2 = stringList(value, field2);
    if (list2.length === 0) continue;
    list2.forEach((item, i) => {
      const at2 = `${field2}[${i}]`;
      if (kind === "net" && !NET.test(item)) {
        throw new ManifestError(at2, "must be a host or host:port", item);
      }
      if (kind === "env" && !ENV.test(item)) {
        throw new ManifestError(at2, "must be an environment variable name", item);
      }
      if (kind === "read" || kind === "write") relativePath(item, at2);
    });
    unique2(list2, field2);
    permissions[kind] = list2;
  }
  const capabilities = stringList(raw.capabilities, "capabilities");
  capabilities.forEach((capability, i) => {
    if (!CAPABILITY.test(capability)) {
      throw new ManifestError(`capabilities[${i}]`, "is not a capability (irc.send[:network[:target]], metadata:<type>, storage, commands)", capability);
    }
  });
  unique2(capabilities, "capabilities");
  const reasonsRaw = object2(raw.reasons, "reasons");
  const needed = [
    ...Object.keys(permissions),
    ...capabilities,
    ...events.includes("*") ? [
      "events:*"
    ] : []
  ];
  const reasons = {};
  for (const key of needed) {
    const reason = reasonsRaw[key];
    if (typeof reason !== "string" || reason.trim() === "") {
      throw new ManifestError(`reasons.${key}`, "must be one human sentence saying why it is needed", reason);
    }
    reasons[key] = reason;
  }
  for (const key of Object.keys(reasonsRaw)) {
    if (!needed.includes(key)) {
      throw new ManifestError(`reasons.${key}`, "explains nothing the manifest asks for", key);
    }
  }
  const manifest = {
    name,
    version,
    description,
    entry,
    events,
    permissions,
    capabilities,
    reasons
  };
  if (raw.isolation !== void 0) {
    if (raw.isolation !== "worker" && raw.isolation !== "subprocess") {
      throw new ManifestError("isolation", 'must be "worker" or "subprocess"', raw.isolation);
    }
    manifest.isolation = raw.isolation;
  }
  if (raw.changelog !== void 0) manifest.changelog = changelogUrl(raw.changelog);
  return manifest;
}
function changelogUrl(value) {
  const text2 = string(value, "changelog");
  let url;
  try {
    url = text2.length <= MAX_CHANGELOG_CHARS ? new URL(text2) : void 0;
  } catch {
    url = void 0;
  }
  if (!url || url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ManifestError("changelog", `must be an http(s) URL of at most ${MAX_CHANGELOG_CHARS} characters`, text2);
  }
  return url.href;
}
async function readManifest(folder) {
  const path = `${folder.replace(/\/+$/, "")}/plugin.json`;
  let text2;
  try {
    text2 = await Deno.readTextFile(path);
  } catch (error) {
    throw new ManifestError("(file)", `cannot be read at ${path}`, error.message);
  }
  let json;
  try {
    json = JSON.parse(text2);
  } catch (error) {
    throw new ManifestError("(file)", "is not valid JSON", error.message);
  }
  return parseManifest(json);
}
function object2(value, field2) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ManifestError(field2, "must be an object", value);
  }
  return value;
}
function string(value, field2) {
  if (typeof value !== "string" || value.trim() === "") {
    throw new ManifestError(field2, "must be a non-empty string", value);
  }
  return value;
}
function stringList(value, field2) {
  if (!Array.isArray(value)) throw new ManifestError(field2, "must be an array of strings", value);
  return value.map((item, i) => string(item, `${field2}[${i}]`));
}
function unique2(list2, field2) {
  const seen = /* @__PURE__ */ new Set();
  for (const item of list2) {
    if (seen.has(item)) throw new ManifestError(field2, "must not repeat an entry", item);
    seen.add(item);
  }
}
function relativePath(path, field2) {
  if (path.startsWith("/") || path.startsWith("\\") || /^[A-Za-z]:/.test(path)) {
    throw new ManifestError(field2, "must be a relative path", path);
  }
  if (path.split(/[\\/]/).some((part2) => part2 === "..")) {
    throw new ManifestError(field2, "must not leave its folder with ..", path);
  }
  if (path.includes("\0")) throw new ManifestError(field2, "must not contain NUL", path);
  return path;
}

// plugins/grant.ts
function grantAll(manifest) {
  return structuredClone({
    events: manifest.events,
    permissions: manifest.permissions,
    capabilities: manifest.capabilities
  });
}
function missingConsent(manifest, grant) {
  const missing = [];
  for (const type of manifest.events) {
    if (!grant.events.includes(type)) missing.push(`event:${type}`);
  }
  for (const capability of manifest.capabilities) {
    if (!grant.capabilities.includes(capability)) missing.push(`capability:${capability}`);
  }
  for (const [kind, list2] of Object.entries(manifest.permissions)) {
    const granted = grant.permissions[kind] ?? [];
    for (const item of list2) if (!granted.includes(item)) missing.push(`${kind}:${item}`);
  }
  return missing;
}
function effectiveGrant(manifest, grant) {
  const permissions = {};
  for (const [kind, list2] of Object.entries(manifest.permissions)) {
    const granted = grant.permissions[kind] ?? [];
    const both = list2.filter((item) => granted.includes(item));
    if (both.length > 0) permissions[kind] = both;
  }
  return {
    events: manifest.events.filter((type) => grant.events.includes(type)),
    permissions,
    capabilities: manifest.capabilities.filter((c) => grant.capabilities.includes(c)),
    ...grant.scope ? {
      scope: structuredClone(grant.scope)
    } : {},
    ...grant.diskQuotaMb !== void 0 ? {
      diskQuotaMb: grant.diskQuotaMb
    } : {}
  };
}
function allowsIrcSend(capabilities, networkId2, target) {
  for (const capability of capabilities) {
    if (capability === "irc.send") return true;
    if (!capability.startsWith("irc.send:")) continue;
    const [network, ...rest] = capability.slice("irc.send:".length).split(":");
    if (Number(network) !== networkId2) continue;
    if (rest.length === 0) return true;
    if (rest.join(":").toLowerCase() === target.toLowerCase()) return true;
  }
  return false;
}

// plugins/scope.ts
init_mod2();
import { errorMessage as errorMessage3 } from "../common/mod.ts";
var ScopeError = class extends TypeError {
  /** The part of the scope at fault, e.g. `networks[1]` or `channels[0].channel`. */
  field;
  /** Builds the error for one part of a scope. */
  constructor(field2, reason, value) {
    let shown;
    try {
      shown = JSON.stringify(value) ?? String(value);
    } catch {
      shown = String(value);
    }
    super(`Cannot accept grant scope: ${field2} ${reason}, got ${shown.slice(0, 80)}`);
    this.name = "ScopeError";
    this.field = field2;
  }
};
var MAX_PLACES = 1e3;
var CHANNEL3 = /^[#&+!][^\s,:\x00-\x1f\x7f]{1,199}$/;
var SCOPE_KEYS = /* @__PURE__ */ new Set([
  "networks",
  "channels",
  "privateMessages"
]);
function parseScope(input) {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new ScopeError("scope", "must be an object", input);
  }
  const record2 = {
    ...input
  };
  for (const key of Object.keys(record2)) {
    if (!SCOPE_KEYS.has(key)) throw new ScopeError(key, "is not a scope field", record2[key]);
  }
  const scope = {};
  const { networks, channels, privateMessages } = record2;
  if (networks !== void 0) {
    if (!Array.isArray(networks) || networks.length > MAX_PLACES) {
      throw new ScopeError("networks", `must be an array of at most ${MAX_PLACES} ids`, networks);
    }
    scope.networks = [
      ...new Set(networks.map((id, i) => networkId(id, `networks[${i}]`)))
    ];
  }
  if (channels !== void 0) {
    if (!Array.isArray(channels) || channels.length > MAX_PLACES) {
      throw new ScopeError("channels", `must be an array of at most ${MAX_PLACES} channels`, channels);
    }
    const places = /* @__PURE__ */ new Map();
    channels.forEach((place, i) => {
      if (typeof place !== "object" || place === null || Array.isArray(place)) {
        throw new ScopeError(`channels[${i}]`, "must be { networkId, channel }", place);
      }
      const fields = {
        ...place
      };
      const extra = Object.keys(fields).find((k) => k !== "networkId" && k !== "channel");
      if (extra) throw new ScopeError(`channels[${i}].${extra}`, "is not a field", fields[extra]);
      const id = networkId(fields.networkId, `channels[${i}].networkId`);
      const channel = channelName(fields.channel, `channels[${i}].channel`);
      const key = `${id} ${casefold(channel)}`;
      if (!places.has(key)) places.set(key, {
        networkId: id,
        channel
      });
    });
    scope.channels = [
      ...places.values()
    ];
  }
  if (privateMessages !== void 0) {
    if (typeof privateMessages !== "boolean") {
      throw new ScopeError("privateMessages", "must be true or false", privateMessages);
    }
    scope.privateMessages = privateMessages;
  }
  return scope;
}
function describeScope(scope) {
  if (scope !== void 0) {
    try {
      parseScope(scope);
    } catch (error) {
      return `invalid scope, nothing runs: ${errorMessage3(error)}`;
    }
  }
  const privateMessages = `private messages: ${scope?.privateMessages ? "shared" : "not shared"}`;
  if (!isLimited(scope)) {
    return `events and actions: every network and channel; ${privateMessages}`;
  }
  const places = [
    ...(scope?.networks ?? []).map((id) => `network ${id}`),
    ...(scope?.channels ?? []).map((p) => `network ${p.networkId} ${p.channel}`)
  ];
  return `events and actions limited to: ${places.join(", ") || "nowhere"}; ${privateMessages}`;
}
var ScopeCheck = class {
  #limited;
  #privateMessages;
  #networks = /* @__PURE__ */ new Set();
  #touched = /* @__PURE__ */ new Set();
  /** Folded channel names by network. */
  #channels = /* @__PURE__ */ new Map();
  /** Compiles `scope` (absent: everywhere, no private messages). */
  constructor(scope) {
    this.#limited = isLimited(scope);
    this.#privateMessages = scope?.privateMessages ?? false;
    for (const id of scope?.networks ?? []) {
      this.#networks.add(id);
      this.#touched.add(id);
    }
    for (const place of scope?.channels ?? []) {
      this.#touched.add(place.networkId);
      const names2 = this.#channels.get(place.networkId) ?? /* @__PURE__ */ new Set();
      this.#channels.set(place.networkId, names2.add(casefold(place.channel)));
    }
  }
  /** True when nothing is filtered: every place, and private messages shared. */
  get open() {
    return !this.#limited && this.#privateMessages;
  }
  /**
   * What the plugin may see of `event`: the event itself, a narrowed copy, or `undefined`
   * when it is outside the scope.
   */
  view(event) {
    switch (event.type) {
      case "message.received":
      case "message.sent":
      case "message.reacted":
      case "message.redacted":
      case "user.typing":
        return this.#at(event.data.networkId, event.data.channel, event.data.channel === "") ? event : void 0;
      case "user.joined":
      case "user.parted":
      case "user.kicked":
      case "channel.topic":
      case "channel.mode":
      case "channel.names.complete":
        return this.#at(event.data.networkId, event.data.channel, false) ? event : void 0;
      case "ui.pane.focused":
      case "ui.pane.blurred": {
        const { networkId: networkId2, type, name } = event.data;
        const inScope = type === "server" ? this.network(networkId2) : this.#at(networkId2, type === "channel" ? name : "", type === "query");
        return inScope ? event : void 0;
      }
      case "buffer.read": {
        const { networkId: networkId2, buffer } = event.data;
        const isChannel = CHANNEL3.test(buffer);
        return this.#at(networkId2, isChannel ? buffer : "", !isChannel) ? event : void 0;
      }
      case "channels.changed": {
        if (!this.network(event.data.networkId)) return void 0;
        if (!this.#limited || this.#networks.has(event.data.networkId)) return event;
        const channels = event.data.channels.filter((c) => this.channel(event.data.networkId, c));
        return {
          ...event,
          data: {
            ...event.data,
            channels
          }
        };
      }
      case "metadata.updated": {
        if (!this.#limited) return event;
        const seen = (u) => u.network_id === void 0 || this.metadata(u) === void 0;
        if (!("updates" in event.data)) return seen(event.data) ? event : void 0;
        const updates = event.data.updates.filter(seen);
        if (updates.length === event.data.updates.length) return event;
        return updates.length > 0 ? {
          ...event,
          data: {
            updates
          }
        } : void 0;
      }
      case "plugin.lifecycle":
        return event;
      case "server.reply": {
        const { networkId: networkId2, target } = event.data;
        if (target === void 0) return this.network(networkId2) ? event : void 0;
        const isChannel = CHANNEL3.test(target);
        return this.#at(networkId2, isChannel ? target : "", !isChannel) ? event : void 0;
      }
      case "error":
        return event.data.networkId === void 0 || this.network(event.data.networkId) ? event : void 0;
      default:
        return this.network(event.data.networkId) ? event : void 0;
    }
  }
  /** Whether the network is in scope, whole or by one of its channels. */
  network(networkId2) {
    return !this.#limited || this.#touched.has(networkId2);
  }
  /** Whether the channel is in scope (its whole network or itself). */
  channel(networkId2, channel) {
    if (!this.#limited || this.#networks.has(networkId2)) return true;
    const names2 = this.#channels.get(networkId2);
    return names2 !== void 0 && (names2.has(channel) || names2.has(casefold(channel)));
  }
  /**
   * Why sending to `target` (a channel, or a nick for a private message) is outside the
   * scope, or `undefined` when it is in scope.
   */
  send(networkId2, target) {
    if (!CHANNEL3.test(target)) {
      if (!this.#privateMessages) return `private messages are not shared with this plugin`;
      return this.network(networkId2) ? void 0 : `network ${networkId2} is outside the grant's scope`;
    }
    return this.channel(networkId2, target) ? void 0 : `${target} on network ${networkId2} is outside the grant's scope`;
  }
  /** Why a metadata update is outside the scope, or `undefined` when it is in scope. */
  metadata(update) {
    if (!this.#limited) return void 0;
    const { network_id: networkId2, channel } = update;
    if (typeof networkId2 !== "number") {
      return "metadata without a network_id is outside a scope limited to places";
    }
    if (typeof channel === "string") {
      return this.channel(networkId2, channel) ? void 0 : `${channel} on network ${networkId2} is outside the grant's scope`;
    }
    return this.network(networkId2) ? void 0 : `network ${networkId2} is outside the grant's scope`;
  }
  #at(networkId2, channel, isPrivate) {
    if (isPrivate) return this.#privateMessages && this.network(networkId2);
    return this.channel(networkId2, channel);
  }
};
function isLimited(scope) {
  return scope?.networks !== void 0 || scope?.channels !== void 0;
}
function networkId(value, field2) {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new ScopeError(field2, "must be a network id (a positive integer)", value);
  }
  return value;
}
function channelName(value, field2) {
  if (typeof value !== "string" || !CHANNEL3.test(value)) {
    throw new ScopeError(field2, "must be a channel name: #, &, + or ! then no space, comma, colon or control character", value);
  }
  return value;
}

// plugins/host.ts
init_mod();
import { resolve as resolve2 } from "node:path";
init_mod2();

// plugins/_audit_log.ts
var AUDIT_RATE_PER_MINUTE = 120;
var AUDIT_MAX_ROWS = 5e3;
var PRUNE_EVERY_MS2 = 60 * 60 * 1e3;
var MINUTE_MS = 60 * 1e3;
var AUDIT_LIMIT_ATTEMPT = "audit limit";
var AuditLog = class {
  #db;
  #now;
  #tallies = /* @__PURE__ */ new Map();
  #lastPrune = Number.NEGATIVE_INFINITY;
  // Prepared once: a flooding plugin's entries come through here at hundreds a second.
  #insertRow;
  #countRepeat;
  /** Expired rows go at once, and then hourly as entries are written. */
  constructor(db, now) {
    this.#db = db;
    this.#now = now;
    this.#insertRow = db.prepare("INSERT INTO plugin_audit (time, plugin, attempt, decision, detail) VALUES (?, ?, ?, ?, ?)");
    this.#countRepeat = db.prepare(`UPDATE plugin_audit SET repeats = repeats + 1, last_time = ?
       WHERE id = ? AND id = (SELECT MAX(id) FROM plugin_audit WHERE plugin = ?)`);
    this.#prune(now());
  }
  /**
   * Records what a plugin did (a denied attempt, a capability call, a malformed message):
   * rolled up into its last row when it repeats it, counted on an "audit limit" row when over
   * the plugin's rate or total.
   */
  write(plugin, attempt, decision, detail) {
    const now = this.#now();
    this.#prune(now);
    const tally = this.#tally(plugin, now);
    const entry = clip({
      attempt,
      decision,
      detail
    });
    if (this.#rollUp(plugin, tally, keyOf(entry), now)) return;
    const over = tally.rows >= AUDIT_MAX_ROWS ? `over ${AUDIT_MAX_ROWS} entries kept: counted here, not recorded, until old ones expire` : tally.written >= AUDIT_RATE_PER_MINUTE ? `over ${AUDIT_RATE_PER_MINUTE} entries a minute: counted here, not recorded` : void 0;
    if (over === void 0) {
      tally.written++;
      return this.#insert(plugin, tally, entry, now);
    }
    const limit = {
      attempt: AUDIT_LIMIT_ATTEMPT,
      decision: "denied",
      detail: over
    };
    if (!this.#rollUp(plugin, tally, keyOf(limit), now)) this.#insert(plugin, tally, limit, now);
  }
  /** Records a step of the host's own (load, crash, restart, a user's disable): as it comes. */
  writeLifecycle(plugin, attempt, decision, detail) {
    const now = this.#now();
    this.#prune(now);
    const tally = this.#tally(plugin, now);
    this.#insert(plugin, tally, clip({
      attempt,
      decision,
      detail
    }), now);
    tally.last = void 0;
  }
  /** The log oldest first; with `last`, only the newest `last` entries. */
  read(plugin, last = -1) {
    const rows = plugin === void 0 ? this.#db.prepare("SELECT * FROM plugin_audit ORDER BY id DESC LIMIT ?").all(last) : this.#db.prepare("SELECT * FROM plugin_audit WHERE plugin = ? ORDER BY id DESC LIMIT ?").all(plugin, last);
    return rows.map(fromRow).reverse();
  }
  /** The newest `last` entries of each plugin, oldest first: no plugin's flood hides another's. */
  readPerPlugin(last) {
    const rows = this.#db.prepare(`SELECT * FROM (
         SELECT *, ROW_NUMBER() OVER (PARTITION BY plugin ORDER BY id DESC) AS newest
         FROM plugin_audit
       ) WHERE newest <= ? ORDER BY id`).all(last);
    return rows.map(fromRow);
  }
  #tally(plugin, now) {
    let tally = this.#tallies.get(plugin);
    if (!tally) {
      const newest = this.#db.prepare("SELECT * FROM plugin_audit WHERE plugin = ? ORDER BY id DESC LIMIT 1").get(plugin);
      const { n } = this.#db.prepare("SELECT COUNT(*) AS n FROM plugin_audit WHERE plugin = ?").get(plugin);
      tally = {
        last: newest ? {
          id: newest.id,
          key: keyOf(newest)
        } : void 0,
        rows: n,
        minuteStart: now,
        written: 0
      };
      this.#tallies.set(plugin, tally);
    }
    if (now - tally.minuteStart >= MINUTE_MS) {
      tally.minuteStart = now;
      tally.written = 0;
    }
    return tally;
  }
  /** Counts a repeat on the plugin's newest row, if it is still the newest and the same. */
  #rollUp(plugin, tally, key, now) {
    if (tally.last?.key !== key) return false;
    const result = this.#countRepeat.run(new Date(now).toISOString(), tally.last.id, plugin);
    return Number(result.changes) > 0;
  }
  #insert(plugin, tally, entry, now) {
    const result = this.#insertRow.run(new Date(now).toISOString(), plugin, entry.attempt, entry.decision, entry.detail);
    tally.rows++;
    tally.last = {
      id: Number(result.lastInsertRowid),
      key: keyOf(entry)
    };
  }
  #prune(now) {
    if (now - this.#lastPrune < PRUNE_EVERY_MS2) return;
    this.#lastPrune = now;
    const result = this.#db.prepare(`DELETE FROM plugin_audit WHERE COALESCE(last_time, time) < ? AND ${auditExpiredSql("")}`).run(new Date(now - AUDIT_RETENTION_MS).toISOString());
    if (Number(result.changes) > 0) this.#tallies.clear();
  }
};
function clip(entry) {
  return {
    ...entry,
    attempt: entry.attempt.slice(0, 2e3),
    detail: entry.detail.slice(0, 4e3)
  };
}
function keyOf(entry) {
  return JSON.stringify([
    entry.attempt,
    entry.decision,
    entry.detail
  ]);
}
function fromRow(row) {
  return {
    id: row.id,
    time: row.time,
    plugin: row.plugin,
    attempt: row.attempt,
    decision: row.decision,
    detail: row.detail,
    repeats: row.repeats,
    lastTime: row.last_time
  };
}

// plugins/_store.ts
var PluginStore = class {
  #db;
  #audit;
  constructor(db, now) {
    this.#db = db;
    migrate(db, "plugins", PLUGIN_MIGRATIONS);
    this.#audit = new AuditLog(db, now);
  }
  get(name) {
    const row = this.#db.prepare("SELECT * FROM plugins WHERE name = ?").get(name);
    return row ? fromRow2(row) : void 0;
  }
  all() {
    const rows = this.#db.prepare("SELECT * FROM plugins ORDER BY name").all();
    return rows.map(fromRow2);
  }
  put(plugin) {
    this.#db.prepare(`INSERT INTO plugins (name, path, code_path, dev, manifest, grant_json, isolation, enabled,
         disabled_reason, installed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(name) DO UPDATE SET path = excluded.path, code_path = excluded.code_path,
         dev = excluded.dev, manifest = excluded.manifest,
         grant_json = excluded.grant_json, isolation = excluded.isolation,
         enabled = excluded.enabled, disabled_reason = excluded.disabled_reason,
         installed_at = excluded.installed_at`).run(plugin.name, plugin.path, plugin.codePath, plugin.dev ? 1 : 0, JSON.stringify(plugin.manifest), JSON.stringify(plugin.grant), plugin.isolation, plugin.enabled ? 1 : 0, plugin.disabledReason, plugin.installedAt);
  }
  /**
   * Records an install in one transaction: the plugin, the sha256 of each file of its copy
   * (replacing the old list), and with `freshStorage` its storage emptied.
   */
  install(plugin, files, freshStorage) {
    this.#db.exec("BEGIN IMMEDIATE");
    try {
      this.put(plugin);
      this.#db.prepare("DELETE FROM plugin_files WHERE plugin = ?").run(plugin.name);
      const insert = this.#db.prepare("INSERT INTO plugin_files (plugin, path, sha256) VALUES (?, ?, ?)");
      for (const [path, sha2562] of Object.entries(files)) insert.run(plugin.name, path, sha2562);
      if (freshStorage) {
        this.#db.prepare("DELETE FROM plugin_storage WHERE plugin = ?").run(plugin.name);
      }
      this.#db.exec("COMMIT");
    } catch (error) {
      this.#db.exec("ROLLBACK");
      throw error;
    }
  }
  /** The sha256 of each file of a plugin's pinned copy, by path inside the copy. */
  files(plugin) {
    const rows = this.#db.prepare("SELECT path, sha256 FROM plugin_files WHERE plugin = ? ORDER BY path").all(plugin);
    return Object.fromEntries(rows.map((row) => [
      row.path,
      row.sha256
    ]));
  }
  setEnabled(name, enabled, reason) {
    this.#db.prepare("UPDATE plugins SET enabled = ?, disabled_reason = ? WHERE name = ?").run(enabled ? 1 : 0, reason, name);
  }
  /**
   * Audits what a plugin did, within its audit volume (see `_audit_log.ts`): repeats are
   * rolled up, and entries over its rate or total are counted rather than written.
   */
  audit(plugin, attempt, decision, detail = "") {
    this.#audit.write(plugin, attempt, decision, detail);
  }
  /** Audits a lifecycle step the host paces itself (load, crash, a user's disable): exactly. */
  auditLifecycle(plugin, attempt, decision, detail = "") {
    this.#audit.writeLifecycle(plugin, attempt, decision, detail);
  }
  /** The log oldest first; with `last`, only the newest `last` entries. */
  auditLog(plugin, last = -1) {
    return this.#audit.read(plugin, last);
  }
  /** The newest `last` entries of each plugin, oldest first. */
  auditPerPlugin(last) {
    return this.#audit.readPerPlugin(last);
  }
  /** Crash records of a plugin, newest last: their times in ms. */
  crashTimes(plugin) {
    const rows = this.#db.prepare("SELECT time FROM plugin_audit WHERE plugin = ? AND attempt = 'crash' ORDER BY id").all(plugin);
    return rows.map((row) => Date.parse(row.time));
  }
  /** Its last crash or disabling, from the audit: when, what, and why. */
  lastStop(plugin) {
    const row = this.#db.prepare("SELECT time, attempt, detail FROM plugin_audit WHERE plugin = ? AND attempt IN ('crash', 'disable') ORDER BY id DESC LIMIT 1").get(plugin);
    return row ? {
      time: row.time,
      attempt: row.attempt,
      reason: row.detail ?? ""
    } : null;
  }
  /** When the plugin was last re-enabled (ms), or 0. */
  lastEnabled(plugin) {
    const row = this.#db.prepare("SELECT time FROM plugin_audit WHERE plugin = ? AND attempt = 'enable' AND decision = 'allowed' ORDER BY id DESC LIMIT 1").get(plugin);
    return row ? Date.parse(row.time) : 0;
  }
  /** Events dropped from a plugin's full mailbox, as recorded with each overflow notice. */
  overflowCount(plugin) {
    const rows = this.#db.prepare("SELECT detail, repeats FROM plugin_audit WHERE plugin = ? AND attempt = 'mailbox overflow'").all(plugin);
    return rows.reduce((sum, row) => sum + (parseInt(row.detail, 10) || 0) * (1 + row.repeats), 0);
  }
  deniedCount(plugin) {
    const row = this.#db.prepare("SELECT SUM(1 + repeats) AS n FROM plugin_audit WHERE plugin = ? AND decision = 'denied'").get(plugin);
    return row.n ?? 0;
  }
  /** Bytes `plugin`'s storage entries take: keys and values, as stored. */
  storageBytes(plugin) {
    const row = this.#db.prepare("SELECT COALESCE(SUM(length(CAST(key AS BLOB)) + length(CAST(value AS BLOB))), 0) AS n FROM plugin_storage WHERE plugin = ?").get(plugin);
    return Number(row?.n ?? 0);
  }
  storageGet(plugin, key) {
    const row = this.#db.prepare("SELECT value FROM plugin_storage WHERE plugin = ? AND key = ?").get(plugin, key);
    return row === void 0 ? void 0 : JSON.parse(row.value);
  }
  /** Stores `json`, the value already serialized (and size-checked) by the caller. */
  storageSet(plugin, key, json) {
    this.#db.prepare("INSERT INTO plugin_storage (plugin, key, value) VALUES (?, ?, ?) ON CONFLICT(plugin, key) DO UPDATE SET value = excluded.value").run(plugin, key, json);
  }
  storageDelete(plugin, key) {
    const result = this.#db.prepare("DELETE FROM plugin_storage WHERE plugin = ? AND key = ?").run(plugin, key);
    return Number(result.changes) > 0;
  }
  storageList(plugin, prefix) {
    const rows = this.#db.prepare("SELECT key FROM plugin_storage WHERE plugin = ? AND substr(key, 1, ?) = ? ORDER BY key").all(plugin, prefix.length, prefix);
    return rows.map((row) => row.key);
  }
};
function fromRow2(row) {
  return {
    name: row.name,
    path: row.path,
    codePath: row.code_path,
    dev: row.dev === 1,
    manifest: JSON.parse(row.manifest),
    grant: JSON.parse(row.grant_json),
    isolation: row.isolation,
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    installedAt: row.installed_at
  };
}

// plugins/_activity.ts
var MAX_VALUE_CHARS = 512;
var MAX_VALUES_PER_HOUR = 2e3;
var ACTIVITY_RETENTION_MS = 30 * 24 * 3600 * 1e3;
var OTHER_VALUES = "(other values)";
var HOUR_MS = 3600 * 1e3;
var BY_VALUE_AFTER_MS = 48 * HOUR_MS;
var FLUSH_MS = 1e3;
var ActivityLedger = class {
  #db;
  #now;
  #pending = /* @__PURE__ */ new Map();
  /** Distinct values seen per plugin and hour, to hold the bound. */
  #distinct = /* @__PURE__ */ new Map();
  #timer;
  #prunedHour = -1;
  constructor(db, now) {
    this.#db = db;
    this.#now = now;
    migrate(db, "plugin_activity", ACTIVITY_MIGRATIONS);
  }
  /** Counts one decision of `plugin`'s broker. */
  record(plugin, check, decision) {
    const value = check.value === null ? "*" : check.value;
    this.#count(plugin, check.permission, value, decision.allow ? "allowed" : "denied", 0);
  }
  /** Counts one capability call of `plugin`, run or refused by the host. */
  recordCall(plugin, use) {
    const given = use.bytes ?? 0;
    const bytes = Number.isSafeInteger(given) && given > 0 ? given : 0;
    this.#count(plugin, use.kind, use.value, use.allowed ? "allowed" : "denied", bytes);
  }
  #count(plugin, permission, checked, verdict, bytes) {
    const time = this.#now();
    const hour = time - time % HOUR_MS;
    let value = checked;
    if (value.length > MAX_VALUE_CHARS) value = `${value.slice(0, MAX_VALUE_CHARS)}...`;
    let key = `${plugin}\0${hour}\0${permission}\0${value}\0${verdict}`;
    let entry = this.#pending.get(key);
    if (!entry) {
      const bucket = `${plugin}\0${hour}`;
      const seen = this.#distinct.get(bucket) ?? 0;
      if (seen >= MAX_VALUES_PER_HOUR) {
        value = OTHER_VALUES;
        key = `${plugin}\0${hour}\0${permission}\0${value}\0${verdict}`;
        entry = this.#pending.get(key);
      } else {
        this.#distinct.set(bucket, seen + 1);
      }
    }
    if (entry) {
      entry.count++;
      entry.bytes += bytes;
      entry.last = time;
    } else {
      const kind = permission.slice(0, 16);
      this.#pending.set(key, {
        plugin,
        hour,
        kind,
        value,
        decision: verdict,
        count: 1,
        bytes,
        first: time,
        last: time
      });
    }
    this.#timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }
  /** Writes what was counted since the last flush, and drops hours past the retention. */
  flush() {
    clearTimeout(this.#timer);
    this.#timer = void 0;
    if (this.#pending.size === 0) return;
    const upsert = this.#db.prepare(`INSERT INTO plugin_activity
         (plugin, hour, kind, value, decision, count, bytes, first_at, last_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (plugin, hour, kind, value, decision) DO UPDATE SET
         count = count + excluded.count, bytes = bytes + excluded.bytes,
         last_at = excluded.last_at`);
    this.#db.exec("BEGIN");
    try {
      for (const e of this.#pending.values()) {
        upsert.run(e.plugin, e.hour, e.kind, e.value, e.decision, e.count, e.bytes, e.first, e.last);
      }
      const hour = this.#now() - this.#now() % HOUR_MS;
      if (hour !== this.#prunedHour) {
        this.#prunedHour = hour;
        this.#db.prepare("DELETE FROM plugin_activity WHERE hour < ?").run(hour - ACTIVITY_RETENTION_MS);
        for (const bucket of this.#distinct.keys()) {
          if (!bucket.endsWith(`\0${hour}`)) this.#distinct.delete(bucket);
        }
      }
      this.#db.exec("COMMIT");
    } catch (error) {
      this.#db.exec("ROLLBACK");
      throw error;
    }
    this.#pending.clear();
  }
  /**
   * `plugin`'s ledger between `since` and `until` (ms since the epoch, by whole hours), one
   * entry per kind, value and decision, most frequent first; narrowed by kind, decision and
   * text when the filter says so, and to the `limit` most frequent.
   */
  entries(plugin, filter, limit = -1) {
    const { from, where, params } = this.#where(plugin, filter);
    const rows = this.#db.prepare(`SELECT kind, value, decision, SUM(count) AS count, SUM(bytes) AS bytes,
              MIN(first_at) AS first_at, MAX(last_at) AS last_at
       FROM ${from} WHERE ${where}
       GROUP BY kind, value, decision ORDER BY count DESC, kind, value LIMIT ?`).all(...params, limit);
    return rows.map((row) => ({
      kind: String(row.kind),
      value: String(row.value),
      decision: row.decision === "allowed" ? "allowed" : "denied",
      count: Number(row.count),
      bytes: Number(row.bytes),
      firstAt: Number(row.first_at),
      lastAt: Number(row.last_at)
    }));
  }
  /**
   * `plugin`'s ledger summed per kind and decision over the same filter as
   * {@linkcode ActivityLedger.prototype.entries}: every entry counts, however many there are.
   */
  totals(plugin, filter) {
    const { from, where, params } = this.#where(plugin, filter);
    const rows = this.#db.prepare(`SELECT kind, decision, SUM(count) AS count, COUNT(*) AS "values", SUM(bytes) AS bytes
       FROM (SELECT kind, value, decision, SUM(count) AS count, SUM(bytes) AS bytes
             FROM ${from} WHERE ${where} GROUP BY kind, value, decision)
       GROUP BY kind, decision ORDER BY decision, kind`).all(...params);
    return rows.map((row) => ({
      kind: String(row.kind),
      decision: row.decision === "allowed" ? "allowed" : "denied",
      count: Number(row.count),
      values: Number(row.values),
      bytes: Number(row.bytes)
    }));
  }
  /** The kinds `plugin`'s ledger holds in the window, for the page's kind filter. */
  kinds(plugin, window) {
    const { from, where, params } = this.#where(plugin, window);
    return this.#db.prepare(`SELECT DISTINCT kind FROM ${from} WHERE ${where} ORDER BY kind`).all(...params).map((row) => String(row.kind));
  }
  #where(plugin, filter) {
    this.flush();
    const since = filter.since - filter.since % HOUR_MS;
    const until = filter.until ?? Number.MAX_SAFE_INTEGER;
    const long = Math.min(until, this.#now()) - since > BY_VALUE_AFTER_MS;
    const from = long ? "plugin_activity INDEXED BY plugin_activity_by_value" : "plugin_activity";
    let where = "plugin = ? AND hour >= ? AND hour <= ?";
    const params = [
      plugin,
      since,
      until
    ];
    if (filter.kind !== void 0) {
      where += " AND kind = ?";
      params.push(filter.kind);
    }
    if (filter.decision !== void 0) {
      where += " AND decision = ?";
      params.push(filter.decision);
    }
    if (filter.text !== void 0 && filter.text !== "") {
      where += " AND instr(lower(value), lower(?)) > 0";
      params.push(filter.text);
    }
    return {
      from,
      where,
      params
    };
  }
  /** Forgets `plugin`'s ledger (it was replaced or removed). */
  forget(plugin) {
    this.flush();
    this.#db.prepare("DELETE FROM plugin_activity WHERE plugin = ?").run(plugin);
  }
  [Symbol.dispose]() {
    this.flush();
  }
};

// plugins/_grant_item.ts
var PERMISSION_KINDS2 = [
  "net",
  "read",
  "write",
  "env"
];
var MAX_ITEM = 600;
function parseGrantItem(text2) {
  const colon = text2.indexOf(":");
  const kind = colon < 0 ? "" : text2.slice(0, colon);
  const value = text2.slice(colon + 1);
  if (colon < 0 || value === "" || text2.length > MAX_ITEM) {
    throw new RangeError(`Cannot read the permission: expected kind:value (event, capability, net, read, write or env), got ${JSON.stringify(text2.slice(0, 80))}`);
  }
  if (kind === "event" || kind === "capability") return {
    kind,
    value
  };
  const permission = PERMISSION_KINDS2.find((k) => k === kind);
  if (!permission) {
    throw new RangeError(`Cannot read the permission: its kind must be event, capability, net, read, write or env, got ${JSON.stringify(kind.slice(0, 40))}`);
  }
  return {
    kind: permission,
    value
  };
}
function grantItems(grant) {
  return [
    ...grant.events.map((type) => `event:${type}`),
    ...grant.capabilities.map((capability) => `capability:${capability}`),
    ...PERMISSION_KINDS2.flatMap((kind) => (grant.permissions[kind] ?? []).map((v) => `${kind}:${v}`))
  ];
}
function withoutItem(grant, item) {
  switch (item.kind) {
    case "event":
      return {
        ...grant,
        events: grant.events.filter((type) => type !== item.value)
      };
    case "capability":
      return {
        ...grant,
        capabilities: grant.capabilities.filter((c) => c !== item.value)
      };
    default: {
      const permissions = {
        ...grant.permissions
      };
      const left = (permissions[item.kind] ?? []).filter((v) => v !== item.value);
      if (left.length > 0) permissions[item.kind] = left;
      else delete permissions[item.kind];
      return {
        ...grant,
        permissions
      };
    }
  }
}
function withItem(grant, item, manifest) {
  const stripped = withoutItem(grant, item);
  switch (item.kind) {
    case "event": {
      const type = manifest.events.find((t) => t === item.value);
      return type === void 0 ? grant : {
        ...stripped,
        events: [
          ...stripped.events,
          type
        ]
      };
    }
    case "capability":
      return {
        ...stripped,
        capabilities: [
          ...stripped.capabilities,
          item.value
        ]
      };
    default:
      return {
        ...stripped,
        permissions: {
          ...stripped.permissions,
          [item.kind]: [
            ...stripped.permissions[item.kind] ?? [],
            item.value
          ]
        }
      };
  }
}

// plugins/_containment.ts
import { join as join5 } from "node:path";

// plugins/_broker_thread.ts
import { MessagePort as NodeMessagePort, receiveMessageOnPort } from "node:worker_threads";

// plugins/_broker_thread_messages.ts
var ACKED = 0;
var MADE = 1;
var FLUSH_ASKED = 2;
var FLUSHED = 3;
var SHARED_COUNTERS = 4;
function field(value, key) {
  const found2 = Object.hasOwn(value, key) ? Reflect.get(value, key) : void 0;
  return found2;
}
function isInt(value) {
  return typeof value === "number" && Number.isSafeInteger(value);
}
function isStrings(value) {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}
function isTextOrNull(value) {
  return typeof value === "string" || value === null;
}
function isColumns(value) {
  if (typeof value !== "object" || value === null) return false;
  const brokers = field(value, "brokers");
  const permissions = field(value, "permissions");
  const values = field(value, "values");
  const reasons = field(value, "reasons");
  return Array.isArray(brokers) && brokers.every(isInt) && isStrings(permissions) && Array.isArray(values) && values.every(isTextOrNull) && Array.isArray(reasons) && reasons.every(isTextOrNull) && permissions.length === brokers.length && values.length === brokers.length && reasons.length === brokers.length;
}
function fromBrokerThread(data) {
  if (typeof data !== "object" || data === null) return null;
  const kind = field(data, "kind");
  const id = field(data, "id");
  switch (kind) {
    case "decisions": {
      const decisions = field(data, "decisions");
      return isColumns(decisions) ? {
        kind,
        decisions
      } : null;
    }
    case "accepted": {
      const fd = field(data, "fd");
      return isInt(id) && isInt(fd) ? {
        kind,
        id,
        fd
      } : null;
    }
    case "ended": {
      const why = field(data, "why");
      return isInt(id) && typeof why === "string" ? {
        kind,
        id,
        why
      } : null;
    }
    case "closed":
      return isInt(id) ? {
        kind,
        id
      } : null;
    case "failed": {
      const message = field(data, "message");
      return typeof message === "string" ? {
        kind,
        message
      } : null;
    }
    case "stopped":
      return {
        kind
      };
    default:
      return null;
  }
}

// plugins/_unix_ffi.ts
var SYMBOLS = {
  socket: {
    parameters: [
      "i32",
      "i32",
      "i32"
    ],
    result: "i32"
  },
  bind: {
    parameters: [
      "i32",
      "buffer",
      "u32"
    ],
    result: "i32"
  },
  listen: {
    parameters: [
      "i32",
      "i32"
    ],
    result: "i32"
  },
  accept4: {
    parameters: [
      "i32",
      "pointer",
      "pointer",
      "i32"
    ],
    result: "i32"
  },
  recv: {
    parameters: [
      "i32",
      "buffer",
      "usize",
      "i32"
    ],
    result: "isize"
  },
  send: {
    parameters: [
      "i32",
      "buffer",
      "usize",
      "i32"
    ],
    result: "isize"
  },
  read: {
    parameters: [
      "i32",
      "buffer",
      "usize"
    ],
    result: "isize"
  },
  write: {
    parameters: [
      "i32",
      "buffer",
      "usize"
    ],
    result: "isize"
  },
  close: {
    parameters: [
      "i32"
    ],
    result: "i32"
  },
  unlink: {
    parameters: [
      "buffer"
    ],
    result: "i32"
  },
  eventfd: {
    parameters: [
      "u32",
      "i32"
    ],
    result: "i32"
  },
  epoll_create1: {
    parameters: [
      "i32"
    ],
    result: "i32"
  },
  epoll_ctl: {
    parameters: [
      "i32",
      "i32",
      "i32",
      "buffer"
    ],
    result: "i32"
  },
  epoll_wait: {
    parameters: [
      "i32",
      "buffer",
      "i32",
      "i32"
    ],
    result: "i32"
  },
  __errno_location: {
    parameters: [],
    result: "pointer"
  }
};
var AF_UNIX = 1;
var SOCK_STREAM = 1;
var SOCK_NONBLOCK = 2048;
var SOCK_CLOEXEC = 524288;
var EFD_NONBLOCK = 2048;
var EFD_CLOEXEC = 524288;
var MSG_DONTWAIT = 64;
var MSG_NOSIGNAL = 16384;
var SUN_PATH_BYTES = 108;
var EPOLL_CLOEXEC = 524288;
var EPOLL_CTL_ADD = 1;
var EPOLL_CTL_DEL = 2;
var EPOLL_CTL_MOD = 3;
var EPOLL_EVENT_BYTES = Deno.build.arch === "x86_64" ? 12 : 16;
var EPOLL_DATA_OFFSET = Deno.build.arch === "x86_64" ? 4 : 8;
var EINTR = 4;
var EAGAIN = 11;
var POLLERR_HUP_NVAL = 8 | 16 | 32;
var LibcError = class extends Error {
  /** The errno value. */
  errno;
  constructor(call, errno) {
    super(`Cannot ${call}: errno ${errno}`);
    this.name = "LibcError";
    this.errno = errno;
  }
};
var Libc = class {
  #s;
  #encoder = new TextEncoder();
  constructor(symbols) {
    this.#s = symbols;
  }
  /** The errno the last failed call on this thread left. */
  errno() {
    const where = this.#s.__errno_location();
    return where === null ? 0 : new Deno.UnsafePointerView(where).getInt32();
  }
  /** A listening, close-on-exec Unix stream socket bound at `path`. */
  listenUnix(path) {
    const address = new Uint8Array(2 + SUN_PATH_BYTES);
    new DataView(address.buffer).setUint16(0, AF_UNIX, true);
    const name = this.#encoder.encode(path);
    if (name.length >= SUN_PATH_BYTES || name.includes(0)) {
      throw new RangeError(`Cannot listen on a Unix socket: its path takes ${name.length} bytes, over ${SUN_PATH_BYTES - 1}`);
    }
    address.set(name, 2);
    const fd = this.#s.socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) throw new LibcError("create a Unix socket", this.errno());
    if (this.#s.bind(fd, address, address.length) !== 0 || this.#s.listen(fd, 4) !== 0) {
      const errno = this.errno();
      this.#s.close(fd);
      throw new LibcError(`listen on ${JSON.stringify(path)}`, errno);
    }
    return fd;
  }
  /** The next connection on a listening socket, non-blocking; `null` when none is waiting. */
  accept(fd) {
    const conn = this.#s.accept4(fd, null, null, SOCK_NONBLOCK | SOCK_CLOEXEC);
    return conn >= 0 ? conn : null;
  }
  /** Reads what is there without blocking. */
  recv(fd, into) {
    const n = Number(this.#s.recv(fd, into, BigInt(into.length), MSG_DONTWAIT));
    if (n > 0) return n;
    if (n === 0) return "gone";
    const errno = this.errno();
    return errno === EAGAIN || errno === EINTR ? "again" : "gone";
  }
  /** Writes what the socket takes now, without blocking and without SIGPIPE. */
  send(fd, bytes) {
    const n = Number(this.#s.send(fd, bytes, BigInt(bytes.length), MSG_DONTWAIT | MSG_NOSIGNAL));
    if (n >= 0) return n;
    const errno = this.errno();
    return errno === EAGAIN || errno === EINTR ? "again" : "gone";
  }
  /** A non-blocking, close-on-exec eventfd, to wake a thread that waits in {@linkcode poll}. */
  eventfd() {
    const fd = this.#s.eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (fd < 0) throw new LibcError("create an eventfd", this.errno());
    return fd;
  }
  /** Adds one to an eventfd's counter, waking whoever polls it. */
  signal(fd) {
    const one = new BigUint64Array([
      1n
    ]);
    this.#s.write(fd, new Uint8Array(one.buffer), 8n);
  }
  /** Reads and resets an eventfd's counter: how many signals came since the last drain. */
  drain(fd) {
    const count = new BigUint64Array(1);
    const n = Number(this.#s.read(fd, new Uint8Array(count.buffer), 8n));
    return n === 8 ? Number(count[0]) : 0;
  }
  /**
   * A new epoll set's descriptor, close-on-exec: descriptors stay registered in it from one
   * wait to the next, where `poll()` registers and unregisters each of them on every call.
   */
  epollCreate() {
    const fd = this.#s.epoll_create1(EPOLL_CLOEXEC);
    if (fd < 0) throw new LibcError("create an epoll set", this.errno());
    return fd;
  }
  /** Watches and waits through the epoll set `fd` (from {@linkcode Libc.epollCreate}). */
  epoll(fd) {
    return new EpollSet(this.#s, fd, this);
  }
  /** Closes a descriptor. */
  close(fd) {
    this.#s.close(fd);
  }
  /** Removes a path, whether or not it is there. */
  unlink(path) {
    this.#s.unlink(this.#encoder.encode(`${path}\0`));
  }
};
var EpollSet = class {
  #s;
  #fd;
  #libc;
  /** The events each watched descriptor is watched for. */
  #watched = /* @__PURE__ */ new Map();
  #event = new Uint8Array(EPOLL_EVENT_BYTES);
  #eventView = new DataView(this.#event.buffer);
  #ready = new Uint8Array(EPOLL_EVENT_BYTES * 64);
  #readyView = new DataView(this.#ready.buffer);
  constructor(symbols, fd, libc) {
    this.#s = symbols;
    this.#fd = fd;
    this.#libc = libc;
  }
  /** Watches `fd` for `events` (0: only for errors and hang-ups), added or changed. */
  watch(fd, events) {
    const was = this.#watched.get(fd);
    if (was === events) return;
    this.#eventView.setUint32(0, events, true);
    this.#eventView.setUint32(EPOLL_DATA_OFFSET, fd, true);
    const op = was === void 0 ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
    if (this.#s.epoll_ctl(this.#fd, op, fd, this.#event) !== 0) {
      throw new LibcError(`watch descriptor ${fd}`, this.#libc.errno());
    }
    this.#watched.set(fd, events);
  }
  /** Stops watching `fd`, if it was. */
  remove(fd) {
    if (!this.#watched.delete(fd)) return;
    this.#s.epoll_ctl(this.#fd, EPOLL_CTL_DEL, fd, this.#event);
  }
  /** Waits until a watched descriptor is ready or `timeoutMs` passes; how many are (0: none). */
  wait(timeoutMs) {
    const ready = this.#s.epoll_wait(this.#fd, this.#ready, 64, timeoutMs);
    if (ready >= 0) return ready;
    const errno = this.#libc.errno();
    if (errno === EINTR) return 0;
    throw new LibcError("wait on an epoll set", errno);
  }
  /** The descriptor of the `i`-th ready one of the last wait. */
  fdAt(i) {
    return this.#readyView.getInt32(i * EPOLL_EVENT_BYTES + EPOLL_DATA_OFFSET, true);
  }
  /** What the `i`-th ready descriptor of the last wait is ready for. */
  eventsAt(i) {
    return this.#readyView.getUint32(i * EPOLL_EVENT_BYTES, true);
  }
};
var opened;
function openLibc() {
  opened ??= tryOpen();
  return opened;
}
function tryOpen() {
  if (Deno.build.os !== "linux") {
    return {
      ok: false,
      reason: `no FFI broker thread on ${Deno.build.os}`
    };
  }
  if (Deno.permissions.querySync({
    name: "ffi"
  }).state !== "granted") {
    return {
      ok: false,
      reason: "the host runs without --allow-ffi"
    };
  }
  const names2 = [
    "libc.so.6",
    "libc.so"
  ];
  const failures = [];
  for (const name of names2) {
    try {
      return {
        ok: true,
        libc: new Libc(Deno.dlopen(name, SYMBOLS).symbols)
      };
    } catch (error) {
      failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return {
    ok: false,
    reason: `cannot open libc (${failures.join("; ")})`
  };
}

// plugins/_broker_thread.ts
var ALLOW = {
  allow: true
};
var SETTLE_WAIT_MS = 100;
var BrokerThread = class _BrokerThread {
  #libc;
  #worker;
  #controlFd;
  #flushFd;
  /** The thread's epoll set, made and closed here so that a thread that died leaks nothing. */
  #epollFd;
  #sharedBuffer = new SharedArrayBuffer(SHARED_COUNTERS * 4);
  #shared = new Int32Array(this.#sharedBuffer);
  /** Every message of the thread comes through it, so they can also be read synchronously. */
  #port;
  /** Decisions handled here, to compare with those the thread made ({@linkcode MADE}). */
  #delivered = 0;
  #servings = /* @__PURE__ */ new Map();
  #nextId = 1;
  #stopped = Promise.withResolvers();
  #dead = false;
  constructor(libc) {
    this.#libc = libc;
    this.#controlFd = libc.eventfd();
    this.#flushFd = libc.eventfd();
    this.#epollFd = libc.epollCreate();
    this.#worker = new Worker(new URL("./_broker_thread_main.ts", new URL("../plugins/_broker_thread.ts", import.meta.url).href), {
      type: "module",
      name: "permission broker"
    });
    const channel = new MessageChannel();
    const port = channel.port1;
    if (!(port instanceof NodeMessagePort)) throw new TypeError("MessagePort is not Node's");
    this.#port = port;
    this.#port.onmessage = (event) => this.#receive(event.data);
    this.#worker.onmessage = (event) => this.#receive(event.data);
    this.#worker.onerror = (event) => {
      event.preventDefault();
      this.#die(`its broker's thread failed: ${event.message}`);
    };
    const start = {
      kind: "start",
      controlFd: this.#controlFd,
      flushFd: this.#flushFd,
      epollFd: this.#epollFd,
      shared: this.#sharedBuffer,
      port: channel.port2
    };
    this.#worker.postMessage(start, [
      channel.port2
    ]);
  }
  static #current;
  static #holds = 0;
  /**
   * Keeps the thread, once a broker started it, running between brokers until released (the
   * plugin host holds it while it is open). Starts nothing by itself.
   */
  static hold() {
    _BrokerThread.#holds++;
    let released = false;
    return {
      async [Symbol.asyncDispose]() {
        if (released) return;
        released = true;
        _BrokerThread.#holds--;
        const current = _BrokerThread.#current;
        if (_BrokerThread.#holds === 0 && current && current.#servings.size === 0) {
          await current.#stop();
        }
      }
    };
  }
  /**
   * Brings every decision the thread has made so far to its listeners now, waiting for them
   * (a few µs; at most {@linkcode SETTLE_WAIT_MS} ms, should the thread not answer). Costs one
   * shared counter's read when none is outstanding. Called before the host handles what a
   * plugin sent, a decision made before it is then always recorded before it.
   */
  static settle() {
    const current = _BrokerThread.#current;
    if (current) current.#settle();
  }
  #settle() {
    if (this.#dead || this.#flushFd < 0) return;
    if (Atomics.load(this.#shared, MADE) === this.#delivered) return;
    const asked = Atomics.add(this.#shared, FLUSH_ASKED, 1) + 1 | 0;
    this.#libc.signal(this.#flushFd);
    const deadline = performance.now() + SETTLE_WAIT_MS;
    for (; ; ) {
      const flushed = Atomics.load(this.#shared, FLUSHED);
      if ((flushed - asked | 0) >= 0) break;
      const left = deadline - performance.now();
      if (left <= 0 || Atomics.wait(this.#shared, FLUSHED, flushed, left) === "timed-out") break;
    }
    for (; ; ) {
      const message = receiveMessageOnPort(this.#port);
      if (message === void 0 || this.#dead) return;
      this.#receive(message.message);
    }
  }
  /**
   * Listens at `path` for one plugin's process and has the thread (started now if none runs)
   * answer it by `policy`, telling `onDecision` of each decision and `onEnd` once, with why,
   * when the conversation ends (not when it is closed before the plugin connected). Or says
   * why this process cannot run the thread. Throws, starting nothing, if it cannot listen.
   */
  static serve(path, policy, onDecision, onEnd) {
    const libc = openLibc();
    if (!libc.ok) return libc;
    libc.libc.unlink(path);
    const fd = libc.libc.listenUnix(path);
    _BrokerThread.#current ??= new _BrokerThread(libc.libc);
    return {
      ok: true,
      serving: _BrokerThread.#current.#serve(fd, path, policy, onDecision, onEnd)
    };
  }
  #serve(fd, path, policy, onDecision, onEnd) {
    const id = this.#nextId++;
    const serving = {
      path,
      listenFd: fd,
      connFd: -1,
      onDecision,
      onEnd,
      ended: false,
      closed: Promise.withResolvers()
    };
    this.#servings.set(id, serving);
    this.#send({
      kind: "open",
      id,
      fd,
      path,
      grant: policy.grant
    });
    return {
      close: () => this.#close(id)
    };
  }
  async #close(id) {
    const serving = this.#servings.get(id);
    if (!serving) return;
    this.#send({
      kind: "close",
      id
    });
    await serving.closed.promise;
    this.#servings.delete(id);
    this.#libc.unlink(serving.path);
    if (this.#servings.size === 0 && _BrokerThread.#holds === 0) await this.#stop();
  }
  async #stop() {
    if (_BrokerThread.#current === this) _BrokerThread.#current = void 0;
    this.#send({
      kind: "stop"
    });
    await this.#stopped.promise;
    this.#worker.terminate();
    this.#closeControl();
  }
  #closeControl() {
    if (this.#controlFd < 0) return;
    this.#port.close();
    this.#libc.close(this.#controlFd);
    this.#libc.close(this.#flushFd);
    this.#libc.close(this.#epollFd);
    this.#controlFd = this.#flushFd = this.#epollFd = -1;
  }
  /** Posts a control message and wakes the thread to read it (a dead thread reads nothing). */
  #send(message) {
    if (this.#dead || this.#controlFd < 0) return;
    this.#worker.postMessage(message);
    this.#libc.signal(this.#controlFd);
  }
  #receive(data) {
    const message = fromBrokerThread(data);
    if (message === null) {
      this.#die("its broker's thread sent a message it does not know");
      return;
    }
    this.#handle(message);
  }
  #handle(message) {
    switch (message.kind) {
      case "decisions": {
        const { brokers, permissions, values, reasons } = message.decisions;
        for (let i = 0; i < brokers.length; i++) {
          const serving = this.#servings.get(brokers[i]);
          if (!serving) continue;
          const reason = reasons[i];
          try {
            serving.onDecision({
              permission: permissions[i],
              value: values[i]
            }, reason === null ? ALLOW : {
              allow: false,
              reason
            });
          } catch (error) {
            console.error(`Cannot record a permission decision for ${serving.path}:`, error);
          }
        }
        this.#delivered = this.#delivered + brokers.length | 0;
        Atomics.add(this.#shared, ACKED, 1);
        return;
      }
      case "accepted": {
        const serving = this.#servings.get(message.id);
        if (serving) {
          serving.listenFd = -1;
          serving.connFd = message.fd;
        }
        return;
      }
      case "ended": {
        const serving = this.#servings.get(message.id);
        if (serving) {
          serving.connFd = -1;
          this.#ended(serving, message.why);
        }
        return;
      }
      case "closed":
        this.#servings.get(message.id)?.closed.resolve();
        return;
      case "failed":
        this.#die(`its broker's thread failed: ${message.message}`);
        return;
      case "stopped":
        this.#stopped.resolve();
        return;
    }
  }
  #ended(serving, why) {
    if (serving.ended) return;
    serving.ended = true;
    serving.onEnd(why);
  }
  /**
   * The thread is gone: every socket it served is closed from here (the plugins then exit 87
   * at their next check), each conversation told why, and waits on it released.
   */
  #die(why) {
    if (this.#dead) return;
    this.#dead = true;
    if (_BrokerThread.#current === this) _BrokerThread.#current = void 0;
    if (this.#controlFd >= 0) this.#libc.signal(this.#controlFd);
    this.#worker.terminate();
    for (const serving of this.#servings.values()) {
      if (serving.connFd >= 0) this.#libc.close(serving.connFd);
      if (serving.listenFd >= 0) this.#libc.close(serving.listenFd);
      serving.connFd = serving.listenFd = -1;
      this.#ended(serving, why);
      serving.closed.resolve();
    }
    this.#stopped.resolve();
    this.#closeControl();
  }
};

// plugins/_broker_line.ts
var PERMISSIONS = [
  "read",
  "write",
  "net",
  "env",
  "sys",
  "run",
  "ffi",
  "import"
];
var encoder = new TextEncoder();
var PERMISSION_BYTES = PERMISSIONS.map((name) => encoder.encode(name));
var V = encoder.encode('{"v":');
var PID = encoder.encode(',"pid":');
var ID3 = encoder.encode(',"id":');
var DATETIME = encoder.encode(',"datetime":"');
var PERMISSION2 = encoder.encode('","permission":"');
var VALUE = encoder.encode('","value":');
var NULL_END = encoder.encode("null}");
var ALLOW_START = encoder.encode('{"id":');
var ALLOW_END = encoder.encode(',"result":"allow"}\n');
var QUOTE = 34;
var BACKSLASH = 92;
var CLOSE_BRACE = 125;
var ZERO = 48;
var MAX_ID_DIGITS = 15;
var RequestLine = class {
  /** The id's digits, `bytes[idStart..idEnd)`, copied as they are into the answer. */
  idStart = 0;
  /** The end of the id's digits. */
  idEnd = 0;
  /** The permission asked about. */
  permission = "";
  /** The value asked about; `null` for all of them. */
  value = null;
  /** The last value read, as bytes and as a string: a plugin asks about the same one often. */
  #lastValueBytes = new Uint8Array(0);
  #lastValue = "";
  #decoder = new TextDecoder();
  /** Reads `bytes[start..end)`, a line without its newline; `false` if it has another shape. */
  read(bytes, start, end) {
    let at2 = expect(bytes, start, end, V);
    at2 = digits(bytes, at2, end);
    at2 = expect(bytes, at2, end, PID);
    at2 = digits(bytes, at2, end);
    at2 = expect(bytes, at2, end, ID3);
    const idStart = at2;
    at2 = digits(bytes, at2, end);
    if (at2 < 0 || at2 - idStart > MAX_ID_DIGITS) return false;
    const idEnd = at2;
    at2 = expect(bytes, at2, end, DATETIME);
    at2 = plain(bytes, at2, end);
    at2 = expect(bytes, at2, end, PERMISSION2);
    const permissionStart = at2;
    at2 = plain(bytes, at2, end);
    if (at2 < 0) return false;
    const permission = known(bytes, permissionStart, at2);
    if (permission === null) return false;
    at2 = expect(bytes, at2, end, VALUE);
    if (at2 < 0) return false;
    let value;
    if (bytes[at2] === QUOTE) {
      const valueStart = at2 + 1;
      at2 = plain(bytes, valueStart, end);
      if (at2 < 0 || at2 + 2 !== end || bytes[at2] !== QUOTE || bytes[at2 + 1] !== CLOSE_BRACE) {
        return false;
      }
      value = this.#valueOf(bytes.subarray(valueStart, at2));
    } else {
      if (expect(bytes, at2, end, NULL_END) !== end) return false;
      value = null;
    }
    this.idStart = idStart;
    this.idEnd = idEnd;
    this.permission = permission;
    this.value = value;
    return true;
  }
  /** The id as a number, read again from the line's `bytes` (only its bounds are kept). */
  id(bytes) {
    let id = 0;
    for (let i = this.idStart; i < this.idEnd; i++) id = id * 10 + bytes[i] - ZERO;
    return id;
  }
  #valueOf(bytes) {
    const last = this.#lastValueBytes;
    if (bytes.length === last.length) {
      let same = true;
      for (let i = 0; i < bytes.length && same; i++) same = bytes[i] === last[i];
      if (same) return this.#lastValue;
    }
    this.#lastValueBytes = bytes.slice();
    this.#lastValue = this.#decoder.decode(bytes);
    return this.#lastValue;
  }
};
function expect(bytes, at2, end, literal) {
  if (at2 < 0 || at2 + literal.length > end) return -1;
  for (let i = 0; i < literal.length; i++) if (bytes[at2 + i] !== literal[i]) return -1;
  return at2 + literal.length;
}
function digits(bytes, at2, end) {
  if (at2 < 0) return -1;
  const start = at2;
  while (at2 < end && bytes[at2] >= ZERO && bytes[at2] <= ZERO + 9) at2++;
  if (at2 === start || bytes[start] === ZERO && at2 - start > 1) return -1;
  return at2;
}
function plain(bytes, at2, end) {
  if (at2 < 0) return -1;
  for (; at2 < end; at2++) {
    const byte = bytes[at2];
    if (byte === QUOTE) return at2;
    if (byte < 32 || byte > 126 || byte === BACKSLASH) return -1;
  }
  return -1;
}
function known(bytes, start, end) {
  for (let p = 0; p < PERMISSIONS.length; p++) {
    const name = PERMISSION_BYTES[p];
    if (name.length !== end - start) continue;
    let same = true;
    for (let i = 0; i < name.length && same; i++) same = bytes[start + i] === name[i];
    if (same) return PERMISSIONS[p];
  }
  return null;
}
var AnswerBytes = class {
  #buffer = new Uint8Array(4096);
  #length = 0;
  /** What was written since the last clear. */
  bytes() {
    return this.#buffer.subarray(0, this.#length);
  }
  /** Starts again, for the next chunk. */
  clear() {
    this.#length = 0;
  }
  /** `{"id":<digits>,"result":"allow"}\n`, the digits copied from `bytes[start..end)`. */
  allow(bytes, start, end) {
    this.#room(ALLOW_START.length + (end - start) + ALLOW_END.length);
    const buffer = this.#buffer;
    buffer.set(ALLOW_START, this.#length);
    this.#length += ALLOW_START.length;
    for (let i = start; i < end; i++) buffer[this.#length++] = bytes[i];
    buffer.set(ALLOW_END, this.#length);
    this.#length += ALLOW_END.length;
  }
  /** Any answer line, encoded. */
  text(line) {
    this.#room(line.length * 3);
    this.#length += encoder.encodeInto(line, this.#buffer.subarray(this.#length)).written;
  }
  #room(bytes) {
    if (this.#length + bytes <= this.#buffer.length) return;
    const grown = new Uint8Array(Math.max(this.#buffer.length * 2, this.#length + bytes));
    grown.set(this.#buffer.subarray(0, this.#length));
    this.#buffer = grown;
  }
};

// plugins/_permission_policy.ts
var sep = Deno.build.os === "windows" ? "\\" : "/";
var ALLOW2 = {
  allow: true
};
var PermissionPolicy = class {
  #grant;
  constructor(grant) {
    this.#grant = grant;
  }
  /** The grant it decides by (the broker's thread gets a copy). */
  get grant() {
    return this.#grant;
  }
  /** The decision for one check. */
  decide(check) {
    const { permission } = check;
    switch (permission) {
      case "read":
      case "write":
        return decideAmong(check, this.#grant[permission], underPath);
      case "net":
      case "import":
        return decideAmong(check, this.#grant[permission], sameHost);
      case "env":
        return decideAmong(check, this.#grant.env, (name, entry) => name === entry);
      default:
        return {
          allow: false,
          reason: `${refusal(check)}: plugins never get it`
        };
    }
  }
};
function decideAmong(check, entries, covers) {
  const value = check.value;
  if (value !== null && entries.some((entry) => covers(value, entry))) return ALLOW2;
  return {
    allow: false,
    reason: refusal(check)
  };
}
function refusal({ permission, value }) {
  const what = value === null ? `all ${permission} access` : `${permission} access to "${value}"`;
  return `Requires ${what}, which is not granted to this plugin`;
}
function underPath(path, entry) {
  return path === entry || path.startsWith(entry.endsWith(sep) ? entry : entry + sep);
}
function sameHost(value, entry) {
  if (value === entry) return true;
  const colon = value.lastIndexOf(":");
  return colon > 0 && !value.endsWith("]") && value.slice(0, colon) === entry;
}
var MAX_CHECK_BYTES = 16 * 1024;
var BrokerProtocolError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "BrokerProtocolError";
  }
};
var NEWLINE = 10;
var CheckLines = class {
  #policy;
  #onDecision;
  #decoder = new TextDecoder();
  #line = new RequestLine();
  #answers = new AnswerBytes();
  /** The start of a line the last chunk did not finish; empty when it finished them all. */
  #pending = NOTHING;
  constructor(policy, onDecision) {
    this.#policy = policy;
    this.#onDecision = onDecision;
  }
  /**
   * Takes the next bytes read; returns the answers to every line they complete (empty for
   * none), as bytes that stay valid until the next call.
   */
  push(bytes) {
    let chunk = bytes;
    if (this.#pending.length > 0) {
      chunk = new Uint8Array(this.#pending.length + bytes.length);
      chunk.set(this.#pending);
      chunk.set(bytes, this.#pending.length);
    }
    this.#answers.clear();
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end >= 0; end = chunk.indexOf(NEWLINE, start)) {
      this.#answer(chunk, start, end);
      start = end + 1;
    }
    this.#pending = start === chunk.length ? NOTHING : chunk.slice(start);
    if (this.#pending.length > MAX_CHECK_BYTES) {
      throw new BrokerProtocolError(`sent a permission check over ${MAX_CHECK_BYTES} bytes to its broker`);
    }
    return this.#answers.bytes();
  }
  #answer(chunk, start, end) {
    const line = this.#line;
    if (line.read(chunk, start, end)) {
      const check = {
        permission: line.permission,
        value: line.value
      };
      const decision2 = this.#policy.decide(check);
      this.#onDecision(check, decision2);
      if (decision2.allow) this.#answers.allow(chunk, line.idStart, line.idEnd);
      else this.#answers.text(answerLine(line.id(chunk), decision2));
      return;
    }
    const request = parseCheck(this.#decoder.decode(chunk.subarray(start, end)));
    const decision = this.#policy.decide(request.check);
    this.#onDecision(request.check, decision);
    this.#answers.text(answerLine(request.id, decision));
  }
};
var NOTHING = new Uint8Array(0);
function answerLine(id, decision) {
  return JSON.stringify(decision.allow ? {
    id,
    result: "allow"
  } : {
    id,
    result: "deny",
    reason: decision.reason
  }) + "\n";
}
function parseCheck(line) {
  let value;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BrokerProtocolError(`sent its broker a line that is not JSON: ${preview2(line)}`);
  }
  if (typeof value !== "object" || value === null) {
    throw new BrokerProtocolError(`sent its broker a check that is not an object: ${preview2(line)}`);
  }
  const id = "id" in value ? value.id : void 0;
  const permission = "permission" in value ? value.permission : void 0;
  const what = "value" in value ? value.value : void 0;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || typeof permission !== "string" || typeof what !== "string" && what !== null) {
    throw new BrokerProtocolError(`sent its broker a check without id, permission and value: ${preview2(line)}`);
  }
  return {
    id,
    check: {
      permission,
      value: what
    }
  };
}
function preview2(line) {
  return JSON.stringify(line.length > 200 ? `${line.slice(0, 200)}...` : line);
}

// plugins/_broker.ts
function holdBrokerThread() {
  return BrokerThread.hold();
}
function settleBrokerDecisions() {
  BrokerThread.settle();
}
var PermissionBroker = class _PermissionBroker {
  /** The socket's path, for `DENO_PERMISSION_BROKER_PATH`. */
  path;
  #servedBy = "event loop";
  #serving = {
    close: () => Promise.resolve()
  };
  #onClose = () => {
  };
  #closedWhy;
  constructor(path) {
    this.path = path;
  }
  /**
   * Listens on `path` (removed first if a stale socket is there): on the broker's thread where
   * this process can run one, else on the event loop.
   */
  static async listen(path, policy, onDecision, options = {}) {
    const broker = new _PermissionBroker(path);
    const onEnd = (why) => {
      broker.#closedWhy = why;
      broker.#onClose(why);
    };
    const threaded = options.thread === false ? void 0 : BrokerThread.serve(path, policy, onDecision, onEnd);
    if (threaded?.ok) {
      broker.#servedBy = "thread";
      broker.#serving = threaded.serving;
      return broker;
    }
    await Deno.remove(path).catch(() => {
    });
    const listener = Deno.listen({
      transport: "unix",
      path
    });
    broker.#serving = serveOnEventLoop(listener, policy, onDecision, onEnd);
    return broker;
  }
  /** Where its checks are answered. */
  get servedBy() {
    return this.#servedBy;
  }
  /** Called once when the plugin's connection ends or misbehaves, with why. */
  set onClose(fn) {
    this.#onClose = fn;
    if (this.#closedWhy !== void 0) fn(this.#closedWhy);
  }
  async [Symbol.asyncDispose]() {
    await this.#serving.close();
    await Deno.remove(this.path).catch(() => {
    });
  }
};
function serveOnEventLoop(listener, policy, onDecision, onEnd) {
  let conn;
  const serving = (async () => {
    try {
      conn = await listener.accept();
    } catch {
      return;
    }
    close(listener);
    let why = "closed its permission broker connection";
    try {
      await answerChecks(conn, new CheckLines(policy, onDecision));
    } catch (error) {
      why = error instanceof BrokerProtocolError ? error.message : why;
    }
    close(conn);
    onEnd(why);
  })();
  return {
    async close() {
      close(listener);
      if (conn) close(conn);
      await serving;
    }
  };
}
async function answerChecks(conn, lines) {
  const buffer = new Uint8Array(64 * 1024);
  for (; ; ) {
    const n = await conn.read(buffer);
    if (n === null) return;
    const answers = lines.push(buffer.subarray(0, n));
    if (answers.length > 0) await writeAll(conn, answers);
  }
}
async function writeAll(conn, bytes) {
  for (let offset = 0; offset < bytes.length; ) offset += await conn.write(bytes.subarray(offset));
}
function close(resource) {
  try {
    resource.close();
  } catch {
  }
}

// plugins/_cgroup.ts
import { join as join2 } from "node:path";

// plugins/_process_tree.ts
var PERIOD_MS = 100;
var TICK_MS = 10;
var ProcessTree = class {
  #root;
  #cycle;
  #resume;
  /** The tree's pids as last looked up, and when, for the memory reads. */
  #known;
  #knownAt = 0;
  constructor(root) {
    this.#root = root;
  }
  /** The pids of the root and all its living descendants. */
  async pids() {
    return [
      ...(await this.#stats()).keys()
    ];
  }
  /**
   * The resident memory of the whole tree in bytes. Inside the OS boundary the spawned process
   * is the boundary's, not Deno's: this sums Deno's with the (small) ones around it.
   */
  async residentBytes() {
    if (this.#known === void 0 || Date.now() - this.#knownAt > 1e3) {
      this.#known = await this.pids();
      this.#knownAt = Date.now();
    }
    let bytes = 0;
    for (const pid of this.#known) {
      const status = await Deno.readTextFile(`/proc/${pid}/status`).catch(() => "");
      bytes += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    }
    return bytes;
  }
  /** CPU ms used by the tree so far (its reaped members included). */
  async usageMs() {
    let ticks = 0;
    for (const stat of (await this.#stats()).values()) ticks += stat.ticks;
    return ticks * TICK_MS;
  }
  /** Ms the tree's living threads spent running or ready to run, from their schedstat. */
  async runnableMs() {
    let ns = 0;
    for (const pid of await this.pids()) {
      const tasks = await Array.fromAsync(Deno.readDir(`/proc/${pid}/task`)).catch(() => []);
      for (const task of tasks) ns += await schedstatNs(`/proc/${pid}/task/${task.name}/schedstat`);
    }
    return ns / 1e6;
  }
  /** Lets it run `cores` of each 100 ms period (at most one core's worth); `undefined` ends it. */
  async limitCpu(cores2) {
    this.#stopCycle();
    if (cores2 === void 0) return await this.#signal("SIGCONT");
    const runMs = Math.max(1, Math.min(PERIOD_MS, Math.round(cores2 * PERIOD_MS)));
    this.#cycle = setInterval(async () => {
      const pids = await this.pids().catch(() => []);
      signal(pids, "SIGCONT");
      this.#resume = setTimeout(() => signal(pids, "SIGSTOP"), runMs);
    }, PERIOD_MS);
    await this.#signal("SIGSTOP");
  }
  /** Stops every process in it where it stands. */
  async freeze() {
    this.#stopCycle();
    await this.#signal("SIGSTOP");
    await this.#signal("SIGSTOP");
  }
  /** Kills every process in it. */
  async kill() {
    this.#stopCycle();
    await this.#signal("SIGKILL");
  }
  /** Ends the duty cycle; the processes are their owner's to kill. */
  [Symbol.asyncDispose]() {
    this.#stopCycle();
    return Promise.resolve();
  }
  #stopCycle() {
    clearInterval(this.#cycle);
    clearTimeout(this.#resume);
    this.#cycle = void 0;
  }
  async #signal(name) {
    signal(await this.pids(), name);
  }
  /**
   * The stats of the root and its descendants, found from the root down through each task's
   * `children` file: a few reads, where a scan of all of `/proc` reads every process's.
   */
  async #stats() {
    const tree = /* @__PURE__ */ new Map();
    const queue = [
      this.#root
    ];
    for (let pid = queue.shift(); pid !== void 0; pid = queue.shift()) {
      if (tree.has(pid)) continue;
      const stat = await readStat(pid);
      if (!stat) continue;
      tree.set(pid, stat);
      const tasks = await Array.fromAsync(Deno.readDir(`/proc/${pid}/task`)).catch(() => []);
      for (const task of tasks) {
        const children = await Deno.readTextFile(`/proc/${pid}/task/${task.name}/children`).catch(() => "");
        for (const child of children.split(" ")) if (child !== "") queue.push(Number(child));
      }
    }
    return tree;
  }
};
async function schedstatNs(path) {
  const text2 = await Deno.readTextFile(path).catch(() => "");
  const [running = 0, waiting = 0] = text2.split(" ").map(Number);
  return running + waiting;
}
function signal(pids, name) {
  for (const pid of pids) {
    try {
      Deno.kill(pid, name);
    } catch {
    }
  }
}
async function readStat(pid) {
  const text2 = await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => void 0);
  if (text2 === void 0) return void 0;
  const fields = text2.slice(text2.lastIndexOf(")") + 2).split(" ");
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
  return {
    ppid: Number(fields[1]),
    ticks: utime + stime + cutime + cstime
  };
}

// plugins/_settle_all.ts
async function settleAll(steps) {
  for (const result of await Promise.allSettled(steps)) {
    if (result.status === "rejected") throw result.reason;
  }
}

// plugins/_cgroup.ts
var CONTROLLERS = [
  "cpu",
  "cpuacct",
  "pids",
  "freezer"
];
var PERIOD_US = 1e5;
var PluginCgroup = class {
  #dirs;
  /** Where its processes are listed, once per distinct hierarchy. */
  #procsFiles;
  /** Written with `0` by its first process, once per distinct hierarchy (see `_sandbox.ts`). */
  tasksFiles;
  constructor(dirs) {
    this.#dirs = dirs;
    const distinct = [
      ...new Set(Object.values(dirs))
    ];
    this.#procsFiles = distinct.map((dir) => join2(dir, "cgroup.procs"));
    this.tasksFiles = distinct.map((dir) => join2(dir, "tasks"));
  }
  /** CPU time used by all its tasks so far, living or gone, in ms. */
  async usageMs() {
    const ns = await Deno.readTextFile(join2(this.#dirs.cpuacct, "cpuacct.usage"));
    return Number(ns.trim()) / 1e6;
  }
  /** Caps it to `cores` CPUs (averaged over 100 ms periods); `undefined` lifts the cap. */
  async limitCpu(cores2) {
    const quota = cores2 === void 0 ? -1 : Math.max(1e3, Math.round(cores2 * PERIOD_US));
    await Deno.writeTextFile(join2(this.#dirs.cpu, "cpu.cfs_quota_us"), String(quota));
  }
  /** Ms its living threads spent running or ready to run, from their schedstat. */
  async runnableMs() {
    const tasks = await Deno.readTextFile(join2(this.#dirs.cpu, "tasks")).catch(() => "");
    let ns = 0;
    for (const tid of tasks.split("\n")) {
      if (tid !== "") ns += await schedstatNs(`/proc/${tid}/schedstat`);
    }
    return ns / 1e6;
  }
  /** The pids of every process in it (in any of its hierarchies: a join may stop halfway). */
  async pids() {
    const pids = /* @__PURE__ */ new Set();
    for (const file of this.#procsFiles) {
      const text2 = await Deno.readTextFile(file).catch(() => "");
      for (const line of text2.split("\n")) if (line !== "") pids.add(Number(line));
    }
    return [
      ...pids
    ];
  }
  /** How many times a new task was refused for its cap (`pids.max`). */
  async refusedTasks() {
    const events = await Deno.readTextFile(join2(this.#dirs.pids, "pids.events"));
    return Number(/^max (\d+)/m.exec(events)?.[1] ?? 0);
  }
  /** Stops every task at once, where it stands; nothing in it runs until killed or thawed. */
  async freeze() {
    await Deno.writeTextFile(join2(this.#dirs.freezer, "freezer.state"), "FROZEN");
  }
  /** Lets a frozen group run again. */
  async thaw() {
    await Deno.writeTextFile(join2(this.#dirs.freezer, "freezer.state"), "THAWED");
  }
  /** Kills every process in it (a frozen task dies only once thawed, so it thaws too). */
  async kill() {
    for (const pid of await this.pids()) {
      try {
        Deno.kill(pid, "SIGKILL");
      } catch {
      }
    }
    await this.thaw().catch(() => {
    });
  }
  /** Kills what is left and removes its directories. */
  async [Symbol.asyncDispose]() {
    const dirs = [
      ...new Set(Object.values(this.#dirs))
    ];
    for (let attempt = 0; attempt < 50 && dirs.length > 0; attempt++) {
      await this.kill();
      for (const dir of [
        ...dirs
      ]) {
        try {
          await Deno.remove(dir);
          dirs.splice(dirs.indexOf(dir), 1);
        } catch (error) {
          if (error instanceof Deno.errors.NotFound) dirs.splice(dirs.indexOf(dir), 1);
        }
      }
      if (dirs.length > 0) await new Promise((resolve3) => setTimeout(resolve3, 10));
    }
  }
};
async function createPluginCgroup(name, options = {}) {
  const { mounts, own } = await hierarchies();
  const leaf = `ircbus-${name.replace(/[^A-Za-z0-9_-]/g, "_")}-${crypto.randomUUID().slice(0, 8)}`;
  const place = (controller) => {
    const mount = mounts.get(controller);
    return mount === void 0 ? void 0 : join2(mount, own.get(controller) ?? "/", leaf);
  };
  const [cpu, cpuacct, pids, freezer] = CONTROLLERS.map(place);
  const missing = CONTROLLERS.find((controller) => place(controller) === void 0);
  if (cpu === void 0 || cpuacct === void 0 || pids === void 0 || !freezer) {
    return {
      ok: false,
      reason: `no cgroup v1 ${missing} controller is mounted`
    };
  }
  const complete = {
    cpu,
    cpuacct,
    pids,
    freezer
  };
  const cgroup = new PluginCgroup(complete);
  try {
    await settleAll([
      ...new Set(Object.values(complete))
    ].map((dir) => Deno.mkdir(dir)));
    await settleAll([
      Deno.writeTextFile(join2(complete.pids, "pids.max"), String(options.maxTasks ?? 256)),
      Deno.writeTextFile(join2(complete.cpu, "cpu.cfs_period_us"), String(PERIOD_US))
    ]);
    return {
      ok: true,
      cgroup
    };
  } catch (error) {
    await cgroup[Symbol.asyncDispose]();
    return {
      ok: false,
      reason: `cannot make a cgroup: ${String(error)}`
    };
  }
}
var found;
function hierarchies() {
  found ??= Promise.all([
    cgroupMounts(),
    ownCgroups()
  ]).then(([mounts, own]) => ({
    mounts,
    own
  }));
  return found;
}
async function cgroupMounts() {
  const mounts = /* @__PURE__ */ new Map();
  const text2 = await Deno.readTextFile("/proc/self/mounts").catch(() => "");
  for (const line of text2.split("\n")) {
    const [, path, type, flags] = line.split(" ");
    if (type !== "cgroup" || path === void 0 || flags === void 0) continue;
    for (const flag of flags.split(",")) {
      if (CONTROLLERS.includes(flag)) mounts.set(flag, path);
    }
  }
  return mounts;
}
async function ownCgroups() {
  const own = /* @__PURE__ */ new Map();
  const text2 = await Deno.readTextFile("/proc/self/cgroup").catch(() => "");
  for (const line of text2.split("\n")) {
    const [, controllers, path] = line.split(":");
    if (controllers === void 0 || path === void 0) continue;
    for (const controller of controllers.split(",")) own.set(controller, path);
  }
  return own;
}

// plugins/_cpu_quota.ts
var CpuQuota = class {
  #meter;
  #control;
  #cores;
  #windowMs;
  #pollMs;
  #busyShare;
  #now;
  #onThrottled;
  #onExceeded;
  #samples = [];
  /** The last window's samples whatever the state: what `averageCores` reads. */
  #recent = [];
  #average = 0;
  #throttledAt;
  #runnableAt;
  #state = "idle";
  #timer;
  #polling = Promise.resolve();
  constructor(meter, control, options) {
    this.#meter = meter;
    this.#control = control;
    this.#cores = options.cores ?? 0.5;
    this.#windowMs = options.windowMs ?? 1e4;
    this.#pollMs = options.pollMs ?? 500;
    this.#busyShare = options.busyShare ?? 0.9;
    this.#now = options.now ?? Date.now;
    this.#onThrottled = options.onThrottled ?? (() => {
    });
    this.#onExceeded = options.onExceeded;
  }
  /** Where it stands. */
  get state() {
    return this.#state;
  }
  /** The CPUs it may use on average: past that it is throttled. */
  get limitCores() {
    return this.#cores;
  }
  /**
   * The CPUs it used, averaged over the window as of the last reading (over a full window
   * even when less has passed, as the quota counts), throttled or not.
   */
  get averageCores() {
    return this.#average;
  }
  /** Takes the first reading and starts polling. */
  async start() {
    if (this.#state !== "idle") return;
    this.#state = "watching";
    const first = {
      at: this.#now(),
      usageMs: await this.#meter.usageMs()
    };
    this.#samples.push(first);
    this.#recent.push(first);
    this.#schedule();
  }
  #schedule() {
    if (this.#state !== "watching" && this.#state !== "throttled") return;
    this.#timer = setTimeout(() => {
      this.#polling = this.#poll().catch(() => {
      }).finally(() => this.#schedule());
    }, this.#pollMs);
  }
  async #poll() {
    const sample = {
      at: this.#now(),
      usageMs: await this.#meter.usageMs()
    };
    this.#recent.push(sample);
    while (this.#recent.length > 1 && this.#recent[1].at <= sample.at - this.#windowMs) {
      this.#recent.shift();
    }
    this.#average = (sample.usageMs - this.#recent[0].usageMs) / this.#windowMs;
    if (this.#state === "watching") {
      this.#samples.push(sample);
      while (this.#samples.length > 1 && this.#samples[1].at <= sample.at - this.#windowMs) {
        this.#samples.shift();
      }
      const used = (sample.usageMs - this.#samples[0].usageMs) / this.#windowMs;
      if (used > this.#cores) await this.#throttle(sample, used);
    } else if (this.#state === "throttled" && this.#throttledAt) {
      const since = this.#throttledAt;
      const elapsed = sample.at - since.at;
      if (elapsed < this.#windowMs) return;
      const used = (sample.usageMs - since.usageMs) / elapsed;
      if (used >= this.#cores * this.#busyShare || await this.#wantedCap(elapsed)) {
        await this.#exceed(used);
      } else {
        await this.#release(sample);
      }
    }
  }
  /** Whether it was ready to run for at least its cap all along since it was throttled. */
  async #wantedCap(elapsed) {
    const before = this.#runnableAt;
    const now = await this.#meter.runnableMs?.();
    if (before === void 0 || now === void 0) return false;
    return (now - before) / elapsed >= this.#cores;
  }
  async #throttle(sample, used) {
    this.#state = "throttled";
    this.#throttledAt = sample;
    await this.#control.limitCpu(this.#cores);
    this.#runnableAt = await this.#meter.runnableMs?.();
    this.#onThrottled(`used ${cores(used)} averaged over ${seconds(this.#windowMs)}, over its limit of ${cores(this.#cores)}: throttled to ${cores(this.#cores)}`);
  }
  async #exceed(used) {
    this.#state = "exceeded";
    await this.#control.freeze();
    this.#onExceeded(`kept at its limit of ${cores(this.#cores)} for ${seconds(this.#windowMs)} while throttled (used ${cores(used)}): stopped`);
  }
  async #release(sample) {
    this.#state = "watching";
    this.#throttledAt = void 0;
    this.#samples = [
      sample
    ];
    await this.#control.limitCpu(void 0);
  }
  /** Stops polling; the cap stays as it is (the plugin is going away). */
  async [Symbol.asyncDispose]() {
    this.#state = "disposed";
    clearTimeout(this.#timer);
    await this.#polling;
  }
};
function cores(value) {
  return `${Number(value.toFixed(2))} cores`;
}
function seconds(ms) {
  return `${Number((ms / 1e3).toFixed(1))} s`;
}

// plugins/_disk_quota.ts
import { join as join3 } from "node:path";
var DEFAULT_DISK_QUOTA_BYTES = 64 * 1024 * 1024;
var MIN_ENTRY_BYTES = 4096;
var DiskQuota = class {
  #folders;
  #quotaBytes;
  #storageBytes;
  #pollMs;
  #changeGapMs;
  #sliceMs;
  #now;
  /** When the last count ended; a count waiting for the gap after it, if any. */
  #countedAt = -Infinity;
  #soon;
  #freeze;
  #onExceeded;
  #watcher;
  #watching = Promise.resolve();
  #timer;
  /** The count in progress, if any; `#again` asks for one more after it. */
  #counting;
  #again = false;
  #done = false;
  #usedBytes = 0;
  constructor(folders, options) {
    this.#folders = folders;
    this.#quotaBytes = options.quotaBytes ?? DEFAULT_DISK_QUOTA_BYTES;
    this.#storageBytes = options.storageBytes ?? (() => 0);
    this.#pollMs = options.pollMs ?? 5e3;
    this.#changeGapMs = options.changeGapMs ?? 25;
    this.#sliceMs = options.sliceMs ?? 1;
    this.#now = options.now ?? (() => performance.now());
    this.#freeze = options.freeze ?? (() => Promise.resolve());
    this.#onExceeded = options.onExceeded;
  }
  /** The bytes counted last time. */
  get usedBytes() {
    return this.#usedBytes;
  }
  /** Starts watching the folders, and counts them once before it resolves. */
  async start() {
    if (this.#watcher || this.#done) return;
    const watcher = Deno.watchFs([
      ...this.#folders
    ], {
      recursive: true
    });
    this.#watcher = watcher;
    this.#watching = (async () => {
      for await (const _ of watcher) this.#changed();
    })().catch(() => {
    });
    await this.check();
    this.#schedule();
  }
  /** A change seen: counted now, or once the gap after the last count has passed. */
  #changed() {
    if (this.#done || this.#soon !== void 0) return;
    const wait = this.#counting ? this.#changeGapMs : this.#countedAt + this.#changeGapMs - this.#now();
    if (wait <= 0) {
      this.check();
      return;
    }
    this.#soon = setTimeout(() => {
      this.#soon = void 0;
      this.check();
    }, wait);
  }
  #schedule() {
    if (this.#done) return;
    this.#timer = setTimeout(() => this.check().finally(() => this.#schedule()), this.#pollMs);
  }
  /**
   * Counts now (or right after the count in progress) and stops the plugin if it is over.
   * The host calls it too, after a storage write.
   */
  check() {
    if (this.#counting) {
      this.#again = true;
      return this.#counting;
    }
    this.#counting = (async () => {
      do {
        this.#again = false;
        await this.#count();
      } while (this.#again && !this.#done);
    })().finally(() => this.#counting = void 0);
    return this.#counting;
  }
  async #count() {
    if (this.#done) return;
    const seen = /* @__PURE__ */ new Set();
    const slice = new Slice(this.#now, this.#sliceMs);
    let bytes = this.#storageBytes();
    for (const folder of this.#folders) bytes += await folderBytes(folder, seen, slice);
    this.#countedAt = this.#now();
    this.#usedBytes = bytes;
    if (bytes <= this.#quotaBytes || this.#done) return;
    this.#done = true;
    await this.#freeze().catch(() => {
    });
    this.#onExceeded(`held ${mib(bytes)} on disk (data dir, DENO_DIR and storage), over its quota of ${mib(this.#quotaBytes)}: stopped`);
  }
  /** Stops watching and counting. */
  async [Symbol.asyncDispose]() {
    this.#done = true;
    clearTimeout(this.#timer);
    clearTimeout(this.#soon);
    try {
      this.#watcher?.close();
    } catch {
    }
    await this.#watching;
    await this.#counting;
  }
};
var Slice = class {
  #now;
  #ms;
  #start;
  constructor(now, ms) {
    this.#now = now;
    this.#ms = ms;
    this.#start = now();
  }
  /** Whether this slice has had its time. */
  over() {
    return this.#now() - this.#start >= this.#ms;
  }
  /** Lets timers and I/O run, then starts the next slice. */
  async next() {
    await new Promise((resolve3) => setTimeout(resolve3, 0));
    this.#start = this.#now();
  }
};
async function folderBytes(folder, seen, slice) {
  let bytes = 0;
  const pending = [
    folder
  ];
  while (pending.length > 0) {
    const dir = pending.pop() ?? folder;
    let entries;
    try {
      entries = Deno.readDirSync(dir);
    } catch {
      continue;
    }
    try {
      for (const entry of entries) {
        if (slice.over()) await slice.next();
        const path = join3(dir, entry.name);
        let info;
        try {
          info = Deno.lstatSync(path);
        } catch {
          continue;
        }
        const inode = `${info.dev}:${info.ino}`;
        if (seen.has(inode)) continue;
        seen.add(inode);
        bytes += Math.max(MIN_ENTRY_BYTES, info.size, (info.blocks ?? 0) * 512);
        if (info.isDirectory) pending.push(path);
      }
    } catch {
    }
  }
  return bytes;
}
function mib(bytes) {
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MiB`;
}

// plugins/_sandbox.ts
import { join as join4 } from "node:path";
import { fileURLToPath } from "node:url";
function sandboxUnavailableNotice(reason) {
  return `Plugins run without an OS boundary on this machine (${reason}): only Deno's own permission checks contain them, and their disk and CPU quotas are watched from outside.`;
}
function sandboxExitReason(code, limits = {}) {
  if (code !== 128 + 25) return void 0;
  const bytes = limits.fileBytes ?? DEFAULT_SANDBOX_LIMITS.fileBytes;
  return `wrote a file past its disk quota of ${Number((bytes / 1024 / 1024).toFixed(1))} MiB`;
}
var DEFAULT_SANDBOX_LIMITS = {
  openFiles: 1024,
  fileBytes: 64 * 1024 * 1024,
  tmpBytes: 16 * 1024 * 1024
};
var NET_FILES = [
  "/etc/resolv.conf",
  "/etc/hosts",
  "/etc/nsswitch.conf",
  "/etc/ssl"
];
var START_SCRIPT = 'ulimit -n "$1" && ulimit -f "$2" && ulimit -c 0 || exit 125; n=$3; shift 3; while [ "$n" -gt 0 ]; do echo 0 > "$1" || exit 125; shift; n=$((n - 1)); done; exec "$@"';
var ULIMIT_BLOCK = 512;
var Sandbox = class {
  #tools;
  constructor(tools) {
    this.#tools = tools;
  }
  /**
   * The command that runs `deno` with `denoArgs` (everything after the binary, e.g.
   * `["run", ...flags, main]`) inside the boundary. Spawn it with `clearEnv: true` and the
   * plugin's environment; stdin, stdout and stderr pass through untouched.
   *
   * @example
   * ```ts ignore
   * const state = await probeSandbox();
   * if (state.available) {
   *   const { command, args } = state.sandbox.command(["run", "main.ts"], {
   *     codeRoot, dataDir, denoDir, readOnly: sdkPaths(), net: false,
   *   });
   *   new Deno.Command(command, { args, clearEnv: true, env }).spawn();
   * }
   * ```
   */
  command(denoArgs, options) {
    const tools = this.#tools;
    const limits = {
      ...DEFAULT_SANDBOX_LIMITS,
      ...options.limits
    };
    const readOnly = new Map(tools.files);
    if (options.net) {
      for (const path of NET_FILES) readOnly.set(path, path);
    }
    const bwrap = [
      "--unshare-all",
      "--unshare-user",
      // A plugin must not build namespaces of its own to escape its limits.
      "--disable-userns",
      ...options.net ? [
        "--share-net"
      ] : [],
      "--die-with-parent",
      // Its own session: it cannot push keystrokes into a terminal it was started from.
      "--new-session",
      "--cap-drop",
      "ALL",
      "--hostname",
      "plugin",
      "--proc",
      "/proc",
      "--dev",
      "/dev",
      "--size",
      String(limits.tmpBytes),
      "--tmpfs",
      "/tmp"
    ];
    const mounts = [];
    for (const [target, source] of readOnly) mounts.push([
      "--ro-bind-try",
      source,
      target
    ]);
    for (const path of options.readOnly) mounts.push([
      "--ro-bind-try",
      path,
      path
    ]);
    mounts.push([
      "--bind",
      options.dataDir,
      options.dataDir
    ]);
    mounts.push([
      "--bind",
      options.denoDir,
      options.denoDir
    ]);
    mounts.push([
      "--ro-bind",
      options.codeRoot,
      options.codeRoot
    ]);
    if (options.brokerSocket !== void 0) {
      mounts.push([
        "--ro-bind",
        options.brokerSocket,
        options.brokerSocket
      ]);
    }
    mounts.sort((a, b) => depth(a[2]) - depth(b[2]));
    for (const mount of mounts) bwrap.push(...mount);
    bwrap.push("--chdir", options.dataDir, "--", tools.deno, ...denoArgs);
    const tasks = options.join?.tasksFiles ?? [];
    return {
      command: tools.shell,
      args: [
        "-c",
        START_SCRIPT,
        "sh",
        String(limits.openFiles),
        // Rounded down: no file may pass the quota.
        String(Math.floor(limits.fileBytes / ULIMIT_BLOCK)),
        String(tasks.length),
        ...tasks,
        tools.bwrap,
        ...bwrap
      ]
    };
  }
};
function depth(path) {
  return path.split("/").filter((part2) => part2 !== "").length;
}
var PROJECT = new URL("../", new URL("../plugins/_sandbox.ts", import.meta.url).href);
function sdkPaths() {
  if (PROJECT.protocol !== "file:") return [];
  const root = fileURLToPath(PROJECT);
  return [
    ...[
      "bus",
      "common",
      "core",
      "irc",
      "plugins",
      "deno.json"
    ].map((part2) => join4(root, part2))
  ];
}
var probed;
function probeSandbox() {
  probed ??= probe();
  return probed;
}
async function probe() {
  if (Deno.build.os !== "linux") {
    return {
      available: false,
      reason: `namespaces are Linux only, this is ${Deno.build.os}`
    };
  }
  const bwrap = findTool("bwrap");
  const shell = findTool("sh");
  if (!bwrap) return {
    available: false,
    reason: "bubblewrap (bwrap) is not installed"
  };
  if (!shell) return {
    available: false,
    reason: "no /bin/sh"
  };
  const deno = Deno.execPath();
  const denoReal = await Deno.realPath(deno);
  const files = [
    [
      denoReal,
      denoReal
    ],
    [
      deno,
      denoReal
    ]
  ];
  for (const library2 of await sharedLibraries(deno)) {
    files.push([
      library2,
      await Deno.realPath(library2)
    ]);
  }
  if (exists2("/etc/localtime")) files.push([
    "/etc/localtime",
    "/etc/localtime"
  ]);
  const tools = {
    bwrap,
    shell,
    deno,
    files
  };
  const sandbox = new Sandbox(tools);
  const empty = await Deno.makeTempDir({
    prefix: "ircbus-probe-"
  });
  try {
    const { command, args } = sandbox.command([
      "--version"
    ], {
      codeRoot: empty,
      dataDir: empty,
      denoDir: empty,
      readOnly: [],
      net: false
    });
    const output = await new Deno.Command(command, {
      args,
      clearEnv: true,
      stdin: "null",
      stdout: "null",
      stderr: "piped"
    }).output();
    if (output.success) return {
      available: true,
      sandbox
    };
    const said = new TextDecoder().decode(output.stderr).trim().split("\n")[0];
    return {
      available: false,
      reason: `bubblewrap could not start Deno in new namespaces: ${said || `code ${output.code}`}`
    };
  } finally {
    await Deno.remove(empty, {
      recursive: true
    });
  }
}
function findTool(name) {
  for (const folder of [
    "/usr/bin",
    "/bin",
    "/usr/sbin",
    "/sbin"
  ]) {
    const path = join4(folder, name);
    if (exists2(path, "file")) return path;
  }
  return void 0;
}
async function sharedLibraries(binary) {
  const ldd = findTool("ldd");
  if (!ldd) return [];
  const output = await new Deno.Command(ldd, {
    args: [
      binary
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "null"
  }).output().catch(() => void 0);
  if (!output?.success) return [];
  const libraries = [];
  for (const line of new TextDecoder().decode(output.stdout).split("\n")) {
    const path = /=>\s*(\/\S+)/.exec(line)?.[1] ?? /^\s*(\/\S+)\s+\(/.exec(line)?.[1];
    if (path) libraries.push(path);
  }
  return libraries;
}
function exists2(path, kind = "any") {
  try {
    const info = Deno.statSync(path);
    return kind === "any" || info.isFile;
  } catch {
    return false;
  }
}

// plugins/_containment.ts
async function boundaryState() {
  const state = await probeSandbox();
  return state.available ? {
    available: true
  } : {
    available: false,
    reason: state.reason
  };
}
var Containment = class _Containment {
  /** The broker's socket, for `DENO_PERMISSION_BROKER_PATH`; none without the outer layers. */
  brokerPath;
  /** Set by whoever runs it: it went over a quota it cannot pass, and must stop (why). */
  onExceeded = () => {
  };
  #options;
  #broker;
  #wrap;
  #boxed;
  #cgroup;
  #tree;
  #cpu;
  #disk;
  #residentBytes = 0;
  constructor(options, broker, wrap, boxed, cgroup) {
    this.#boxed = boxed;
    this.#options = options;
    this.#broker = broker;
    this.brokerPath = broker?.path;
    this.#wrap = wrap;
    this.#cgroup = cgroup;
  }
  /**
   * Opens its broker, and its cgroup and OS boundary where this machine has them: the broker
   * and the cgroup side by side, as neither needs the other.
   */
  static async open(options) {
    if (options.outer === false) {
      const bare = (denoArgs) => ({
        command: Deno.execPath(),
        args: denoArgs
      });
      return new _Containment(options, void 0, bare, false, void 0);
    }
    const [listened, bounded] = await Promise.allSettled([
      brokerDir().then((dir) => PermissionBroker.listen(join5(dir, `${crypto.randomUUID()}.sock`), new PermissionPolicy({
        ...options.permissions,
        import: options.importHosts
      }), options.onDecision)),
      probeSandbox().then(async (sandbox2) => {
        const made = sandbox2.available ? await createPluginCgroup(options.name) : void 0;
        return {
          sandbox: sandbox2,
          cgroup: made?.ok ? made.cgroup : void 0
        };
      })
    ]);
    if (listened.status === "rejected" || bounded.status === "rejected") {
      if (listened.status === "fulfilled") await listened.value[Symbol.asyncDispose]();
      if (bounded.status === "fulfilled") await bounded.value.cgroup?.[Symbol.asyncDispose]();
      throw [
        listened,
        bounded
      ].find((result) => result.status === "rejected")?.reason;
    }
    const broker = listened.value;
    const { sandbox, cgroup } = bounded.value;
    const wrap = sandbox.available ? (denoArgs) => sandbox.sandbox.command(denoArgs, {
      codeRoot: options.codeRoot,
      dataDir: options.dataDir,
      denoDir: options.denoDir,
      readOnly: sdkPaths(),
      net: options.permissions.net.length > 0,
      brokerSocket: broker.path,
      limits: {
        fileBytes: options.diskQuotaBytes
      },
      join: cgroup
    }) : (denoArgs) => ({
      command: Deno.execPath(),
      args: denoArgs
    });
    return new _Containment(options, broker, wrap, sandbox.available, cgroup);
  }
  /** The command that runs `deno` with `denoArgs` inside its boundary (or bare, without one). */
  command(denoArgs) {
    return this.#wrap(denoArgs);
  }
  /** Its process started as `pid`: the quotas start watching it. */
  async started(pid) {
    const o = this.#options;
    this.#tree = new ProcessTree(pid);
    if (o.outer === false) return;
    const meter = this.#cgroup ?? this.#tree;
    const cpu = new CpuQuota(meter, meter, {
      cores: o.cpuCores,
      windowMs: o.cpuWindowMs,
      onThrottled: o.onThrottled,
      onExceeded: (reason) => this.onExceeded(reason)
    });
    const disk = new DiskQuota([
      o.dataDir,
      o.denoDir
    ], {
      quotaBytes: o.diskQuotaBytes,
      storageBytes: o.storageBytes,
      freeze: () => meter.freeze(),
      onExceeded: (reason) => this.onExceeded(reason)
    });
    this.#cpu = cpu;
    this.#disk = disk;
    await Promise.all([
      cpu.start(),
      disk.start()
    ]);
  }
  /**
   * Kills everything it runs, a frozen or stopped plugin included (its cgroup is thawed after
   * the signal, so the kill takes effect).
   */
  async kill() {
    await (this.#cgroup ?? this.#tree)?.kill();
  }
  /** The resident memory of everything it runs, in bytes (read now, and kept for `reading`). */
  async residentBytes() {
    this.#residentBytes = await (this.#tree?.residentBytes() ?? 0);
    return this.#residentBytes;
  }
  /** Its storage entries changed (they live in the host's database): its disk is counted now. */
  storageChanged() {
    this.#disk?.check().catch(() => {
    });
  }
  /** What it uses against its quotas, as last read (nothing is read for this). */
  reading() {
    const cpu = this.#cpu;
    const disk = this.#disk;
    return {
      cpu: cpu ? {
        cores: cpu.averageCores,
        limitCores: cpu.limitCores,
        state: cpu.state
      } : null,
      residentBytes: this.#residentBytes,
      disk: disk ? {
        usedBytes: disk.usedBytes,
        quotaBytes: this.#options.diskQuotaBytes
      } : null
    };
  }
  /**
   * Brings its broker's decisions made so far to their listener: called before what the
   * plugin sent is handled, so what it did first is recorded first.
   */
  settle() {
    if (this.#broker) settleBrokerDecisions();
  }
  /** Why it ended, when its exit code says more than the code (a file past the quota). */
  exitReason(code) {
    return this.#boxed ? sandboxExitReason(code, {
      fileBytes: this.#options.diskQuotaBytes
    }) : void 0;
  }
  async [Symbol.asyncDispose]() {
    await this.#cpu?.[Symbol.asyncDispose]();
    await this.#disk?.[Symbol.asyncDispose]();
    await this.#tree?.[Symbol.asyncDispose]();
    await this.#cgroup?.[Symbol.asyncDispose]();
    await this.#broker?.[Symbol.asyncDispose]();
  }
};
var brokerSockets;
function brokerDir() {
  brokerSockets ??= Deno.makeTempDir({
    prefix: "ircbus-broker-"
  }).then(async (dir) => {
    await Deno.chmod(dir, 448);
    globalThis.addEventListener("unload", () => {
      try {
        Deno.removeSync(dir, {
          recursive: true
        });
      } catch {
      }
    });
    return dir;
  });
  return brokerSockets;
}

// plugins/_capability_calls.ts
init_mod();

// plugins/_call_check.ts
var MAX_SEND = 4096;
var MAX_UPDATES = 1e3;
var MAX_KEY = 512;
var MAX_VALUE = 1024 * 1024;
function checkCall(grant, op, args, deny) {
  const capabilities = grant.capabilities;
  switch (op) {
    case "irc.send": {
      const [networkId2, target, text2] = args;
      if (typeof networkId2 !== "number" || !Number.isSafeInteger(networkId2) || typeof target !== "string" || target === "") {
        throw new TypeError(`Cannot send: networkId must be an integer and target a non-empty string, got ${JSON.stringify([
          networkId2,
          target
        ])}`);
      }
      if (typeof text2 !== "string" || /[\r\n\0]/.test(text2) || text2.length > MAX_SEND) {
        throw new TypeError(`Cannot send: text must be one line of at most ${MAX_SEND} characters, got ${JSON.stringify(String(text2).slice(0, 40))}`);
      }
      const attempt = `irc.send ${networkId2} ${target}`;
      if (!allowsIrcSend(capabilities, networkId2, target)) deny("irc.send", attempt);
      const outOfScope = new ScopeCheck(grant.scope).send(networkId2, target);
      if (outOfScope !== void 0) deny("irc.send", attempt, outOfScope);
      return {
        op,
        attempt,
        networkId: networkId2,
        target,
        text: text2
      };
    }
    case "metadata.set": {
      const [updates] = args;
      if (!Array.isArray(updates) || updates.length > MAX_UPDATES) {
        throw new TypeError(`Cannot set metadata: expected at most ${MAX_UPDATES} updates`);
      }
      const scope = new ScopeCheck(grant.scope);
      for (const update of updates) {
        const type = update?.type;
        if (!capabilities.includes(`metadata:${String(type)}`)) {
          deny(`metadata:${String(type)}`, `metadata.set ${String(type)}`);
        }
        const outOfScope = scope.metadata(update);
        if (outOfScope !== void 0) {
          deny(`metadata:${String(type)}`, `metadata.set ${String(type)}`, outOfScope);
        }
      }
      return {
        op,
        updates
      };
    }
    default: {
      if (!capabilities.includes("storage")) deny("storage", op);
      const key = args[0];
      if (typeof key !== "string" || key.length > MAX_KEY) {
        throw new TypeError(`Cannot use storage: the key must be a string of at most ${MAX_KEY} characters`);
      }
      if (op !== "storage.set") return {
        op,
        key
      };
      const json = JSON.stringify(args[1]);
      if (json === void 0 || json.length > MAX_VALUE) {
        throw new TypeError(`Cannot use storage: the value must be JSON of at most 1 MiB`);
      }
      return {
        op,
        key,
        json
      };
    }
  }
}

// plugins/_capability_calls.ts
var encoder2 = new TextEncoder();
function answerCall(slot2, call, context) {
  runCall(slot2, call.op, call.args, context).then((value) => slot2.endpoint?.post({
    kind: "result",
    id: call.id,
    ok: true,
    value
  }), (error) => slot2.endpoint?.post({
    kind: "result",
    id: call.id,
    ok: false,
    error: wireOf(error)
  }));
}
async function runCall(slot2, op, args, { store, irc, metadata, activity }) {
  const deny = (capability, attempt, outOfScope) => {
    store.audit(slot2.name, attempt, "denied", outOfScope ?? `${capability} not granted`);
    const space = attempt.indexOf(" ");
    activity.recordCall(slot2.name, {
      kind: space < 0 ? attempt : attempt.slice(0, space),
      value: space < 0 ? "*" : attempt.slice(space + 1),
      allowed: false
    });
    throw new CapabilityDeniedError(capability, slot2.name, outOfScope);
  };
  const call = checkCall(slot2.grant, op, args, deny);
  switch (call.op) {
    case "irc.send": {
      if (!irc) throw new Error(`Cannot send: the host has no IRC connection`);
      store.audit(slot2.name, call.attempt, "allowed");
      activity.recordCall(slot2.name, {
        kind: "irc.send",
        value: `${call.networkId} ${call.target}`,
        allowed: true,
        bytes: encoder2.encode(call.text).length
      });
      await irc.send(call.networkId, call.target, call.text);
      return void 0;
    }
    case "metadata.set": {
      for (const update of call.updates) {
        activity.recordCall(slot2.name, {
          kind: "metadata.set",
          value: `${update.type} ${update.key}`,
          allowed: true,
          bytes: encoder2.encode(JSON.stringify(update.value) ?? "").length
        });
        metadata.set(update);
        slot2.metadataKeys.set(metadataKey(update), update);
      }
      return void 0;
    }
    case "storage.get":
      return store.storageGet(slot2.name, call.key);
    case "storage.delete": {
      activity.recordCall(slot2.name, {
        kind: "storage.delete",
        value: call.key,
        allowed: true
      });
      const deleted = store.storageDelete(slot2.name, call.key);
      slot2.endpoint?.storageChanged?.();
      return deleted;
    }
    case "storage.list":
      return store.storageList(slot2.name, call.key);
    case "storage.set":
      store.storageSet(slot2.name, call.key, call.json);
      activity.recordCall(slot2.name, {
        kind: "storage.set",
        value: call.key,
        allowed: true,
        bytes: encoder2.encode(call.json).length
      });
      slot2.endpoint?.storageChanged?.();
      return void 0;
  }
}
function wireOf(error) {
  if (error instanceof CapabilityDeniedError) {
    return {
      name: error.name,
      message: error.message,
      capability: error.capability
    };
  }
  if (error instanceof Error) return {
    name: error.name,
    message: error.message
  };
  return {
    name: "Error",
    message: String(error)
  };
}

// plugins/_commands.ts
var CommandRegistry = class {
  #store;
  #budgetMs;
  #owners = /* @__PURE__ */ new Map();
  #nextId = 1;
  /** Denied registrations are audited in `store`; a run may take `budgetMs`. */
  constructor(store, budgetMs) {
    this.#store = store;
    this.#budgetMs = budgetMs;
  }
  /** Registers the commands a plugin declared in `ready`, if it holds `commands`. */
  register(slot2, commands) {
    if (commands.length === 0) return;
    if (!slot2.grant.capabilities.includes("commands")) {
      this.#store.audit(slot2.name, `commands ${commands.join(" ")}`, "denied", "not granted");
      return;
    }
    for (const name of commands) {
      const owner = this.#owners.get(name);
      if (owner && owner !== slot2) {
        this.#store.audit(slot2.name, `command /${name}`, "denied", `owned by ${owner.name}`);
        continue;
      }
      this.#owners.set(name, slot2);
    }
  }
  /** Releases every command a plugin owns. */
  unregister(slot2) {
    for (const [name, owner] of this.#owners) if (owner === slot2) this.#owners.delete(name);
  }
  /** The commands a plugin owns, in registration order. */
  namesOf(slot2) {
    return [
      ...this.#owners
    ].filter(([, owner]) => owner === slot2).map(([name]) => name);
  }
  /** Every registered command with its plugin. */
  list() {
    return [
      ...this.#owners
    ].map(([name, slot2]) => ({
      name,
      plugin: slot2.name
    }));
  }
  /** Asks the owning plugin to run a command; resolves on its `command-done`. */
  run(name, args) {
    const slot2 = this.#owners.get(name);
    if (!slot2 || slot2.state !== "running" || !slot2.endpoint) {
      return Promise.reject(new Error(`Cannot run command: none is registered, got /${name}`));
    }
    const id = this.#nextId++;
    const endpoint = slot2.endpoint;
    return new Promise((resolve3, reject) => {
      const budget = this.#budgetMs;
      const timer = setTimeout(() => {
        const why = `did not finish /${name} within ${budget} ms`;
        slot2.commandWaiters.delete(id);
        reject(new Error(`Cannot run command: plugin ${JSON.stringify(slot2.name)} ${why}`));
        slot2.crash(why);
      }, budget);
      slot2.commandWaiters.set(id, {
        resolve: resolve3,
        reject,
        timer
      });
      endpoint.post({
        kind: "command",
        id,
        command: name,
        args
      });
    });
  }
  /** Settles the run `id` of a plugin with its `command-done`. */
  done(slot2, done) {
    const waiter = slot2.commandWaiters.get(done.id);
    if (!waiter) return;
    slot2.commandWaiters.delete(done.id);
    clearTimeout(waiter.timer);
    if (done.ok) waiter.resolve();
    else {
      waiter.reject(new Error(`Cannot run command: ${done.error?.name}: ${done.error?.message}`));
    }
  }
  /** Rejects every run still awaiting a stopped plugin. */
  abandon(slot2) {
    for (const waiter of slot2.commandWaiters.values()) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error(`Cannot finish command: plugin ${slot2.name} stopped`));
    }
    slot2.commandWaiters.clear();
  }
};

// plugins/_mailbox.ts
var Outgoing = class {
};
function eventOf2(item) {
  return item instanceof Outgoing ? item.event : item;
}
function ownEvent(item) {
  return item instanceof Outgoing ? item.own() : item;
}
var Holder = class extends Outgoing {
  /** The snapshot it stands for. */
  item;
  /** Network and nickname. */
  metaKey;
  constructor(item, metaKey) {
    super();
    this.item = item;
    this.metaKey = metaKey;
  }
  get event() {
    return this.item.event;
  }
  json() {
    return this.item.json();
  }
  own() {
    return this.item.own();
  }
};
var Mailbox = class {
  #items = [];
  #head = 0;
  /** Items waiting. */
  get length() {
    return this.#items.length - this.#head;
  }
  /** Appends one item. */
  push(item) {
    this.#items.push(item);
  }
  /** Removes and returns up to `n` items from the front. */
  take(n) {
    const end = Math.min(this.#items.length, this.#head + n);
    const batch = this.#items.slice(this.#head, end);
    this.#head = end;
    if (this.#head === this.#items.length) {
      this.#items = [];
      this.#head = 0;
    } else if (this.#head > 4096 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return batch;
  }
  /** Drops everything. */
  clear() {
    this.#items = [];
    this.#head = 0;
  }
};

// plugins/_delivery.ts
var Delivery = class {
  #options;
  #routes = /* @__PURE__ */ new Map();
  #wildcard = [];
  /** Each routed slot whose grant scope filters something. */
  #scopes = /* @__PURE__ */ new Map();
  constructor(options) {
    this.#options = options;
  }
  /** Starts routing the events a slot's grant allows to it, within the grant's scope. */
  addRoutes(slot2) {
    const scope = new ScopeCheck(slot2.grant.scope);
    if (!scope.open) this.#scopes.set(slot2, scope);
    for (const type of slot2.grant.events) {
      if (type === "*") this.#wildcard = [
        ...this.#wildcard,
        slot2
      ];
      else this.#routes.set(type, [
        ...this.#routes.get(type) ?? [],
        slot2
      ]);
    }
  }
  /** Stops routing events to a slot. */
  removeRoutes(slot2) {
    this.#scopes.delete(slot2);
    this.#wildcard = this.#wildcard.filter((s) => s !== slot2);
    for (const [type, slots] of this.#routes) {
      const kept = slots.filter((s) => s !== slot2);
      if (kept.length === 0) this.#routes.delete(type);
      else this.#routes.set(type, kept);
    }
  }
  /** The one bus subscriber: hands each event to the mailboxes that want it; never waits. */
  route(event) {
    const typed = this.#routes.get(event.type);
    const wildcard = this.#wildcard;
    if (!typed && wildcard.length === 0) return;
    const item = (typed?.length ?? 0) + wildcard.length > 1 ? new WireItem(event) : event;
    const metaKey = event.type === "user.meta" ? `${event.data.networkId}
${event.data.nickname}` : void 0;
    if (typed) {
      for (const slot2 of typed) this.#deliver(slot2, item, metaKey);
    }
    for (const slot2 of wildcard) {
      if (!typed?.includes(slot2)) this.#deliver(slot2, item, metaKey);
    }
  }
  /**
   * Handles the plugin's acknowledgement of every batch up to `seq`, which must be in flight.
   */
  acknowledge(slot2, seq) {
    if (!slot2.awaitsAck(seq)) {
      this.#options.store.audit(slot2.name, `ack ${seq}`, "denied", "out of order");
      return;
    }
    let done = 0;
    while (done < slot2.inFlight.length && slot2.inFlight[done].seq <= seq) done++;
    slot2.inFlight.splice(0, done);
    clearTimeout(slot2.watchdog);
    slot2.watchdog = void 0;
    this.#armWatchdog(slot2);
    this.flush(slot2);
  }
  /** Posts batches (then a pending overflow notice) while the in-flight window allows. */
  flush(slot2) {
    slot2.flushQueued = false;
    const endpoint = slot2.endpoint;
    if (slot2.state !== "running" || !endpoint) return;
    const { batchSize, maxInFlight, store, now } = this.#options;
    while (slot2.inFlight.length < maxInFlight) {
      let message;
      if (slot2.mailbox.length > 0) {
        const batch = slot2.mailbox.take(batchSize);
        message = {
          kind: "events",
          seq: ++slot2.seq,
          events: batchJson(batch)
        };
        for (let i = 0; i < batch.length; i++) {
          const queued = batch[i];
          if (queued instanceof Holder) slot2.metaIndex.delete(queued.metaKey);
        }
      } else if (slot2.dropped > 0) {
        message = {
          kind: "overflow",
          seq: ++slot2.seq,
          dropped: slot2.dropped
        };
        store.audit(slot2.name, "mailbox overflow", "info", `${slot2.dropped} events dropped`);
        slot2.dropped = 0;
      } else break;
      slot2.inFlight.push({
        seq: message.seq,
        sentAt: now()
      });
      endpoint.post(message);
      this.#armWatchdog(slot2);
    }
  }
  /** Enqueues what the slot's grant scope lets it see of `event`, if anything. */
  #deliver(slot2, item, metaKey) {
    const scope = this.#scopes.get(slot2);
    if (scope) {
      const event = eventOf2(item);
      const seen = scope.view(event);
      if (seen === void 0) return;
      if (seen !== event) return this.#enqueue(slot2, seen, metaKey);
    }
    this.#enqueue(slot2, item, metaKey);
  }
  #enqueue(slot2, item, metaKey) {
    if (metaKey !== void 0) {
      const pending = slot2.metaIndex.get(metaKey);
      if (pending) {
        pending.item = wrapped(item);
        return;
      }
    }
    if (slot2.mailbox.length >= this.#options.mailboxSize) {
      slot2.dropped++;
      return;
    }
    if (metaKey === void 0) slot2.mailbox.push(item);
    else {
      const holder = new Holder(wrapped(item), metaKey);
      slot2.metaIndex.set(metaKey, holder);
      slot2.mailbox.push(holder);
    }
    const { batchSize, maxInFlight } = this.#options;
    if (slot2.inFlight.length >= maxInFlight) return;
    if (slot2.mailbox.length >= batchSize) this.flush(slot2);
    else if (!slot2.flushQueued) {
      slot2.flushQueued = true;
      queueMicrotask(() => this.flush(slot2));
    }
  }
  #armWatchdog(slot2) {
    if (slot2.watchdog !== void 0 || slot2.inFlight.length === 0) return;
    const { ackBudgetMs: budget, now } = this.#options;
    const waited = now() - slot2.inFlight[0].sentAt;
    slot2.watchdog = setTimeout(() => {
      slot2.watchdog = void 0;
      const oldest = slot2.inFlight[0];
      if (!oldest || slot2.state !== "running") return;
      if (now() - oldest.sentAt >= budget) {
        slot2.crash(`did not acknowledge a batch within ${budget} ms`);
      } else this.#armWatchdog(slot2);
    }, Math.max(0, budget - waited));
  }
};
function batchJson(batch) {
  return columnsJson(batch, baseOf(batch));
}
function columnsJson(batch, base) {
  const pairs = new EventPairs();
  const pairIndexes = new Array(batch.length);
  const offsets = new Array(batch.length);
  const data = new Array(batch.length);
  for (let i = 0; i < batch.length; i++) {
    const event = ownEvent(batch[i]);
    if (event === void 0) return splicedJson(batch, base);
    const time = event.timestamp.getTime();
    const offset = time - base;
    if (base !== 0 && base + offset !== time) return columnsJson(batch, 0);
    pairIndexes[i] = pairs.of(event);
    offsets[i] = offset;
    data[i] = event.data;
  }
  return tryJson([
    pairs.list,
    base,
    pairIndexes,
    offsets,
    data
  ]) ?? splicedJson(batch, base);
}
function baseOf(batch) {
  const first = batch.length > 0 ? eventOf2(batch[0]).timestamp.getTime() : 0;
  return Number.isFinite(first) ? first : 0;
}
function exactFrom(batch, base) {
  for (let i = 0; i < batch.length && base !== 0; i++) {
    const time = eventOf2(batch[i]).timestamp.getTime();
    if (base + (time - base) !== time) return false;
  }
  return true;
}
function splicedJson(batch, start) {
  const base = exactFrom(batch, start) ? start : 0;
  const pairs = new EventPairs();
  const pairIndexes = [];
  const offsets = [];
  const parts = [];
  let run = [];
  const flush = () => {
    if (run.length > 0) addRun(run, {
      pairs,
      base,
      pairIndexes,
      offsets,
      parts
    });
    run = [];
  };
  for (let i = 0; i < batch.length; i++) {
    const item = batch[i];
    const event = ownEvent(item);
    if (event !== void 0) {
      run.push(event);
      continue;
    }
    flush();
    const json = item instanceof Outgoing ? item.json() : void 0;
    if (json === void 0) continue;
    const shared = eventOf2(item);
    pairIndexes.push(pairs.of(shared));
    offsets.push(shared.timestamp.getTime() - base);
    parts.push(json);
  }
  flush();
  return `[${JSON.stringify(pairs.list)},${base},${JSON.stringify(pairIndexes)},${JSON.stringify(offsets)},[${parts.join(",")}]]`;
}
function addRun(run, columns) {
  const { pairs, base, pairIndexes, offsets, parts } = columns;
  const json = tryJson(run.map((event) => event.data));
  for (let i = 0; i < run.length; i++) {
    const event = run[i];
    if (json === void 0) {
      const one = dataJson(event.type, event.data);
      if (one === void 0) continue;
      parts.push(one);
    }
    pairIndexes.push(pairs.of(event));
    offsets.push(event.timestamp.getTime() - base);
  }
  if (json !== void 0) parts.push(json.slice(1, -1));
}
function tryJson(value) {
  try {
    return JSON.stringify(value);
  } catch {
    return void 0;
  }
}
function dataJson(type, data) {
  try {
    return JSON.stringify([
      data
    ]).slice(1, -1);
  } catch (error) {
    console.error(`Cannot deliver ${type} to plugins: its data is not JSON`, error);
    return void 0;
  }
}
var EventPairs = class {
  /** `[type0, source0, type1, source1, …]`. */
  list = [];
  #byType = /* @__PURE__ */ new Map();
  #lastType;
  #lastSource;
  #last = 0;
  /** The index of `event`'s pair, added if new. */
  of(event) {
    const { type, source } = event;
    if (type === this.#lastType && source === this.#lastSource) return this.#last;
    let bySource = this.#byType.get(type);
    if (bySource === void 0) {
      bySource = /* @__PURE__ */ new Map();
      this.#byType.set(type, bySource);
    }
    let index = bySource.get(source);
    if (index === void 0) {
      index = this.list.length / 2;
      this.list.push(type, source);
      bySource.set(source, index);
    }
    this.#lastType = type;
    this.#lastSource = source;
    this.#last = index;
    return index;
  }
};
function wrapped(item) {
  return item instanceof Outgoing ? item : new WireItem(item, {
    shared: false
  });
}
var WireItem = class extends Outgoing {
  event;
  /** Whether other plugins get this same item: its JSON is then made once and kept. */
  #shared;
  #json;
  /** Wraps `event`, shared with other plugins unless `shared` is `false`. */
  constructor(event, options = {}) {
    super();
    this.event = event;
    this.#shared = options.shared ?? true;
  }
  own() {
    return this.#shared || this.#json !== void 0 ? void 0 : this.event;
  }
  json() {
    if (this.#json === void 0) {
      const { type, data } = this.event;
      this.#json = dataJson(type, data) ?? null;
    }
    return this.#json ?? void 0;
  }
};

// plugins/_install.ts
import { join as join10 } from "node:path";

// plugins/_pinned_copy.ts
import { dirname, join as join7, relative, sep as sep2 } from "node:path";
import { fileURLToPath as fileURLToPath2, pathToFileURL } from "node:url";

// plugins/_plugin_dirs.ts
import { join as join6 } from "node:path";
function pluginDataDir(hostDataDir, name) {
  return join6(hostDataDir, "plugins", name);
}
function copyRoot(hostDataDir, name) {
  return join6(pluginDataDir(hostDataDir, name), "code");
}
function pluginDenoDir(hostDataDir, name) {
  return join6(hostDataDir, "plugins", ".runtime", name);
}

// plugins/_pinned_copy.ts
var SDK_FILE = fileURLToPath2(new URL("./sdk.ts", new URL("../plugins/_pinned_copy.ts", import.meta.url).href));
var HOST_ROOT = dirname(dirname(SDK_FILE));
var SDK_STUB = new TextEncoder().encode(`// The host's SDK, for plugins that import it by a relative path.
export * from "${pathToFileURL(SDK_FILE).href}";
`);
var MAX_FILES = 1e4;
var MAX_BYTES = 256 * 1024 * 1024;
function codePlace(stored, hostDataDir) {
  if (stored.dev) return {
    root: stored.path,
    folder: stored.path
  };
  const root = copyRoot(hostDataDir, stored.name);
  return {
    root,
    folder: join7(root, stored.codePath ?? "")
  };
}
async function pinCopy(name, source, target) {
  const refuse2 = (path, _rel, reason) => {
    throw new PluginFileError(name, path, reason);
  };
  const ancestor = commonAncestor(source, HOST_ROOT);
  const codePath = relative(ancestor, source);
  const files = {};
  let count = 0;
  let bytes = 0;
  for await (const entry of walk(source, "", refuse2)) {
    if (++count > MAX_FILES) {
      refuse2(source, "", `a plugin folder may hold at most ${MAX_FILES} files`);
    }
    bytes += entry.info.size;
    if (bytes > MAX_BYTES) {
      refuse2(entry.path, entry.rel, `a plugin folder may hold at most ${MAX_BYTES >> 20} MiB`);
    }
    const rel = join7(codePath, entry.rel);
    files[rel] = await copyFile(entry, join7(target, rel), refuse2);
  }
  const stub = relative(ancestor, SDK_FILE);
  if (!(stub in files)) files[stub] = await writeFile(join7(target, stub), SDK_STUB);
  return {
    codePath,
    files
  };
}
async function checkCode(stored, hostDataDir, files) {
  if (stored.dev) return;
  if (stored.codePath === null) {
    throw new PluginLoadError(stored.name, "it has no pinned copy (installed by an older version); install it again");
  }
  await verifyCopy(stored.name, copyRoot(hostDataDir, stored.name), files);
}
async function verifyCopy(name, root, files) {
  const refuse2 = (_path, rel, reason) => {
    throw new PluginIntegrityError(name, rel || ".", reason);
  };
  const seen = /* @__PURE__ */ new Set();
  let count = 0;
  for await (const entry of walk(root, "", refuse2)) {
    if (++count > MAX_FILES) {
      refuse2(entry.path, entry.rel, "the copy holds more files than allowed");
    }
    const expected = files[entry.rel];
    if (expected === void 0) refuse2(entry.path, entry.rel, "it was not installed");
    if (entry.info.size > MAX_BYTES) refuse2(entry.path, entry.rel, "it is larger than allowed");
    if (await sha256(await Deno.readFile(entry.path)) !== expected) {
      refuse2(entry.path, entry.rel, "its sha256 differs from the one recorded at install");
    }
    seen.add(entry.rel);
  }
  for (const rel of Object.keys(files)) {
    if (!seen.has(rel)) refuse2(join7(root, rel), rel, "it is missing");
  }
}
async function* walk(folder, rel, refuse2) {
  let info;
  try {
    info = await Deno.lstat(folder);
  } catch {
    return refuse2(folder, rel, "the folder cannot be read");
  }
  if (!info.isDirectory) refuse2(folder, rel, "it is not a folder");
  const names2 = [];
  for await (const entry of Deno.readDir(folder)) {
    if (names2.push(entry.name) > MAX_FILES) {
      refuse2(folder, rel, `a plugin folder may hold at most ${MAX_FILES} files`);
    }
  }
  names2.sort();
  for (const name of names2) {
    const path = join7(folder, name);
    const entryRel = rel === "" ? name : join7(rel, name);
    const entry = await Deno.lstat(path);
    const problem = refusal2(entry);
    if (problem) refuse2(path, entryRel, problem);
    if (entry.isDirectory) yield* walk(path, entryRel, refuse2);
    else yield {
      path,
      rel: entryRel,
      info: entry
    };
  }
}
function refusal2(info) {
  if (info.isSymlink) return "a symbolic link is refused";
  if (info.isDirectory) return void 0;
  if (info.isFile) {
    return (info.nlink ?? 1) > 1 ? `a hard link is refused (${info.nlink} links)` : void 0;
  }
  if (info.isFifo) return "a FIFO is refused";
  if (info.isSocket) return "a socket is refused";
  if (info.isCharDevice || info.isBlockDevice) return "a device file is refused";
  return "only regular files and folders are copied";
}
async function copyFile(entry, to, refuse2) {
  using file = await Deno.open(entry.path, {
    read: true
  });
  const info = await file.stat();
  if (info.ino !== entry.info.ino || info.dev !== entry.info.dev || !info.isFile) {
    refuse2(entry.path, entry.rel, "it was replaced while being copied");
  }
  const problem = refusal2(info);
  if (problem) refuse2(entry.path, entry.rel, problem);
  const data = new Uint8Array(entry.info.size);
  let filled = 0;
  while (filled < data.length) {
    const read = await file.read(data.subarray(filled));
    if (read === null) break;
    filled += read;
  }
  if (filled !== data.length || await file.read(new Uint8Array(1)) !== null) {
    refuse2(entry.path, entry.rel, "it changed size while being copied");
  }
  return await writeFile(to, data);
}
async function writeFile(path, data) {
  await Deno.mkdir(dirname(path), {
    recursive: true
  });
  await Deno.writeFile(path, data, {
    createNew: true,
    mode: 292
  });
  return await sha256(data);
}
async function sha256(data) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
function commonAncestor(a, b) {
  const left = a.split(sep2);
  const right = b.split(sep2);
  let i = 0;
  while (i < left.length && i < right.length && left[i] === right[i]) i++;
  return left.slice(0, i).join(sep2) || sep2;
}

// plugins/_endpoint.ts
import { fileURLToPath as fileURLToPath3 } from "node:url";

// plugins/_builtins.ts
var apply = Reflect.apply;
var encodeIntoMethod = TextEncoder.prototype.encodeInto;
var subarrayMethod = Uint8Array.prototype.subarray;
var setMethod = Uint8Array.prototype.set;
var sliceMethod = String.prototype.slice;
var execMethod = RegExp.prototype.exec;
var hasInstanceMethod = Function.prototype[Symbol.hasInstance];
var weakSetHas = WeakSet.prototype.has;
var weakSetAdd = WeakSet.prototype.add;
var stringify = JSON.stringify;
var isSafeInteger = Number.isSafeInteger;
var max = Math.max;
var min = Math.min;
var NotCapable = Deno.errors.NotCapable;
var Bytes = Uint8Array;
var timeoutGetter = Reflect.getOwnPropertyDescriptor(globalThis, "setTimeout")?.get;
function encodeInto(encoder4, text2, into) {
  return apply(encodeIntoMethod, encoder4, [
    text2,
    into
  ]);
}
function subarray(bytes, start, end) {
  return apply(subarrayMethod, bytes, [
    start,
    end
  ]);
}
function copyInto(target, source, offset = 0) {
  apply(setMethod, target, [
    source,
    offset
  ]);
}
function sliceText(text2, start) {
  return apply(sliceMethod, text2, [
    start
  ]);
}
function isInstance(value, type) {
  return apply(hasInstanceMethod, type, [
    value
  ]) === true;
}

// plugins/_json_bounds.ts
var QUOTE2 = 34;
var BACKSLASH2 = 92;
var OPEN_ARRAY = 91;
var CLOSE_ARRAY = 93;
var OPEN_OBJECT = 123;
var CLOSE_OBJECT = 125;
var COMMA = 44;
var COLON = 58;
function breaksBounds(json, bounds) {
  const { maxDepth, maxItems } = bounds;
  let depth2 = 0;
  let items = 0;
  for (let at2 = 0; at2 < json.length; at2++) {
    const byte = json[at2];
    if (byte === QUOTE2) {
      at2 = closingQuote(json, at2);
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth2 > maxDepth) return {
        at: at2,
        reason: `it nests deeper than ${maxDepth} levels`
      };
      if (++items > maxItems) return {
        at: at2,
        reason: `it holds more than ${maxItems} items`
      };
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth2--;
    } else if (byte === COMMA || byte === COLON) {
      if (++items > maxItems) return {
        at: at2,
        reason: `it holds more than ${maxItems} items`
      };
    }
  }
  return void 0;
}
function closingQuote(json, open) {
  let from = open + 1;
  for (; ; ) {
    const quote = json.indexOf(QUOTE2, from);
    if (quote < 0) return json.length;
    let backslashes = 0;
    while (json[quote - 1 - backslashes] === BACKSLASH2) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

// plugins/_preview.ts
var PREVIEW_CHARS = 120;
function preview3(value, max2 = PREVIEW_CHARS) {
  const out = [];
  let room = max2 + 1;
  const put = (text3) => {
    out.push(text3.slice(0, room));
    room -= text3.length;
    return room > 0;
  };
  const walk2 = (v) => {
    if (typeof v === "string") return put(JSON.stringify(v.slice(0, room)));
    if (typeof v !== "object" || v === null) {
      return put(typeof v === "bigint" ? `${v}n` : JSON.stringify(v) ?? String(v));
    }
    if (Array.isArray(v)) {
      if (!put("[")) return false;
      for (let i = 0; i < v.length; i++) {
        if (i > 0 && !put(",") || !walk2(v[i])) return false;
      }
      return put("]");
    }
    if (!put("{")) return false;
    let first = true;
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      if (!first && !put(",")) return false;
      first = false;
      if (!put(`${JSON.stringify(key.slice(0, room))}:`)) return false;
      if (!walk2(Reflect.get(v, key))) return false;
    }
    return put("}");
  };
  walk2(value);
  const text2 = out.join("");
  return text2.length > max2 ? `${text2.slice(0, max2 - 3)}...` : text2;
}

// plugins/_protocol.ts
var CALL_OPS = /* @__PURE__ */ new Set([
  "irc.send",
  "metadata.set",
  "storage.get",
  "storage.set",
  "storage.delete",
  "storage.list"
]);
var LEVELS = /* @__PURE__ */ new Set([
  "debug",
  "info",
  "warn",
  "error"
]);
var ProtocolError = class extends TypeError {
  constructor(reason, value) {
    super(`Cannot accept plugin message: ${reason}, got ${preview3(value)}`);
    this.name = "ProtocolError";
  }
};
function record(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ProtocolError("a message must be an object", value);
  }
  return value;
}
function int(value, field2, message) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new ProtocolError(`${field2} must be a non-negative integer`, message);
  }
  return value;
}
function str(value, field2, message, max2 = 65536) {
  if (typeof value !== "string" || value.length > max2) {
    throw new ProtocolError(`${field2} must be a string of at most ${max2} characters`, message);
  }
  return value;
}
function wireError(value, message) {
  const raw = record(value);
  const error = {
    name: str(raw.name, "error.name", message, 200),
    message: str(raw.message, "error.message", message)
  };
  if (raw.capability !== void 0) {
    error.capability = str(raw.capability, "error.capability", message, 200);
  }
  return error;
}
function parsePluginMessage(value) {
  const raw = record(value);
  switch (raw.kind) {
    case "ready": {
      if (!Array.isArray(raw.commands) || raw.commands.length > 256) {
        throw new ProtocolError("commands must be an array of at most 256 names", value);
      }
      return {
        kind: "ready",
        commands: raw.commands.map((c) => str(c, "commands[]", value, 64))
      };
    }
    case "setup-failed":
      return {
        kind: "setup-failed",
        error: wireError(raw.error, value)
      };
    case "ack":
      return {
        kind: "ack",
        seq: int(raw.seq, "seq", value)
      };
    case "call": {
      if (typeof raw.op !== "string" || !CALL_OPS.has(raw.op)) {
        throw new ProtocolError("op must be a known operation", value);
      }
      if (!Array.isArray(raw.args) || raw.args.length > 8) {
        throw new ProtocolError("args must be an array of at most 8 items", value);
      }
      return {
        kind: "call",
        id: int(raw.id, "id", value),
        op: raw.op,
        args: raw.args
      };
    }
    case "command-done": {
      const done = {
        kind: "command-done",
        id: int(raw.id, "id", value),
        ok: raw.ok === true
      };
      if (raw.error !== void 0) done.error = wireError(raw.error, value);
      return done;
    }
    case "log": {
      if (typeof raw.level !== "string" || !LEVELS.has(raw.level)) {
        throw new ProtocolError("level must be debug, info, warn or error", value);
      }
      return {
        kind: "log",
        level: raw.level,
        message: str(raw.message, "message", value)
      };
    }
    case "denied":
      return {
        kind: "denied",
        what: str(raw.what, "what", value, 500),
        message: str(raw.message, "message", value, 2e3)
      };
    case "uncaught":
      return {
        kind: "uncaught",
        error: wireError(raw.error, value)
      };
    case "teardown-done":
      return {
        kind: "teardown-done"
      };
    default:
      throw new ProtocolError("kind is not a known plugin message", value);
  }
}
var ENCODER = new TextEncoder();
function framePieces(message) {
  if (typeof message === "object" && message !== null && "kind" in message && message.kind === "events" && "seq" in message && isSafeInteger(message.seq) && "events" in message && typeof message.events === "string") {
    return [
      `{"kind":"events","seq":${message.seq},"events":`,
      message.events,
      "}"
    ];
  }
  return [
    stringify(message)
  ];
}
var MAX_FRAME = 256 * 1024 * 1024;
var FrameTooLargeError = class extends ProtocolError {
  /** The length the frame announced, in bytes. */
  length;
  /** The limit it broke, in bytes. */
  limit;
  constructor(length, limit) {
    super(`a frame must be at most ${limit} bytes`, length);
    this.name = "FrameTooLargeError";
    this.length = length;
    this.limit = limit;
  }
};
var MAX_FRAME_DEPTH = 64;
var MAX_FRAME_ITEMS = 2e5;
var HOST_BOUNDS = {
  maxDepth: MAX_FRAME_DEPTH,
  maxItems: MAX_FRAME_ITEMS
};
var QUOTED_BYTES = 200;
var FrameTooComplexError = class extends SyntaxError {
  constructor(frame, at2, reason) {
    const start = new TextDecoder().decode(subarray(frame, 0, min(frame.length, QUOTED_BYTES)));
    super(`Cannot parse plugin frame: ${reason} at byte ${at2}, got ${stringify(start)}${frame.length > QUOTED_BYTES ? "..." : ""}`);
    this.name = "FrameTooComplexError";
  }
};
var FRAMES_PER_TURN = 256;
function lengthAt(bytes, at2) {
  return bytes[at2] * 16777216 + (bytes[at2 + 1] << 16) + (bytes[at2 + 2] << 8) + bytes[at2 + 3];
}
var KEPT_BUFFER = 1024 * 1024;
var READ_BYTES = 64 * 1024;
var MAX_READ_BYTES = 1024 * 1024;
async function* chunksOf(source, pending) {
  if (source instanceof ReadableStream) {
    yield* streamChunks(source);
    return;
  }
  const readSync = source.readSync?.bind(source);
  let buffer = new Bytes(READ_BYTES);
  for (; ; ) {
    let n = readSync !== void 0 && pending() > 0 ? readNow(readSync, buffer) : void 0;
    if (n === void 0) n = await source.read(buffer);
    if (n === null) return;
    yield subarray(buffer, 0, n);
    if (n === buffer.length && buffer.length < MAX_READ_BYTES) {
      buffer = new Bytes(buffer.length * 2);
    }
  }
}
async function* streamChunks(stream) {
  let reader;
  try {
    reader = stream.getReader({
      mode: "byob"
    });
  } catch {
    yield* stream;
    return;
  }
  let ended = false;
  try {
    let buffer = new ArrayBuffer(READ_BYTES);
    for (; ; ) {
      const { value, done } = await reader.read(new Bytes(buffer));
      if (done || value === void 0) {
        ended = true;
        return;
      }
      yield value;
      buffer = value.buffer;
    }
  } finally {
    if (ended) reader.releaseLock();
    else await reader.cancel().catch(() => {
    });
  }
}
var WouldBlock = Deno.errors.WouldBlock;
function readNow(readSync, buffer) {
  try {
    return readSync(buffer);
  } catch (error) {
    if (isInstance(error, WouldBlock)) return void 0;
    throw error;
  }
}
async function* readFrames(source, maxFrame = MAX_FRAME, onBytes) {
  let frames = 0;
  for await (const group of frameGroups(source, maxFrame, HOST_BOUNDS, onBytes)) {
    for (const frame of group) {
      yield frame;
      if (++frames % FRAMES_PER_TURN === 0) {
        await new Promise((resolve3) => setTimeout(resolve3, 0));
      }
    }
  }
}
async function* frameGroups(source, maxFrame, bounds, onBytes) {
  const decoder2 = new TextDecoder();
  const parse = (frame) => {
    const breach = bounds && breaksBounds(frame, bounds);
    if (breach) throw new FrameTooComplexError(frame, breach.at, breach.reason);
    return JSON.parse(decoder2.decode(frame));
  };
  const header = new Bytes(4);
  let headerFill = 0;
  let body2 = new Bytes(0);
  let bodyFill = 0;
  let length = -1;
  const pending = () => length >= 0 ? length - bodyFill : headerFill > 0 ? 4 - headerFill : 0;
  for await (const chunk of chunksOf(source, pending)) {
    onBytes?.(chunk.length);
    const group = [];
    let offset = 0;
    try {
      while (offset < chunk.length) {
        if (length < 0) {
          if (headerFill === 0 && chunk.length - offset >= 4) {
            length = lengthAt(chunk, offset);
            offset += 4;
          } else {
            const take2 = min(4 - headerFill, chunk.length - offset);
            copyInto(header, subarray(chunk, offset, offset + take2), headerFill);
            headerFill += take2;
            offset += take2;
            if (headerFill < 4) break;
            headerFill = 0;
            length = lengthAt(header, 0);
          }
          if (length > maxFrame) throw new FrameTooLargeError(length, maxFrame);
        }
        if (bodyFill === 0 && chunk.length - offset >= length) {
          const frame = subarray(chunk, offset, offset + length);
          offset += length;
          length = -1;
          group.push(parse(frame));
          continue;
        }
        if (body2.length < length) {
          body2 = new Bytes(min(maxFrame, length > body2.length * 2 ? length : body2.length * 2));
        }
        const take = min(length - bodyFill, chunk.length - offset);
        copyInto(body2, subarray(chunk, offset, offset + take), bodyFill);
        bodyFill += take;
        offset += take;
        if (bodyFill === length) {
          const frame = subarray(body2, 0, length);
          bodyFill = 0;
          length = -1;
          const message = parse(frame);
          if (body2.length > KEPT_BUFFER) body2 = new Bytes(0);
          group.push(message);
        }
      }
    } catch (error) {
      if (group.length > 0) yield group;
      throw error;
    }
    if (group.length > 0) yield group;
  }
}

// plugins/_frame_writer.ts
var INITIAL_BYTES = 64 * 1024;
var KEPT_BYTES = 1024 * 1024;
var ENCODER2 = new TextEncoder();
var FrameWriter = class {
  #sink;
  #buffer = new Bytes(INITIAL_BYTES);
  #fill = 0;
  /** The buffer of the last finished write, reused for the next one. */
  #spare;
  #writing;
  #failed = false;
  #maxPendingBytes;
  #onFull;
  /**
   * A writer to `sink`, which is called with one write at a time. When more than
   * `maxPendingBytes` wait behind a write (the other side stopped reading), the writer drops
   * everything from then on and calls `onFull` once with the bytes waiting.
   */
  constructor(sink, options = {}) {
    this.#sink = sink;
    this.#maxPendingBytes = options.maxPendingBytes ?? Infinity;
    this.#onFull = options.onFull ?? (() => {
    });
  }
  /** Bytes waiting for the write under way to finish. */
  get pendingBytes() {
    return this.#fill;
  }
  /** Queues one message as a frame; writes it now when no write is under way. */
  write(message) {
    if (this.#failed) return;
    const start = this.#fill;
    this.#fill += 4;
    const pieces = framePieces(message);
    for (let i = 0; i < pieces.length; i++) this.#append(pieces[i]);
    const length = this.#fill - start - 4;
    const buffer = this.#buffer;
    buffer[start] = length >>> 24;
    buffer[start + 1] = length >>> 16 & 255;
    buffer[start + 2] = length >>> 8 & 255;
    buffer[start + 3] = length & 255;
    if (this.#fill > this.#maxPendingBytes) {
      const bytes = this.#fill;
      this.#failed = true;
      this.#fill = 0;
      this.#buffer = new Bytes(0);
      this.#spare = void 0;
      return this.#onFull(bytes);
    }
    this.#writing ??= this.#pump();
  }
  /** Encodes `text` as UTF-8 at the end of the buffer. */
  #append(text2) {
    this.#reserve(this.#fill + text2.length);
    const first = encodeInto(ENCODER2, text2, subarray(this.#buffer, this.#fill));
    let read = first.read;
    this.#fill += first.written;
    while (read < text2.length) {
      const rest = sliceText(text2, read);
      this.#reserve(this.#fill + rest.length * 3);
      const more = encodeInto(ENCODER2, rest, subarray(this.#buffer, this.#fill));
      read += more.read;
      this.#fill += more.written;
    }
  }
  /** Resolves once every frame written so far has reached the sink (or the sink failed). */
  flushed() {
    return this.#writing ?? Promise.resolve();
  }
  /** Grows the buffer to hold `bytes`, keeping what it holds. */
  #reserve(bytes) {
    if (bytes <= this.#buffer.length) return;
    let size = max(this.#buffer.length * 2, INITIAL_BYTES);
    while (size < bytes) size *= 2;
    const grown = new Bytes(size);
    copyInto(grown, subarray(this.#buffer, 0, this.#fill));
    this.#buffer = grown;
  }
  async #pump() {
    try {
      while (this.#fill > 0) {
        const buffer = this.#buffer;
        const out = subarray(buffer, 0, this.#fill);
        this.#buffer = this.#spare ?? new Bytes(INITIAL_BYTES);
        this.#spare = void 0;
        this.#fill = 0;
        await this.#sink(out);
        if (buffer.length <= KEPT_BYTES) this.#spare = buffer;
      }
    } catch {
      this.#failed = true;
      this.#fill = 0;
    } finally {
      this.#writing = void 0;
    }
  }
};
var WouldBlock2 = Deno.errors.WouldBlock;

// plugins/_jsr.ts
import { dirname as dirname2, join as join9, normalize } from "node:path";

// plugins/_sdk_range.ts
import { extname, join as join8 } from "node:path";

// deno.json
var deno_default = {
  name: "@ircbus/client",
  version: "0.1.0",
  license: "MIT",
  exports: {
    ".": "./mod.ts",
    "./bus": "./bus/mod.ts",
    "./irc": "./irc/mod.ts",
    "./plugins": "./plugins/mod.ts",
    "./client": "./client/mod.ts",
    "./client/front": "./client/front.ts",
    "./deeplink": "./deeplink/mod.ts",
    "./history": "./history/mod.ts",
    "./plugin": "./plugins/sdk.ts"
  },
  imports: {
    "@sinonjs/fake-timers": "./tests/_deps/sinonjs_fake_timers.ts",
    emittery: "./tests/_deps/emittery.ts",
    eventemitter3: "./tests/_deps/eventemitter3.ts",
    "fast-check": "./tests/_deps/fast_check.ts",
    "irc-framework": "./deps/irc_framework.ts",
    mitt: "./tests/_deps/mitt.ts",
    "playwright-core": "./tests/_deps/playwright_core.ts",
    yaml: "./tests/_deps/yaml.ts"
  },
  lock: false,
  tasks: {
    test: "deno run --allow-run --allow-read scripts/run_tests.ts",
    bench: "deno run --lock=deno.lock --allow-all bench/main.ts",
    check: "deno fmt --check && deno lint && deno check . && deno doc --lint mod.ts bus/mod.ts irc/mod.ts plugins/mod.ts client/mod.ts client/front.ts deeplink/mod.ts history/mod.ts plugins/sdk.ts && deno publish --dry-run --allow-dirty",
    run: "deno cache --quiet --lock=client.lock --frozen main.ts client/_launch_entry.ts && deno run --allow-all --no-prompt --lock=client.lock --frozen --cached-only --v8-flags=--max-semi-space-size=8,--no-memory-pool main.ts",
    plugins: "deno run --allow-all --no-prompt --cached-only --v8-flags=--max-semi-space-size=8,--no-memory-pool plugins/cli.ts",
    "bundle-irc": "deno run --allow-run --allow-read --allow-write=deps/irc_framework_client.bundle.js scripts/bundle_irc.ts",
    "bundle-web": "deno run --allow-run --allow-read --allow-write=client/web/app.bundle.js scripts/bundle_web.ts",
    "bundle-server": "deno run --allow-run --allow-read --allow-write=client/server.bundle.js scripts/bundle_server.ts"
  },
  fmt: {
    lineWidth: 100,
    exclude: [
      "tests/_data/ircdocs-parser-tests/",
      "client/web/app.bundle.js",
      "client/server.bundle.js",
      "deps/irc_framework_client.bundle.js"
    ]
  },
  lint: {
    exclude: [
      "client/web/app.bundle.js",
      "client/server.bundle.js",
      "deps/irc_framework_client.bundle.js"
    ]
  },
  publish: {
    exclude: [
      "tests/",
      "bench/",
      ".ci/",
      "scripts/",
      "docs/",
      "client.lock",
      "client/server.bundle.js",
      "deps/irc_framework_client.bundle.js"
    ]
  },
  test: {
    exclude: [
      "scripts/",
      "bench/"
    ]
  },
  unstable: [
    "worker-options"
  ],
  compilerOptions: {
    lib: [
      "deno.window",
      "dom"
    ]
  }
};

// plugins/_sdk_range.ts
import { errorMessage as errorMessage4 } from "../common/mod.ts";
var SDK_PACKAGE = deno_default.name;
var SDK_VERSION = deno_default.version;
var CODE_EXTENSIONS = /* @__PURE__ */ new Set([
  ".ts",
  ".tsx",
  ".mts",
  ".js",
  ".jsx",
  ".mjs",
  ".json",
  ".jsonc"
]);
var MAX_FILES2 = 1e4;
var MAX_FILE_BYTES = 4 * 1024 * 1024;
function sdkRangesIn(text2) {
  const name = SDK_PACKAGE.replace("/", "\\/");
  const pattern = new RegExp(`jsr:/?${name}(?:@([^/"'\`\\s]*))?(?=[/"'\`\\s]|$)`, "g");
  return [
    ...text2.matchAll(pattern)
  ].map((match) => match[1] || "*");
}
function requireSdk(plugin, texts) {
  for (const text2 of texts) {
    for (const range of sdkRangesIn(text2)) {
      let ok;
      try {
        ok = satisfies(SDK_VERSION, range);
      } catch (error) {
        throw new PluginLoadError(plugin, errorMessage4(error));
      }
      if (!ok) {
        throw new PluginLoadError(plugin, `it needs ${SDK_PACKAGE}@${range}, this client runs ${SDK_VERSION}`);
      }
    }
  }
}
async function requireSdkIn(plugin, folder) {
  requireSdk(plugin, await codeTexts(folder));
}
async function codeTexts(folder) {
  const texts = [];
  let seen = 0;
  const visit = async (dir) => {
    for await (const entry of Deno.readDir(dir)) {
      if (++seen > MAX_FILES2) return;
      const path = join8(dir, entry.name);
      if (entry.isDirectory) await visit(path);
      else if (entry.isFile && CODE_EXTENSIONS.has(extname(entry.name))) {
        const { size } = await Deno.stat(path);
        if (size <= MAX_FILE_BYTES) texts.push(await Deno.readTextFile(path));
      }
    }
  };
  await visit(folder);
  return texts;
}
function satisfies(version, range) {
  const target = exactVersion(version)?.core;
  if (target === void 0) {
    throw new SyntaxError(`Cannot compare versions: not a version, got ${JSON.stringify(version)}`);
  }
  return range.split("||").some((set) => comparators(set.trim(), range).every(({ op, version: version2 }) => {
    const order = compare(target, version2);
    return op === "<" ? order < 0 : op === "<=" ? order <= 0 : op === ">" ? order > 0 : order >= 0;
  }));
}
function comparators(set, range) {
  const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(set);
  if (hyphen) return [
    ...lower(partial(hyphen[1], range)),
    ...atMost(partial(hyphen[2], range))
  ];
  const out = [];
  for (const token of set.replace(/([<>=^~]+)\s+/g, "$1").split(/\s+/)) {
    if (token === "") continue;
    const [, op = "", rest = ""] = /^(\^|~|>=|<=|>|<|=)?(.*)$/.exec(token) ?? [];
    const p = partial(rest, range);
    switch (op) {
      case "^": {
        const i = p[0] > 0 || p.length === 1 ? 0 : p[1] > 0 || p.length === 2 ? 1 : 2;
        out.push(...lower(p), ...p.length === 0 ? [] : [
          below(bump(p, i))
        ]);
        break;
      }
      case "~":
        out.push(...lower(p), ...p.length === 0 ? [] : [
          below(bump(p, p.length === 1 ? 0 : 1))
        ]);
        break;
      case ">=":
        out.push(...lower(p));
        break;
      case ">":
        if (p.length === 0) out.push(below([
          0,
          0,
          0
        ]));
        else if (p.length === 3) out.push({
          op: ">",
          version: pad(p)
        });
        else out.push(...lower(bump(p, p.length - 1)));
        break;
      case "<":
        out.push(below(p.length === 0 ? [
          0,
          0,
          0
        ] : pad(p)));
        break;
      case "<=":
        out.push(...atMost(p));
        break;
      default:
        out.push(...lower(p), ...atMost(p));
    }
  }
  return out;
}
function partial(text2, range = text2) {
  const core = text2.replace(/^v/, "").split(/[-+]/)[0];
  const out = [];
  if (core === "") return out;
  const parts = core.split(".");
  if (parts.length > 3) throw badRange(range);
  for (const piece of parts) {
    if (/^[xX*]$/.test(piece)) break;
    if (!/^\d{1,9}$/.test(piece)) throw badRange(range);
    out.push(Number(piece));
  }
  return out;
}
function badRange(range) {
  return new SyntaxError(`Cannot read SDK range: not a semver range, got ${JSON.stringify(range)}`);
}
function pad(p) {
  return [
    p[0] ?? 0,
    p[1] ?? 0,
    p[2] ?? 0
  ];
}
function bump(p, i) {
  const v = pad(p);
  v[i]++;
  for (let j = i + 1; j < 3; j++) v[j] = 0;
  return v;
}
function lower(p) {
  return p.length === 0 ? [] : [
    {
      op: ">=",
      version: pad(p)
    }
  ];
}
function below(version) {
  return {
    op: "<",
    version
  };
}
function atMost(p) {
  if (p.length === 0) return [];
  return p.length === 3 ? [
    {
      op: "<=",
      version: pad(p)
    }
  ] : [
    below(bump(p, p.length - 1))
  ];
}
function compare(a, b) {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
function exactVersion(text2) {
  const match = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text2.replace(/^v/, ""));
  if (!match) return void 0;
  return {
    core: [
      Number(match[1]),
      Number(match[2]),
      Number(match[3])
    ],
    pre: match[4] ?? ""
  };
}
function compareVersions(a, b) {
  const left = exactVersion(a);
  const right = exactVersion(b);
  if (!left || !right) return left ? 1 : right ? -1 : 0;
  const order = compare(left.core, right.core);
  if (order !== 0 || left.pre === right.pre) return Math.sign(order);
  if (left.pre === "") return 1;
  if (right.pre === "") return -1;
  return left.pre < right.pre ? -1 : 1;
}

// plugins/_jsr.ts
init_mod2();
import { errorMessage as errorMessage5 } from "../common/mod.ts";
var MAX_META_BYTES = 1024 * 1024;
var MAX_FILES3 = 1e3;
var MAX_PACKAGE_BYTES = 64 * 1024 * 1024;
var TIMEOUT_MS = 15e3;
function registryUrl() {
  const url = Deno.env.get("JSR_URL") || "https://jsr.io/";
  return url.endsWith("/") ? url : `${url}/`;
}
function parseJsrSpecifier(text2) {
  const split = splitJsrSpecifier(text2);
  if (!split) {
    throw new PluginRegistryError(text2, "a JSR plugin is named jsr:@scope/name[@range]", text2);
  }
  inRange(text2, "0.0.0", split.range);
  return split;
}
async function listVersions(specifier, pkg) {
  const meta = await fetchJson(specifier, `${pkg}/meta.json`);
  const versions = isRecord2(meta) ? meta.versions : void 0;
  if (!isRecord2(versions)) {
    throw new PluginRegistryError(specifier, "the registry's meta.json has no versions", meta);
  }
  const found2 = Object.entries(versions).filter(([version, info]) => exactVersion(version) && !(isRecord2(info) && info.yanked)).map(([version]) => version);
  return found2.sort((a, b) => compareVersions(b, a));
}
function pickVersion(specifier, versions, range) {
  const found2 = versions.find((version) => version === range || exactVersion(version)?.pre === "" && inRange(specifier, version, range));
  if (found2 === void 0) {
    throw new PluginRegistryError(specifier, "no published version matches the range", range);
  }
  return found2;
}
function inRange(specifier, version, range) {
  try {
    return satisfies(version, range);
  } catch {
    throw new PluginRegistryError(specifier, "the version range is not a semver range", range);
  }
}
async function fetchVersion(specifier, pkg, version, target, pinned) {
  const bytes = await fetchBytes(specifier, `${pkg}/${version}_meta.json`, MAX_META_BYTES);
  const integrity = `sha256-${await sha256(bytes)}`;
  if (pinned !== void 0 && integrity !== pinned) {
    throw new PluginRegistryError(specifier, `integrity check failed: the registry serves ${pkg}@${version} with bytes that differ from the pin ${pinned}`, integrity);
  }
  const meta = parseJsonBytes(specifier, bytes);
  const manifest = isRecord2(meta) ? meta.manifest : void 0;
  if (!isRecord2(manifest)) {
    throw new PluginRegistryError(specifier, "the version meta has no manifest", meta);
  }
  const files = Object.entries(manifest);
  if (files.length > MAX_FILES3) {
    throw new PluginRegistryError(specifier, `a package may hold at most ${MAX_FILES3} files`, files.length);
  }
  if (!("/plugin.json" in manifest)) {
    throw new PluginRegistryError(specifier, `${pkg}@${version} has no plugin.json among its published files`, Object.keys(manifest).slice(0, 10));
  }
  let total = 0;
  for (const [path, entry] of files) {
    const rel = normalize(path.slice(1));
    if (!path.startsWith("/") || rel.startsWith("..") || rel.includes("\0") || rel === ".") {
      throw new PluginRegistryError(specifier, "a file path leaves the package", path);
    }
    if (!isRecord2(entry) || typeof entry.size !== "number" || typeof entry.checksum !== "string" || !/^sha256-[0-9a-f]{64}$/.test(entry.checksum)) {
      throw new PluginRegistryError(specifier, `the manifest entry of ${path} is invalid`, entry);
    }
    total += entry.size;
    if (total > MAX_PACKAGE_BYTES) {
      throw new PluginRegistryError(specifier, `a package may hold at most ${MAX_PACKAGE_BYTES >> 20} MiB`, total);
    }
    const sizeDiffers = (got) => new PluginRegistryError(specifier, `integrity check failed: ${path} differs from the size of ${entry.size} bytes in its version's manifest`, got);
    const data = await fetchBytes(specifier, `${pkg}/${version}${path}`, entry.size, {
      tooLong: () => sizeDiffers(`more than ${entry.size} bytes`)
    });
    if (data.length !== entry.size) throw sizeDiffers(`${data.length} bytes`);
    const checksum = `sha256-${await sha256(data)}`;
    if (checksum !== entry.checksum) {
      throw new PluginRegistryError(specifier, `integrity check failed: ${path} differs from the checksum ${entry.checksum} in its version's manifest`, checksum);
    }
    await Deno.mkdir(dirname2(join9(target, rel)), {
      recursive: true
    });
    await Deno.writeFile(join9(target, rel), data, {
      createNew: true
    });
  }
  return {
    pkg,
    version,
    integrity
  };
}
async function fetchJson(specifier, path) {
  return parseJsonBytes(specifier, await fetchBytes(specifier, path, MAX_META_BYTES));
}
function parseJsonBytes(specifier, bytes) {
  const text2 = new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text2);
  } catch {
    throw new PluginRegistryError(specifier, "the registry answered with invalid JSON", text2);
  }
}
async function fetchBytes(specifier, path, limit, options = {}) {
  const url = new URL(path, registryUrl()).href;
  let response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(TIMEOUT_MS)
    });
  } catch (error) {
    throw new PluginRegistryError(specifier, `the registry ${registryUrl()} cannot be reached (${errorMessage5(error)})`, url);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    throw new PluginRegistryError(specifier, "the registry has no such package or file", url);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new PluginRegistryError(specifier, `the registry answered ${response.status}`, url);
  }
  const chunks = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > limit) {
      throw options.tooLong?.() ?? new PluginRegistryError(specifier, `the answer exceeds ${limit} bytes`, url);
    }
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let at2 = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at2);
    at2 += chunk.length;
  }
  return bytes;
}
function isRecord2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// plugins/_endpoint.ts
function workerPermissions(permissions) {
  const list2 = (items) => items.length > 0 ? [
    ...items
  ] : false;
  return {
    read: list2(permissions.read),
    write: list2(permissions.write),
    net: list2(permissions.net),
    env: list2(permissions.env),
    run: false,
    ffi: false,
    sys: false,
    import: false
  };
}
function subprocessFlags(permissions) {
  const flags = [
    "--no-prompt",
    "--cached-only"
  ];
  if (permissions.read.length > 0) flags.push(`--allow-read=${permissions.read.join(",")}`);
  if (permissions.write.length > 0) flags.push(`--allow-write=${permissions.write.join(",")}`);
  if (permissions.net.length > 0) flags.push(`--allow-net=${permissions.net.join(",")}`);
  if (permissions.env.length > 0) flags.push(`--allow-env=${permissions.env.join(",")}`);
  return flags;
}
function startWorker(name, permissions) {
  const worker = new Worker(new URL("./_worker_main.ts", new URL("../plugins/_endpoint.ts", import.meta.url).href), {
    type: "module",
    name: `plugin:${name}`,
    deno: {
      permissions: workerPermissions(permissions)
    }
  });
  let exited = false;
  const endpoint = {
    post: (message) => worker.postMessage(message),
    onMessage: () => {
    },
    onExit: () => {
    },
    terminate() {
      exited = true;
      worker.terminate();
      return Promise.resolve();
    }
  };
  worker.onmessage = (event) => endpoint.onMessage(event.data);
  worker.onmessageerror = () => endpoint.onMessage({
    kind: "(unreadable message)"
  });
  worker.onerror = (event) => {
    event.preventDefault();
    if (exited) return;
    exited = true;
    worker.terminate();
    endpoint.onExit(`uncaught error in worker: ${event.message}`);
  };
  return endpoint;
}
var CONFIG = new URL("../deno.json", new URL("../plugins/_endpoint.ts", import.meta.url).href);
var SUBPROCESS_MAIN = new URL("./_subprocess_main.ts", new URL("../plugins/_endpoint.ts", import.meta.url).href);
function configFlags() {
  if (CONFIG.protocol !== "file:") return [
    "--no-config"
  ];
  try {
    Deno.statSync(CONFIG);
    return [
      `--config=${fileURLToPath3(CONFIG)}`,
      "--no-lock"
    ];
  } catch {
    return [
      "--no-config"
    ];
  }
}
function importFlags() {
  const url = Deno.env.get("JSR_URL");
  const host = new URL(registryUrl()).host;
  return {
    flags: [
      `--allow-import=${host}`
    ],
    env: url ? {
      JSR_URL: url
    } : {},
    hosts: [
      host
    ]
  };
}
var MAX_PENDING_BYTES = 64 * 1024 * 1024;
var MAX_LINE = 64 * 1024;
function startSubprocess(permissions, containment, options) {
  const imports = importFlags();
  const { command, args } = containment.command([
    "run",
    ...configFlags(),
    ...subprocessFlags(permissions),
    ...imports.flags,
    `--v8-flags=--max-old-space-size=${options.heapMb}`,
    SUBPROCESS_MAIN.href
  ]);
  const child = new Deno.Command(command, {
    args,
    cwd: options.cwd,
    clearEnv: true,
    env: {
      ...options.env,
      ...imports.env,
      DENO_DIR: options.denoDir,
      ...containment.brokerPath ? {
        DENO_PERMISSION_BROKER_PATH: containment.brokerPath
      } : {},
      NO_COLOR: "1"
    },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped"
  }).spawn();
  containment.onExceeded = (reason) => end(reason);
  containment.started(child.pid).catch(() => {
  });
  const input = child.stdin.getWriter();
  input.closed.catch(() => {
  });
  const writer = new FrameWriter((bytes) => input.write(bytes), {
    maxPendingBytes: MAX_PENDING_BYTES,
    onFull: (bytes) => end(`stopped reading its channel: ${bytes} bytes waiting to be sent`)
  });
  let exited = false;
  let killed = false;
  let channelClosed = false;
  const end = (reason) => {
    if (killed || exited) return;
    exited = true;
    kill();
    endpoint.onExit(reason);
  };
  const kill = () => {
    clearInterval(memoryWatch);
    try {
      child.kill("SIGKILL");
    } catch {
    }
    containment.kill().catch(() => {
    });
  };
  const endpoint = {
    post(message) {
      if (exited || killed) return;
      writer.write(message);
    },
    onMessage: () => {
    },
    onExit: () => {
    },
    async terminate() {
      if (!exited) kill();
      killed = true;
      await containment.kill().catch(() => {
      });
      await Promise.allSettled([
        child.status,
        reading,
        output
      ]);
      await input.close().catch(() => {
      });
      await containment[Symbol.asyncDispose]();
    },
    reading: () => containment.reading(),
    storageChanged: () => containment.storageChanged()
  };
  const reading = (async () => {
    for await (const message of readFrames(child.stdout, options.maxFrameBytes, options.onBytes)) {
      containment.settle();
      endpoint.onMessage(message);
    }
    channelClosed = true;
    try {
      child.kill("SIGKILL");
    } catch {
    }
  })().catch((error) => {
    if (error instanceof FrameTooLargeError) {
      end(`sent a frame of ${error.length} bytes, over the limit of ${error.limit} bytes`);
    } else if (error instanceof SyntaxError) {
      end(`sent a malformed frame: ${error.message}`);
    } else {
      end(`broke its channel: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  const output = readLines(child.stderr, (line) => {
    if (line === BROKER_WARNING) return;
    containment.settle();
    options.onOutput("stderr", line);
  }, options.onBytes).catch(() => {
  });
  const memoryWatch = setInterval(async () => {
    const rss = await containment.residentBytes() / 1024 / 1024;
    if (rss > options.memoryMb) {
      end(`used ${Math.round(rss)} MiB of memory, over its limit of ${options.memoryMb} MiB`);
    }
  }, options.memoryPollMs);
  child.status.then(async (status) => {
    clearInterval(memoryWatch);
    await Promise.allSettled([
      reading,
      output
    ]);
    containment.settle();
    if (channelClosed && status.signal === "SIGKILL") return end("closed its channel to the host");
    const known2 = status.signal ? void 0 : containment.exitReason(status.code);
    if (known2) return end(known2);
    const how = status.signal ? `signal ${status.signal}` : status.code === BROKER_GONE_CODE ? `code ${status.code} (its permission broker went away)` : `code ${status.code}`;
    end(`subprocess exited with ${how}`);
  });
  return endpoint;
}
var BROKER_WARNING = "Warning Permission broker is an experimental feature";
var BROKER_GONE_CODE = 87;
async function readLines(stream, onLine, onBytes) {
  const decoder2 = new TextDecoder();
  let rest = "";
  const emit = (line) => {
    if (line.trim() !== "") onLine(line);
  };
  for await (const chunk of stream) {
    onBytes(chunk.length);
    const lines = (rest + decoder2.decode(chunk, {
      stream: true
    })).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      for (let i = 0; i < line.length; i += MAX_LINE) emit(line.slice(i, i + MAX_LINE));
    }
    while (rest.length > MAX_LINE) {
      emit(rest.slice(0, MAX_LINE));
      rest = rest.slice(MAX_LINE);
    }
  }
  emit(rest + decoder2.decode());
}

// plugins/_install.ts
init_mod2();
async function checkEntry(folder, manifest) {
  try {
    if (!(await Deno.stat(join10(folder, manifest.entry))).isFile) throw new Error("not a file");
  } catch {
    throw new PluginLoadError(manifest.name, `its entry ${manifest.entry} is not a file`);
  }
}
function checkGrant(grant) {
  if (typeof grant !== "object" || grant === null || !Array.isArray(grant.events) || !Array.isArray(grant.capabilities) || typeof grant.permissions !== "object") {
    throw new TypeError(`Cannot install plugin: the grant must have events, permissions and capabilities, got ${JSON.stringify(grant)}`);
  }
  const checked = structuredClone(grant);
  if (grant.scope !== void 0) checked.scope = parseScope(grant.scope);
  if (grant.diskQuotaMb !== void 0) checked.diskQuotaMb = parseDiskQuota(grant.diskQuotaMb);
  return checked;
}
function parseDiskQuota(value) {
  const mb = typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : value;
  if (typeof mb !== "number" || !Number.isInteger(mb) || mb < 1 || mb > MAX_DISK_QUOTA_MB) {
    throw new RangeError(`Cannot set the disk quota: give whole MiB from 1 to ${MAX_DISK_QUOTA_MB}, got ${JSON.stringify(value)}`);
  }
  return mb;
}
async function cacheModuleGraph(name, folder, entry, denoDir, lockfile) {
  const lock = lockfile === void 0 ? [] : [
    `--lock=${lockfile}`
  ];
  const config = configFlags().filter((flag) => lockfile === void 0 || flag !== "--no-lock");
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "cache",
      "--quiet",
      ...config,
      ...lock,
      entry
    ],
    cwd: folder,
    env: {
      DENO_DIR: denoDir
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped"
  }).output();
  if (!output.success) {
    const stderr = new TextDecoder().decode(output.stderr).trim();
    throw new PluginLoadError(name, `caching its modules failed: ${stderr.slice(0, 2e3)}`);
  }
}
var MODULE_CACHE = [
  "remote",
  "npm",
  "gen",
  "dep_analysis_cache_v2",
  "node_analysis_cache_v2"
];
async function stageCode(manifest, folder, hostDataDir, dev, lockfile) {
  const name = manifest.name;
  await requireSdkIn(name, folder);
  if (dev) {
    const denoDir = pluginDenoDir(hostDataDir, name);
    await Deno.mkdir(denoDir, {
      recursive: true
    });
    await cacheModuleGraph(name, folder, join10(folder, manifest.entry), denoDir);
    return void 0;
  }
  const staging = join10(hostDataDir, "plugins", `.install-${crypto.randomUUID()}`);
  const modules = `${staging}-modules`;
  try {
    await Deno.mkdir(modules, {
      recursive: true
    });
    const pinned = await pinCopy(name, folder, staging);
    const copied = join10(staging, pinned.codePath);
    await cacheModuleGraph(name, copied, join10(copied, manifest.entry), modules, lockfile);
    await verifyCopy(name, staging, pinned.files);
    return {
      ...pinned,
      staging,
      modules
    };
  } catch (error) {
    await Deno.remove(staging, {
      recursive: true
    }).catch(() => {
    });
    await Deno.remove(modules, {
      recursive: true
    }).catch(() => {
    });
    throw error;
  }
}
async function placeCode(hostDataDir, name, staged, fresh) {
  const dataDir = pluginDataDir(hostDataDir, name);
  const denoDir = pluginDenoDir(hostDataDir, name);
  const gone = fresh ? [
    dataDir,
    denoDir
  ] : [
    copyRoot(hostDataDir, name)
  ];
  if (staged) gone.push(...MODULE_CACHE.map((folder) => join10(denoDir, folder)));
  for (const path of gone) {
    await Deno.remove(path, {
      recursive: true
    }).catch((error) => {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    });
  }
  if (!staged) return;
  await Deno.mkdir(dataDir, {
    recursive: true
  });
  await Deno.rename(staged.staging, copyRoot(hostDataDir, name));
  await Deno.mkdir(denoDir, {
    recursive: true
  });
  for await (const entry of Deno.readDir(staged.modules)) {
    await Deno.rename(join10(staged.modules, entry.name), join10(denoDir, entry.name));
  }
  await Deno.remove(staged.modules, {
    recursive: true
  });
}

// plugins/_running_plugin.ts
init_mod2();
import { join as join12 } from "node:path";
import { pathToFileURL as pathToFileURL2 } from "node:url";

// plugins/_flood.ts
var FloodMeter = class {
  #limits;
  #windowStart = Number.NEGATIVE_INFINITY;
  #messages = 0;
  #hostTimeMs = 0;
  #bytes = 0;
  constructor(limits) {
    this.#limits = limits;
  }
  /**
   * Counts one message arriving at `now`. Returns why the plugin is flooding the host, or
   * `undefined` while it is within both limits.
   */
  count(now) {
    this.#roll(now);
    const { messages, hostTimeMs } = this.#limits;
    if (++this.#messages > messages) {
      return `flooded the host with over ${messages} messages/s`;
    }
    if (this.#hostTimeMs > hostTimeMs) {
      return `flooded the host: its messages took over ${hostTimeMs} ms of host time in 1 s`;
    }
    return void 0;
  }
  /**
   * Counts `bytes` of output arriving at `now`. Returns why the plugin is flooding the host,
   * or `undefined` while it is within the byte limit.
   */
  countBytes(now, bytes) {
    this.#roll(now);
    this.#bytes += bytes;
    const limit = this.#limits.bytes;
    return this.#bytes > limit ? `flooded the host with over ${limit} bytes/s of output` : void 0;
  }
  /**
   * Adds the host time one message took. Clock readings in whole ms still add up right: a
   * message that straddles a tick is charged 1 ms, about as often as its share of a ms.
   */
  charge(ms) {
    this.#hostTimeMs += ms;
  }
  #roll(now) {
    if (now - this.#windowStart < 1e3) return;
    this.#windowStart = now;
    this.#messages = 0;
    this.#hostTimeMs = 0;
    this.#bytes = 0;
  }
};

// plugins/_launch.ts
import { dirname as dirname3, join as join11, resolve, sep as sep3 } from "node:path";
import { fileURLToPath as fileURLToPath4 } from "node:url";
var SDK_DIR = dirname3(fileURLToPath4(new URL("../plugins/_launch.ts", import.meta.url).href));
async function resolvePermissions(plugin, hostDataDir) {
  const dataDir = pluginDataDir(hostDataDir, plugin.name);
  await Deno.mkdir(dataDir, {
    recursive: true
  });
  const inside = (path) => {
    const full = resolve(dataDir, path);
    if (full !== dataDir && !full.startsWith(dataDir + sep3)) {
      throw new PluginLoadError(plugin.name, `path ${path} leaves its data dir`);
    }
    return full;
  };
  const granted = plugin.grant.permissions;
  const { root, folder } = codePlace(plugin.stored, hostDataDir);
  const read = [
    root,
    SDK_DIR,
    ...(granted.read ?? []).map(inside)
  ];
  return {
    dataDir,
    folder,
    codeRoot: root,
    permissions: {
      read,
      write: (granted.write ?? []).map(inside),
      net: [
        ...granted.net ?? []
      ],
      env: [
        ...granted.env ?? []
      ]
    }
  };
}
async function launchEndpoint(plugin, permissions, dataDir, options) {
  const { checks, hostDataDir, containment: contained, ...rest } = options;
  if (plugin.mode === "worker") {
    await settleAll(checks);
    return startWorker(plugin.name, permissions);
  }
  const denoDir = pluginDenoDir(hostDataDir, plugin.name);
  const [held, opened2] = await Promise.allSettled([
    settleAll([
      ...checks,
      prepareDenoDir(plugin.name, denoDir).then(() => transpileRuntime(denoDir))
    ]),
    (async () => await Containment.open({
      ...contained,
      name: plugin.name,
      permissions,
      importHosts: importFlags().hosts,
      dataDir,
      denoDir
    }))()
  ]);
  if (held.status === "rejected") {
    if (opened2.status === "fulfilled") await opened2.value[Symbol.asyncDispose]();
    throw held.reason;
  }
  if (opened2.status === "rejected") throw opened2.reason;
  const containment = opened2.value;
  try {
    const env2 = {};
    for (const key of permissions.env) {
      const value = Deno.env.get(key);
      if (value !== void 0) env2[key] = value;
    }
    return startSubprocess(permissions, containment, {
      ...rest,
      cwd: dataDir,
      denoDir,
      env: env2
    });
  } catch (error) {
    await containment[Symbol.asyncDispose]();
    throw error;
  }
}
async function prepareDenoDir(name, denoDir) {
  await Deno.mkdir(denoDir, {
    recursive: true
  });
  let shared = false;
  for (const folder of [
    "remote",
    "npm"
  ]) {
    const link = join11(denoDir, folder);
    if ((await Deno.lstat(link).catch(() => void 0))?.isSymlink) {
      await Deno.remove(link);
      shared = true;
    }
  }
  if (shared) {
    throw new PluginLoadError(name, "its modules are in the cache an older client shared between plugins: install it again");
  }
}
var TRANSPILED_MARK = "ircbus-runtime-transpiled";
var TRANSPILE_BUDGET_MS = 3e4;
async function transpileRuntime(denoDir) {
  const mark = join11(denoDir, TRANSPILED_MARK);
  const made = `deno ${Deno.version.deno}
${SUBPROCESS_MAIN.href}
`;
  if (await Deno.readTextFile(mark).catch(() => "") === made) return;
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "cache",
      "--quiet",
      ...configFlags(),
      SUBPROCESS_MAIN.href
    ],
    clearEnv: true,
    env: {
      DENO_DIR: denoDir,
      NO_COLOR: "1"
    },
    stdin: "null",
    stdout: "null",
    stderr: "null",
    signal: AbortSignal.timeout(TRANSPILE_BUDGET_MS)
  }).output().catch(() => void 0);
  if (output?.success) await Deno.writeTextFile(mark, made);
}

// plugins/_watch.ts
init_mod();
function watchFolder(folder, onChange) {
  const watcher = Deno.watchFs(folder, {
    recursive: true
  });
  const changed = debounce(onChange, 100);
  (async () => {
    for await (const event of watcher) if (event.kind !== "access") changed();
    changed.clear();
  })();
  return watcher;
}

// plugins/_running_plugin.ts
var RunningPlugin = class {
  /** Its name. */
  name;
  /** Its installed record; an install while it runs replaces it. */
  stored;
  /** What applies, recomputed at each start. */
  grant;
  /** Subprocess or Worker. */
  mode;
  /** Where it is in its lifecycle. */
  state = "stopped";
  /** Its process or Worker while it runs. */
  endpoint;
  /** Events waiting for it (read and written by the delivery flow). */
  mailbox = new Mailbox();
  /** Pending `user.meta` snapshots by coalescing key. */
  metaIndex = /* @__PURE__ */ new Map();
  /** Events dropped since the last overflow notice. */
  dropped = 0;
  /** Batches sent and not yet acknowledged, oldest first. */
  inFlight = [];
  /** The last batch number sent. */
  seq = 0;
  /** Whether a flush is queued for the end of this task. */
  flushQueued = false;
  /** The acknowledgement watchdog. */
  watchdog;
  /** Metadata it set, cleared when it unloads. */
  metadataKeys = /* @__PURE__ */ new Map();
  /** Slash command runs awaiting `command-done`. */
  commandWaiters = /* @__PURE__ */ new Map();
  #services;
  #crashTimes;
  #generation = 0;
  #flood;
  #restartTimer;
  #ready;
  #teardownDone;
  #watcher;
  /** A stopped plugin; crashes since `lastEnabled` within the window still count. */
  constructor(stored, mode, services) {
    this.name = stored.name;
    this.stored = stored;
    this.mode = mode;
    this.grant = effectiveGrant(stored.manifest, stored.grant);
    this.#services = services;
    const { store, now, budgets } = services;
    const since = Math.max(now() - budgets.crashWindowMs, store.lastEnabled(stored.name));
    this.#crashTimes = store.crashTimes(stored.name).filter((time) => time > since);
    this.#flood = new FloodMeter(services.flood);
  }
  /** Starts its process and waits for `setup`; throws a {@linkcode PluginLoadError}. */
  async start() {
    const { budgets, hostDataDir, commands, delivery } = this.#services;
    this.grant = effectiveGrant(this.stored.manifest, this.stored.grant);
    this.state = "starting";
    this.dropped = 0;
    this.#flood = new FloodMeter(this.#services.flood);
    const generation = ++this.#generation;
    const { permissions, dataDir, folder, codeRoot } = await resolvePermissions(this, hostDataDir);
    const current = () => this.#generation === generation;
    const { store } = this.#services;
    const endpoint = await launchEndpoint(this, permissions, dataDir, {
      // Its code is checked while its containment is made: nothing of it runs before both.
      checks: [
        this.#verifyCopy(),
        requireSdkIn(this.name, codePlace(this.stored, hostDataDir).root)
      ],
      hostDataDir,
      containment: {
        codeRoot,
        diskQuotaBytes: (this.grant.diskQuotaMb ?? budgets.diskQuotaMb) * 1024 * 1024,
        cpuCores: budgets.cpuCores,
        cpuWindowMs: budgets.cpuWindowMs,
        outer: budgets.outerContainment,
        // Once it is stopped, its quota's last counts need no storage (the database may close).
        storageBytes: () => current() ? store.storageBytes(this.name) : 0,
        onThrottled: (reason) => {
          if (current()) store.audit(this.name, "cpu", "denied", `throttled: ${reason}`);
        },
        onDecision: (check, decision) => {
          if (!current()) return;
          const { activity } = this.#services;
          activity.record(this.name, check, decision);
          if (!decision.allow) {
            store.audit(this.name, `${check.permission} ${check.value ?? "*"}`, "denied", `${decision.reason} (decided by the host)`);
          }
        }
      },
      heapMb: budgets.subprocessHeapMb,
      memoryMb: budgets.subprocessMemoryMb,
      memoryPollMs: budgets.memoryPollMs,
      maxFrameBytes: budgets.maxFrameBytes,
      onOutput: (stream, line) => {
        if (!current()) return;
        const start = this.#services.now();
        const flooding = this.#flood.count(start);
        if (flooding !== void 0) return this.crash(flooding);
        this.log(stream, line);
        this.#flood.charge(this.#services.now() - start);
      },
      onBytes: (bytes) => {
        const flooding = current() ? this.#flood.countBytes(this.#services.now(), bytes) : void 0;
        if (flooding !== void 0) this.crash(flooding);
      }
    });
    this.endpoint = endpoint;
    endpoint.onMessage = (raw) => {
      if (current()) this.#onMessage(raw);
    };
    endpoint.onExit = (reason) => {
      if (!current()) return;
      if (this.#ready) this.#ready.reject(new PluginLoadError(this.name, reason));
      else this.crash(reason);
    };
    const ready = new Promise((resolve3, reject) => {
      this.#ready = {
        resolve: resolve3,
        reject
      };
    });
    const timer = setTimeout(() => {
      this.#ready?.reject(new PluginLoadError(this.name, `setup did not finish within ${budgets.setupBudgetMs} ms`));
    }, budgets.setupBudgetMs);
    endpoint.post({
      kind: "init",
      name: this.name,
      entry: pathToFileURL2(join12(folder, this.stored.manifest.entry)).href,
      dataDir,
      capabilities: this.grant.capabilities
    });
    let names2;
    try {
      names2 = await ready;
    } catch (error) {
      this.#generation++;
      this.endpoint = void 0;
      await endpoint.terminate();
      throw error;
    } finally {
      clearTimeout(timer);
      this.#ready = void 0;
    }
    commands.register(this, names2);
    this.state = "running";
    delivery.addRoutes(this);
  }
  /**
   * Stops its process: gracefully gives `teardown` its budget first. Its routes, commands,
   * mailbox and timers go with it.
   */
  async stop(gracefully) {
    const { delivery, commands, budgets } = this.#services;
    delivery.removeRoutes(this);
    commands.unregister(this);
    clearTimeout(this.watchdog);
    clearTimeout(this.#restartTimer);
    this.watchdog = this.#restartTimer = void 0;
    const endpoint = this.endpoint;
    if (endpoint && gracefully && this.state === "running") {
      this.state = "stopped";
      let timer;
      const finished = await new Promise((resolve3) => {
        this.#teardownDone = () => resolve3(true);
        timer = setTimeout(() => resolve3(false), budgets.teardownBudgetMs);
        endpoint.post({
          kind: "teardown"
        });
      });
      clearTimeout(timer);
      this.#teardownDone = void 0;
      if (!finished) {
        const why = `did not finish teardown within ${budgets.teardownBudgetMs} ms`;
        this.#services.store.auditLifecycle(this.name, "teardown", "failed", why);
        this.log("error", `stopped: ${why}`);
      }
    }
    this.#generation++;
    this.state = "stopped";
    this.endpoint = void 0;
    commands.abandon(this);
    this.mailbox.clear();
    this.metaIndex.clear();
    this.inFlight = [];
    if (endpoint) await endpoint.terminate();
  }
  /**
   * Ends it for `reason`: audited, logged and published as `crashed`; restarted after a
   * backoff, or disabled once it crashed `crashLimit` times within the window.
   */
  crash(reason) {
    if (this.state !== "running" && this.state !== "starting") return;
    if (!this.#services.owns(this)) return;
    if (this.#ready) return this.#ready.reject(new PluginLoadError(this.name, reason));
    const { store, now, budgets, lifecycle } = this.#services;
    const time = now();
    this.#crashTimes = [
      ...this.#crashTimes.filter((t) => time - t < budgets.crashWindowMs),
      time
    ];
    store.auditLifecycle(this.name, "crash", "failed", reason);
    this.log("error", `crashed: ${reason}`);
    lifecycle(this.name, "crashed");
    void this.stop(false);
    if (this.#crashTimes.length >= budgets.crashLimit) {
      const why = `${this.#crashTimes.length} crashes within ${Math.round(budgets.crashWindowMs / 1e3)} s (last: ${reason})`;
      this.state = "disabled";
      this.#watcher?.close();
      this.#services.forget(this);
      store.setEnabled(this.name, false, why);
      store.auditLifecycle(this.name, "disable", "denied", why);
      lifecycle(this.name, "disabled");
      return;
    }
    this.state = "restarting";
    const backoff2 = budgets.restartBackoffMs;
    const delay = backoff2[Math.min(this.#crashTimes.length - 1, backoff2.length - 1)] ?? 1e3;
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = void 0;
      if (!this.#services.owns(this)) return;
      this.start().then(() => {
        store.auditLifecycle(this.name, "restart", "allowed", `after ${delay} ms`);
        lifecycle(this.name, "restarted");
      }, (error) => this.crash(`restart failed: ${error.message}`));
    }, delay);
  }
  /**
   * What it uses against its budgets now: its quotas' last readings (a subprocess's only) and
   * how far behind the bus it is.
   */
  budget() {
    const reading = this.endpoint?.reading?.();
    const oldest = this.inFlight[0];
    return {
      cpu: reading?.cpu ?? null,
      memory: reading ? {
        residentBytes: reading.residentBytes,
        limitBytes: this.#services.budgets.subprocessMemoryMb * 1024 * 1024
      } : null,
      disk: reading?.disk ?? null,
      lag: {
        waiting: this.mailbox.length,
        mailboxSize: this.#services.budgets.mailboxSize,
        inFlight: this.inFlight.length,
        oldestUnackedMs: oldest ? Math.max(0, this.#services.now() - oldest.sentAt) : null,
        ackBudgetMs: this.#services.budgets.ackBudgetMs
      }
    };
  }
  /** Whether `seq` acknowledges batches in flight: from the oldest up to the newest. */
  awaitsAck(seq) {
    const inFlight = this.inFlight;
    return inFlight.length > 0 && seq >= inFlight[0].seq && seq <= inFlight[inFlight.length - 1].seq;
  }
  /** Logs a line under its name, escaped so it stays one line. */
  log(level, message) {
    this.#services.onLog(this.name, level, visibleText(message));
  }
  /** Calls `onChange` when a file in its source folder changes (development mode). */
  watch(onChange) {
    this.#watcher = watchFolder(this.stored.path, onChange);
  }
  /** Stops it gracefully and withdraws the metadata it set. */
  async [Symbol.asyncDispose]() {
    this.#watcher?.close();
    await this.stop(true);
    for (const update of this.metadataKeys.values()) {
      try {
        this.#services.metadata.set({
          ...update,
          value: null
        });
      } catch {
      }
    }
    this.metadataKeys.clear();
  }
  /** Refuses (and audits) a start from a pinned copy that differs from its install. */
  async #verifyCopy() {
    const { store, hostDataDir } = this.#services;
    try {
      await checkCode(this.stored, hostDataDir, store.files(this.name));
    } catch (error) {
      store.auditLifecycle(this.name, "verify copy", "denied", error.message);
      throw error;
    }
  }
  #onMessage(raw) {
    const { delivery, store, now } = this.#services;
    let message;
    let malformed = "";
    try {
      message = parsePluginMessage(raw);
    } catch (error) {
      malformed = error.message;
    }
    if (message?.kind === "ack" && this.awaitsAck(message.seq)) {
      delivery.acknowledge(this, message.seq);
      return;
    }
    const start = now();
    const flooding = this.#flood.count(start);
    if (flooding !== void 0) return this.crash(flooding);
    if (message) this.#handle(message);
    else store.audit(this.name, "malformed message", "denied", malformed);
    this.#flood.charge(now() - start);
  }
  #handle(message) {
    const { delivery, commands, store } = this.#services;
    switch (message.kind) {
      case "ready":
        this.#ready?.resolve(message.commands);
        return;
      case "setup-failed":
        this.#ready?.reject(new PluginLoadError(this.name, `setup failed: ${message.error.name}: ${message.error.message}`));
        return;
      case "ack":
        delivery.acknowledge(this, message.seq);
        return;
      case "call":
        this.#services.answerCall(this, message);
        return;
      case "command-done":
        commands.done(this, message);
        return;
      case "log": {
        const escaped = visibleText(message.message);
        if (escaped !== message.message) {
          store.audit(this.name, "log control characters", "denied", "escaped in its log line");
        }
        this.#services.onLog(this.name, message.level, escaped);
        return;
      }
      case "denied":
        store.audit(this.name, message.what, "denied", message.message);
        return;
      case "uncaught": {
        const text2 = `${message.error.name}: ${message.error.message}`;
        store.audit(this.name, "uncaught error", "failed", text2);
        this.log("error", text2);
        return;
      }
      case "teardown-done":
        this.#teardownDone?.();
        return;
    }
  }
};

// plugins/host.ts
var DEFAULTS = {
  mailboxSize: 1024,
  batchSize: 512,
  maxInFlight: 8,
  ackBudgetMs: 5e3,
  setupBudgetMs: 1e4,
  teardownBudgetMs: 2e3,
  restartBackoffMs: [
    1e3,
    5e3,
    15e3
  ],
  crashLimit: 3,
  crashWindowMs: 10 * 60 * 1e3,
  floodLimit: 2e4,
  floodTimeLimitMs: 250,
  floodBytesLimit: 16 * 1024 * 1024,
  commandBudgetMs: 1e4,
  maxFrameBytes: 4 * 1024 * 1024,
  subprocessHeapMb: 128,
  subprocessMemoryMb: 256,
  memoryPollMs: 100,
  diskQuotaMb: DEFAULT_DISK_QUOTA_BYTES / 1024 / 1024,
  cpuCores: 0.5,
  cpuWindowMs: 1e4,
  outerContainment: true
};
var PluginHost = class {
  #bus;
  #dataDir;
  #db;
  #ownsDb;
  #store;
  #activity;
  #metadata;
  #ownsMetadata;
  #options;
  #forceSubprocess;
  #onLog;
  #now;
  #running = /* @__PURE__ */ new Map();
  #services;
  #delivery;
  #commands;
  #unsubscribe;
  #closed = false;
  /** The permission brokers' thread lives from the first subprocess plugin to this host's end. */
  #brokerThread = holdBrokerThread();
  /** Opens the plugin tables and subscribes to the bus once. */
  constructor(options) {
    this.#bus = options.bus;
    this.#dataDir = resolve2(options.dataDir);
    this.#now = options.now ?? Date.now;
    if (options.db) {
      this.#db = options.db;
      this.#ownsDb = false;
    } else {
      Deno.mkdirSync(this.#dataDir, {
        recursive: true
      });
      this.#db = openClientDatabase(this.#dataDir);
      this.#ownsDb = true;
    }
    this.#store = new PluginStore(this.#db, this.#now);
    this.#activity = new ActivityLedger(this.#db, this.#now);
    this.#ownsMetadata = options.metadata === void 0;
    this.#metadata = options.metadata ?? createMetadataCoalescer(this.#bus);
    this.#options = {
      ...DEFAULTS
    };
    for (const key of Object.keys(DEFAULTS)) {
      const value = options[key];
      if (value !== void 0) this.#options[key] = value;
    }
    this.#forceSubprocess = options.forceSubprocess ?? false;
    this.#onLog = options.onLog ?? ((plugin, level, message) => console.log(`[plugin:${plugin}] ${level}: ${message}`));
    this.#delivery = new Delivery({
      mailboxSize: this.#options.mailboxSize,
      batchSize: this.#options.batchSize,
      maxInFlight: this.#options.maxInFlight,
      ackBudgetMs: this.#options.ackBudgetMs,
      store: this.#store,
      now: this.#now
    });
    this.#commands = new CommandRegistry(this.#store, this.#options.commandBudgetMs);
    const budgets = this.#options;
    const calls = {
      store: this.#store,
      irc: options.irc,
      metadata: this.#metadata,
      activity: this.#activity
    };
    this.#services = {
      hostDataDir: this.#dataDir,
      budgets,
      flood: {
        messages: budgets.floodLimit,
        hostTimeMs: budgets.floodTimeLimitMs,
        bytes: budgets.floodBytesLimit
      },
      store: this.#store,
      activity: this.#activity,
      delivery: this.#delivery,
      commands: this.#commands,
      answerCall: (plugin, call) => answerCall(plugin, call, calls),
      metadata: this.#metadata,
      onLog: this.#onLog,
      lifecycle: (plugin, action) => this.#lifecycle(plugin, action),
      now: this.#now,
      owns: (plugin) => !this.#closed && this.#running.get(plugin.name) === plugin,
      forget: (plugin) => {
        if (this.#running.get(plugin.name) === plugin) this.#running.delete(plugin.name);
      }
    };
    this.#unsubscribe = this.#bus.subscribe("*", (event) => this.#delivery.route(event));
  }
  /**
   * Validates a plugin folder's manifest, copies its files into the data dir as its pinned
   * copy (a sha256 recorded for each), caches its whole module graph, and records the grant.
   * Nothing runs. Without `grant`, a new plugin is refused; an upgrade (the same source
   * again) keeps its old grant and reports what awaits consent in `pendingConsent`.
   *
   * Refused, with nothing installed: a symbolic link, hard link, FIFO, socket or device in the
   * folder ({@linkcode PluginFileError}), and another source under an installed name unless
   * `replace` is set ({@linkcode PluginIdentityError}).
   *
   * @example
   * ```ts ignore
   * const { pendingConsent } = await host.install("./examples/plugins/autoresponder", {
   *   grant: "requested",
   * });
   * ```
   */
  async install(path, options = {}) {
    this.#checkOpen("install plugin");
    const folder = await Deno.realPath(resolve2(path)).catch(() => resolve2(path));
    const manifest = await readManifest(folder);
    const name = manifest.name;
    await checkEntry(folder, manifest);
    const existing = this.#store.get(name);
    const replacing = existing !== void 0 && existing.path !== folder;
    const attempt = `install ${manifest.version}`;
    let grant;
    let staged;
    try {
      if (replacing && !options.replace) {
        throw new PluginIdentityError(name, folder, existing.path);
      }
      if (options.grant === "requested") grant = grantAll(manifest);
      else if (options.grant !== void 0) grant = checkGrant(options.grant);
      else if (existing && !replacing) grant = existing.grant;
      else throw new PluginLoadError(name, "no grant was given, and nothing runs without one");
      staged = await stageCode(manifest, folder, this.#dataDir, options.dev ?? false, options.lockfile);
    } catch (error) {
      this.#store.auditLifecycle(name, attempt, "denied", error.message);
      throw error;
    }
    if (replacing) await this.unload(name);
    await placeCode(this.#dataDir, name, staged, replacing);
    const stored = {
      name,
      path: folder,
      codePath: staged?.codePath ?? null,
      dev: options.dev ?? false,
      manifest,
      grant,
      isolation: options.isolation ?? (replacing ? void 0 : existing?.isolation) ?? null,
      enabled: true,
      disabledReason: null,
      installedAt: new Date(this.#now()).toISOString()
    };
    this.#store.install(stored, staged?.files ?? {}, replacing);
    if (replacing) {
      this.#store.auditLifecycle(name, "replace", "info", `${existing.path} replaced by ${folder}: its grant, storage and data dir dropped`);
    }
    const pendingConsent = missingConsent(manifest, grant);
    this.#store.auditLifecycle(name, attempt, "allowed", `${options.dev ? `development mode, runs from ${folder}; ` : ""}${pendingConsent.length > 0 ? `old grant applies; awaiting consent for ${pendingConsent.join(", ")}` : `granted ${JSON.stringify(effectiveGrant(manifest, grant))}`}`);
    const running = this.#running.get(name);
    if (running) running.stored = stored;
    return {
      manifest,
      grant: effectiveGrant(manifest, grant),
      pendingConsent
    };
  }
  /**
   * Starts an installed, enabled plugin and waits for its `setup`. Throws a
   * {@linkcode PluginLoadError} when it is unknown, disabled, or fails to start, and a
   * `ScopeError` when its stored grant scope is invalid.
   *
   * @example
   * ```ts ignore
   * await host.load("autoresponder");
   * ```
   */
  async load(name) {
    this.#checkOpen("load plugin");
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    if (!stored.enabled) {
      throw new PluginLoadError(name, `it is disabled (${stored.disabledReason ?? "by the user"})`);
    }
    if (this.#running.has(name)) return;
    if (stored.grant.scope !== void 0) parseScope(stored.grant.scope);
    const plugin = new RunningPlugin(stored, this.#mode(stored), this.#services);
    this.#running.set(name, plugin);
    try {
      await plugin.start();
    } catch (error) {
      plugin.state = "stopped";
      this.#running.delete(name);
      this.#store.auditLifecycle(name, "load", "failed", error.message);
      throw error;
    }
    this.#store.auditLifecycle(name, "load", "allowed", `${plugin.mode} ${stored.manifest.version}`);
    this.#lifecycle(name, "loaded");
    if (stored.dev) {
      plugin.watch(() => {
        if (this.#running.get(name) !== plugin) return;
        this.reload(name).catch((error) => this.#onLog(name, "error", visibleText(`reload failed: ${error.message}`)));
      });
    }
  }
  /**
   * Stops a plugin within the teardown budget, and removes its commands and the metadata it
   * set (each key is published again with `value: null`).
   *
   * @example
   * ```ts ignore
   * await host.unload("autoresponder");
   * ```
   */
  async unload(name) {
    const plugin = this.#running.get(name);
    if (!plugin) return;
    this.#running.delete(name);
    await plugin[Symbol.asyncDispose]();
    this.#store.auditLifecycle(name, "unload", "info");
    this.#lifecycle(name, "unloaded");
  }
  /**
   * Stops a plugin and keeps it from loading until {@linkcode PluginHost.prototype.enable}.
   * The flag is persisted.
   *
   * @example
   * ```ts ignore
   * await host.disable("autoresponder", "too chatty");
   * ```
   */
  async disable(name, reason = "disabled by the user") {
    if (!this.#store.get(name)) throw new PluginLoadError(name, "it is not installed");
    await this.unload(name);
    this.#store.setEnabled(name, false, reason);
    this.#store.auditLifecycle(name, "disable", "info", reason);
  }
  /**
   * Withdraws every grant of a plugin: it stops, its grant becomes empty and it stays
   * disabled; running it again takes a new install with fresh consent. Persisted and audited.
   *
   * @example
   * ```ts ignore
   * await host.revoke("weather-like");
   * ```
   */
  async revoke(name) {
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    await this.unload(name);
    this.#store.put({
      ...stored,
      grant: {
        events: [],
        permissions: {},
        capabilities: []
      },
      enabled: false,
      disabledReason: "grant revoked by the user"
    });
    this.#store.auditLifecycle(name, "revoke", "info", "every grant withdrawn by the user");
  }
  /**
   * Withdraws one permission of a plugin's grant (`read:notes`, `net:api.example.org`,
   * `capability:irc.send:1:#deno`, `event:message.received`), as
   * {@linkcode PluginHost.prototype.grantedItems} names them. The rest of the grant stays; a
   * running plugin is restarted under the narrower grant. Persisted and audited. The manifest
   * still asks for it, so it is listed in `pendingConsent` until the user grants it again
   * with {@linkcode PluginHost.prototype.grantPermission}. A `RangeError` when it is not
   * granted.
   *
   * @example
   * ```ts ignore
   * await host.revokePermission("weather-like", "net:api.example.org");
   * ```
   */
  async revokePermission(name, permission) {
    this.#checkOpen("revoke permission");
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    const item = parseGrantItem(permission);
    if (!this.grantedItems(name).includes(permission)) {
      throw new RangeError(`Cannot revoke ${JSON.stringify(permission)} of plugin ${name}: it is not granted`);
    }
    this.#store.put({
      ...stored,
      grant: withoutItem(stored.grant, item)
    });
    this.#store.auditLifecycle(name, `revoke ${permission}`, "info", "withdrawn by the user; the rest of the grant stays");
    await this.#restartIfRunning(name);
  }
  /**
   * Gives back one permission the plugin's manifest asks for and its grant lacks (one of
   * its `pendingConsent`): the user's re-consent, after a revoke or for what an upgrade
   * added. A running plugin is restarted under the wider grant. Persisted and audited. A
   * `RangeError` when the manifest does not ask for it, or it is granted already.
   *
   * @example
   * ```ts ignore
   * await host.grantPermission("weather-like", "net:api.example.org");
   * ```
   */
  async grantPermission(name, permission) {
    this.#checkOpen("grant permission");
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    const item = parseGrantItem(permission);
    if (!missingConsent(stored.manifest, stored.grant).includes(permission)) {
      throw new RangeError(`Cannot grant ${JSON.stringify(permission)} to plugin ${name}: its manifest does not ask for it, or it is granted already`);
    }
    this.#store.put({
      ...stored,
      grant: withItem(stored.grant, item, stored.manifest)
    });
    this.#store.auditLifecycle(name, `grant ${permission}`, "allowed", "consented by the user");
    await this.#restartIfRunning(name);
  }
  /**
   * Each permission that applies to a plugin on its own (`event:...`, `capability:...`,
   * `read:...`, `net:...`): what a single revoke takes.
   *
   * @example
   * ```ts ignore
   * host.grantedItems("weather-like"); // ["event:message.received", "net:api.example.org"]
   * ```
   */
  grantedItems(name) {
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    return grantItems(effectiveGrant(stored.manifest, stored.grant));
  }
  async #restartIfRunning(name) {
    if (!this.#running.has(name)) return;
    await this.unload(name);
    await this.load(name);
  }
  /**
   * Replaces where an installed plugin's grant applies (see {@linkcode GrantScope}): checked
   * strictly (a {@linkcode ScopeError} changes nothing), persisted and audited. A running
   * plugin is restarted so the new scope applies from its next event.
   *
   * @example
   * ```ts ignore
   * await host.setScope("autoresponder", {
   *   channels: [{ networkId: 1, channel: "#deno" }],
   *   privateMessages: false,
   * });
   * ```
   */
  async setScope(name, scope) {
    this.#checkOpen("scope plugin");
    const checked = parseScope(scope);
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    this.#store.put({
      ...stored,
      grant: {
        ...stored.grant,
        scope: checked
      }
    });
    this.#store.auditLifecycle(name, "scope", "allowed", describeScope(checked));
    await this.#restartIfRunning(name);
  }
  /**
   * Re-enables a disabled plugin (its crash window starts afresh) and loads it. When the
   * load fails, the plugin goes back to disabled with its old reason, and the error is thrown.
   *
   * @example
   * ```ts ignore
   * await host.enable("spin-forever");
   * ```
   */
  async enable(name) {
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    this.#store.setEnabled(name, true, null);
    this.#store.auditLifecycle(name, "enable", "allowed");
    try {
      await this.load(name);
    } catch (error) {
      this.#store.setEnabled(name, stored.enabled, stored.disabledReason);
      this.#store.auditLifecycle(name, "enable", "failed", `rolled back: ${error.message}`);
      throw error;
    }
  }
  /**
   * Respawns a plugin from its pinned copy: edits to its source folder take effect only
   * through {@linkcode PluginHost.prototype.install}. In development mode it re-reads its
   * manifest and re-caches its modules from its folder; a manifest that now asks for more
   * runs with the old grant.
   *
   * @example
   * ```ts ignore
   * await host.reload("autoresponder");
   * ```
   */
  async reload(name) {
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    await this.unload(name);
    if (stored.dev) await this.install(stored.path, {
      dev: true
    });
    await this.load(name);
  }
  /**
   * Every installed plugin with its requested and granted powers, isolation, state, crash,
   * overflow and denial counts. Listing never runs a plugin.
   *
   * @example
   * ```ts ignore
   * for (const plugin of host.list()) console.log(plugin.name, plugin.state);
   * ```
   */
  list() {
    return this.#store.all().map((stored) => {
      const running = this.#running.get(stored.name);
      return {
        name: stored.name,
        version: stored.manifest.version,
        path: stored.path,
        dev: stored.dev,
        runsFrom: codePlace(stored, this.#dataDir).folder,
        state: !stored.enabled ? "disabled" : running?.state ?? "stopped",
        isolation: this.#mode(stored),
        disabledReason: stored.disabledReason,
        requested: grantAll(stored.manifest),
        granted: effectiveGrant(stored.manifest, stored.grant),
        pendingConsent: missingConsent(stored.manifest, stored.grant),
        scopeText: describeScope(stored.grant.scope),
        crashes: this.#store.crashTimes(stored.name).length,
        overflows: this.#store.overflowCount(stored.name) + (running?.dropped ?? 0),
        denied: this.#store.deniedCount(stored.name),
        commands: running ? this.#commands.namesOf(running) : [],
        diskQuotaMb: stored.grant.diskQuotaMb ?? this.#options.diskQuotaMb,
        budget: running?.state === "running" ? running.budget() : null,
        lastStop: this.#store.lastStop(stored.name)
      };
    });
  }
  /**
   * The audit log, oldest first, optionally for one plugin. `last` keeps only the newest
   * entries, read as such; `lastPerPlugin` keeps the newest of each plugin, so that no
   * plugin's flood pushes another's out of view. Rows only grow (by their `repeats`) until
   * their retention ends; each plugin's volume is bounded (see `AUDIT_RATE_PER_MINUTE`).
   *
   * @example
   * ```ts ignore
   * const denied = host.audit("autoresponder").filter((e) => e.decision === "denied");
   * const recent = host.audit(undefined, { last: 200 });
   * const page = host.audit(undefined, { lastPerPlugin: 50 });
   * ```
   */
  audit(plugin, options = {}) {
    settleBrokerDecisions();
    return options.lastPerPlugin === void 0 || plugin !== void 0 ? this.#store.auditLog(plugin, options.last) : this.#store.auditPerPlugin(options.lastPerPlugin);
  }
  /**
   * Whether subprocess plugins run inside the OS boundary on this machine, and why not; asked
   * once per process.
   *
   * @example
   * ```ts ignore
   * const state = await host.boundary();
   * if (!state.available) console.log(state.reason);
   * ```
   */
  boundary() {
    return boundaryState();
  }
  /** The disk quota of a plugin whose grant sets none, in MiB. */
  get defaultDiskQuotaMb() {
    return this.#options.diskQuotaMb;
  }
  /**
   * A plugin's activity ledger: every permission check its broker decided and every
   * capability call the host ran or refused (messages sent and where, storage written,
   * metadata set), counted by kind and value over a window (the last 24 hours by default),
   * most frequent first. The filter narrows it to a kind, a decision or values containing a
   * text; `limit` keeps the most frequent.
   *
   * @example
   * ```ts ignore
   * for (const e of host.activity("weather-like")) console.log(e.kind, e.value, e.count);
   * host.activity("weather-like", { decision: "denied", kind: "net" });
   * ```
   */
  activity(plugin, filter = {}) {
    const { limit, ...rest } = filter;
    return this.#activity.entries(plugin, this.#activityFilter(plugin, rest), limit);
  }
  /**
   * A plugin's ledger summed per kind and decision (counts, distinct values, bytes) over the
   * same filter as {@linkcode PluginHost.prototype.activity}, however many values it holds.
   *
   * @example
   * ```ts ignore
   * const sent = host.activityTotals("greeter").find((t) => t.kind === "irc.send");
   * ```
   */
  activityTotals(plugin, filter = {}) {
    return this.#activity.totals(plugin, this.#activityFilter(plugin, filter));
  }
  #activityFilter(plugin, filter) {
    if (!this.#store.get(plugin)) {
      throw new Error(`Cannot show activity: plugin ${JSON.stringify(plugin)} is not installed`);
    }
    settleBrokerDecisions();
    return {
      ...filter,
      since: filter.since ?? this.#now() - 24 * 3600 * 1e3
    };
  }
  /**
   * Slash commands registered by running plugins.
   *
   * @example
   * ```ts ignore
   * console.log(host.commands()); // [{ name: "weather", plugin: "weather-like" }]
   * ```
   */
  commands() {
    return this.#commands.list();
  }
  /**
   * Runs a plugin's slash command and resolves when it finishes.
   *
   * @example
   * ```ts ignore
   * await host.runCommand("weather", "Paris");
   * ```
   */
  runCommand(name, args) {
    return this.#commands.run(name, args);
  }
  /** Unloads every plugin, unsubscribes from the bus, and releases what the host opened. */
  async [Symbol.asyncDispose]() {
    if (this.#closed) return;
    this.#closed = true;
    this.#unsubscribe();
    await Promise.all([
      ...this.#running.keys()
    ].map((name) => this.unload(name)));
    await this.#brokerThread[Symbol.asyncDispose]();
    this.#activity[Symbol.dispose]();
    if (this.#ownsMetadata) await this.#metadata.close().catch(() => {
    });
    if (this.#ownsDb) this.#db.close();
  }
  #checkOpen(action) {
    if (this.#closed) throw new Error(`Cannot ${action}: the host is closed`);
  }
  #mode(stored) {
    if (this.#forceSubprocess) return "subprocess";
    return stored.isolation ?? "subprocess";
  }
  #lifecycle(plugin, action) {
    const event = createEvent("plugin.lifecycle", {
      plugin,
      action
    }, EventSourceSystem);
    if (!this.#bus.tryEmit(event)) this.#bus.emit(event).catch(() => {
    });
  }
};

// plugins/_consent.ts
function consentRequests(manifest) {
  const requests = [];
  const add = (kind, what, reason = "", label = kind) => requests.push({
    kind,
    what,
    reason,
    text: `${label}: ${what}${reason ? ` (${reason})` : ""}`
  });
  const events = manifest.events.includes("*") ? "ALL events" : manifest.events.join(", ");
  add("events", events || "(none)", manifest.reasons["events:*"]);
  for (const [kind, list2] of Object.entries(manifest.permissions)) {
    add("permission", `${kind}: ${list2.join(", ")}`, manifest.reasons[kind]);
  }
  for (const capability of manifest.capabilities) {
    add("capability", capability, manifest.reasons[capability]);
  }
  return requests;
}
function describeIsolation(options) {
  const { worker, diskQuotaMb, boundary, quotaHint } = options;
  if (worker) {
    return [
      `isolation: worker (opted in); unlike its own subprocess, a Worker plugin:`,
      ...WORKER_MODE_GAPS.map((gap) => `  - ${gap}`)
    ];
  }
  return [
    boundary.available ? "isolation: its own subprocess, inside the OS boundary (its own namespaces: no network without a net grant, no files or processes but its own)" : "isolation: its own subprocess",
    ...boundary.available ? [] : [
      sandboxUnavailableNotice(boundary.reason)
    ],
    `quotas: CPU 0.5 core on average; disk ${diskQuotaMb} MiB for its data dir, DENO_DIR and storage${quotaHint ? ` (${quotaHint})` : ""}`
  ];
}

// plugins/_jsr_pin.ts
import { join as join13 } from "node:path";
function jsrDir(hostDataDir) {
  return join13(hostDataDir, "plugins", ".jsr");
}
function pinPath(hostDataDir, name) {
  return join13(jsrDir(hostDataDir), `${name}.pin.json`);
}
function lockfilePath(hostDataDir, name) {
  return join13(jsrDir(hostDataDir), `${name}.lock`);
}
async function readPin(hostDataDir, name) {
  const path = pinPath(hostDataDir, name);
  let text2;
  try {
    text2 = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return void 0;
    throw error;
  }
  let data;
  try {
    data = JSON.parse(text2);
  } catch {
    data = void 0;
  }
  const pin = pinOf(data);
  if (!pin) {
    throw new PluginLoadError(name, `its JSR pin ${path} is damaged; reinstall it`);
  }
  return pin;
}
function pinOf(data) {
  if (typeof data !== "object" || data === null || !("pkg" in data) || !("range" in data)) {
    return void 0;
  }
  const { pkg, range } = data;
  const jsr = "jsr" in data ? data.jsr : void 0;
  if (typeof pkg !== "string" || typeof range !== "string" || typeof jsr !== "object" || !jsr) {
    return void 0;
  }
  for (const [key, value] of Object.entries(jsr)) {
    if (!key.startsWith(`${pkg}@`) || typeof value !== "object" || value === null) continue;
    const integrity = "integrity" in value ? value.integrity : void 0;
    if (typeof integrity !== "string") continue;
    return {
      pkg,
      range,
      version: key.slice(pkg.length + 1),
      integrity
    };
  }
  return void 0;
}
async function writePin(hostDataDir, name, pin) {
  const path = pinPath(hostDataDir, name);
  await Deno.mkdir(jsrDir(hostDataDir), {
    recursive: true
  });
  const lock = {
    version: "5",
    pkg: pin.pkg,
    range: pin.range,
    jsr: {
      [`${pin.pkg}@${pin.version}`]: {
        integrity: pin.integrity
      }
    }
  };
  const temp = `${path}.${crypto.randomUUID()}.tmp`;
  await Deno.writeTextFile(temp, `${JSON.stringify(lock, null, 2)}
`);
  await Deno.rename(temp, path);
}

// plugins/jsr.ts
import { join as join15 } from "node:path";

// plugins/_jsr_install.ts
init_mod();
import { join as join14 } from "node:path";
import { errorMessage as errorMessage6 } from "../common/mod.ts";
async function fetchPlugin(hostDataDir, specifier, pkg, range, pins) {
  const version = pickVersion(specifier, await listVersions(specifier, pkg), range);
  const pinned = pins.find((pin) => pin.pkg === pkg && pin.version === version)?.integrity;
  const root = jsrDir(hostDataDir);
  const folder = join14(root, `.fetch-${crypto.randomUUID()}`);
  const remove = () => Deno.remove(folder, {
    recursive: true
  }).catch(() => {
  });
  try {
    const got = await fetchVersion(specifier, pkg, version, folder, pinned);
    const manifest = await readManifest(folder).catch((error) => {
      const reason = errorMessage6(error);
      throw new PluginRegistryError(specifier, `its plugin.json is invalid: ${reason}`, version);
    });
    let placed = false;
    return {
      folder,
      manifest,
      pinned: got,
      async place() {
        const target = join14(root, manifest.name);
        await Deno.remove(target, {
          recursive: true
        }).catch(() => {
        });
        await Deno.rename(folder, target);
        placed = true;
        return target;
      },
      async [Symbol.asyncDispose]() {
        if (!placed) await remove();
      }
    };
  } catch (error) {
    await remove();
    throw error;
  }
}
async function trialStart(hostDataDir, folder, options) {
  const dataDir = join14(jsrDir(hostDataDir), `.trial-${crypto.randomUUID()}`);
  const bus = new EventBus();
  try {
    await using host = new PluginHost({
      bus,
      dataDir,
      onLog: () => {
      }
    });
    const { manifest } = await host.install(folder, options);
    await host.load(manifest.name);
  } finally {
    await bus.close();
    await Deno.remove(dataDir, {
      recursive: true
    }).catch(() => {
    });
  }
}

// plugins/jsr.ts
import { errorMessage as errorMessage7 } from "../common/mod.ts";
async function pluginSources(host, dataDir, options = {}) {
  const rows = [];
  for (const plugin of host.list()) {
    let pin;
    let damaged = null;
    try {
      pin = await readPin(dataDir, plugin.name);
    } catch (error) {
      damaged = errorMessage7(error);
    }
    const row = {
      name: plugin.name,
      source: pin ? `jsr:${pin.pkg}` : plugin.path,
      version: pin?.version ?? plugin.version,
      range: pin?.range ?? null,
      integrity: pin?.integrity ?? null,
      wanted: null,
      latest: null,
      error: damaged
    };
    if (pin && options.check) {
      try {
        const versions = await listVersions(row.source, pin.pkg);
        row.latest = versions.find((version) => exactVersion(version)?.pre === "") ?? pin.version;
        try {
          row.wanted = pickVersion(row.source, versions, pin.range);
        } catch {
          row.wanted = pin.version;
        }
      } catch (error) {
        row.error = errorMessage7(error);
      }
    }
    rows.push(row);
  }
  return rows;
}
function hasUpdate(row) {
  return row.latest !== null && compareVersions(row.latest, row.version) > 0;
}
async function planUpgrade(host, dataDir, name, range) {
  const installed = host.list().find((plugin) => plugin.name === name);
  const pin = await readPin(dataDir, name);
  if (!installed || !pin) {
    throw new PluginLoadError(name, "it is not installed from JSR, so it cannot be upgraded");
  }
  const source = `jsr:${pin.pkg}`;
  const fetched = await fetchPlugin(dataDir, source, pin.pkg, range ?? "*", [
    pin
  ]);
  const manifest = fetched.manifest;
  if (manifest.name !== name) {
    await fetched[Symbol.asyncDispose]();
    throw new PluginIdentityError(manifest.name, source, installed.path);
  }
  const to = fetched.pinned.version;
  const requested = new Set(missingConsent(manifest, NOTHING_GRANTED));
  return {
    name,
    source,
    from: pin.version,
    to,
    integrity: fetched.pinned.integrity,
    changelog: manifest.changelog ?? null,
    manifest,
    added: newRequests(manifest, installed),
    removed: grantItems2(installed.granted).filter((item) => !requested.has(item)),
    fetched,
    range: range ?? `^${to}`,
    installed,
    [Symbol.asyncDispose]: () => fetched[Symbol.asyncDispose]()
  };
}
async function applyUpgrade(host, dataDir, plan, options) {
  const { name, installed } = plan;
  if (plan.added.length > 0 && !options.consent) {
    throw new PluginLoadError(name, `version ${plan.to} asks for more and consent was not given for ${plan.added.join("; ")}`);
  }
  const grant = plan.added.length > 0 ? {
    ...grantAll(plan.manifest),
    scope: installed.granted.scope
  } : void 0;
  const lockfile = lockfilePath(dataDir, name);
  const rolledBack = `rolled back: ${plan.from} stays installed`;
  const running = installed.state === "running";
  await using previous = await setAside(dataDir, name);
  try {
    await trialStart(dataDir, plan.fetched.folder, {
      grant: grant ?? installed.granted,
      isolation: installed.isolation,
      lockfile
    });
  } catch (error) {
    await previous.restore();
    const reason = errorMessage7(error);
    throw new PluginLoadError(name, `version ${plan.to} fails to start: ${reason}; ${rolledBack}`);
  }
  try {
    await host.install(await plan.fetched.place(), {
      grant,
      lockfile
    });
    if (running) await host.reload(name);
    await writePin(dataDir, name, {
      ...plan.fetched.pinned,
      range: plan.range
    });
  } catch (error) {
    const reason = errorMessage7(error);
    try {
      await previous.restore();
      await host.install(join15(jsrDir(dataDir), name), {
        grant: installed.granted,
        lockfile
      });
      if (running) await host.reload(name);
    } catch (again) {
      throw new PluginLoadError(name, `version ${plan.to} failed (${reason}), and putting ${plan.from} back failed too: ${errorMessage7(again)}; reinstall it`);
    }
    throw new PluginLoadError(name, `version ${plan.to} failed: ${reason}; ${rolledBack}`);
  }
}
function newRequests(manifest, plugin) {
  return missingConsent(manifest, plugin.granted).map((request) => {
    const [kind, ...item] = request.split(":");
    const reason = kind === "event" ? manifest.reasons["events:*"] : kind === "capability" ? manifest.reasons[item.join(":")] : manifest.reasons[kind];
    return reason ? `${request} (${reason})` : request;
  });
}
var NOTHING_GRANTED = {
  events: [],
  permissions: {},
  capabilities: []
};
function grantItems2(grant) {
  return [
    ...grant.events.map((type) => `event:${type}`),
    ...grant.capabilities.map((capability) => `capability:${capability}`),
    ...Object.entries(grant.permissions).flatMap(([kind, list2]) => list2.map((item) => `${kind}:${item}`))
  ];
}
async function setAside(dataDir, name) {
  const source = join15(jsrDir(dataDir), name);
  const lockfile = lockfilePath(dataDir, name);
  const aside = join15(jsrDir(dataDir), `.previous-${crypto.randomUUID()}`);
  await Deno.mkdir(aside);
  try {
    await Deno.rename(source, join15(aside, "source"));
  } catch (error) {
    await Deno.remove(aside, {
      recursive: true
    }).catch(() => {
    });
    throw new PluginLoadError(name, `its source folder ${source} cannot be set aside (${errorMessage7(error)}); reinstall it`);
  }
  const hadLock = await Deno.copyFile(lockfile, join15(aside, "lock")).then(() => true, (error) => {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  });
  return {
    async restore() {
      await Deno.remove(source, {
        recursive: true
      }).catch(() => {
      });
      await Deno.rename(join15(aside, "source"), source);
      if (hadLock) await Deno.rename(join15(aside, "lock"), lockfile);
      else await Deno.remove(lockfile).catch(() => {
      });
    },
    async [Symbol.asyncDispose]() {
      await Deno.remove(aside, {
        recursive: true
      }).catch(() => {
      });
    }
  };
}
async function planInstall(host, dataDir, specifier) {
  const { pkg, range } = parseJsrSpecifier(specifier);
  const pins = [];
  for (const plugin of host.list()) {
    const pin = await readPin(dataDir, plugin.name).catch(() => void 0);
    if (pin) pins.push(pin);
  }
  const fetched = await fetchPlugin(dataDir, specifier, pkg, range, pins);
  const version = fetched.pinned.version;
  return {
    source: `jsr:${pkg}`,
    version,
    integrity: fetched.pinned.integrity,
    range: range === "*" ? `^${version}` : range,
    manifest: fetched.manifest,
    requests: consentRequests(fetched.manifest),
    fetched,
    [Symbol.asyncDispose]: () => fetched[Symbol.asyncDispose]()
  };
}
async function applyInstall(host, dataDir, plan, options) {
  const name = plan.manifest.name;
  const installed = host.list().some((plugin) => plugin.name === name);
  const lockfile = lockfilePath(dataDir, name);
  const folder = await plan.fetched.place();
  let result;
  try {
    result = await host.install(folder, {
      grant: options.grant,
      isolation: options.isolation ?? "subprocess",
      replace: options.replace,
      lockfile
    });
  } catch (error) {
    if (!installed) {
      await Deno.remove(join15(jsrDir(dataDir), name), {
        recursive: true
      }).catch(() => {
      });
      await Deno.remove(lockfile).catch(() => {
      });
    }
    throw error;
  }
  await writePin(dataDir, name, {
    ...plan.fetched.pinned,
    range: plan.range
  });
  return result;
}

// plugins/mod.ts
init_mod2();

// plugins/_activity_report.ts
init_mod2();
var UNITS = {
  m: 6e4,
  h: 36e5,
  d: 864e5
};
var MAX_WINDOW_MS = 30 * UNITS.d;
function parseWindow(text2) {
  const match = /^(\d{1,5})([mhd])$/.exec(text2);
  const ms = match ? Number(match[1]) * UNITS[match[2]] : NaN;
  if (!(ms > 0 && ms <= MAX_WINDOW_MS)) {
    throw new RangeError(`Cannot read --since: give minutes, hours or days up to 30d (30m, 24h, 7d), got ${JSON.stringify(text2.slice(0, 40))}`);
  }
  return ms;
}

// deeplink/mod.ts
import { IrcUrlError as IrcUrlError5 } from "../net/mod.ts";
import { normalizeHost as normalizeHost3 } from "../net/mod.ts";

// deeplink/parse_irc_url.ts
import { IrcUrlError, normalizeHostPart } from "../net/mod.ts";

// deeplink/_syntax.ts
import { show } from "../net/mod.ts";
var CHANNEL_PREFIXES = "#&+!";
var FLAGS = /* @__PURE__ */ new Set([
  "isnick",
  "isuser",
  "ischannel",
  "needkey",
  "needpass",
  "isserver",
  "isnetwork"
]);
var NICK_FLAGS = /* @__PURE__ */ new Set([
  "isnick",
  "isuser"
]);
var CHANNEL_FLAG = "ischannel";
var FORBIDDEN_IN_NAME = /[\s\p{Cc},]/u;
var MAX_NAME_BYTES2 = 200;
var MAX_INPUT_LENGTH = 8192;
var DEFAULT_PORTS = {
  irc: 6667,
  ircs: 6697
};
function hasForbiddenChar(text2) {
  let ascii = true;
  for (let i = 0; i < text2.length; i++) {
    const c = text2.charCodeAt(i);
    if (c <= 32 || c === 44 || c >= 127 && c <= 159) return true;
    if (c > 127) ascii = false;
  }
  return !ascii && FORBIDDEN_IN_NAME.test(text2);
}
function indexOfControl(text2) {
  for (let i = 0; i < text2.length; i++) {
    const c = text2.charCodeAt(i);
    if (c < 32 || c >= 127 && c <= 159) return i;
  }
  return -1;
}
function isChannelName(name) {
  return name.length > 0 && CHANNEL_PREFIXES.includes(name[0]);
}
function utf8Length(text2) {
  let bytes = 0;
  for (let i = 0; i < text2.length; i++) {
    const unit = text2.charCodeAt(i);
    if (unit < 128) bytes += 1;
    else if (unit < 2048) bytes += 2;
    else if (unit >= 55296 && unit <= 56319) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

// deeplink/parse_irc_url.ts
var PORT_DIGITS = /^[0-9]+$/;
function parseIrcUrl(raw) {
  if (typeof raw !== "string") {
    throw new TypeError(`Cannot parse IRC link: expected a string, got ${typeof raw}`);
  }
  const input = raw;
  const text2 = raw.trim();
  if (text2.length > MAX_INPUT_LENGTH) {
    throw new IrcUrlError("too_long", `Cannot parse IRC link: it is longer than ${MAX_INPUT_LENGTH} characters, got ${text2.length}`, input);
  }
  const control = indexOfControl(text2);
  if (control !== -1) {
    throw new IrcUrlError("control_character", `Cannot parse IRC link: it contains a control character, got ${show(text2[control])} at index ${control}`, input);
  }
  if (!text2.isWellFormed()) {
    throw new IrcUrlError("invalid_character", "Cannot parse IRC link: it contains a lone surrogate, which no URL can carry", input);
  }
  const colon = text2.indexOf(":");
  const schemeText = colon === -1 ? "" : text2.slice(0, colon).toLowerCase();
  if (schemeText !== "irc" && schemeText !== "ircs") {
    throw new IrcUrlError("invalid_scheme", `Cannot parse IRC link: the scheme must be irc or ircs, got ${show(colon === -1 ? text2 : text2.slice(0, colon))}`, input);
  }
  const scheme = schemeText;
  if (!text2.startsWith("//", colon + 1)) {
    throw new IrcUrlError("missing_authority", `Cannot parse IRC link: the scheme must be followed by "//", got ${show(text2)}`, input);
  }
  const authorityStart = colon + 3;
  let authorityEnd = text2.length;
  for (let i = authorityStart; i < text2.length; i++) {
    const c = text2.charCodeAt(i);
    if (c === 47 || c === 63 || c === 35) {
      authorityEnd = i;
      break;
    }
  }
  const authority = text2.slice(authorityStart, authorityEnd);
  const { host, port } = parseAuthority(authority, scheme, input);
  const rest = text2.slice(authorityEnd);
  const hash = rest.indexOf("#");
  const pathAndQuery = hash === -1 ? rest : rest.slice(0, hash);
  const fragment = hash === -1 || hash === rest.length - 1 ? void 0 : rest.slice(hash + 1);
  const question = pathAndQuery.indexOf("?");
  const path = question === -1 ? pathAndQuery : pathAndQuery.slice(0, question);
  const query = question === -1 ? void 0 : pathAndQuery.slice(question + 1);
  let targetText = path.slice(1);
  let key = query === void 0 ? void 0 : findKey(query, void 0, input);
  if (fragment !== void 0) {
    const fragmentQuestion = fragment.indexOf("?");
    if (fragmentQuestion === -1) {
      targetText += `#${fragment}`;
    } else {
      targetText += `#${fragment.slice(0, fragmentQuestion)}`;
      key = findKey(fragment.slice(fragmentQuestion + 1), key, input);
    }
  }
  const targets = parseTargets(targetText, key ?? "", input);
  return {
    scheme,
    host,
    port,
    tls: scheme === "ircs",
    targets
  };
}
function parseAuthority(authority, scheme, input) {
  const at2 = authority.lastIndexOf("@");
  const hostPort = at2 === -1 ? authority : authority.slice(at2 + 1);
  let hostText;
  let portText;
  let ipv6 = false;
  if (hostPort.startsWith("[")) {
    const close2 = hostPort.indexOf("]");
    if (close2 === -1) {
      throw new IrcUrlError("invalid_host", `Cannot parse IRC link: the IPv6 address has no closing "]", got ${show(hostPort)}`, input);
    }
    hostText = hostPort.slice(1, close2);
    ipv6 = true;
    const after = hostPort.slice(close2 + 1);
    if (after !== "") {
      if (!after.startsWith(":")) {
        throw new IrcUrlError("invalid_host", `Cannot parse IRC link: unexpected text after the IPv6 address, got ${show(after)}`, input);
      }
      portText = after.slice(1);
    }
  } else {
    const first = hostPort.indexOf(":");
    if (first !== -1 && hostPort.indexOf(":", first + 1) !== -1) {
      throw new IrcUrlError("unbracketed_ipv6", `Cannot parse IRC link: an IPv6 address must be written in brackets ([2001:db8::1]), got ${show(hostPort)}`, input);
    }
    hostText = first === -1 ? hostPort : hostPort.slice(0, first);
    portText = first === -1 ? void 0 : hostPort.slice(first + 1);
  }
  if (hostText === "") {
    throw new IrcUrlError("missing_host", `Cannot parse IRC link: the host is missing, got ${show(input.trim())}`, input);
  }
  const host = normalizeHostPart(hostText, ipv6, input);
  return {
    host,
    port: parsePort(portText, scheme, input)
  };
}
function parsePort(portText, scheme, input) {
  if (portText === void 0 || portText === "") return DEFAULT_PORTS[scheme];
  if (!PORT_DIGITS.test(portText)) {
    throw new IrcUrlError("invalid_port", `Cannot parse IRC link: the port must be decimal digits, got ${show(portText)}`, input);
  }
  const digits2 = portText.replace(/^0+(?=.)/, "");
  const port = digits2.length > 5 ? Infinity : Number(digits2);
  if (port < 1 || port > 65535) {
    throw new IrcUrlError("port_out_of_range", `Cannot parse IRC link: the port must be 1-65535, got ${show(portText)}`, input);
  }
  return port;
}
function findKey(query, found2, input) {
  let key = found2;
  for (const parameter of query.split("&")) {
    const equals = parameter.indexOf("=");
    const name = equals === -1 ? parameter : parameter.slice(0, equals);
    if (name.toLowerCase() !== "key") continue;
    if (key !== void 0) {
      throw new IrcUrlError("duplicate_key", "Cannot parse IRC link: it carries more than one key parameter", input);
    }
    key = decode(equals === -1 ? "" : parameter.slice(equals + 1), input);
    if (hasForbiddenChar(key)) {
      throw new IrcUrlError("invalid_key", `Cannot parse IRC link: the key must not contain whitespace, control characters or commas, got ${show(key)}`, input);
    }
  }
  return key;
}
function parseTargets(targetText, key, input) {
  if (targetText === "") return [];
  const entries = [];
  for (const segment of targetText.split(",")) {
    if (segment === "") continue;
    const lower2 = segment.length >= 6 && segment.length <= 9 ? segment.toLowerCase() : "";
    if (FLAGS.has(lower2)) {
      const last = entries[entries.length - 1];
      if (last !== void 0 && NICK_FLAGS.has(lower2)) last.isNick = true;
      if (last !== void 0 && lower2 === CHANNEL_FLAG) last.isChannel = true;
      continue;
    }
    entries.push({
      raw: segment,
      isNick: false,
      isChannel: false
    });
  }
  const targets = [];
  for (const { raw, isNick, isChannel } of entries) {
    const decoded = decode(raw, input);
    if (isNick && isChannel) {
      throw new IrcUrlError("conflicting_flags", `Cannot parse IRC link: a target cannot be flagged both as a nick and as a channel, got ${show(decoded)}`, input);
    }
    if (hasForbiddenChar(decoded)) {
      throw new IrcUrlError("invalid_name", `Cannot parse IRC link: a target name must not contain whitespace, control characters or commas, got ${show(decoded)}`, input);
    }
    let name = decoded;
    if (isNick) {
      if (isChannelName(decoded)) {
        throw new IrcUrlError("channel_flagged_as_nick", `Cannot parse IRC link: a channel name cannot be flagged as a nick, got ${show(decoded)}`, input);
      }
    } else if (!isChannelName(decoded)) {
      name = `#${decoded}`;
    } else if (decoded.length === 1) {
      throw new IrcUrlError("bare_prefix", `Cannot parse IRC link: a channel name needs more than its prefix, got ${show(decoded)}`, input);
    }
    const bytes = utf8Length(name);
    if (bytes > MAX_NAME_BYTES2) {
      throw new IrcUrlError("name_too_long", `Cannot parse IRC link: a target name must be at most ${MAX_NAME_BYTES2} bytes, got ${bytes} bytes`, input);
    }
    targets.push({
      name,
      isNick,
      key: isNick ? "" : key
    });
  }
  return targets;
}
function decode(text2, input) {
  if (!text2.includes("%")) return text2;
  try {
    return decodeURIComponent(text2);
  } catch {
    throw new IrcUrlError("invalid_escape", `Cannot parse IRC link: a percent escape is malformed or not UTF-8, got ${show(text2)}`, input);
  }
}

// deeplink/jsr_link.ts
init_mod2();
var MAX_JSR_LINK = 300;
var JsrLinkError = class extends SyntaxError {
  /** Why it was refused: it is not a `jsr:` plugin specifier. */
  code = "invalid_jsr_link";
  /** The text that was given. */
  input;
  /** Builds the error for the text given. */
  constructor(input) {
    const shown = input.length > 100 ? `${input.slice(0, 100)}\u2026` : input;
    super(`Cannot open plugin link: expected jsr:@scope/name[@range] (lowercase scope and name, a range of at most 100 characters), got ${JSON.stringify(shown)}`);
    this.name = "JsrLinkError";
    this.input = input;
  }
};
function isJsrLink(raw) {
  return /^jsr:/i.test(raw);
}
function parseJsrLink(raw) {
  const split = raw.length <= MAX_JSR_LINK ? splitJsrSpecifier(raw) : void 0;
  if (!split) throw new JsrLinkError(raw);
  return {
    scheme: "jsr",
    specifier: raw,
    ...split
  };
}

// deeplink/format_irc_url.ts
import { IrcUrlError as IrcUrlError2, normalizeHost as normalizeHost2 } from "../net/mod.ts";

// deeplink/deeplink_events.ts
init_mod2();

// deeplink/frontend_transport.ts
function createInProcessTransport() {
  const receivers = /* @__PURE__ */ new Set();
  return {
    send(frame) {
      for (const receive of [
        ...receivers
      ]) receive(frame);
    },
    listen(receive) {
      const entry = (frame) => receive(frame);
      receivers.add(entry);
      return () => {
        receivers.delete(entry);
      };
    }
  };
}

// deeplink/frontend_events.ts
var FrontendEvents = class {
  #transport;
  #validators;
  #onError;
  #handlers = /* @__PURE__ */ new Map();
  #stopListening;
  /** Builds the channel over `options.transport` (in-process by default). */
  constructor(options = {}) {
    this.#transport = options.transport ?? createInProcessTransport();
    this.#validators = options.validators ?? deepLinkValidators;
    this.#onError = options.onError ?? ((error) => console.error(error));
  }
  /**
   * Serializes `payload` and sends it as event `name`. Throws a `TypeError` before sending
   * anything if the payload is not plain JSON data.
   */
  emit(name, payload) {
    if (typeof name !== "string" || name === "") {
      throw new TypeError(`Cannot emit frontend event: the name must be a non-empty string, got ${String(name)}`);
    }
    assertJsonData(payload, "payload", /* @__PURE__ */ new Set(), name);
    this.#transport.send(JSON.stringify({
      name,
      payload
    }));
  }
  /**
   * Calls `handler` with each received payload of event `name`, after its validator (if
   * any) accepted it. Returns the unsubscribe.
   */
  on(name, handler) {
    if (typeof handler !== "function") {
      throw new TypeError(`Cannot listen to frontend event: the handler must be a function, got ${typeof handler}`);
    }
    this.#stopListening ??= this.#transport.listen((frame) => this.#receive(frame));
    let handlers = this.#handlers.get(name);
    if (handlers === void 0) {
      handlers = /* @__PURE__ */ new Set();
      this.#handlers.set(name, handlers);
    }
    const entry = (payload) => handler(payload);
    handlers.add(entry);
    const unsubscribe = () => {
      this.#handlers.get(name)?.delete(entry);
    };
    return Object.assign(unsubscribe, {
      [Symbol.dispose]: unsubscribe
    });
  }
  /** Stops receiving frames and drops every handler. Emitting still works. */
  close() {
    this.#stopListening?.();
    this.#stopListening = void 0;
    this.#handlers.clear();
  }
  /** Same as {@linkcode FrontendEvents.close}. */
  [Symbol.dispose]() {
    this.close();
  }
  #receive(frame) {
    let message;
    try {
      message = JSON.parse(frame);
    } catch (error) {
      this.#onError(new SyntaxError(`Cannot receive frontend event: the frame is not JSON, got ${preview4(frame)}`, {
        cause: error
      }));
      return;
    }
    if (typeof message !== "object" || message === null || !("name" in message) || typeof message.name !== "string" || !("payload" in message)) {
      this.#onError(new TypeError(`Cannot receive frontend event: the frame is not {name, payload}, got ${preview4(frame)}`));
      return;
    }
    const { name, payload } = message;
    const handlers = this.#handlers.get(name);
    if (handlers === void 0 || handlers.size === 0) return;
    const validate2 = Object.hasOwn(this.#validators, name) ? this.#validators[name] : void 0;
    if (validate2 !== void 0 && !validate2(payload)) {
      this.#onError(new TypeError(`Cannot receive frontend event: the payload does not match ${name}, got ${preview4(frame)}`));
      return;
    }
    for (const handler of [
      ...handlers
    ]) {
      try {
        handler(payload);
      } catch (error) {
        this.#onError(new Error(`Cannot deliver frontend event: a ${name} handler threw`, {
          cause: error
        }));
      }
    }
  }
};
function assertJsonData(value, path, seen, name) {
  switch (typeof value) {
    case "string":
    case "boolean":
      return;
    case "number":
      if (Number.isFinite(value)) return;
      throw notJson(name, path, `the number ${value}`);
    case "object": {
      if (value === null) return;
      if (seen.has(value)) throw notJson(name, path, "a cycle");
      const proto = Object.getPrototypeOf(value);
      const isArray = Array.isArray(value);
      if (!isArray && proto !== Object.prototype && proto !== null) {
        throw notJson(name, path, `a ${proto?.constructor?.name ?? "non-plain"} object`);
      }
      seen.add(value);
      if (isArray) {
        for (let i = 0; i < value.length; i++) {
          if (value[i] === void 0) throw notJson(name, `${path}[${i}]`, "undefined");
          assertJsonData(value[i], `${path}[${i}]`, seen, name);
        }
      } else {
        for (const [key, item] of Object.entries(value)) {
          if (item !== void 0) assertJsonData(item, `${path}.${key}`, seen, name);
        }
      }
      seen.delete(value);
      return;
    }
    default:
      throw notJson(name, path, `a ${typeof value}`);
  }
}
function notJson(name, path, what) {
  return new TypeError(`Cannot emit frontend event ${name}: the payload must be plain JSON data, got ${what} at ${path}`);
}
function preview4(frame) {
  return JSON.stringify(frame.length > 120 ? `${frame.slice(0, 120)}\u2026` : frame);
}

// deeplink/deep_link_handler.ts
function parseLink(raw) {
  return isJsrLink(raw) ? parseJsrLink(raw) : parseIrcUrl(raw);
}
var DeepLinkHandler = class {
  #store;
  #frontend;
  #queue = [];
  #ready = false;
  #draining = false;
  /** Builds a handler over saved networks and a frontend channel; it starts not ready. */
  constructor(options) {
    if (typeof options?.store?.matchHost !== "function") {
      throw new TypeError("Cannot create DeepLinkHandler: options.store must have matchHost()");
    }
    if (typeof options.frontend?.emit !== "function") {
      throw new TypeError("Cannot create DeepLinkHandler: options.frontend must have emit()");
    }
    this.#store = options.store;
    this.#frontend = options.frontend;
  }
  /**
   * Parses a link and delivers its event, or queues it before `ready()`. Throws
   * `IrcUrlError` (or `JsrLinkError` for a `jsr:` link) for an invalid link, without
   * emitting or queueing anything.
   */
  handle(raw) {
    const link = parseLink(raw);
    if (!this.#ready) {
      this.#queue.push(link);
      return {
        status: "queued",
        link,
        position: this.#queue.length - 1
      };
    }
    return this.#deliver(link);
  }
  /**
   * The frontend is listening: delivers every queued link, in order, once, then delivers
   * later links at once. Returns the deliveries; calling it again returns `[]`. If
   * sending some link throws, the rest are still delivered and the errors are rethrown
   * together as an `AggregateError`.
   */
  ready() {
    if (this.#ready || this.#draining) return [];
    this.#draining = true;
    const delivered = [];
    const errors = [];
    try {
      while (this.#queue.length > 0) {
        const link = this.#queue.shift();
        try {
          delivered.push(this.#deliver(link));
        } catch (error) {
          errors.push(error);
        }
      }
      this.#ready = true;
    } finally {
      this.#draining = false;
    }
    if (errors.length > 0) {
      throw new AggregateError(errors, `Cannot deliver ${errors.length} queued deep link(s)`);
    }
    return delivered;
  }
  /** The links queued for `ready()`, in order (copies; empty once ready). */
  pending() {
    return this.#queue.map((link) => structuredClone(link));
  }
  /** Whether `ready()` has run, so links are delivered at once. */
  get isReady() {
    return this.#ready;
  }
  #deliver(link) {
    if (link.scheme === "jsr") {
      const payload2 = {
        specifier: link.specifier
      };
      this.#frontend.emit("deeplink:install-plugin", payload2);
      return {
        status: "delivered",
        link,
        event: "deeplink:install-plugin",
        payload: payload2
      };
    }
    const matches = this.#store.matchHost(link.host);
    const targets = link.targets.map(copyTarget);
    if (matches.length === 0) {
      const channel = link.targets.find((target) => !target.isNick)?.name ?? "";
      const payload2 = {
        host: link.host,
        port: link.port,
        tls: link.tls,
        channel
      };
      this.#frontend.emit("deeplink:add-network", payload2);
      return {
        status: "delivered",
        link,
        event: "deeplink:add-network",
        payload: payload2
      };
    }
    if (matches.length === 1) {
      const payload2 = {
        networkId: matches[0].id,
        targets
      };
      this.#frontend.emit("deeplink:join", payload2);
      return {
        status: "delivered",
        link,
        event: "deeplink:join",
        payload: payload2
      };
    }
    const candidates = matches.map(({ id, name }) => ({
      networkId: id,
      name
    })).sort((a, b) => a.networkId - b.networkId);
    const payload = {
      candidates,
      targets
    };
    this.#frontend.emit("deeplink:disambiguate", payload);
    return {
      status: "delivered",
      link,
      event: "deeplink:disambiguate",
      payload
    };
  }
};
function copyTarget({ name, isNick, key }) {
  return {
    name,
    isNick,
    key
  };
}

// deeplink/single_instance.ts
import { join as join16 } from "node:path";
import { IrcUrlError as IrcUrlError3, randomToken, requestLine, sameToken, serve } from "../net/mod.ts";
import { errorMessage as errorMessage8, readSmallFile } from "../common/mod.ts";
var TOKEN_FILE = "deeplink-instance.json";
var MAX_LINE_BYTES = 64 * 1024;
var REQUEST_TIMEOUT_MS = 2e3;
var MAX_CONNECTIONS = 16;
var TOKEN = /^[0-9a-f]{64}$/;
function tokenFilePath(dataDir) {
  return join16(dataDir, TOKEN_FILE);
}
async function listenForLinks(options) {
  const { dataDir, onLink } = options;
  if (typeof dataDir !== "string" || dataDir === "") {
    throw new TypeError(`Cannot listen for links: dataDir must be a non-empty string, got ${dataDir}`);
  }
  if (typeof onLink !== "function") {
    throw new TypeError(`Cannot listen for links: onLink must be a function, got ${typeof onLink}`);
  }
  const onError = options.onError ?? (() => {
  });
  const token = randomToken();
  const tokenFile = tokenFilePath(dataDir);
  await Deno.mkdir(dataDir, {
    recursive: true,
    mode: 448
  });
  const server = serve({
    framing: "line",
    maxConnections: options.maxConnections ?? MAX_CONNECTIONS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    maxLineBytes: MAX_LINE_BYTES,
    onError
  }, async (request) => new Response(JSON.stringify(answer(await request.text()))));
  const port = server.addr.port;
  function answer(line) {
    let request;
    try {
      request = JSON.parse(line);
    } catch {
      request = void 0;
    }
    if (typeof request !== "object" || request === null || !("token" in request) || !("link" in request) || typeof request.token !== "string" || typeof request.link !== "string") {
      return {
        status: "rejected",
        code: "bad_request",
        message: "Cannot accept link: the request is not {token, link}"
      };
    }
    if (!sameToken(request.token, token)) {
      return {
        status: "unauthorized",
        message: "Cannot accept link: wrong token"
      };
    }
    try {
      onLink(request.link);
      return {
        status: "delivered"
      };
    } catch (error) {
      if (error instanceof IrcUrlError3 || error instanceof JsrLinkError) {
        return {
          status: "rejected",
          code: error.code,
          message: error.message
        };
      }
      onError(error instanceof Error ? error : new Error(String(error)));
      return {
        status: "rejected",
        code: "internal",
        message: "Cannot accept link: the instance failed to handle it"
      };
    }
  }
  try {
    await writeTokenFile(tokenFile, JSON.stringify({
      version: 1,
      pid: Deno.pid,
      port,
      token
    }));
  } catch (error) {
    await server.shutdown();
    throw error;
  }
  let closing;
  async function close2() {
    closing ??= (async () => {
      await server.shutdown();
      await removeTokenFileIfOurs(tokenFile, token);
    })();
    return await closing;
  }
  return {
    port,
    tokenFile,
    close: close2,
    [Symbol.asyncDispose]: close2
  };
}
async function handOffLink(options) {
  const { dataDir, link, timeout = 3e3 } = options;
  if (typeof link !== "string") {
    throw new TypeError(`Cannot hand off link: expected a string, got ${typeof link}`);
  }
  const file = tokenFilePath(dataDir);
  let text2;
  let info;
  try {
    info = await Deno.stat(file);
    text2 = new TextDecoder().decode(await readSmallFile(file, {
      maxBytes: 4096,
      what: "the token file",
      limit: "4 KiB"
    }));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Error && error.cause instanceof Deno.errors.NotFound) {
      return {
        status: "no-instance",
        reason: "no token file"
      };
    }
    return {
      status: "no-instance",
      reason: `unreadable token file: ${errorMessage8(error)}`
    };
  }
  if (info.mode !== null && (info.mode & 63) !== 0) {
    return {
      status: "no-instance",
      reason: `untrusted token file: mode ${(info.mode & 511).toString(8)}`
    };
  }
  const uid = currentUid();
  if (info.uid !== null && uid !== void 0 && info.uid !== uid) {
    return {
      status: "no-instance",
      reason: `untrusted token file: owned by uid ${info.uid}`
    };
  }
  let parsed;
  try {
    parsed = JSON.parse(text2);
  } catch {
    return {
      status: "no-instance",
      reason: "garbled token file"
    };
  }
  if (typeof parsed !== "object" || parsed === null || !("port" in parsed) || !("token" in parsed) || !Number.isInteger(parsed.port) || parsed.port < 1 || parsed.port > 65535 || typeof parsed.token !== "string" || !TOKEN.test(parsed.token)) {
    return {
      status: "no-instance",
      reason: "garbled token file"
    };
  }
  const port = parsed.port;
  const token = parsed.token;
  let line;
  try {
    line = await requestLine({
      port,
      line: JSON.stringify({
        token,
        link
      }),
      timeoutMs: timeout,
      maxLineBytes: MAX_LINE_BYTES
    });
  } catch (error) {
    if (error instanceof Deno.errors.TimedOut) {
      return {
        status: "no-instance",
        reason: `stale token file: no answer within ${timeout} ms`
      };
    }
    return {
      status: "no-instance",
      reason: `stale token file: ${errorMessage8(error)}`
    };
  }
  let reply;
  try {
    reply = line === void 0 ? void 0 : JSON.parse(line);
  } catch {
    reply = void 0;
  }
  if (typeof reply === "object" && reply !== null && "status" in reply) {
    if (reply.status === "delivered") return {
      status: "delivered"
    };
    if (reply.status === "rejected" && "code" in reply && typeof reply.code === "string" && "message" in reply && typeof reply.message === "string" && reply.code !== "bad_request") {
      return {
        status: "rejected",
        code: reply.code,
        message: reply.message
      };
    }
  }
  return {
    status: "no-instance",
    reason: `stale token file: port ${port} answered ${JSON.stringify(line ?? "nothing")}`
  };
}
function currentUid() {
  try {
    return Deno.uid() ?? void 0;
  } catch {
    return void 0;
  }
}
async function writeTokenFile(file, text2) {
  const temp = `${file}.${Deno.pid}.${randomToken().slice(0, 8)}.tmp`;
  await Deno.writeTextFile(temp, text2, {
    mode: 384,
    createNew: true
  });
  try {
    if (Deno.build.os !== "windows") await Deno.chmod(temp, 384);
    await Deno.rename(temp, file);
  } catch (error) {
    await Deno.remove(temp).catch(() => {
    });
    throw error;
  }
}
async function removeTokenFileIfOurs(file, token) {
  try {
    const current = JSON.parse(new TextDecoder().decode(await readSmallFile(file, {
      maxBytes: 4096,
      what: "the token file",
      limit: "4 KiB"
    })));
    if (current?.token === token) await Deno.remove(file);
  } catch {
  }
}

// deeplink/link_door.ts
var MAX_WAITING_LINKS = 64;
var LinkDoor = class _LinkDoor {
  #listener;
  #waiting = [];
  #onLink;
  #onError;
  constructor(onError) {
    this.#onError = onError;
  }
  /** Opens the door: the token file names it once this resolves. */
  static async open(options) {
    const door = new _LinkDoor(options.onError ?? (() => {
    }));
    door.#listener = await listenForLinks({
      dataDir: options.dataDir,
      onLink: (raw) => door.#receive(raw),
      onError: door.#onError
    });
    return door;
  }
  /** The loopback port it listens on. */
  get port() {
    return this.#opened().port;
  }
  /** The token file it wrote. */
  get tokenFile() {
    return this.#opened().tokenFile;
  }
  #opened() {
    if (!this.#listener) throw new Error("Cannot use the link door: it is not open");
    return this.#listener;
  }
  #receive(raw) {
    if (this.#onLink) return this.#onLink(raw);
    parseLink(raw);
    if (this.#waiting.length >= MAX_WAITING_LINKS) {
      throw new Error(`Cannot accept link: ${MAX_WAITING_LINKS} links already wait for the client to start`);
    }
    this.#waiting.push(raw);
    return void 0;
  }
  /**
   * Names who handles the links: those that waited first, in order, then each as it comes.
   * Throws if the door already has a handler.
   */
  accept(onLink) {
    if (this.#onLink) throw new Error("Cannot accept links twice on one link door");
    this.#onLink = onLink;
    for (const raw of this.#waiting.splice(0)) {
      try {
        onLink(raw);
      } catch (error) {
        this.#onError(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
  /** Stops listening and removes the token file (if still ours). */
  async close() {
    await this.#listener?.close();
  }
  /** Closes it, as {@linkcode LinkDoor.close}. */
  async [Symbol.asyncDispose]() {
    await this.close();
  }
};

// deeplink/launch.ts
import { IrcUrlError as IrcUrlError4 } from "../net/mod.ts";
async function launchWithLink(dataDir, link) {
  const jsr = isJsrLink(link);
  try {
    if (jsr) parseJsrLink(link);
    else parseIrcUrl(link);
  } catch (error) {
    if (!(error instanceof IrcUrlError4 || error instanceof JsrLinkError)) throw error;
    console.error(`${error.name} [${error.code}]: ${error.message}`);
    return {
      exit: 2
    };
  }
  const result = await handOffLink({
    dataDir,
    link
  });
  if (result.status === "delivered") {
    console.error(jsr ? "Handed the plugin link to the running instance: its consent sheet is open in the page" : "Handed the link to the running instance");
    return {
      exit: 0
    };
  }
  if (result.status === "rejected") {
    console.error(`${jsr ? "JsrLinkError" : "IrcUrlError"} [${result.code}]: ${result.message}`);
    return {
      exit: 2
    };
  }
  return {
    become: "instance",
    reason: result.reason
  };
}

// client/client_app.ts
init_mod2();

// client/network_manager.ts
init_mod3();

// client/_autojoin.ts
init_mod2();
var MAX_PENDING_KEYS = 256;
var Autojoin = class {
  #store;
  #nickOf;
  #keys = /* @__PURE__ */ new Map();
  #off;
  /** Starts following the bus. */
  constructor(options) {
    this.#store = options.store;
    this.#nickOf = options.nickOf;
    const { bus, onError } = options;
    this.#off = [
      bus.subscribe("user.joined", ({ data }) => {
        if (!this.#isMe(data.networkId, data.nickname)) return;
        const pending = slot(data.networkId, data.channel);
        const key = this.#keys.get(pending);
        this.#keys.delete(pending);
        try {
          this.#store.saveChannel(data.networkId, {
            name: data.channel,
            key
          });
        } catch (error) {
          onError(error);
        }
      }),
      bus.subscribe("user.parted", ({ data }) => {
        if (this.#isMe(data.networkId, data.nickname)) {
          this.#store.removeChannel(data.networkId, data.channel);
        }
      })
    ];
  }
  /** The user asks to join `channel` with `key`: saved with it once the server confirms. */
  joining(networkId2, channel, key) {
    if (key === void 0 || key === "") return;
    const pending = slot(networkId2, channel);
    this.#keys.delete(pending);
    this.#keys.set(pending, key);
    if (this.#keys.size > MAX_PENDING_KEYS) this.#keys.delete(this.#keys.keys().next().value);
  }
  /** Joins every saved channel of a network, with its key (after it connected). */
  joinSaved(networkId2, client) {
    for (const { name, key } of this.#store.channels(networkId2)) client.join(name, key);
  }
  /** Stops following the bus. */
  [Symbol.dispose]() {
    for (const off of this.#off) off();
  }
  #isMe(networkId2, nick) {
    const me = this.#nickOf(networkId2);
    return me !== void 0 && casefold(me) === casefold(nick);
  }
};
function slot(networkId2, channel) {
  return `${networkId2} ${casefold(channel)}`;
}

// client/network_manager.ts
import { errorMessage as errorMessage12, readSmallFile as readSmallFile2 } from "../common/mod.ts";
var ircModule;
function loadIrc() {
  return ircModule ??= import("../deps/irc_framework_client.ts").then(() => Promise.resolve().then(() => (init_mod3(), mod_exports)));
}
var NetworkManager = class {
  #clients = /* @__PURE__ */ new Map();
  #options;
  #unsubscribe;
  #autojoin;
  #log;
  /** Launch connects still retrying, by network: a disconnect or `close` stops one. */
  #retries = /* @__PURE__ */ new Map();
  /** Set by {@linkcode NetworkManager.stopRetries}: the shutdown has begun, connect no more. */
  #stopping = false;
  /** Autoconnect: the start is done, a page is ready, the networks were connected. */
  #started = false;
  #pageReady = false;
  #autoconnected = false;
  #autoconnectTimer;
  /** Why each network's last connection ended or failed (cleared once it connects). */
  #reasons = /* @__PURE__ */ new Map();
  /** Starts watching the bus for state changes; connects nothing. */
  constructor(options) {
    this.#options = options;
    this.#log = options.log ?? (() => {
    });
    this.#autojoin = new Autojoin({
      bus: options.bus,
      store: options.store,
      nickOf: (networkId2) => this.#clients.get(networkId2)?.nickname,
      onError: (error) => this.#log(`autojoin: ${errorMessage12(error)}`)
    });
    const report = (data) => queueMicrotask(() => options.onState(data.networkId));
    this.#unsubscribe = [
      options.bus.subscribe("connection.established", (event) => {
        this.#reasons.delete(event.data.networkId);
        report(event.data);
      }),
      options.bus.subscribe("connection.lost", (event) => {
        this.#reasons.set(event.data.networkId, event.data.error);
        report(event.data);
      }),
      options.bus.subscribe("user.nick", (event) => report(event.data))
    ];
  }
  /** The IRC clients started so far (for the ordered shutdown). */
  clients() {
    return this.#clients.values();
  }
  /** The IRC client of a network, when one was started. */
  irc(networkId2) {
    return this.#clients.get(networkId2);
  }
  /** The IRC client of a network, or an error naming `action` when it is not connected. */
  require(networkId2, action) {
    const client = this.#clients.get(networkId2);
    if (!client) {
      throw new Error(`Cannot ${action}: the network is not connected, got ${networkId2}`);
    }
    return client;
  }
  /** Connects a saved network; resolves once registered. */
  async connect(networkId2) {
    const network = this.#options.store.get(networkId2);
    if (!network) throw new Error(`Cannot connect: no such network, got ${networkId2}`);
    const existing = this.#clients.get(networkId2);
    if (existing && existing.state !== "disconnected") return;
    const { IrcClient: IrcClient2 } = await loadIrc();
    let certificate;
    try {
      certificate = network.clientCert ? await readPem(network.clientCert) : void 0;
    } catch (error) {
      const reason = errorMessage12(error);
      this.#reasons.set(networkId2, reason);
      this.#options.onState(networkId2);
      throw error;
    }
    if (this.#stopping) throw new Error(`Cannot connect: the client is stopping, got ${networkId2}`);
    const started = this.#clients.get(networkId2);
    if (started && started.state !== "disconnected") return;
    const client = new IrcClient2({
      bus: this.#options.bus,
      networkId: networkId2,
      host: network.host,
      port: network.port,
      tls: network.tls,
      nick: network.nick,
      altNicks: [
        `${network.nick}_`,
        `${network.nick}__`
      ],
      username: network.username || void 0,
      realname: network.realname || void 0,
      password: network.password || void 0,
      ...network.saslMechanism === "PLAIN" ? {
        sasl: {
          mechanism: "PLAIN",
          account: network.saslAccount,
          password: network.saslPassword
        }
      } : network.saslMechanism === "EXTERNAL" ? {
        sasl: {
          mechanism: "EXTERNAL",
          account: network.saslAccount,
          certificate
        }
      } : {},
      reconnect: {},
      // The STS policy is kept with the network: applied before connecting in plain text.
      stsPolicy: this.#options.store.stsPolicy(networkId2),
      onStsPolicy: (policy) => this.#keepStsPolicy(networkId2, policy),
      ...this.#options.irc,
      // After the shared options, so a test's TLS settings keep this network's certificate.
      ...certificate ? {
        tlsOptions: {
          ...this.#options.irc?.tlsOptions,
          certificate
        }
      } : {}
    });
    this.#clients.set(networkId2, client);
    this.#reasons.delete(networkId2);
    try {
      const connecting = client.connect();
      this.#options.onState(networkId2);
      await connecting;
      this.#autojoin.joinSaved(networkId2, client);
    } catch (error) {
      this.#reasons.set(networkId2, errorMessage12(error));
      throw error;
    } finally {
      this.#options.onState(networkId2);
    }
  }
  /**
   * The client's start is done (plugins loaded): the networks saved with autoconnect connect
   * now if `ms` is 0 or a page is already ready ({@linkcode NetworkManager.pageReady}), else
   * when one is, or after `ms` with no page.
   */
  autoconnectAfter(ms) {
    this.#started = true;
    if (this.#pageReady || ms <= 0) return this.#autoconnect();
    clearTimeout(this.#autoconnectTimer);
    this.#autoconnectTimer = setTimeout(() => this.#autoconnect(), ms);
  }
  /**
   * A page is ready: the networks saved with autoconnect connect now, or as soon as the
   * start is done. Only the first page's counts.
   */
  pageReady() {
    this.#pageReady = true;
    if (this.#started) this.#autoconnect();
  }
  /** Connects every network saved with autoconnect, in the background, once. */
  #autoconnect() {
    clearTimeout(this.#autoconnectTimer);
    if (this.#autoconnected || this.#stopping) return;
    this.#autoconnected = true;
    for (const network of this.#options.store.list()) {
      if (network.autoconnect) void this.#connectOnStart(network.id);
    }
  }
  /** Joins a channel, saved with its key once the server confirms. */
  join(networkId2, channel, key) {
    const client = this.require(networkId2, "join");
    this.#autojoin.joining(networkId2, channel, key);
    client.join(channel, key);
  }
  /** Leaves a channel; leaving is the user's choice even offline, so it is not rejoined. */
  part(networkId2, channel, reason) {
    this.#options.store.removeChannel(networkId2, channel);
    const client = this.#clients.get(networkId2);
    if (client?.state === "connected") client.part(channel, reason);
  }
  /** Disconnects a network (QUIT) and forgets its MOTD. */
  async disconnect(networkId2) {
    this.#retries.get(networkId2)?.abort();
    const client = this.#clients.get(networkId2);
    if (!client) return;
    await client.disconnect("Leaving");
    this.#options.ui.forget(networkId2);
    this.#options.onState(networkId2);
  }
  /** Disconnects a network and removes it from the saved ones. */
  async remove(networkId2) {
    await this.disconnect(networkId2);
    this.#clients.delete(networkId2);
    this.#reasons.delete(networkId2);
    this.#options.store.remove(networkId2);
  }
  /** A network's connection state, current nickname, and why it last dropped. */
  state(networkId2) {
    const client = this.#clients.get(networkId2);
    const reason = this.#reasons.get(networkId2);
    return {
      state: client?.state ?? "disconnected",
      nick: client?.nickname ?? this.#options.store.get(networkId2)?.nick ?? "",
      ...reason === void 0 ? {} : {
        reason
      },
      ...client?.supports(REDACTION_CAP) ? {
        canRedact: true
      } : {},
      ...client?.supports(MULTILINE_CAP) ? {
        multiline: true
      } : {},
      ...client?.stsUpgraded ? {
        stsUpgraded: true
      } : {}
    };
  }
  /** How the page sees a saved network, or `undefined` when there is none. */
  view(networkId2) {
    const network = this.#options.store.get(networkId2);
    return network && this.#view(network);
  }
  /** Every saved network as the page sees it. */
  views() {
    return this.#options.store.list().map((network) => this.#view(network));
  }
  /** Stops launch retries and refuses connects not yet started (call first on shutdown). */
  stopRetries() {
    this.#stopping = true;
    clearTimeout(this.#autoconnectTimer);
    for (const retry of this.#retries.values()) retry.abort();
  }
  /** Stops watching the bus (the connections are closed by the shutdown). */
  close() {
    this.stopRetries();
    for (const off of this.#unsubscribe) off();
    this.#autojoin[Symbol.dispose]();
  }
  /**
   * Connects a network on launch and, while it fails (server down, no network yet), tries
   * again with the reconnect backoff, until it connects, the user disconnects it or turns
   * connect on start off, or the client stops.
   */
  async #connectOnStart(networkId2) {
    const retry = new AbortController();
    this.#retries.set(networkId2, retry);
    const signal2 = retry.signal;
    try {
      for (let attempt = 0; !signal2.aborted; attempt++) {
        try {
          await this.connect(networkId2);
          return;
        } catch (error) {
          if (signal2.aborted) return;
          const name = this.#options.store.get(networkId2)?.name ?? networkId2;
          this.#log(`Cannot connect to ${name}: ${errorMessage12(error)}`);
        }
        if (!this.#options.store.get(networkId2)?.autoconnect) return;
        const { backoff: backoff2 } = await loadIrc();
        await abortableDelay(backoff2(attempt, {
          ...this.#options.irc?.reconnect
        }), signal2);
      }
    } finally {
      if (this.#retries.get(networkId2) === retry) this.#retries.delete(networkId2);
    }
  }
  /** Saves a network's STS policy as the connection reports it; a failure is logged. */
  #keepStsPolicy(networkId2, policy) {
    try {
      this.#options.store.saveStsPolicy(networkId2, policy);
    } catch (error) {
      this.#log(`Cannot keep the STS policy of network ${networkId2}: ${errorMessage12(error)}`);
    }
  }
  #view(network) {
    const client = this.#clients.get(network.id);
    return {
      id: network.id,
      name: network.name,
      host: network.host,
      port: network.port,
      tls: network.tls,
      nick: network.nick,
      autoconnect: network.autoconnect,
      username: network.username,
      realname: network.realname,
      // The secrets stay here: the page learns only whether one is saved.
      hasPassword: network.password !== "",
      saslMechanism: network.saslMechanism,
      saslAccount: network.saslAccount,
      hasSaslPassword: network.saslPassword !== "",
      clientCert: network.clientCert,
      state: client?.state ?? "disconnected",
      ...this.#reasons.has(network.id) ? {
        reason: this.#reasons.get(network.id)
      } : {},
      currentNick: client?.nickname ?? network.nick,
      ...client?.supports(REDACTION_CAP) ? {
        canRedact: true
      } : {},
      ...client?.supports(MULTILINE_CAP) ? {
        multiline: true
      } : {},
      ...client?.stsUpgraded ? {
        stsUpgraded: true
      } : {},
      ...client ? {
        casemapping: client.casemapping
      } : {},
      channels: (client?.channels() ?? []).map((c) => ({
        name: c.name,
        topic: c.topic,
        members: c.members.map((m) => m.prefix + m.nick)
      }))
    };
  }
};
var MAX_PEM_BYTES = 1024 * 1024;
async function readPem(path) {
  const bytes = await readSmallFile2(path, {
    maxBytes: MAX_PEM_BYTES,
    what: "the client certificate",
    limit: "1 MiB"
  });
  const text2 = new TextDecoder().decode(bytes);
  const blocks = text2.match(/-----BEGIN [A-Z ]+-----[\s\S]+?-----END [A-Z ]+-----/g) ?? [];
  const privateKey = blocks.filter((b) => /PRIVATE KEY/.test(b.slice(0, 40))).join("\n");
  const certificate = blocks.filter((b) => /CERTIFICATE/.test(b.slice(0, 40))).join("\n");
  if (!privateKey || !certificate) {
    throw new Error(`Cannot read the client certificate: the file needs a CERTIFICATE and a PRIVATE KEY, got ${path}`);
  }
  return {
    certificate,
    privateKey
  };
}
function abortableDelay(ms, signal2) {
  return new Promise((resolve3) => {
    const timer = setTimeout(done, ms);
    signal2.addEventListener("abort", done, {
      once: true
    });
    function done() {
      clearTimeout(timer);
      signal2.removeEventListener("abort", done);
      resolve3();
    }
  });
}

// client/page_hub.ts
init_mod2();
import { errorMessage as errorMessage13 } from "../common/mod.ts";
var FRONTEND_QUEUE = 256;
var MAX_IN_FLIGHT = MAX_PENDING;
var MAX_NOTICES_IN_FLIGHT = 64;
var PageHub = class {
  #pages = /* @__PURE__ */ new Set();
  #frontendQueue = [];
  #options;
  /** Frontend events go to the newest page that said ready; kept while none did. */
  transport = {
    send: (frame) => {
      const ready = [
        ...this.#pages
      ].filter((p) => p.ready);
      if (ready.length === 0) {
        this.#frontendQueue.push(frame);
        if (this.#frontendQueue.length > FRONTEND_QUEUE) this.#frontendQueue.shift();
        return;
      }
      ready[ready.length - 1].socket.send(`{"kind":"frontend","event":${frame}}`);
    },
    listen: () => () => {
    }
  };
  /** Holds no page until {@linkcode PageHub.add} is called. */
  constructor(options) {
    this.#options = options;
  }
  /** How many pages are open. */
  get size() {
    return this.#pages.size;
  }
  /** Sends `message` to every open page (serialized only when one is open). */
  broadcast(message) {
    if (this.#pages.size === 0) return;
    const frame = JSON.stringify(message);
    for (const page of this.#pages) page.socket.send(frame);
  }
  /** Takes a new page: sends it the hello, then answers its actions. */
  add(socket) {
    const page = {
      socket,
      ready: false
    };
    this.#pages.add(page);
    socket.send(JSON.stringify(this.#options.hello()));
    socket.onClose(() => this.#pages.delete(page));
    let requests = 0;
    let notices = 0;
    const fail2 = (message, id) => {
      if (!socket.isOpen) return;
      socket.send(JSON.stringify(id === void 0 ? {
        kind: "error",
        code: "failed",
        message
      } : {
        kind: "error",
        code: "failed",
        message,
        id
      }));
    };
    socket.onMessage((data) => {
      const parsed = parseAction(data);
      if (!parsed.ok) {
        socket.send(JSON.stringify(parsed.error));
        return;
      }
      const action = parsed.action;
      const request = action.id !== void 0;
      const busy = request ? requests : notices;
      if (busy >= (request ? MAX_IN_FLIGHT : MAX_NOTICES_IN_FLIGHT)) {
        return fail2(`Cannot accept action: ${busy} actions are already in flight, got ${action.kind}`, action.id);
      }
      if (action.kind === "ready") this.#ready(page);
      const done = request ? () => requests-- : () => notices--;
      if (request) requests++;
      else notices++;
      this.#options.perform(action).then((result) => {
        done();
        if (action.id !== void 0 && socket.isOpen) {
          socket.send(JSON.stringify({
            kind: "reply",
            id: action.id,
            result: result ?? null
          }));
        }
      }, (error) => {
        done();
        fail2(errorMessage13(error), action.id);
      });
    });
  }
  /** A page said it is ready: it gets the frontend events kept for it. */
  #ready(page) {
    page.ready = true;
    for (const frame of this.#frontendQueue.splice(0)) {
      page.socket.send(`{"kind":"frontend","event":${frame}}`);
    }
  }
};

// client/page_actions.ts
init_mod();

// client/ledger_page.ts
var LEDGER_AUDIT_ENTRIES = 200;
function ledgerPage(plugins, action, options) {
  const info = plugins.list().find((p) => p.name === action.name);
  if (!info) {
    throw new Error(`Cannot show the ledger: plugin ${JSON.stringify(action.name)} is not installed`);
  }
  const until = (options.now ?? Date.now)();
  const since = until - parseWindow(action.window);
  const window = {
    since,
    until
  };
  const filter = {
    ...window,
    kind: action.ledgerKind,
    decision: action.decision,
    text: action.text
  };
  const entries = plugins.activity(action.name, {
    ...filter,
    limit: options.entries + 1
  });
  return {
    name: info.name,
    since: new Date(since).toISOString(),
    until: new Date(until).toISOString(),
    kinds: [
      ...new Set(plugins.activityTotals(action.name, window).map((t) => t.kind))
    ].sort(),
    totals: plugins.activityTotals(action.name, filter),
    entries: entries.slice(0, options.entries),
    truncated: entries.length > options.entries,
    audit: plugins.audit(action.name, {
      last: LEDGER_AUDIT_ENTRIES
    }),
    granted: plugins.grantedItems(action.name),
    pending: info.pendingConsent,
    state: info.state,
    disabledReason: info.disabledReason,
    budget: info.budget,
    lastStop: info.lastStop
  };
}

// client/page_actions.ts
var MAX_PAGE_BUFFERS = 1e3;
var AUDIT_PAGE_ENTRIES = 50;
var ACTIVITY_PAGE_ENTRIES = 500;
var MAX_INSTALL_PLANS = 8;
var INSTALL_PLAN_MS = 10 * 60 * 1e3;
var PageActions = class {
  #parts;
  /** One handler per action kind; a kind without one fails `deno check`. */
  #handlers;
  /** Fetched plugins awaiting consent on a page, by plan id, oldest first. */
  #installPlans = /* @__PURE__ */ new Map();
  /** Runs actions against `parts`. */
  constructor(parts) {
    this.#parts = parts;
    this.#handlers = this.#makeHandlers();
  }
  /**
   * The plugins, the newest audit entries of each (so that no plugin's flood hides another's)
   * and their commands, as pages show them.
   */
  pluginsMessage() {
    const { plugins } = this.#parts;
    return {
      kind: "plugins",
      plugins: plugins.list(),
      audit: plugins.audit(void 0, {
        lastPerPlugin: AUDIT_PAGE_ENTRIES
      }),
      commands: plugins.commands()
    };
  }
  /** Runs one checked action; resolves with the reply's result, or rejects with why not. */
  async perform(action) {
    return await this.#run(action.kind, action);
  }
  /**
   * Runs the handler of `kind`: indexed by a type parameter, the table gives the handler of
   * exactly that kind's action.
   */
  #run(kind, action) {
    const handler = this.#handlers[kind];
    return handler(action);
  }
  #makeHandlers() {
    const { bus, store, networks, ui, plugins, links, dataDir } = this.#parts;
    return {
      "ready": () => {
        links.ready();
        networks.pageReady();
        return null;
      },
      "connect": async (action) => {
        await networks.connect(action.networkId);
        return null;
      },
      "disconnect": async (action) => {
        await networks.disconnect(action.networkId);
        return null;
      },
      "join": (action) => {
        networks.join(action.networkId, action.channel, action.key);
        return null;
      },
      "part": (action) => {
        networks.part(action.networkId, action.channel, action.reason);
        return null;
      },
      "buffer.read": async (action) => {
        await bus.emit(createEvent("buffer.read", {
          networkId: action.networkId,
          buffer: action.buffer,
          timestamp: action.timestamp
        }, EventSourceUI));
        return null;
      },
      "say": (action) => {
        networks.require(action.networkId, "say").say(action.target, action.text, {
          reply: action.reply
        });
        return null;
      },
      "me": (action) => {
        networks.require(action.networkId, "send an action").action(action.target, action.text);
        return null;
      },
      "typing": (action) => {
        networks.irc(action.networkId)?.typing(action.target, action.state);
        return null;
      },
      "react": (action) => {
        networks.require(action.networkId, "react").react(action.target, {
          msgid: action.msgid,
          reaction: action.reaction,
          remove: action.remove
        });
        return null;
      },
      "redact": (action) => {
        networks.require(action.networkId, "delete a message").redact(action.target, action.msgid, {
          reason: action.reason
        });
        return null;
      },
      "whois": async (action) => {
        return await networks.require(action.networkId, "whois").whois(action.nick, {
          timeoutMs: 15e3
        });
      },
      "nick": (action) => {
        networks.require(action.networkId, "change nick").quote(`NICK ${action.nick}`);
        return null;
      },
      "quote": (action) => {
        networks.require(action.networkId, "send").quote(action.line);
        return null;
      },
      "list": async (action) => {
        return await networks.require(action.networkId, "list channels").listChannels(action.filter, {
          timeoutMs: 3e4
        });
      },
      "command": async (action) => {
        await plugins.runCommand(action.name, action.args);
        return null;
      },
      "network.add": async (action) => {
        const network = store.add(action.network);
        this.#pushNetworks();
        if (action.connect) await networks.connect(network.id);
        return {
          networkId: network.id
        };
      },
      "network.update": (action) => {
        if (!store.update(action.networkId, action.network)) {
          throw new Error(`Cannot edit network: no such network, got ${action.networkId}`);
        }
        this.#pushNetworks();
        return null;
      },
      "network.remove": async (action) => {
        await networks.remove(action.networkId);
        this.#pushNetworks();
        return null;
      },
      "pane.focus": async (action) => {
        await bus.emit(createEvent("ui.pane.focused", action.pane, EventSourceUI));
        return null;
      },
      "pane.blur": async (action) => {
        await bus.emit(createEvent("ui.pane.blurred", action.pane, EventSourceUI));
        return null;
      },
      "history.page": async (action) => {
        const store2 = await this.#flushedHistory();
        ui.flush();
        const { networkId: networkId2, buffer, before, limit } = action;
        return store2.page(networkId2, buffer, {
          before,
          limit
        });
      },
      "history.search": async (action) => {
        const store2 = await this.#flushedHistory();
        const { kind: _kind, id: _id, ...query } = action;
        return store2.search(query);
      },
      "history.message": async (action) => {
        const store2 = await this.#flushedHistory();
        return store2.message(action.networkId, action.buffer, action.msgid) ?? null;
      },
      "history.buffers": async () => {
        const store2 = await this.#flushedHistory();
        return store2.buffers(void 0, {
          recent: MAX_PAGE_BUFFERS
        }).map((b) => ({
          ...b,
          unread: store2.unread(b.networkId, b.name, b.readTime ?? 0)
        }));
      },
      "plugins.refresh": () => {
        return this.pluginsMessage();
      },
      "plugin.disable": async (action) => {
        return await this.#pluginVerb(() => plugins.disable(action.name));
      },
      "plugin.enable": async (action) => {
        return await this.#pluginVerb(() => plugins.enable(action.name));
      },
      "plugin.revoke": async (action) => {
        return await this.#pluginVerb(() => plugins.revoke(action.name));
      },
      "plugins.sources": async () => {
        return (await pluginSources(plugins, dataDir, {
          check: true
        })).map((row) => ({
          ...row,
          update: hasUpdate(row)
        }));
      },
      "plugin.activity": (action) => {
        return plugins.activity(action.name, {
          limit: ACTIVITY_PAGE_ENTRIES
        });
      },
      "plugin.ledger": (action) => {
        return ledgerPage(plugins, action, {
          entries: ACTIVITY_PAGE_ENTRIES
        });
      },
      "plugin.permission.revoke": async (action) => {
        return await this.#pluginVerb(() => plugins.revokePermission(action.name, action.permission));
      },
      "plugin.permission.grant": async (action) => {
        return await this.#pluginVerb(() => plugins.grantPermission(action.name, action.permission));
      },
      "plugin.upgrade.plan": async (action) => {
        await using plan = await planUpgrade(plugins, dataDir, action.name);
        const { name, source, from, to, integrity, changelog, added, removed } = plan;
        return {
          name,
          source,
          from,
          to,
          integrity,
          changelog,
          added,
          removed
        };
      },
      "plugin.upgrade": async (action) => {
        return await this.#pluginVerb(async () => {
          await using plan = await planUpgrade(plugins, dataDir, action.name);
          if (plan.to !== action.version) {
            throw new Error(`Cannot upgrade plugin ${action.name}: the registry now offers ${plan.to}, got ${action.version}`);
          }
          if (action.integrity !== void 0 && plan.integrity !== action.integrity) {
            throw new Error(`Cannot upgrade plugin ${action.name}: integrity check failed: the registry now serves ${plan.to} as ${plan.integrity}, not the ${action.integrity} the sheet showed; nothing changed`);
          }
          const unseen = plan.added.filter((request) => !action.consent.includes(request));
          await applyUpgrade(plugins, dataDir, plan, {
            consent: unseen.length === 0
          });
        });
      },
      "plugin.install.plan": async (action) => {
        return await this.#planInstall(action.specifier);
      },
      "plugin.install.cancel": async (action) => {
        await this.#dropPlan(action.planId);
        return null;
      },
      "plugin.install": async (action) => {
        const pending = this.#installPlans.get(action.planId);
        if (!pending) {
          throw new Error(`Cannot install plugin: no install awaits consent under this plan (it expired or was answered), got ${action.planId}`);
        }
        this.#installPlans.delete(action.planId);
        clearTimeout(pending.timer);
        await using plan = pending.plan;
        const name = plan.manifest.name;
        const asked = plan.requests.map((request) => request.text);
        const unseen = asked.filter((request) => !action.consent.includes(request));
        const unknown2 = action.consent.filter((request) => !asked.includes(request));
        if (action.version !== plan.version || unseen.length > 0 || unknown2.length > 0) {
          throw new Error(`Cannot install plugin ${name}: the consent does not match the plan of ${plan.version}, got ${JSON.stringify({
            version: action.version,
            consent: action.consent
          })}`);
        }
        const scope = parseScope(action.scope);
        const diskQuotaMb = parseDiskQuota(action.diskQuotaMb);
        return await this.#pluginVerb(async () => {
          await applyInstall(plugins, dataDir, plan, {
            grant: {
              ...grantAll(plan.manifest),
              scope,
              diskQuotaMb
            }
          });
          await plugins.load(name);
        });
      }
    };
  }
  /** Removes the files of every install plan still awaiting an answer. */
  async close() {
    for (const id of [
      ...this.#installPlans.keys()
    ]) await this.#dropPlan(id);
  }
  /**
   * Fetches and checks a `jsr:` plugin into a scratch folder, and returns what the consent
   * sheet shows; the plan waits for the page's answer under its id.
   */
  async #planInstall(specifier) {
    const { plugins, dataDir } = this.#parts;
    const plan = await planInstall(plugins, dataDir, specifier);
    const name = plan.manifest.name;
    if (plugins.list().some((plugin) => plugin.name === name)) {
      await plan[Symbol.asyncDispose]();
      throw new Error(`Cannot install plugin ${name}: it is installed already (its row offers an upgrade), got ${specifier}`);
    }
    while (this.#installPlans.size >= MAX_INSTALL_PLANS) {
      await this.#dropPlan(this.#installPlans.keys().next().value);
    }
    const planId = crypto.randomUUID();
    const timer = setTimeout(() => void this.#dropPlan(planId), INSTALL_PLAN_MS);
    Deno.unrefTimer(timer);
    this.#installPlans.set(planId, {
      plan,
      timer
    });
    const boundary = await plugins.boundary();
    const diskQuotaMb = plugins.defaultDiskQuotaMb;
    return {
      planId,
      name,
      description: plan.manifest.description,
      source: plan.source,
      version: plan.version,
      integrity: plan.integrity,
      requests: plan.requests,
      isolation: "subprocess",
      boundary,
      isolationText: describeIsolation({
        worker: false,
        diskQuotaMb,
        boundary
      }),
      diskQuotaMb
    };
  }
  async #dropPlan(planId) {
    const pending = this.#installPlans.get(planId);
    if (!pending) return;
    this.#installPlans.delete(planId);
    clearTimeout(pending.timer);
    await pending.plan[Symbol.asyncDispose]();
  }
  /** The history with every line received so far committed, so a read sees them. */
  async #flushedHistory() {
    const history = this.#parts.history;
    if (!history) {
      throw new Error("Cannot read history: the history file was refused at start (see the log)");
    }
    await history.flush();
    return history;
  }
  /** Runs a plugin verb; every page then sees the plugins as they are, done or not. */
  async #pluginVerb(run) {
    try {
      await run();
    } finally {
      this.#parts.pages.broadcast(this.pluginsMessage());
    }
    return null;
  }
  #pushNetworks() {
    this.#parts.pages.broadcast({
      kind: "networks",
      networks: this.#parts.networks.views()
    });
  }
};

// client/ui_state.ts
init_mod2();
var NOT_FORWARDED = /* @__PURE__ */ new Set([
  "user.meta",
  "metadata.updated",
  "ui.pane.focused",
  "ui.pane.blurred"
]);
var UiState = class {
  #roster = /* @__PURE__ */ new Map();
  #metadata = /* @__PURE__ */ new Map();
  #motd = /* @__PURE__ */ new Map();
  #pendingEvents = [];
  #pendingRoster = /* @__PURE__ */ new Map();
  #pendingUpdates = /* @__PURE__ */ new Map();
  #timer;
  #interval;
  #onBatch;
  #fold;
  #unsubscribe;
  /** Subscribes to every bus event; `onBatch` gets at most one batch per `interval` ms. */
  constructor(options) {
    this.#interval = options.interval ?? 16;
    this.#fold = options.fold ?? ((_, name) => casefold(name));
    this.#onBatch = options.onBatch;
    this.#unsubscribe = options.bus.subscribe("*", (event) => this.#take(event));
  }
  /** Every user's newest roster snapshot. */
  roster() {
    return [
      ...this.#roster.values()
    ];
  }
  /** Every live metadata entry. */
  metadata() {
    return [
      ...this.#metadata.values()
    ];
  }
  /** The last message of the day of each network, for a page that opens later. */
  motd() {
    return [
      ...this.#motd.values()
    ];
  }
  /** Forgets a network's MOTD (after it was removed or disconnected). */
  forget(networkId2) {
    this.#motd.delete(networkId2);
  }
  /** Sends what is pending now, as one batch. */
  flush() {
    if (this.#timer !== void 0) clearTimeout(this.#timer);
    this.#timer = void 0;
    if (this.#pendingEvents.length === 0 && this.#pendingRoster.size === 0 && this.#pendingUpdates.size === 0) return;
    const batch = {
      events: this.#pendingEvents,
      roster: [
        ...this.#pendingRoster.values()
      ],
      updates: [
        ...this.#pendingUpdates.values()
      ]
    };
    this.#pendingEvents = [];
    this.#pendingRoster.clear();
    this.#pendingUpdates.clear();
    this.#onBatch(batch);
  }
  /** Unsubscribes and sends what is pending. */
  close() {
    this.#unsubscribe();
    this.flush();
  }
  /** Same as {@linkcode UiState.close}. */
  [Symbol.dispose]() {
    this.close();
  }
  #take(event) {
    if (event.type === "user.meta") {
      const key = `${event.data.networkId} ${this.#fold(event.data.networkId, event.data.nickname)}`;
      this.#roster.set(key, event.data);
      this.#pendingRoster.set(key, event.data);
    } else if (event.type === "metadata.updated") {
      const data = event.data;
      for (const update of "updates" in data ? data.updates : [
        data
      ]) {
        const key = `${update.type} ${update.network_id ?? ""} ${update.channel ?? ""} ${update.key}`;
        if (update.value === null) this.#metadata.delete(key);
        else this.#metadata.set(key, update);
        this.#pendingUpdates.set(key, update);
      }
    } else if (!NOT_FORWARDED.has(event.type)) {
      if (event.type === "server.motd") this.#motd.set(event.data.networkId, event.data);
      if (event.type === "user.quit") {
        const { networkId: networkId2, nickname } = event.data;
        this.#roster.delete(`${networkId2} ${this.#fold(networkId2, nickname)}`);
      }
      this.#pendingEvents.push(uiEvent(event));
    } else return;
    this.#timer ??= setTimeout(() => this.flush(), this.#interval);
  }
};
function uiEvent(event) {
  return {
    type: event.type,
    data: event.data,
    time: event.timestamp.getTime(),
    source: event.source
  };
}

// client/client_app.ts
import { serveWeb } from "./web_server.ts";
import { webToken } from "./_web_token.ts";

// client/_parts.ts
var Parts = class {
  #started = [];
  #stopping;
  /**
   * Starts one part and registers its stop, which gets what the start returned. A start
   * that throws registers nothing (the part cleans up after itself) and rethrows; the
   * parts started before it are left to {@linkcode Parts.stop}.
   */
  async start(step, start, stop) {
    this.#refuseWhenStopping("start", step);
    const started = await start();
    if (this.#stopping !== void 0) {
      await stop(started);
      throw new Error(`Cannot start a ${step} part: the parts are stopping`);
    }
    this.#started.push({
      step,
      stop: () => stop(started)
    });
    return started;
  }
  /** Registers the stop of a part that is already running (built without a start that can fail). */
  defer(step, stop) {
    this.#refuseWhenStopping("defer", step);
    this.#started.push({
      step,
      stop
    });
  }
  /**
   * Stops every part, the last started first. A stop that throws is recorded and the next
   * part is still stopped. Calling it again returns the same result.
   */
  stop() {
    return this.#stopping ??= this.#stopAll();
  }
  /** Same as {@linkcode Parts.stop}, for `await using`. */
  async [Symbol.asyncDispose]() {
    await this.stop();
  }
  async #stopAll() {
    const stopped = {
      steps: [],
      errors: []
    };
    for (const part2 of this.#started.toReversed()) {
      if (!stopped.steps.includes(part2.step)) stopped.steps.push(part2.step);
      try {
        await part2.stop();
      } catch (error) {
        stopped.errors.push(error instanceof Error ? error : new Error(String(error)));
      }
    }
    this.#started.length = 0;
    return stopped;
  }
  #refuseWhenStopping(what, step) {
    if (this.#stopping !== void 0) {
      throw new Error(`Cannot ${what} a ${step} part: the parts are stopping`);
    }
  }
};

// client/shutdown.ts
async function quitNetworks(networks, options = {}) {
  const quits = [
    ...networks
  ].map(async (network) => {
    try {
      await network.disconnect(options.reason ?? "Client quit");
    } catch (error) {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
    }
  });
  let timer;
  const timedOut = new Promise((resolve3) => {
    timer = setTimeout(() => resolve3(true), options.quitTimeoutMs ?? 3e3);
  });
  try {
    return await Promise.race([
      Promise.all(quits).then(() => false),
      timedOut
    ]);
  } finally {
    clearTimeout(timer);
  }
}
async function shutdownInOrder(parts, options = {}) {
  const list2 = new Parts();
  const errors = [];
  let quitTimedOut = false;
  list2.defer("storage", () => parts.storage.close());
  if (parts.afterBus) list2.defer("bus", parts.afterBus);
  list2.defer("bus", () => parts.bus.close());
  list2.defer("plugins", () => parts.plugins?.[Symbol.asyncDispose]());
  list2.defer("networks", async () => {
    quitTimedOut = await quitNetworks(parts.networks, {
      ...options,
      onError: (error) => errors.push(error)
    });
  });
  list2.defer("front", () => {
  });
  for (const door of [
    ...parts.front ?? []
  ].reverse()) list2.defer("front", () => door.close());
  const stopped = await list2.stop();
  return {
    steps: stopped.steps,
    quitTimedOut,
    errors: [
      ...errors,
      ...stopped.errors
    ]
  };
}

// client/client_app.ts
import { errorMessage as errorMessage14 } from "../common/mod.ts";
var PROTOCOL_VERSION = 1;
var AUTOCONNECT_AFTER_MS = 0;
async function startClient(options) {
  const log = options.log ?? ((line) => console.error(line));
  const dataDir = options.dataDir;
  await Deno.mkdir(dataDir, {
    recursive: true,
    mode: 448
  });
  const parts = new Parts();
  try {
    return await startParts(parts, options, log);
  } catch (error) {
    const stopped = await parts.stop();
    for (const failure of stopped.errors) {
      log(`Cannot stop after a failed start: ${failure.message}`);
    }
    for (const handed of [
      options.server,
      options.linkDoor
    ]) {
      await handed?.close().catch((failure) => log(`Cannot stop after a failed start: ${errorMessage14(failure)}`));
    }
    throw error;
  }
}
async function startParts(parts, options, log) {
  const dataDir = options.dataDir;
  const db = await parts.start("storage", () => openClientDatabase(dataDir), (db2) => db2.close());
  const store = await parts.start("storage", () => new NetworkStore(db), (store2) => store2.close());
  const bus = new EventBus({
    onSubscriberError: (error) => log(`bus: ${errorMessage14(error)}`)
  });
  const history = await parts.start("storage", () => openHistory(bus, options, log, {
    ownNick: (networkId2) => networks.irc(networkId2)?.nickname,
    casemapping: (networkId2) => networks.irc(networkId2)?.casemapping
  }), (history2) => history2?.close());
  const pages = new PageHub({
    hello: () => ({
      kind: "hello",
      version: PROTOCOL_VERSION,
      networks: networks.views(),
      plugins: plugins.list(),
      roster: ui.roster(),
      updates: ui.metadata(),
      motd: ui.motd()
    }),
    perform: (action) => actions.perform(action)
  });
  const frontend = await parts.start("bus", () => new FrontendEvents({
    transport: pages.transport
  }), (frontend2) => frontend2.close());
  const links = new DeepLinkHandler({
    store,
    frontend
  });
  const ui = await parts.start("bus", () => new UiState({
    bus,
    onBatch: (batch) => pages.broadcast({
      kind: "batch",
      ...batch
    }),
    fold: (networkId2, name) => casefold(name, networks.irc(networkId2)?.casemapping)
  }), (ui2) => ui2.close());
  await parts.start("bus", () => bus.subscribe("plugin.lifecycle", () => queueMicrotask(() => pages.broadcast(actions.pluginsMessage()))), (unsubscribe) => unsubscribe());
  const networks = await parts.start("bus", () => new NetworkManager({
    bus,
    store,
    ui,
    irc: {
      // Backfill asks only for what the history lacks.
      lastStored: (networkId2, buffer) => history?.lastStored(networkId2, buffer),
      ...options.irc
    },
    onState: (networkId2) => pages.broadcast({
      kind: "network.state",
      networkId: networkId2,
      ...networks.state(networkId2)
    }),
    log
  }), (networks2) => networks2.close());
  parts.defer("bus", () => bus.close());
  const plugins = await parts.start("plugins", () => new PluginHost({
    bus,
    dataDir,
    db,
    irc: {
      send: (networkId2, target, text2) => networks.require(networkId2, "send").say(target, text2)
    },
    onLog: (plugin, level, message) => log(`[plugin:${plugin}] ${level}: ${message}`),
    ...options.plugins
  }), (plugins2) => plugins2[Symbol.asyncDispose]());
  let quitTimedOut = false;
  const quitErrors = [];
  parts.defer("networks", async () => {
    quitTimedOut = await quitNetworks(networks.clients(), {
      quitTimeoutMs: options.quitTimeoutMs,
      reason: "Client quit",
      onError: (error) => quitErrors.push(error)
    });
  });
  const actions = await parts.start("front", () => new PageActions({
    bus,
    store,
    networks,
    ui,
    pages,
    plugins,
    links,
    history,
    dataDir
  }), (actions2) => actions2.close());
  const server = options.server;
  const web = await parts.start("front", async () => server ?? serveWeb({
    onSocket: (socket) => pages.add(socket),
    port: options.port,
    token: await webToken(dataDir),
    onError: (error) => log(`web: ${error.message}`),
    ...options.web
  }), (web2) => web2.close());
  server?.accept((socket) => pages.add(socket));
  for (const plugin of plugins.list()) {
    if (plugin.state === "disabled") continue;
    try {
      await plugins.load(plugin.name);
    } catch (error) {
      log(`Cannot load plugin ${plugin.name}: ${errorMessage14(error)}`);
    }
  }
  const door = options.linkDoor;
  if (door) {
    door.accept((raw) => links.handle(raw));
    parts.defer("front", () => door.close());
  } else if (options.singleInstance ?? true) {
    await parts.start("front", () => listenForLinks({
      dataDir,
      onLink: (raw) => links.handle(raw),
      onError: (error) => log(`deep links: ${error.message}`)
    }), (listener) => listener.close());
  }
  await parts.start("front", () => networks.autoconnectAfter(options.autoconnectAfterMs ?? AUTOCONNECT_AFTER_MS), () => networks.stopRetries());
  if (options.link !== void 0) links.handle(options.link);
  let stopping;
  const shutdown = () => stopping ??= parts.stop().then((stopped) => ({
    steps: stopped.steps,
    quitTimedOut,
    errors: [
      ...quitErrors,
      ...stopped.errors
    ]
  }));
  return {
    url: web.url,
    address: web.address,
    dataDir,
    bus,
    networks: store,
    plugins,
    history,
    connect: (networkId2) => networks.connect(networkId2),
    irc: (networkId2) => networks.irc(networkId2),
    perform: (action) => actions.perform(action),
    shutdown,
    [Symbol.asyncDispose]: async () => {
      await shutdown();
    }
  };
}
function openHistory(bus, options, log, attach) {
  let history;
  try {
    history = MessageStore.open(historyPath(options.dataDir), {
      retentionDays: options.retentionDays,
      onError: (error) => log(error.message)
    });
    history.attach(bus, attach);
    return history;
  } catch (error) {
    history?.close();
    log(`${errorMessage14(error)}; running without history`);
    return void 0;
  }
}

// client/mod.ts
__reExport(mod_exports2, web_server_star);
import * as web_server_star from "./web_server.ts";
import { ServerWebSocket } from "../net/mod.ts";

// client/terminal.ts
init_mod();
init_mod3();
init_mod2();
import { parseArgs as parseArgs2 } from "node:util";
import { errorMessage as errorMessage15 } from "../common/mod.ts";
var USAGE2 = "Usage: deno task run -- --server host[:port] [--tls] [--insecure] --nick N [--join '#a,#b'] [--sasl-account A] [--sasl-mechanism PLAIN|SCRAM-SHA-256|EXTERNAL]";
function parseTerminalArgs(args) {
  if (args[0] === "--") args = args.slice(1);
  let parsed;
  try {
    parsed = parseArgs2({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        server: {
          type: "string"
        },
        tls: {
          type: "boolean",
          default: false
        },
        insecure: {
          type: "boolean",
          default: false
        },
        nick: {
          type: "string"
        },
        join: {
          type: "string"
        },
        "sasl-account": {
          type: "string"
        },
        "sasl-mechanism": {
          type: "string"
        },
        password: {
          type: "string"
        }
      }
    }).values;
  } catch (error) {
    throw new TypeError(`Cannot parse arguments: ${errorMessage15(error)}`);
  }
  if (parsed.password !== void 0) {
    throw new TypeError("Cannot parse arguments: passwords are not taken from argv, got --password; set IRC_SASL_PASSWORD or IRC_SERVER_PASSWORD");
  }
  const server = parsed.server;
  if (!server) throw new TypeError("Cannot parse arguments: --server is required, got nothing");
  const nick = parsed.nick;
  if (!nick || /[\s,\0]/.test(nick)) {
    throw new TypeError(`Cannot parse arguments: --nick is required, got ${JSON.stringify(nick ?? "")}`);
  }
  const tls = parsed.tls ?? false;
  let host = server;
  let port = tls ? 6697 : 6667;
  const bracket = /^\[([^\]]+)\](?::(\d+))?$/.exec(server);
  const plain2 = /^([^:\s]+)(?::(\d+))?$/.exec(server);
  const match = bracket ?? plain2;
  if (!match) throw new TypeError(`Cannot parse arguments: invalid --server, got ${server}`);
  host = match[1];
  if (match[2] !== void 0) {
    port = Number(match[2]);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new TypeError(`Cannot parse arguments: invalid port, got ${match[2]}`);
    }
  }
  const join18 = (parsed.join ?? "").split(",").map((c) => c.trim()).filter((c) => c !== "");
  for (const channel of join18) {
    if (/[\s\0]/.test(channel)) {
      throw new TypeError(`Cannot parse arguments: invalid channel, got ${JSON.stringify(channel)}`);
    }
  }
  const mechanism = parsed["sasl-mechanism"]?.toUpperCase();
  if (mechanism !== void 0 && mechanism !== "PLAIN" && mechanism !== "SCRAM-SHA-256" && mechanism !== "EXTERNAL") {
    throw new TypeError(`Cannot parse arguments: unknown SASL mechanism, got ${mechanism}`);
  }
  const options = {
    host,
    port,
    tls,
    insecure: parsed.insecure ?? false,
    nick,
    join: join18
  };
  if (parsed["sasl-account"]) options.saslAccount = parsed["sasl-account"];
  if (mechanism) options.saslMechanism = mechanism;
  return options;
}
function parseTerminalCommand(line) {
  const input = parseInput(line);
  if (input.kind === "usage") return {
    kind: "usage",
    message: usageError(input.name)
  };
  if (input.kind === "unknown") return {
    kind: "help"
  };
  return input;
}
function clock(date) {
  return date.toTimeString().slice(0, 8);
}
function formatEvent(event) {
  const t = clock(event.timestamp);
  switch (event.type) {
    case "connection.established":
      return `${t} -- connected to ${event.data.address}:${event.data.port}`;
    case "connection.lost":
      return `${t} -- connection lost: ${event.data.error}`;
    case "message.received": {
      const d = event.data;
      const where = d.channel === "" ? `(pm ${d.peer ?? d.user})` : d.channel;
      const history = d.history ? " [history]" : "";
      const words = messageText({
        ...d,
        sender: d.user,
        text: d.message
      });
      return `${t} ${where} ${words}${history}`;
    }
    case "message.sent": {
      const d = event.data;
      return `${t} ${d.channel || `(pm ${d.target ?? ""})`} > ${d.message}`;
    }
    // The words are the page's and the log's (core/event_text.js); the terminal adds where.
    case "user.joined":
      return `${t} ${event.data.channel} ${joinText(event.data)}`;
    case "user.parted":
      return `${t} ${event.data.channel} ${partText(event.data)}`;
    case "user.quit":
      return `${t} ${quitText(event.data)}`;
    case "user.kicked":
      return `${t} ${event.data.channel} ${kickText(event.data, false)}`;
    case "user.nick":
      return `${t} -- ${nickText(event.data)}`;
    case "channel.topic":
      return `${t} ${event.data.channel} ${topicText(event.data)}`;
    case "channel.mode":
      return `${t} ${event.data.channel} ${modeText(event.data)}`;
    case "channel.names.complete":
      return `${t} ${event.data.channel} users (${event.data.users.length}): ${event.data.users.slice(0, 50).join(" ")}${event.data.users.length > 50 ? " ..." : ""}`;
    case "channels.changed":
      return `${t} -- channels: ${event.data.channels.join(" ") || "(none)"}`;
    case "sasl.started":
      return `${t} -- SASL ${event.data.mechanism} started`;
    case "sasl.success":
      return `${t} -- SASL succeeded`;
    case "sasl.failed":
      return `${t} -- SASL failed: ${event.data.error}`;
    case "sasl.aborted":
      return `${t} -- SASL aborted`;
    case "whois.received": {
      const w = event.data.whois;
      const parts = [
        `${w.nickname} is ${w.username ?? "?"}@${w.host ?? "?"} (${w.realname ?? ""})`
      ];
      if (w.account) parts.push(`account ${w.account}`);
      if (w.channels.length) parts.push(`on ${w.channels.join(" ")}`);
      if (w.server) parts.push(`via ${w.server}`);
      if (w.away) parts.push(`away: ${w.away_message ?? ""}`);
      return `${t} -- whois ${parts.join("; ")}`;
    }
    // A FAIL is printed as its error; a warning or note only comes as a standard reply.
    case "server.reply": {
      const d = event.data;
      if (d.type === "FAIL") return void 0;
      return `${t} ${d.target ?? "--"} ${d.type} ${replyText(d)}`;
    }
    case "error":
      return `${t} !! ${event.data.type ? `[${event.data.type}] ` : ""}${event.data.error}`;
    default:
      return void 0;
  }
}
async function readSecret(question) {
  const stdin = Deno.stdin;
  if (!stdin.isTerminal()) {
    throw new Error("Cannot read the SASL password: stdin is not a terminal, got no IRC_SASL_PASSWORD; set IRC_SASL_PASSWORD");
  }
  await Deno.stdout.write(new TextEncoder().encode(question));
  stdin.setRaw(true);
  const bytes = [];
  const buf = new Uint8Array(1);
  try {
    for (; ; ) {
      const n = await stdin.read(buf);
      if (n === null || buf[0] === 13 || buf[0] === 10) break;
      if (buf[0] === 3) throw new Error("Cannot read the SASL password: interrupted");
      if (buf[0] === 127 || buf[0] === 8) bytes.pop();
      else bytes.push(buf[0]);
    }
  } finally {
    stdin.setRaw(false);
    await Deno.stdout.write(new TextEncoder().encode("\n"));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
function env(name) {
  try {
    return Deno.env.get(name);
  } catch {
    return void 0;
  }
}
async function runTerminal(args) {
  let options;
  try {
    options = parseTerminalArgs(args);
  } catch (error) {
    console.error(errorMessage15(error));
    console.error(USAGE2);
    return 2;
  }
  let saslPassword;
  const mechanism = options.saslMechanism ?? "PLAIN";
  if (options.saslAccount && mechanism !== "EXTERNAL") {
    saslPassword = env("IRC_SASL_PASSWORD") ?? await readSecret(`SASL password for ${options.saslAccount}: `);
  }
  let signalled = false;
  const { promise: stopping, resolve: stop } = Promise.withResolvers();
  const onSignal = () => {
    signalled = true;
    stop();
  };
  Deno.addSignalListener("SIGINT", onSignal);
  Deno.addSignalListener("SIGTERM", onSignal);
  try {
    return await runSession(options, mechanism, saslPassword, stopping, () => signalled);
  } finally {
    Deno.removeSignalListener("SIGINT", onSignal);
    Deno.removeSignalListener("SIGTERM", onSignal);
  }
}
async function runSession(options, mechanism, saslPassword, stopping, signalled) {
  const bus = new EventBus();
  bus.subscribe("*", (event) => {
    const line = formatEvent(event);
    if (line !== void 0) console.log(line);
  });
  const client = new IrcClient({
    bus,
    networkId: 1,
    host: options.host,
    port: options.port,
    tls: options.tls,
    tlsOptions: {
      rejectUnauthorized: !options.insecure
    },
    nick: options.nick,
    altNicks: [
      `${options.nick}_`
    ],
    password: env("IRC_SERVER_PASSWORD"),
    sasl: options.saslAccount ? {
      mechanism,
      account: options.saslAccount,
      password: saslPassword
    } : void 0,
    reconnect: {
      initialDelay: 2e3,
      maxDelay: 12e4
    }
  });
  stopping.then(() => client.disconnect("Leaving").catch(() => {
  }));
  try {
    await client.connect();
  } catch (error) {
    await bus.close();
    if (signalled()) return 0;
    console.error(errorMessage15(error));
    return 1;
  }
  let target = options.join[0] ?? "";
  for (const channel of options.join) client.join(channel);
  const lines = Deno.stdin.readable.pipeThrough(new TextDecoderStream()).getReader();
  stopping.then(() => lines.cancel().catch(() => {
  }));
  try {
    let pending = "";
    read: for (let next = await lines.read(); !next.done; next = await lines.read()) {
      const chunk = next.value;
      pending += chunk;
      let nl;
      while ((nl = pending.indexOf("\n")) !== -1) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        const command = parseTerminalCommand(line);
        try {
          switch (command.kind) {
            case "none":
              break;
            case "usage":
              console.log(`-- ${command.message}`);
              break;
            case "close":
              if (/^[#&]/.test(target)) client.part(target);
              console.log(`-- closed ${target || "nothing"}`);
              target = "";
              break;
            case "list":
              client.listChannels(command.filter).then(({ channels, more }) => {
                for (const c of channels) console.log(`-- ${c.name} (${c.users}) ${c.topic}`);
                console.log(`-- end of list: ${channels.length + more} channels`);
              }, (error) => console.log(`-- ${error.message}`));
              break;
            case "say":
              if (!target) console.log("-- no target: /join a channel or /query a nick first");
              else client.say(target, command.text);
              break;
            case "msg":
              client.say(command.target, command.text);
              break;
            case "join":
              client.join(command.channel, command.key);
              target = command.channel;
              break;
            case "part":
              client.part(command.channel ?? target, command.reason);
              break;
            case "whois":
              client.whois(command.nick).catch((error) => console.log(`-- ${error.message}`));
              break;
            case "nick":
              client.quote(`NICK ${command.nick}`);
              break;
            case "query":
              target = command.target;
              console.log(`-- talking to ${target}`);
              if (command.text) client.say(target, command.text);
              break;
            case "me":
              if (!target) console.log("-- no target: /join a channel or /query a nick first");
              else client.action(target, command.text);
              break;
            case "quote":
              client.quote(command.line);
              break;
            case "quit":
              await client.disconnect(command.reason ?? "Leaving");
              break read;
            case "help":
              console.log(helpText(command.command).split("\n").map((l) => `-- ${l}`).join("\n"));
              break;
            default: {
              const irc = ircLine(command, /^[#&]/.test(target) ? target : void 0);
              if (irc && "line" in irc) client.quote(irc.line);
              else if (irc) console.log(`-- ${irc.error}`);
              else console.log(`-- Cannot run /${command.kind} in the terminal`);
            }
          }
        } catch (error) {
          console.log(`-- ${errorMessage15(error)}`);
        }
      }
      if (client.state === "disconnected") break;
    }
  } finally {
    await client.disconnect("Leaving");
    await bus.close();
  }
  return 0;
}

// client/mod.ts
__reExport(mod_exports2, open_browser_star);
init_mod2();
init_mod2();
init_mod2();
import * as open_browser_star from "./open_browser.ts";
export {
  LinkDoor,
  launchWithLink,
  runExport,
  runTerminal,
  startClient
};
