import type { FormatAdapter, FormatView } from './formats/adapter.js';
import { notARecord, type NotARecord } from './formats/not-a-record.js';
import { adapterByName, detectFormat } from './formats/registry.js';
import type { GameSummary } from './view/game-list.js';

/**
 * Detection scores below this are the fallbacks for text without any mark of a format (FEN's
 * 0.02, the FICS stream's 0.03 for plain text): the page then says the text is not recognised.
 */
export const UNRECOGNISED_BELOW = 0.05;

/** What reading one text gives the page: the adapter that read it, what it looks like, the view. */
export interface ReadResult {
  /** The adapter that read the text (the one chosen, else the one detected). */
  readonly adapter: string;
  /** The adapter detection picked, chosen or not. */
  readonly detected: string;
  /** No format recognises the text (and none was chosen): the view is empty. */
  readonly unrecognised: boolean;
  /** A game link or an image, no record (and no format was chosen): the view holds only the error saying what to paste. */
  readonly notARecord?: Pick<NotARecord, 'kind' | 'label'>;
  readonly view: FormatView;
  /** The chooser's rows of the games, when the reader made them (a large file read in the worker, see game-list.ts). */
  readonly summaries?: readonly GameSummary[];
  /** The games were read lazily (a large PGN file in the worker): each one without positions is read when shown. */
  readonly lazy?: boolean;
  /** The game a lazy reading read (the others wait). */
  readonly shown?: number;
}

/** A lazy reading of a long text in a format (the worker's, for PGN), or undefined to read it whole. */
export type LazyRead = (
  adapter: string,
  text: string,
) => { readonly view: FormatView; readonly summaries: readonly GameSummary[]; readonly shown: number } | undefined;

const EMPTY: FormatView = { positions: [], fields: [], errors: [], notes: [] };

/**
 * Detects and reads `text` (in the format `chosen` names, when it names one): the work of a
 * keystroke, done in the reading worker for long texts and on the page for short ones.
 */
export function readText(
  text: string,
  chosen: string | undefined,
  adapters: readonly FormatAdapter[],
  lazy?: LazyRead,
): ReadResult {
  const chosenAdapter = chosen === undefined ? undefined : adapterByName(chosen, adapters);
  const detection = detectFormat(text, adapters);
  const adapter = chosenAdapter ?? detection.adapter;
  const refused = chosenAdapter ? undefined : notARecord(text);
  if (refused) {
    return {
      adapter: adapter.name,
      detected: detection.adapter.name,
      unrecognised: false,
      notARecord: { kind: refused.kind, label: refused.label },
      view: { ...EMPTY, errors: [refused.error] },
    };
  }
  // Only the fallback's score (plain text, see the FICS adapter): no format recognises the text.
  const bestScore = detection.scores.find((s) => s.name === detection.adapter.name)?.score ?? 0;
  const unrecognised = !chosenAdapter && text.trim() !== '' && bestScore < UNRECOGNISED_BELOW;
  const lazily = unrecognised ? undefined : lazy?.(adapter.name, text);
  if (lazily)
    return {
      adapter: adapter.name,
      detected: detection.adapter.name,
      unrecognised,
      view: lazily.view,
      summaries: lazily.summaries,
      lazy: true,
      shown: lazily.shown,
    };
  return {
    adapter: adapter.name,
    detected: detection.adapter.name,
    unrecognised,
    view: unrecognised ? EMPTY : adapter.read(text),
  };
}
