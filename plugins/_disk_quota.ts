/**
 * The disk quota, enforced from outside: a plugin's data dir, its own `DENO_DIR` and its
 * storage entries together may hold `quotaBytes` (64 MiB by default).
 *
 * A poll alone lets a fast writer put 300 MB on disk between two readings, so three layers
 * share the work:
 * - the OS refuses any single file past the quota: the sandbox sets `RLIMIT_FSIZE` to it, and
 *   a write beyond fails with `EFBIG` (see `_sandbox.ts`);
 * - every change in those folders (inotify, through `Deno.watchFs`) triggers a new count, at
 *   once or at most 25 ms after the last one ended (a storm of writes starts one count per
 *   gap, not one per write), and the moment the total passes the quota the plugin is frozen
 *   (every thread stops where it stands) and reported, so many files written fast overshoot by
 *   what lands in that gap and the few ms a count takes, not by what a second allows;
 * - a slow poll catches what the watcher may drop (its queue can overflow).
 * Nothing here can make a write past the quota fail outright for files spread over many
 * names: that would take a filesystem of a fixed size per plugin (a loop mount, which needs
 * root, or project quotas, which need the filesystem's support). A tmpfs of a fixed size
 * would, but it forgets the plugin's data at each stop.
 *
 * Counting: each entry costs what it takes on disk (its blocks), at least its length (a
 * block not yet allocated still counts) and at least one 4 KiB block (so a flood of empty
 * files counts too, and a count of the folders stays quick). Hard links count once. Links to
 * the host's caches in `DENO_DIR` are not followed: those caches are not the plugin's.
 *
 * @module
 */
import { join } from "node:path";

/** Options of {@linkcode DiskQuota}. */
export interface DiskQuotaOptions {
  /** Bytes it may hold in all. Default 64 MiB. */
  quotaBytes?: number;
  /** Bytes its storage entries hold (they live in the host's database). Default none. */
  storageBytes?: () => number;
  /** How often the folders are counted without a change seen, in ms. Default 5 000. */
  pollMs?: number;
  /**
   * A change seen within this many ms of the end of the last count is counted that long after
   * it, not at once: Deno writes its caches page by page as a plugin starts, and each write
   * would start a count. Default 25.
   */
  changeGapMs?: number;
  /**
   * The longest a count holds the host's event loop before it lets timers and I/O run, in ms
   * of `now`. Default 1.
   */
  sliceMs?: number;
  /** The clock (ms). Default `performance.now`. */
  now?: () => number;
  /** Stops it at once when it goes over, before the host hears of it. */
  freeze?: () => Promise<void>;
  /** It went over its quota (and is frozen): the host must stop it and audit the reason. */
  onExceeded: (reason: string) => void;
}

/** The default disk quota: 64 MiB. */
export const DEFAULT_DISK_QUOTA_BYTES = 64 * 1024 * 1024;

/** The least an entry counts for: one block. */
const MIN_ENTRY_BYTES = 4096;

/**
 * Counts one plugin's disk use and stops it past its quota; owns its watcher and poll timer.
 *
 * @example
 * ```ts ignore
 * await using quota = new DiskQuota([dataDir, denoDir], { onExceeded: (why) => stop(why) });
 * await quota.start();
 * ```
 */
export class DiskQuota implements AsyncDisposable {
  #folders: readonly string[];
  #quotaBytes: number;
  #storageBytes: () => number;
  #pollMs: number;
  #changeGapMs: number;
  #sliceMs: number;
  #now: () => number;
  /** When the last count ended; a count waiting for the gap after it, if any. */
  #countedAt = -Infinity;
  #soon: ReturnType<typeof setTimeout> | undefined;
  #freeze: () => Promise<void>;
  #onExceeded: (reason: string) => void;
  #watcher: Deno.FsWatcher | undefined;
  #watching: Promise<void> = Promise.resolve();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The count in progress, if any; `#again` asks for one more after it. */
  #counting: Promise<void> | undefined;
  #again = false;
  #done = false;
  #usedBytes = 0;

  constructor(folders: readonly string[], options: DiskQuotaOptions) {
    this.#folders = folders;
    this.#quotaBytes = options.quotaBytes ?? DEFAULT_DISK_QUOTA_BYTES;
    this.#storageBytes = options.storageBytes ?? (() => 0);
    this.#pollMs = options.pollMs ?? 5_000;
    this.#changeGapMs = options.changeGapMs ?? 25;
    this.#sliceMs = options.sliceMs ?? 1;
    this.#now = options.now ?? (() => performance.now());
    this.#freeze = options.freeze ?? (() => Promise.resolve());
    this.#onExceeded = options.onExceeded;
  }

