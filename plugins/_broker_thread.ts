/**
 * The main thread's side of the permission broker's thread ({@linkcode
 * ./_broker_thread_main.ts}): one Worker for the whole host, started with the first broker
 * and stopped with the last. The main thread makes each plugin's listening socket itself
 * (synchronously, so the socket is there before the plugin's process starts, without waiting
 * for the thread), hands the descriptor over, and hears back each decision, for the audit and
 * the ledger, and each conversation's end.
 *
 * @module
 */
import { MessagePort as NodeMessagePort, receiveMessageOnPort } from "node:worker_threads";
import {
  ACKED,
  FLUSH_ASKED,
  FLUSHED,
  type FromBrokerThread,
  fromBrokerThread,
  MADE,
  SHARED_COUNTERS,
  type ToBrokerThread,
} from "./_broker_thread_messages.ts";
import type {
  DecisionListener,
  PermissionDecision,
  PermissionPolicy,
} from "./_permission_policy.ts";
import { type Libc, openLibc } from "./_unix_ffi.ts";

/** One plugin's broker served by the thread, until {@linkcode BrokerServing.close}. */
export interface BrokerServing {
  /** Closes its sockets (the plugin's next check finds the broker gone) and the socket file. */
  close(): Promise<void>;
}

interface Serving {
  path: string;
  listenFd: number;
  connFd: number;
  onDecision: DecisionListener;
  onEnd: (why: string) => void;
  ended: boolean;
  closed: PromiseWithResolvers<void>;
}

const ALLOW: PermissionDecision = { allow: true };

/** The longest the main thread waits for the thread to send its decisions, in ms. */
const SETTLE_WAIT_MS = 100;

/**
 * The broker's thread. {@linkcode BrokerThread.serve} starts it if it is not running; closing
 * its last serving stops it and terminates the Worker, so nothing is left behind, unless a
 * {@linkcode BrokerThread.hold} keeps it for the next: starting a Worker holds the main thread
 * for 20-30 ms and the first answer waits as long again for its modules, which a plugin
 * started after another should not pay.
 *
 * Decisions reach the main thread in batches; {@linkcode BrokerThread.settle} brings every
 * one made so far at once, for whoever is about to handle what a plugin did after them.
 *
 * @example
 * ```ts ignore
 * const served = BrokerThread.serve(path, policy, onDecision, (why) => console.log(why));
 * if (served.ok) {
 *   // spawn `deno run` with DENO_PERMISSION_BROKER_PATH=path ...
 *   await served.serving.close();
 * }
 * ```
 */
export class BrokerThread {
  #libc: Libc;
  #worker: Worker;
  #controlFd: number;
  #flushFd: number;
  /** The thread's epoll set, made and closed here so that a thread that died leaks nothing. */
  #epollFd: number;
  #sharedBuffer = new SharedArrayBuffer(SHARED_COUNTERS * 4);
  #shared = new Int32Array(this.#sharedBuffer);
  /** Every message of the thread comes through it, so they can also be read synchronously. */
  #port: MessagePort & NodeMessagePort;
  /** Decisions handled here, to compare with those the thread made ({@linkcode MADE}). */
  #delivered = 0;
  #servings = new Map<number, Serving>();
  #nextId = 1;
  #stopped = Promise.withResolvers<void>();
  #dead = false;

