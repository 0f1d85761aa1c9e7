/**
 * Buffer rows by network and name: a name is folded by its network's CASEMAPPING (`#[m]` and
 * `#{m}` are one buffer on rfc1459, two on ascii), and ids are cached, since every stored
 * line, page and reaction asks for one.
 *
 * @module
 */
import type { StatementSync } from "node:sqlite";
import { casefold } from "../core/mod.ts";
import type { StoreFile } from "./_store_file.ts";

/** Buffer ids cached; the cache is dropped when it grows past this. */
const BUFFER_CACHE_MAX = 50_000;

/** The `buffers` table's ids, folded by each network's CASEMAPPING, behind a bounded cache. */
export class BufferIds {
  readonly #insertBuffer: StatementSync;
  readonly #selectBuffer: StatementSync;
  readonly #cache = new Map<string, number>();
  /** Each network's CASEMAPPING, as the owner tells it at `attach` (rfc1459 until then). */
  #casemapping: (networkId: number) => string | undefined = () => undefined;

  /** Prepares the statements over `file`'s `buffers` table. */
  constructor(file: StoreFile) {
    this.#insertBuffer = file.db.prepare(
      "INSERT INTO buffers (network_id, name, name_key) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
    );
    this.#selectBuffer = file.db.prepare(
      "SELECT id FROM buffers WHERE network_id = ? AND name_key = ?",
    );
  }

  /** From now on, names of a network fold by what `casemapping` says of it. */
  useCasemapping(casemapping: (networkId: number) => string | undefined): void {
    this.#casemapping = casemapping;
  }

  /** `name` folded by the network's CASEMAPPING: buffers and senders are keyed by it. */
  fold(networkId: number, name: string): string {
    return casefold(name, this.#casemapping(networkId) ?? "rfc1459");
  }

  /** The id of a stored buffer, or `undefined` when there is none. */
  find(networkId: number, name: string): number | undefined {
    const key = this.fold(networkId, name);
    const cacheKey = `${networkId} ${key}`;
    const cached = this.#cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const row = this.#selectBuffer.get(networkId, key);
    return row === undefined ? undefined : this.#remember(cacheKey, Number(row.id));
  }

  /** The id of a buffer, made when missing. */
  ensure(networkId: number, name: string): number {
    const found = this.find(networkId, name);
    if (found !== undefined) return found;
    const key = this.fold(networkId, name);
    this.#insertBuffer.run(networkId, name, key);
    const row = this.#selectBuffer.get(networkId, key);
    return this.#remember(`${networkId} ${key}`, Number(row?.id));
  }

  /** Drops the cached ids: a rolled-back transaction may have taken the rows they name. */
  forget(): void {
    this.#cache.clear();
  }

  #remember(cacheKey: string, id: number): number {
    if (this.#cache.size >= BUFFER_CACHE_MAX) this.#cache.clear();
    this.#cache.set(cacheKey, id);
    return id;
  }
}
