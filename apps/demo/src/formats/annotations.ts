/**
 * The drawing and evaluation commands lichess and other GUIs put in PGN comments:
 * `[%cal Ge2e4,Rd7d5]` (arrows), `[%csl Gd4]` (circled squares) and `[%eval 0.35]` /
 * `[%eval #-3]` (an engine's evaluation, optionally `,depth`). `@chess-formats/pgn` reads
 * `[%clk]` and `[%emt]` into the move; these stay in the comment's text, so the page reads
 * them here and takes them out of the text it shows.
 */

/** The four colours of the commands' letters: `G`, `R`, `Y`, `B`. */
export type AnnotationColor = 'green' | 'red' | 'yellow' | 'blue';

const COLORS: Readonly<Record<string, AnnotationColor>> = { G: 'green', R: 'red', Y: 'yellow', B: 'blue' };

/** An arrow from one square to another, by the squares' names (`e2`, `e4`). */
export interface Arrow {
  readonly from: string;
  readonly to: string;
  readonly color: AnnotationColor;
}

/** A circled square. */
export interface Circle {
  readonly square: string;
  readonly color: AnnotationColor;
}

/** An evaluation from White's side: pawns (`0.35`) or a mate in so many moves (`-3`: Black mates). */
export type Evaluation =
  | { readonly kind: 'pawns'; readonly pawns: number; readonly depth?: number }
  | { readonly kind: 'mate'; readonly moves: number; readonly whiteMates: boolean; readonly depth?: number };

/** What a position's comments draw and evaluate. */
export interface Annotations {
  readonly arrows: readonly Arrow[];
  readonly circles: readonly Circle[];
  readonly evaluation?: Evaluation;
}

/** One command of the three; its argument has no `]` (commands do not nest). Bounded: linear in the text. */
const COMMAND = /\[%(cal|csl|eval)[ \t\r\n]+([^\]]*)\]/g;
const ARROW = /^([GRYB])([a-h][1-8])([a-h][1-8])$/;
const CIRCLE = /^([GRYB])([a-h][1-8])$/;
const EVALUATION = /^(?:#([+-]?)(\d{1,4})|([+-]?(?:\d{1,6}(?:\.\d*)?|\.\d+)))(?:,(\d{1,4}))?$/;

function readEvaluation(argument: string): Evaluation | undefined {
  const found = EVALUATION.exec(argument.trim());
  if (!found) return undefined;
  const depth = found[4] === undefined ? {} : { depth: Number(found[4]) };
  if (found[2] !== undefined) return { kind: 'mate', moves: Number(found[2]), whiteMates: found[1] !== '-', ...depth };
  const pawns = Number(found[3]);
  return Number.isFinite(pawns) ? { kind: 'pawns', pawns: pawns === 0 ? 0 : pawns, ...depth } : undefined;
}

/**
 * The annotations of a position's comments, and the comments without the commands (blank
 * ones dropped). A repeated arrow or circle is drawn once (the last colour wins); of several
 * evaluations the last counts. `annotations` is undefined when the comments hold none.
 */
export function readAnnotations(comments: readonly string[] | undefined): {
  annotations?: Annotations;
  comments: string[];
} {
  const arrows = new Map<string, Arrow>();
  const circles = new Map<string, Circle>();
  let evaluation: Evaluation | undefined;
  let found = false;
  const rest: string[] = [];
  for (const comment of comments ?? []) {
    if (!comment.includes('[%')) {
      rest.push(comment);
      continue;
    }
    const text = comment.replace(COMMAND, (_, name: string, argument: string) => {
      found = true;
      if (name === 'eval') {
        evaluation = readEvaluation(argument) ?? evaluation;
        return ' ';
      }
      for (const item of argument.split(',')) {
        const token = item.trim();
        const arrow = name === 'cal' ? ARROW.exec(token) : null;
        const circle = name === 'csl' ? CIRCLE.exec(token) : null;
        if (arrow && arrow[2] !== arrow[3]) {
          const key = `${arrow[2]}${arrow[3]}`;
          arrows.delete(key);
          arrows.set(key, {
            from: arrow[2] as string,
            to: arrow[3] as string,
            color: COLORS[arrow[1] as string] as AnnotationColor,
          });
        } else if (circle) {
          circles.delete(circle[2] as string);
          circles.set(circle[2] as string, {
            square: circle[2] as string,
            color: COLORS[circle[1] as string] as AnnotationColor,
          });
        }
      }
      return ' ';
    });
    const trimmed = text.replace(/[ \t]{2,}/g, ' ').trim();
    if (trimmed) rest.push(trimmed);
  }
  if (!found) return { comments: rest };
  return {
    annotations: {
      arrows: [...arrows.values()],
      circles: [...circles.values()],
      ...(evaluation ? { evaluation } : {}),
    },
    comments: rest,
  };
}

/** The evaluation as GUIs print it: `+0.35`, `-1.20`, `0.00`, `#3`, `#-3`. */
export function evaluationText(evaluation: Evaluation): string {
  if (evaluation.kind === 'mate') return `#${evaluation.whiteMates ? '' : '-'}${evaluation.moves}`;
  const text = Math.abs(evaluation.pawns).toFixed(2);
  if (text === '0.00') return text;
  return `${evaluation.pawns > 0 ? '+' : '-'}${text}`;
}

/** The evaluation in words, for readers who do not see the bar: `White is better by 0.35 pawns`. */
export function evaluationWords(evaluation: Evaluation): string {
  if (evaluation.kind === 'mate') {
    const side = evaluation.whiteMates ? 'White' : 'Black';
    return evaluation.moves === 0 ? `${side} has mated` : `${side} mates in ${evaluation.moves}`;
  }
  const size = Math.abs(evaluation.pawns).toFixed(2);
  if (size === '0.00') return 'equal';
  return `${evaluation.pawns > 0 ? 'White' : 'Black'} is better by ${size} pawns`;
}

/**
 * White's share of the evaluation bar, 0 to 1: a mate fills it for the side that mates; pawns
 * go through the winning-chance curve lichess's bar uses (a logistic of the centipawns), so
 * that +1 moves the bar visibly and +10 nearly fills it.
 */
export function whiteShare(evaluation: Evaluation): number {
  if (evaluation.kind === 'mate') return evaluation.whiteMates ? 1 : 0;
  const centipawns = Math.max(-10_000, Math.min(10_000, evaluation.pawns * 100));
  return 1 / (1 + Math.exp(-0.00368208 * centipawns));
}
