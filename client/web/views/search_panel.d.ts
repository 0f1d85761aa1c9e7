/**
 * Types of the search panel (the implementation is search_panel.js).
 *
 * @module
 */
import type { HistoryLine } from "../../../core/protocol.js";

/**
 * The search panel: terms in (run as `/search`), matches out; a click on one hands it to
 * `pick`, to be shown in its buffer among the lines around it.
 *
 * @example
 * ```ts ignore
 * import { SearchPanel } from "./search_panel.js";
 * const panel = new SearchPanel(parts, {
 *   search: (terms) => console.log(`/search ${terms}`),
 *   pick: (line) => console.log(line.buffer, line.id),
 * });
 * panel.show("deploy from:bob", []);
 * ```
 */
export declare class SearchPanel {
  constructor(
    parts: {
      panel: HTMLElement;
      form: HTMLFormElement;
      input: HTMLInputElement;
      status: HTMLElement;
      list: HTMLElement;
      close: HTMLElement;
    },
    options: { search: (terms: string) => void; pick: (line: HistoryLine) => void },
  );
  /** Opens the panel, the box focused. */
  open(): void;
  /** Shows the matches of `terms` (newest first), or why the search failed. */
  show(terms: string, found: HistoryLine[] | Error): void;
}