  private constructor(libc: Libc) {
    this.#libc = libc;
    this.#controlFd = libc.eventfd();
    this.#flushFd = libc.eventfd();
    this.#epollFd = libc.epollCreate();
    this.#worker = new Worker(new URL("./_broker_thread_main.ts", import.meta.url), {
      type: "module",
      name: "permission broker",
    });
    const channel = new MessageChannel();
    const port = channel.port1;
    // Deno's MessagePort is Node's: receiveMessageOnPort() reads it synchronously.
    if (!(port instanceof NodeMessagePort)) throw new TypeError("MessagePort is not Node's");
    this.#port = port;
    this.#port.onmessage = (event) => this.#receive(event.data);
    // Only a thread that failed before it had the port speaks on the Worker itself.
    this.#worker.onmessage = (event) => this.#receive(event.data);
    this.#worker.onerror = (event) => {
      event.preventDefault();
      this.#die(`its broker's thread failed: ${event.message}`);
    };
    // The first message needs no wake-up: the thread is not polling yet.
    const start: ToBrokerThread = {
      kind: "start",
      controlFd: this.#controlFd,
      flushFd: this.#flushFd,
      epollFd: this.#epollFd,
      shared: this.#sharedBuffer,
      port: channel.port2,
    };
    this.#worker.postMessage(start, [channel.port2]);
  }

  static #current: BrokerThread | undefined;
  static #holds = 0;

  /**
   * Keeps the thread, once a broker started it, running between brokers until released (the
   * plugin host holds it while it is open). Starts nothing by itself.
   */
  static hold(): AsyncDisposable {
    BrokerThread.#holds++;
    let released = false;
    return {
      async [Symbol.asyncDispose]() {
        if (released) return;
        released = true;
        BrokerThread.#holds--;
        const current = BrokerThread.#current;
        if (BrokerThread.#holds === 0 && current && current.#servings.size === 0) {
          await current.#stop();
        }
      },
    };
  }

  /**
   * Brings every decision the thread has made so far to its listeners now, waiting for them
   * (a few µs; at most {@linkcode SETTLE_WAIT_MS} ms, should the thread not answer). Costs one
   * shared counter's read when none is outstanding. Called before the host handles what a
   * plugin sent, a decision made before it is then always recorded before it.
   */
  static settle(): void {
    const current = BrokerThread.#current;
    if (current) current.#settle();
  }

  #settle(): void {
    if (this.#dead || this.#flushFd < 0) return;
    if (Atomics.load(this.#shared, MADE) === this.#delivered) return;
    const asked = (Atomics.add(this.#shared, FLUSH_ASKED, 1) + 1) | 0;
    this.#libc.signal(this.#flushFd);
    const deadline = performance.now() + SETTLE_WAIT_MS;
    for (;;) {
      const flushed = Atomics.load(this.#shared, FLUSHED);
      if (((flushed - asked) | 0) >= 0) break;
      const left = deadline - performance.now();
      if (left <= 0 || Atomics.wait(this.#shared, FLUSHED, flushed, left) === "timed-out") break;
    }
    for (;;) {
      const message = receiveMessageOnPort(this.#port);
      if (message === undefined || this.#dead) return;
      this.#receive(message.message);
    }
  }

  /**
   * Listens at `path` for one plugin's process and has the thread (started now if none runs)
   * answer it by `policy`, telling `onDecision` of each decision and `onEnd` once, with why,
   * when the conversation ends (not when it is closed before the plugin connected). Or says
   * why this process cannot run the thread. Throws, starting nothing, if it cannot listen.
   */
  static serve(
    path: string,
    policy: PermissionPolicy,
    onDecision: DecisionListener,
    onEnd: (why: string) => void,
  ): { ok: true; serving: BrokerServing } | { ok: false; reason: string } {
    const libc = openLibc();
    if (!libc.ok) return libc;
    libc.libc.unlink(path);
    const fd = libc.libc.listenUnix(path);
    BrokerThread.#current ??= new BrokerThread(libc.libc);
    return { ok: true, serving: BrokerThread.#current.#serve(fd, path, policy, onDecision, onEnd) };
  }

  #serve(
    fd: number,
    path: string,
    policy: PermissionPolicy,
    onDecision: DecisionListener,
    onEnd: (why: string) => void,
  ): BrokerServing {
    const id = this.#nextId++;
    const serving: Serving = {
      path,
      listenFd: fd,
      connFd: -1,
      onDecision,
      onEnd,
      ended: false,
      closed: Promise.withResolvers<void>(),
    };
    this.#servings.set(id, serving);
    this.#send({ kind: "open", id, fd, path, grant: policy.grant });
    return { close: () => this.#close(id) };
  }

  async #close(id: number): Promise<void> {
    const serving = this.#servings.get(id);
    if (!serving) return;
    this.#send({ kind: "close", id });
    await serving.closed.promise; // resolved at once by a thread that died

    this.#servings.delete(id);
    this.#libc.unlink(serving.path);
    if (this.#servings.size === 0 && BrokerThread.#holds === 0) await this.#stop();
  }

  async #stop(): Promise<void> {
    if (BrokerThread.#current === this) BrokerThread.#current = undefined;
    this.#send({ kind: "stop" });
    await this.#stopped.promise;
    this.#worker.terminate();
    this.#closeControl();
  }

  #closeControl(): void {
    if (this.#controlFd < 0) return;
    this.#port.close();
    this.#libc.close(this.#controlFd);
    this.#libc.close(this.#flushFd);
    this.#libc.close(this.#epollFd);
    this.#controlFd = this.#flushFd = this.#epollFd = -1;
  }

  /** Posts a control message and wakes the thread to read it (a dead thread reads nothing). */
  #send(message: ToBrokerThread): void {
    if (this.#dead || this.#controlFd < 0) return;
    this.#worker.postMessage(message);
    this.#libc.signal(this.#controlFd);
  }

  #receive(data: unknown): void {
    const message = fromBrokerThread(data);
    if (message === null) {
      this.#die("its broker's thread sent a message it does not know");
      return;
    }
    this.#handle(message);
  }

  #handle(message: FromBrokerThread): void {
    switch (message.kind) {
      case "decisions": {
        const { brokers, permissions, values, reasons } = message.decisions;
        for (let i = 0; i < brokers.length; i++) {
          const serving = this.#servings.get(brokers[i]);
          if (!serving) continue;
          const reason = reasons[i];
          try {
            serving.onDecision(
              { permission: permissions[i], value: values[i] },
              reason === null ? ALLOW : { allow: false, reason },
            );
          } catch (error) {
            console.error(`Cannot record a permission decision for ${serving.path}:`, error);
          }
        }
        this.#delivered = (this.#delivered + brokers.length) | 0;
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

  #ended(serving: Serving, why: string): void {
    if (serving.ended) return;
    serving.ended = true;
    serving.onEnd(why);
  }

  /**
   * The thread is gone: every socket it served is closed from here (the plugins then exit 87
   * at their next check), each conversation told why, and waits on it released.
   */
  #die(why: string): void {
    if (this.#dead) return;
    this.#dead = true;
    if (BrokerThread.#current === this) BrokerThread.#current = undefined;
    // A thread blocked in poll() runs no JavaScript, so it could not be terminated: wake it.
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
}
