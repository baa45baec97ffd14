import type { UrlState } from './url-state.js';

/** What a history entry holds: the whole view (and the capture a played move branched off from). */
export interface HistoryEntry {
  readonly view: UrlState;
  readonly branch?: { from: UrlState; label: string };
  /** Set when the view's input is a large text the page holds (`HeldInputs`), left out of the entry. */
  readonly held?: number;
  readonly branchHeld?: number;
}

/**
 * Large inputs of history entries, kept in the page and named by number in the entries: the
 * browser copies an entry's state on every push and replace, 150 ms for 5 MB on the page's
 * thread. Only the latest few are kept; an entry whose input is gone (the page was reloaded)
 * restores as undefined.
 */
export class HeldInputs {
  readonly #from: number;
  readonly #kept: number;
  readonly #inputs = new Map<number, string>();
  #count = 0;

  /** Inputs of `from` characters or more are held; at most `kept` of them. */
  constructor(from: number, kept = 4) {
    this.#from = from;
    this.#kept = kept;
  }

  #compact(view: UrlState): { view: UrlState; held?: number } {
    if (view.input.length < this.#from) return { view };
    let key = [...this.#inputs].find(([, text]) => text === view.input)?.[0];
    if (key === undefined) {
      key = ++this.#count;
      this.#inputs.set(key, view.input);
      for (const old of this.#inputs.keys()) if (this.#inputs.size > this.#kept) this.#inputs.delete(old);
    }
    return { view: { ...view, input: '' }, held: key };
  }

  /** The entry for a view (and its branch), large inputs left out. */
  entry(view: UrlState, branch: HistoryEntry['branch']): HistoryEntry {
    const own = this.#compact(view);
    const from = branch ? this.#compact(branch.from) : undefined;
    return {
      view: own.view,
      ...(own.held !== undefined ? { held: own.held } : {}),
      ...(branch && from ? { branch: { ...branch, from: from.view } } : {}),
      ...(from?.held !== undefined ? { branchHeld: from.held } : {}),
    };
  }

  /** The entry's view with its large inputs back, or undefined when they are no longer held. */
  restore(entry: HistoryEntry): { view: UrlState; branch?: HistoryEntry['branch'] } | undefined {
    const input = entry.held === undefined ? entry.view.input : this.#inputs.get(entry.held);
    const from = entry.branchHeld === undefined ? (entry.branch?.from.input ?? '') : this.#inputs.get(entry.branchHeld);
    if (input === undefined || from === undefined) return undefined;
    return {
      view: { ...entry.view, input },
      ...(entry.branch ? { branch: { ...entry.branch, from: { ...entry.branch.from, input: from } } } : {}),
    };
  }
}
