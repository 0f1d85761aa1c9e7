/**
 * The permission broker's thread: a Worker of the host that answers every plugin's permission
 * checks while blocked in the kernel's `poll()`, never in an event loop. One round trip is then
 * the plugin's write, one wake-up of this thread, and its answer; the host's main thread (the
 * bus, the page, the plugins' frames) is not on the path at all.
 *
 * It polls an eventfd beside the sockets: the main thread posts a control message, then
 * signals it. On a signal the loop returns to this Worker's event loop until every signalled
 * message has been handled, then polls again.
 *
 * Decisions are made here, by the same {@linkcode CheckLines} as on the event loop, and sent
 * to the main thread in batches (the audit and the activity ledger live there). A batch goes
 * once no check has come for {@linkcode IDLE_FLUSH_MS} ms, or at {@linkcode BATCH_RECORDS}
 * decisions, or when its first is {@linkcode MAX_BATCH_AGE_MS} ms old: a plugin making checks
 * one after another is not interrupted by a batch (and the main thread woken) every few dozen
 * checks, which is what a batch every 2 ms cost in p99. Past {@linkcode MAX_UNACKED_BATCHES}
 * batches the main thread has not handled yet, no more checks are read until it catches up:
 * a plugin's checks wait, none goes unrecorded.
 *
 * Each decision is counted ({@linkcode MADE}) before its answer is sent, and a third
 * descriptor, another eventfd, asks for every decision at once: the main thread, about to
 * handle what a plugin sent after its answers, sees the count ahead of what it has heard and
 * asks, so a plugin's later frame is never handled before the decisions that came before it.
 *
 * @module
 */
/// <reference no-default-lib="true" />
/// <reference lib="deno.worker" />
import {
  ACKED,
  type DecisionRecord,
  FLUSH_ASKED,
  FLUSHED,
  type FromBrokerThread,
  MADE,
  type ToBrokerThread,
  toBrokerThread,
} from "./_broker_thread_messages.ts";
import { BrokerProtocolError, CheckLines, PermissionPolicy } from "./_permission_policy.ts";
import { type Libc, openLibc, POLLERR_HUP_NVAL, POLLIN, POLLOUT } from "./_unix_ffi.ts";

/** Decisions are sent once no check came for this long, in ms. */
export const IDLE_FLUSH_MS = 1;
/** The longest, in ms, a decision waits to be sent while checks keep coming. */
export const MAX_BATCH_AGE_MS = 50;
/** Decisions in one batch at most. */
export const BATCH_RECORDS = 4096;
/** Batches sent and not yet handled by the main thread, at most, before reading stops. */
export const MAX_UNACKED_BATCHES = 4;
const READ_BYTES = 64 * 1024;

/** One plugin's broker, as the thread serves it. */
interface Served {
  id: number;
  path: string;
  /** Listening until the plugin connects; -1 after. */
  listenFd: number;
  /** The plugin's connection; -1 before it connects and after it ends. */
  connFd: number;
  lines: CheckLines;
  /** Answer bytes the socket did not take yet: nothing more is read until they are written. */
  unsent: Uint8Array | null;
}

const ALL_DONE = "closed its permission broker connection";

class BrokerLoop {
  #libc: Libc;
  #controlFd: number;
  #flushFd: number;
  #shared: Int32Array;
  #port: MessagePort;
  #served = new Map<number, Served>();
  /** Signals drained whose messages are not handled yet: the loop waits for them. */
  #owed = 0;
  #stopped = false;
  #records: DecisionRecord[] = [];
  #firstRecordAt = 0;
  #batchesSent = 0;
  #buffer = new Uint8Array(READ_BYTES);
  /** `struct pollfd`s, and who each one is, rebuilt when the set or its events change. */
  #pollFds = new Uint8Array(0);
  #pollView = new DataView(this.#pollFds.buffer);
  #polled: { served: Served | null; fd: number }[] = [];
  #dirty = true;
  #stalled = false;

  constructor(libc: Libc, start: Extract<ToBrokerThread, { kind: "start" }>) {
    this.#libc = libc;
    this.#controlFd = start.controlFd;
    this.#flushFd = start.flushFd;
    this.#shared = new Int32Array(start.shared);
    this.#port = start.port;
  }

