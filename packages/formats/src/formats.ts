import type { Format, StreamFormat, TextFormat } from '@chess-formats/board-core';
import { fenFormat } from '@chess-formats/fen';
import { fenrFormat } from '@chess-formats/fenr';
import { ficsFormat } from '@chess-formats/fics';
import { iccFormat } from '@chess-formats/icc-dg';
import { ocpnFormat } from '@chess-formats/ocpn';
import { pgnFormat } from '@chess-formats/pgn';
import { style12Format } from '@chess-formats/style12';

/**
 * Every format of chess-formats, in the order consumers list them; earlier formats win ties
 * in detection. Adding a format is one package that exports its descriptor and one entry
 * here (see CONTRIBUTING.md): the CLI, the demo, the conformance tests and the benchmarks
 * loop over this list.
 */
export const FORMATS: readonly Format[] = /* @__PURE__ */ Object.freeze([
  fenFormat,
  style12Format,
  ocpnFormat,
  fenrFormat,
  pgnFormat,
  iccFormat,
  ficsFormat,
]);

/** The formats of `FORMATS` that read one text (a record, a game file), in list order. */
export const TEXT_FORMATS: readonly TextFormat[] = /* @__PURE__ */ Object.freeze(
  FORMATS.filter((format): format is TextFormat => format.kind === 'text'),
);

/** The formats of `FORMATS` read as a stream of events, in list order. */
export const STREAM_FORMATS: readonly StreamFormat[] = /* @__PURE__ */ Object.freeze(
  FORMATS.filter((format): format is StreamFormat => format.kind === 'stream'),
);

/** The format of that `name` (`'fen'`), or `undefined`. */
export function formatByName(name: string, formats: readonly Format[] = FORMATS): Format | undefined {
  for (const format of formats) if (format.name === name) return format;
  return undefined;
}

/** What `detectFormat` found: the best format (none when every score is 0) and every score, in list order. */
export interface Detection {
  /** The format most sure of the text; `undefined` when none claims it. */
  readonly format: Format | undefined;
  /** That format's score, 0 to 1 (0 when none claims the text). */
  readonly score: number;
  /** Every format's score, by name, in the order the formats were given. */
  readonly scores: readonly { readonly name: string; readonly score: number }[];
}

/**
 * The format most sure of `text`, with every format's score (0 to 1). Earlier formats win
 * ties; `format` is `undefined` when no format claims the text. Never throws: a detector that
 * throws or answers something other than a number in 0..1 counts as 0 (or 1, above it).
 *
 * @example
 * ```ts
 * import { detectFormat } from '@chess-formats/formats';
 * const { format, score } = detectFormat('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
 * console.log(format?.name, score); // → fen 0.9
 * ```
 */
export function detectFormat(text: string, formats: readonly Format[] = FORMATS): Detection {
  let best: Format | undefined;
  let bestScore = 0;
  const scores = formats.map((format) => {
    let score = 0;
    try {
      score = format.detect(text);
    } catch {
      // A detector that throws knows nothing about the text.
    }
    score = score >= 0 ? Math.min(score, 1) : 0;
    if (score > bestScore) {
      best = format;
      bestScore = score;
    }
    return { name: format.name, score };
  });
  return { format: best, score: bestScore, scores };
}
