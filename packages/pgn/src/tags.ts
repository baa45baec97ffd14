/**
 * What the tags of a game mean, for the reader and the writer alike: which tags set the game
 * up (`Variant`, `FEN`), what the `Result` tag stands for when the movetext has no result, the
 * order and escaping of tag pairs in the export format, and the `SetUp` and `FEN` tags of a
 * position. The tokenizer knows a tag pair's syntax only; the builders and the writer ask here.
 */
import type { Setup } from '@chess-formats/board-core';
import { LOWER_F, LOWER_I, UPPER_F, UPPER_I } from '@chess-formats/board-core/internal';
import { INITIAL_FEN, writeFen } from '@chess-formats/fen';
import { writeOcpn } from '@chess-formats/ocpn';
import type { GameError, Position } from './builders.js';
import type { PgnError } from './errors.js';
import { PGN_RESULTS, type PgnResult, type PgnVariant } from './game.js';
import { initialSetup, variantOf, variantOfFicsType } from './setup.js';

/** The seven tags every exported game starts with, in this order (PGN standard 8.1.1). */
export const SEVEN_TAG_ROSTER = /* @__PURE__ */ Object.freeze([
  'Event',
  'Site',
  'Date',
  'Round',
  'White',
  'Black',
  'Result',
] as const);

/**
 * Whether a tag's value sets the game up. The reader finds a broken one only at the first
 * token of movetext; it reports the error at the value, so it keeps where the value starts.
 */
export function setsUp(name: string): boolean {
  return name === 'FEN' || name === 'Variant' || name === 'Event';
}

/**
 * The FICS game type an `Event` tag names, for FICS exports that name the variant only there:
 * the FICS games database's `FICS rated atomic game`, the server's own `ICS unrated crazyhouse
 * match`, FatICS's `fics server game, rated blitz match`. Undefined for any other event.
 */
export function ficsTypeOfEvent(event: string | undefined): string | undefined {
  // Run for every game without a Variant tag: most events start otherwise, and leave at once.
  const first = event?.trimStart().charCodeAt(0);
  if (event === undefined || (first !== UPPER_F && first !== LOWER_F && first !== UPPER_I && first !== LOWER_I))
    return undefined;
  const named =
    /^(?:FICS (?:rated|unrated) (\S{1,40}) game|ICS (?:rated|unrated) (\S{1,40}) match|fics server game, (?:rated|unrated) (\S{1,40}) match)$/i.exec(
      event.trim(),
    );
  return named ? (named[1] ?? named[2] ?? named[3]) : undefined;
}

/** How a game starts: its variant and initial position, from the `Variant` and `FEN` tags. */
export type GameStart =
  | { readonly ok: true; readonly variant: PgnVariant; readonly setup: Setup }
  | { readonly ok: false; readonly error: GameError };

/**
 * The variant (`Variant`, standard without one) and initial position (`FEN`, OCPN for Omega,
 * else the variant's start) of a game. `valueAt` holds where the values of those tags start.
 */
export function gameStart(tags: ReadonlyMap<string, string>, valueAt: ReadonlyMap<string, Position>): GameStart {
  const named = tags.get('Variant');
  // Without a Variant tag, a FICS export's Event names the game's type (`FICS rated atomic game`).
  const type = named === undefined ? ficsTypeOfEvent(tags.get('Event')) : undefined;
  const variant = type === undefined ? variantOf(named) : variantOfFicsType(type);
  if (variant === undefined)
    return {
      ok: false,
      error: {
        code: 'unknown-variant',
        message:
          type === undefined
            ? `the Variant tag names a game the rules do not play: ${JSON.stringify(named)}`
            : `the Event tag names a FICS ${type} game, which the rules do not play`,
        cause: undefined,
        at: valueAt.get(type === undefined ? 'Variant' : 'Event'),
      },
    };
  const initial = initialSetup(variant, tags.get('FEN'));
  if (!initial.ok)
    return {
      ok: false,
      error: {
        code: 'bad-fen',
        message: initial.message,
        cause: initial.cause as PgnError['cause'],
        at: valueAt.get('FEN'),
      },
    };
  return { ok: true, variant, setup: initial.setup };
}

/** The result of a game: the movetext's termination, else the `Result` tag's value when it is one, else `*`. */
export function gameResult(tags: ReadonlyMap<string, string>, movetext: PgnResult | undefined): PgnResult {
  if (movetext !== undefined) return movetext;
  const tag = tags.get('Result');
  return tag !== undefined && (PGN_RESULTS as readonly string[]).includes(tag) ? (tag as PgnResult) : '*';
}

/** The characters of a tag name, as the reader reads them (its symbol characters). */
const TAG_NAME = /^[A-Za-z0-9_+#=:\-@/]+$/;

/**
 * The tag pairs of the export format, one a line: the seven-tag roster first (those present,
 * in the standard's order), then the others as they come. Throws a `TypeError` for a name no
 * tag pair can hold or a value with a line break.
 */
export function tagPairs(tags: ReadonlyMap<string, string>): string[] {
  const pairs: string[] = [];
  for (const name of SEVEN_TAG_ROSTER) {
    const value = tags.get(name);
    if (value !== undefined) pairs.push(tagPair(name, value));
  }
  for (const [name, value] of tags) {
    if (!(SEVEN_TAG_ROSTER as readonly string[]).includes(name)) pairs.push(tagPair(name, value));
  }
  return pairs;
}

function tagPair(name: string, value: string): string {
  if (!TAG_NAME.test(name)) throw new TypeError(`writePgn: ${JSON.stringify(name)} is no tag name`);
  if (/[\n\r]/.test(value)) throw new TypeError(`writePgn: the value of tag ${name} holds a line break`);
  return `[${name} "${value.replace(/[\\"]/g, '\\$&')}"]`;
}

/** A position in the `FEN` tag's notation: OCPN for Omega chess, FEN otherwise. */
export function fenTagValue(setup: Setup): string {
  return setup.board.geometry.name === 'omega' ? writeOcpn(setup) : writeFen(setup);
}

/**
 * The `SetUp` and `FEN` tags of a game that starts at `setup`: none from the standard start
 * (Omega chess always names its position, as the reader sets Omega up from OCPN).
 */
export function setupTags(setup: Setup): [string, string][] {
  const fen = fenTagValue(setup);
  return setup.board.geometry.name !== 'omega' && fen === INITIAL_FEN
    ? []
    : [
        ['SetUp', '1'],
        ['FEN', fen],
      ];
}