  /** The bytes counted last time. */
  get usedBytes(): number {
    return this.#usedBytes;
  }

  /** Starts watching the folders, and counts them once before it resolves. */
  async start(): Promise<void> {
    if (this.#watcher || this.#done) return;
    const watcher = Deno.watchFs([...this.#folders], { recursive: true });
    this.#watcher = watcher;
    this.#watching = (async () => {
      for await (const _ of watcher) this.#changed();
    })().catch(() => {
      // Closed, or a folder went away with the plugin.
    });
    await this.check();
    this.#schedule();
  }

  /** A change seen: counted now, or once the gap after the last count has passed. */
  #changed(): void {
    if (this.#done || this.#soon !== undefined) return;
    // During a count, the gap runs from now: it ends about then.
    const wait = this.#counting
      ? this.#changeGapMs
      : this.#countedAt + this.#changeGapMs - this.#now();
    if (wait <= 0) {
      this.check();
      return;
    }
    this.#soon = setTimeout(() => {
      this.#soon = undefined;
      this.check();
    }, wait);
  }

  #schedule(): void {
    if (this.#done) return;
    this.#timer = setTimeout(() => this.check().finally(() => this.#schedule()), this.#pollMs);
  }

  /**
   * Counts now (or right after the count in progress) and stops the plugin if it is over.
   * The host calls it too, after a storage write.
   */
  check(): Promise<void> {
    if (this.#counting) {
      this.#again = true;
      return this.#counting;
    }
    this.#counting = (async () => {
      do {
        this.#again = false;
        await this.#count();
      } while (this.#again && !this.#done);
    })().finally(() => this.#counting = undefined);
    return this.#counting;
  }

  async #count(): Promise<void> {
    if (this.#done) return;
    const seen = new Set<string>();
    const slice = new Slice(this.#now, this.#sliceMs);
    let bytes = this.#storageBytes();
    for (const folder of this.#folders) bytes += await folderBytes(folder, seen, slice);
    this.#countedAt = this.#now();
    this.#usedBytes = bytes;
    if (bytes <= this.#quotaBytes || this.#done) return;
    this.#done = true;
    await this.#freeze().catch(() => {});
    this.#onExceeded(
      `held ${mib(bytes)} on disk (data dir, DENO_DIR and storage), over its quota of ` +
        `${mib(this.#quotaBytes)}: stopped`,
    );
  }

  /** Stops watching and counting. */
  async [Symbol.asyncDispose](): Promise<void> {
    this.#done = true;
    clearTimeout(this.#timer);
    clearTimeout(this.#soon);
    try {
      this.#watcher?.close();
    } catch {
      // Closed already.
    }
    await this.#watching;
    await this.#counting;
  }
}

/**
 * A count's time on the event loop, given back in slices. The count runs whenever the
 * plugin's folders change (Deno writes its caches there as it starts) and every few seconds,
 * and it reads synchronously: one asynchronous call at a time (a hop to a blocking thread
 * each), a count of the ~60 entries of a fresh plugin cost the host about 3 ms of CPU, many
 * times over in every start. But a synchronous `lstat` takes 10-50 µs here, so a slice of a
 * fixed 256 entries could hold the loop for 4-13 ms; a fresh plugin's ~67 entries were one
 * slice, and the six or seven counts of a start held the loop, and every plugin's deliveries
 * with it, for up to 8.4 ms each (measured). A slice now ends on the clock, at `ms`, whatever
 * it has read: past it, only a single slow call (a file Deno is writing) holds the loop.
 */
class Slice {
  #now: () => number;
  #ms: number;
  #start: number;

  constructor(now: () => number, ms: number) {
    this.#now = now;
    this.#ms = ms;
    this.#start = now();
  }

  /** Whether this slice has had its time. */
  over(): boolean {
    return this.#now() - this.#start >= this.#ms;
  }

  /** Lets timers and I/O run, then starts the next slice. */
  async next(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.#start = this.#now();
  }
}

/** What the entries under `folder` take, skipping inodes already in `seen`. */
async function folderBytes(folder: string, seen: Set<string>, slice: Slice): Promise<number> {
  let bytes = 0;
  const pending = [folder];
  while (pending.length > 0) {
    const dir = pending.pop() ?? folder;
    let entries: Iterable<Deno.DirEntry>;
    try {
      entries = Deno.readDirSync(dir);
    } catch {
      continue; // Removed meanwhile, or not a folder.
    }
    try {
      for (const entry of entries) {
        if (slice.over()) await slice.next();
        const path = join(dir, entry.name);
        let info: Deno.FileInfo;
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
      // The folder went away while it was read: what was counted stands.
    }
  }
  return bytes;
}

function mib(bytes: number): string {
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MiB`;
}
