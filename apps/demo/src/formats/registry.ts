import { TEXT_FORMATS } from '@chess-formats/formats';
import type { FormatAdapter, Position } from './adapter.js';
import { FEN_ADAPTERS } from './fen.js';
import { FENR_ADAPTER } from './fenr.js';
import { FICS_ADAPTER, FICS_SESSION_ADAPTER } from './fics.js';
import { genericAdapter } from './generic.js';
import { ICC_ADAPTER } from './icc.js';
import { OCPN_ADAPTER } from './ocpn.js';
import { PGN_ADAPTER } from './pgn.js';
import { SETUP_JSON_ADAPTER } from './setup-json.js';
import { STYLE12_ADAPTER } from './style12.js';

/**
 * The page's own views of formats of the list, richer than the generic one (dialects, sessions,
 * move trees), in menu order. Each replaces the generic view of its `family`, the format of that
 * name; a stream format has no generic view, so it needs one here.
 */
export const BESPOKE_ADAPTERS: readonly FormatAdapter[] = Object.freeze([
  ...FEN_ADAPTERS,
  STYLE12_ADAPTER,
  FICS_SESSION_ADAPTER,
  FICS_ADAPTER,
  ICC_ADAPTER,
  OCPN_ADAPTER,
  FENR_ADAPTER,
  PGN_ADAPTER,
]);

/**
 * The adapters of a list of text formats: the bespoke views first, then a generic view
 * (generic.ts) of each text format that has none, in list order, then the page's own views.
 */
export function adaptersFor(
  textFormats: typeof TEXT_FORMATS,
  bespoke: readonly FormatAdapter[] = BESPOKE_ADAPTERS,
  own: readonly FormatAdapter[] = [SETUP_JSON_ADAPTER],
): readonly FormatAdapter[] {
  return Object.freeze([
    ...bespoke,
    ...textFormats.filter((format) => !bespoke.some((view) => view.family === format.name)).map(genericAdapter),
    ...own,
  ]);
}

/**
 * Every format the demo reads, in menu order: one for each format of the list (`FORMATS` of
 * @chess-formats/formats), bespoke or generic, and board-core's setup JSON. The first one is
 * the default for blank input, and earlier adapters win ties in detection. A new text format
 * of the list is shown with no edit here.
 */
export const ADAPTERS: readonly FormatAdapter[] = adaptersFor(TEXT_FORMATS);

/**
 * The families of the page's own views that are no format of the list (`FORMATS` of
 * @chess-formats/formats): board-core's setup JSON. Every other adapter reads a format of the
 * list through its descriptor (`list.ts`), and every format of the list has an adapter.
 */
export const VIEW_ONLY_FAMILIES: readonly string[] = Object.freeze(['setup-json']);

/**
 * Longest input the page reads: 16 million characters (a dropped file of 16 MB). Far above any
 * capture or game file people paste; it only keeps a wrong file (a video) from filling the
 * memory. Longer text is cut, and the page says so.
 */
export const MAX_INPUT_LENGTH = 16_000_000;

export function adapterByName(
  name: string | null | undefined,
  adapters: readonly FormatAdapter[] = ADAPTERS,
): FormatAdapter | undefined {
  return adapters.find((adapter) => adapter.name === name);
}

/** The adapter most sure of the text (earlier adapters win ties), with every score. */
export function detectFormat(
  text: string,
  adapters: readonly FormatAdapter[] = ADAPTERS,
): { readonly adapter: FormatAdapter; readonly scores: readonly { readonly name: string; readonly score: number }[] } {
  let best = adapters[0];
  let bestScore = -1;
  const scores = adapters.map((adapter) => {
    let score = 0;
    try {
      score = adapter.detect(text);
    } catch {
      // A detector that throws knows nothing about the text.
    }
    if (!(score >= 0)) score = 0;
    if (score > bestScore) {
      best = adapter;
      bestScore = score;
    }
    return { name: adapter.name, score };
  });
  if (!best) throw new Error('no format adapters');
  return { adapter: best, scores };
}

/** One entry of the conversions list. */
export interface Conversion {
  readonly name: string;
  readonly label: string;
  readonly text: string;
}

function tryWrite(adapter: FormatAdapter, position: Position): string | undefined {
  try {
    return adapter.write?.(position);
  } catch {
    return undefined;
  }
}

/**
 * The position written in every other format that can hold it; first, when `input` is given
 * and differs from it, in its own format's canonical spelling.
 */
export function conversions(
  position: Position,
  from: FormatAdapter,
  adapters: readonly FormatAdapter[] = ADAPTERS,
  input?: string,
): Conversion[] {
  const out: Conversion[] = [];
  const canonical = input === undefined ? undefined : tryWrite(from, position);
  if (canonical !== undefined && canonical !== input?.trim())
    out.push({ name: from.name, label: `${from.label}, canonical`, text: canonical });
  for (const adapter of adapters) {
    if (adapter === from) continue;
    const text = tryWrite(adapter, position);
    if (text !== undefined) out.push({ name: adapter.name, label: adapter.label, text });
  }
  return out;
}