  #post(message: FromBrokerThread): void {
    this.#port.postMessage(message);
  }

  /** Handles one control message; runs the loop again once none is owed. */
  handle(data: unknown): void {
    const message = toBrokerThread(data);
    this.#owed = Math.max(0, this.#owed - 1);
    if (message === null) {
      this.#fail(`the broker's thread got a message it does not know: ${String(data)}`);
      return;
    }
    switch (message.kind) {
      case "start":
        break;
      case "open":
        this.#served.set(message.id, {
          id: message.id,
          path: message.path,
          listenFd: message.fd,
          connFd: -1,
          lines: new CheckLines(
            new PermissionPolicy(message.grant),
            (check, decision) => this.#record(message.id, check.permission, check.value, decision),
          ),
          unsent: null,
        });
        this.#dirty = true;
        break;
      case "close":
        this.#close(message.id);
        break;
      case "stop":
        for (const id of [...this.#served.keys()]) this.#close(id);
        this.#flush();
        this.#stopped = true;
        this.#post({ kind: "stopped" });
        return;
    }
    if (this.#owed === 0 && !this.#stopped) this.#run();
  }

  #record(
    id: number,
    permission: string,
    value: string | null,
    decision: { allow: true } | { allow: false; reason: string },
  ): void {
    if (this.#records.length === 0) this.#firstRecordAt = performance.now();
    this.#records.push([id, permission, value, decision.allow ? null : decision.reason]);
    Atomics.add(this.#shared, MADE, 1);
    if (this.#records.length >= BATCH_RECORDS) this.#flush();
  }

  #flush(): void {
    if (this.#records.length === 0) return;
    this.#post({ kind: "decisions", records: this.#records });
    this.#records = [];
    this.#batchesSent++;
  }

  #close(id: number): void {
    const served = this.#served.get(id);
    if (!served) return;
    if (served.connFd >= 0) this.#end(served, ALL_DONE);
    if (served.listenFd >= 0) {
      this.#libc.close(served.listenFd);
      this.#libc.unlink(served.path);
    }
    this.#served.delete(id);
    this.#dirty = true;
    this.#post({ kind: "closed", id });
  }

  /** The conversation is over: its decisions go first, then the word that it ended. */
  #end(served: Served, why: string): void {
    this.#flush();
    this.#libc.close(served.connFd);
    served.connFd = -1;
    served.unsent = null;
    this.#dirty = true;
    this.#post({ kind: "ended", id: served.id, why });
  }

  #fail(message: string): void {
    for (const served of this.#served.values()) {
      if (served.connFd >= 0) this.#libc.close(served.connFd);
      if (served.listenFd >= 0) this.#libc.close(served.listenFd);
    }
    this.#served.clear();
    this.#stopped = true;
    this.#post({ kind: "failed", message });
  }

  #run(): void {
    try {
      this.#loop();
    } catch (error) {
      this.#fail(error instanceof Error ? error.message : String(error));
    }
  }

  #loop(): void {
    for (;;) {
      const stalled = this.#batchesSent - Atomics.load(this.#shared, ACKED) >= MAX_UNACKED_BATCHES;
      if (stalled !== this.#stalled) {
        this.#stalled = stalled;
        this.#dirty = true;
      }
      if (this.#dirty) this.#rebuild();
      let timeout = -1;
      if (stalled) timeout = 1;
      else if (this.#records.length > 0) {
        if (performance.now() - this.#firstRecordAt >= MAX_BATCH_AGE_MS) {
          this.#flush();
          continue;
        }
        timeout = IDLE_FLUSH_MS;
      }
      const ready = this.#libc.poll(this.#pollFds, this.#polled.length, timeout);
      if (ready === 0) {
        if (!stalled) this.#flush(); // idle: the checks paused
        continue;
      }
      const polled = this.#polled;
      for (let i = 0; i < polled.length; i++) {
        const revents = this.#pollView.getInt16(i * 8 + 6, true);
        if (revents === 0) continue;
        const { served, fd } = polled[i];
        if (fd === this.#flushFd) this.#flushAsked();
        else if (served === null) this.#owed += this.#libc.drain(fd);
        else if (fd === served.listenFd) this.#accept(served);
        else if (fd === served.connFd) this.#serve(served, revents);
      }
      if (this.#owed > 0) {
        this.#flush();
        return;
      }
    }
  }

  /** The main thread waits for every decision made so far: they go now, then it is told. */
  #flushAsked(): void {
    this.#libc.drain(this.#flushFd);
    const asked = Atomics.load(this.#shared, FLUSH_ASKED);
    this.#flush();
    Atomics.store(this.#shared, FLUSHED, asked);
    Atomics.notify(this.#shared, FLUSHED);
  }

  #rebuild(): void {
    const polled: { served: Served | null; fd: number; events: number }[] = [
      { served: null, fd: this.#controlFd, events: POLLIN },
      { served: null, fd: this.#flushFd, events: POLLIN },
    ];
    for (const served of this.#served.values()) {
      if (served.listenFd >= 0) polled.push({ served, fd: served.listenFd, events: POLLIN });
      else if (served.connFd >= 0) {
        const events = served.unsent ? POLLOUT : this.#stalled ? 0 : POLLIN;
        polled.push({ served, fd: served.connFd, events });
      }
    }
    this.#pollFds = new Uint8Array(polled.length * 8);
    this.#pollView = new DataView(this.#pollFds.buffer);
    polled.forEach(({ fd, events }, i) => {
      this.#pollView.setInt32(i * 8, fd, true);
      this.#pollView.setInt16(i * 8 + 4, events, true);
    });
    this.#polled = polled;
    this.#dirty = false;
  }

  /** The plugin connected: only this first process is answered, so nobody else can connect. */
  #accept(served: Served): void {
    const conn = this.#libc.accept(served.listenFd);
    if (conn === null) return;
    this.#libc.close(served.listenFd);
    this.#libc.unlink(served.path);
    served.listenFd = -1;
    served.connFd = conn;
    this.#dirty = true;
    this.#post({ kind: "accepted", id: served.id, fd: conn });
  }

  #serve(served: Served, revents: number): void {
    if (served.unsent) {
      if (revents & POLLOUT) this.#send(served, served.unsent);
      else if (revents & POLLERR_HUP_NVAL) this.#end(served, ALL_DONE);
      return;
    }
    const read = this.#libc.recv(served.connFd, this.#buffer);
    if (read === "again") return;
    if (read === "gone") {
      this.#end(served, ALL_DONE);
      return;
    }
    let answers: Uint8Array;
    try {
      answers = served.lines.push(this.#buffer.subarray(0, read));
    } catch (error) {
      this.#end(served, error instanceof BrokerProtocolError ? error.message : ALL_DONE);
      return;
    }
    if (answers.length > 0) this.#send(served, answers);
  }

  /** Writes what the socket takes; the rest waits for it to be writable, reading held. */
  #send(served: Served, bytes: Uint8Array): void {
    const sent = this.#libc.send(served.connFd, bytes);
    if (sent === "gone") {
      this.#end(served, ALL_DONE);
      return;
    }
    const taken = sent === "again" ? 0 : sent;
    const rest = taken < bytes.length ? bytes.slice(taken) : null;
    if ((rest === null) !== (served.unsent === null)) this.#dirty = true;
    served.unsent = rest;
  }
}

let loop: BrokerLoop | undefined;

self.onmessage = (event: MessageEvent<unknown>) => {
  if (loop) {
    loop.handle(event.data);
    return;
  }
  const start = toBrokerThread(event.data);
  if (start?.kind !== "start") {
    const failed: FromBrokerThread = {
      kind: "failed",
      message: "the broker's thread was not started first",
    };
    self.postMessage(failed);
    return;
  }
  const libc = openLibc();
  if (!libc.ok) {
    const failed: FromBrokerThread = { kind: "failed", message: libc.reason };
    start.port.postMessage(failed);
    return;
  }
  loop = new BrokerLoop(libc.libc, start);
  loop.handle(event.data);
};
