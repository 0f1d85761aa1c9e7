/**
 * The permission broker's thread: a Worker of the host that answers every plugin's permission
 * checks while blocked in the kernel's `epoll_wait()`, never in an event loop. One round trip
 * is then the plugin's write, one wake-up of this thread, and its answer; the host's main
 * thread (the bus, the page, the plugins' frames) is not on the path at all.
 *
 * It waits on an eventfd beside the sockets, all in one epoll set, registered once and changed
 * only when what a descriptor waits for changes (`poll()` registered every one of them again
 * on each call, about a tenth of the thread's CPU per check). The main thread posts a control
 * message, then signals it. On a signal the loop returns to this Worker's event loop until
 * every signalled message has been handled, then waits again.
 *
 * A check's line is read from its bytes and its answer written as bytes ({@linkcode
 * CheckLines}), and decisions go to the main thread as columns of plain values: per check, the
 * thread allocates almost nothing.
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
  type DecisionColumns,
  FLUSH_ASKED,
  FLUSHED,
  type FromBrokerThread,
  MADE,
  type ToBrokerThread,
  toBrokerThread,
} from "./_broker_thread_messages.ts";
import { BrokerProtocolError, CheckLines, PermissionPolicy } from "./_permission_policy.ts";
import {
  type EpollSet,
  type Libc,
  openLibc,
  POLLERR_HUP_NVAL,
  POLLIN,
  POLLOUT,
} from "./_unix_ffi.ts";

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
  #decisions: DecisionColumns = noDecisions();
  #firstRecordAt = 0;
  #batchesSent = 0;
  #buffer = new Uint8Array(READ_BYTES);
  /** Every descriptor the loop waits on, registered once and changed when its events do. */
  #epoll: EpollSet;
  /** Whose each plugin's descriptor is, rebuilt with the set. */
  #owners = new Map<number, Served>();
  #dirty = true;
  #stalled = false;

  constructor(libc: Libc, start: Extract<ToBrokerThread, { kind: "start" }>) {
    this.#libc = libc;
    this.#controlFd = start.controlFd;
    this.#flushFd = start.flushFd;
    this.#shared = new Int32Array(start.shared);
    this.#port = start.port;
    this.#epoll = libc.epoll(start.epollFd);
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
    const decisions = this.#decisions;
    if (decisions.brokers.length === 0) this.#firstRecordAt = performance.now();
    decisions.brokers.push(id);
    decisions.permissions.push(permission);
    decisions.values.push(value);
    decisions.reasons.push(decision.allow ? null : decision.reason);
    Atomics.add(this.#shared, MADE, 1);
    if (decisions.brokers.length >= BATCH_RECORDS) this.#flush();
  }

  #flush(): void {
    if (this.#decisions.brokers.length === 0) return;
    this.#post({ kind: "decisions", decisions: this.#decisions });
    this.#decisions = noDecisions();
    this.#batchesSent++;
  }

  #close(id: number): void {
    const served = this.#served.get(id);
    if (!served) return;
    if (served.connFd >= 0) this.#end(served, ALL_DONE);
    if (served.listenFd >= 0) {
      this.#closeFd(served.listenFd);
      this.#libc.unlink(served.path);
    }
    this.#served.delete(id);
    this.#dirty = true;
    this.#post({ kind: "closed", id });
  }

  /** The conversation is over: its decisions go first, then the word that it ended. */
  #end(served: Served, why: string): void {
    this.#flush();
    this.#closeFd(served.connFd);
    served.connFd = -1;
    served.unsent = null;
    this.#dirty = true;
    this.#post({ kind: "ended", id: served.id, why });
  }

  #fail(message: string): void {
    for (const served of this.#served.values()) {
      if (served.connFd >= 0) this.#closeFd(served.connFd);
      if (served.listenFd >= 0) this.#closeFd(served.listenFd);
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
      else if (this.#decisions.brokers.length > 0) {
        if (performance.now() - this.#firstRecordAt >= MAX_BATCH_AGE_MS) {
          this.#flush();
          continue;
        }
        timeout = IDLE_FLUSH_MS;
      }
      const ready = this.#epoll.wait(timeout);
      if (ready === 0) {
        if (!stalled) this.#flush(); // idle: the checks paused
        continue;
      }
      for (let i = 0; i < ready; i++) {
        const fd = this.#epoll.fdAt(i);
        if (fd === this.#flushFd) this.#flushAsked();
        else if (fd === this.#controlFd) this.#owed += this.#libc.drain(fd);
        else {
          // Looked up again: an earlier event of this wait may have closed it.
          const served = this.#owners.get(fd);
          if (served === undefined) continue;
          if (fd === served.listenFd) this.#accept(served);
          else if (fd === served.connFd) this.#serve(served, this.#epoll.eventsAt(i));
        }
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

  /** Brings the epoll set to what each descriptor waits for now (unchanged ones cost nothing). */
  #rebuild(): void {
    this.#epoll.watch(this.#controlFd, POLLIN);
    this.#epoll.watch(this.#flushFd, POLLIN);
    this.#owners.clear();
    for (const served of this.#served.values()) {
      if (served.listenFd >= 0) {
        this.#epoll.watch(served.listenFd, POLLIN);
        this.#owners.set(served.listenFd, served);
      } else if (served.connFd >= 0) {
        this.#epoll.watch(served.connFd, served.unsent ? POLLOUT : this.#stalled ? 0 : POLLIN);
        this.#owners.set(served.connFd, served);
      }
    }
    this.#dirty = false;
  }

  /** A descriptor leaves the epoll set before it is closed (its number may come back). */
  #closeFd(fd: number): void {
    this.#epoll.remove(fd);
    this.#owners.delete(fd);
    this.#libc.close(fd);
  }

  /** The plugin connected: only this first process is answered, so nobody else can connect. */
  #accept(served: Served): void {
    const conn = this.#libc.accept(served.listenFd);
    if (conn === null) return;
    this.#closeFd(served.listenFd);
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

function noDecisions(): DecisionColumns {
  return { brokers: [], permissions: [], values: [], reasons: [] };
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
