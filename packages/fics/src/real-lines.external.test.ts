/**
 * The real FICS lines of the shared test data (`real/fics-lines.jsonl`: every machine-readable
 * line of eleven public projects, each with the fields a reader must give) and the raw sessions
 * beside them, run only where that data is: it is never copied into the repository (several
 * files are GPL). Skips with a line saying why elsewhere.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, test } from 'vitest';
import {
  createFicsReader,
  parseMovesEnd,
  parseMovesHeader,
  parseMovesMatch,
  parseMovesPlayers,
  parseMovesRow,
  type FicsEvent,
  type FicsRating,
} from './index.js';

// Beside the repository (a clone next to shared/), or beside the directory of worktrees.
const DIRECTORY = ['../../../../shared', '../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'real'))
  .find((dir) => existsSync(join(dir, 'fics-lines.jsonl')));

interface Row {
  readonly kind: string;
  readonly raw: string;
  readonly source: string;
  readonly origin?: string;
  readonly expect: Record<string, unknown>;
}

/** Rows the repositories' authors changed are not real lines (the file flags them). */
const EDITED = new Set(['edited-in-source', 'reserialized']);

const rows: Row[] =
  DIRECTORY === undefined
    ? []
    : readFileSync(join(DIRECTORY, 'fics-lines.jsonl'), 'utf8')
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as Row)
        .filter((row) => row.origin === undefined || !EDITED.has(row.origin));

function events(text: string): FicsEvent[] {
  const reader = createFicsReader();
  return [...reader.push(text), ...reader.end()];
}

const rating = (r: FicsRating): string => r.text;

/** The one event of `kind` a line gives through the session reader. */
function only<K extends FicsEvent['kind']>(raw: string, kind: K): Extract<FicsEvent, { kind: K }> {
  // One capture ends with the two characters `\n` of a string literal in its source file: an escaped line end.
  const text = raw.endsWith('\\n') ? `${raw.slice(0, -2)}\n` : `${raw}\n`;
  const found = events(text).filter((e) => e.kind !== 'unit-start' && e.kind !== 'unit-end');
  expect(found.map((e) => e.kind)).toEqual([kind]);
  return found[0] as Extract<FicsEvent, { kind: K }>;
}

function ok<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

/** The fields of each kind as the file names them, from what the readers give. */
const READ: Record<string, (raw: string) => Record<string, unknown>> = {
  'games-row': (raw) => {
    const { row } = only(raw, 'games-row');
    return {
      game: row.gameNumber,
      examined: row.examined,
      setup: row.setup,
      private: row.private,
      whiteRating: rating(row.white.rating),
      white: row.white.name,
      blackRating: rating(row.black.rating),
      black: row.black.name,
      type: row.typeLetter,
      rated: row.rated,
      time: row.minutes,
      increment: row.increment,
    };
  },
  'games-footer': (raw) => ({ count: only(raw, 'games-footer').footer.count }),
  'sought-row': (raw) => {
    const { row } = only(raw, 'sought-row');
    return {
      index: row.index,
      rating: rating(row.rating),
      name: row.name,
      time: row.minutes,
      increment: row.increment,
      rated: row.rated,
      type: row.type,
      ...(row.color === undefined ? {} : { color: row.color }),
      ratingMin: row.ratingRange[0],
      ratingMax: row.ratingRange[1],
      manual: row.manual,
      formula: row.formula,
    };
  },
  'sought-footer': (raw) => ({ count: only(raw, 'sought-footer').count }),
  g1: (raw) => ({ game: only(raw, 'game-info').info.gameNumber, ...only(raw, 'game-info').info.fields }),
  style12: (raw) => {
    const { record, line } = only(raw, 'board');
    const unit = record.clockUnit === 'milliseconds' ? 1 : 1000;
    return {
      turn: record.setup.turn === 'white' ? 'W' : 'B',
      doublePush:
        record.setup.epSquares.length > 0 ? (record.setup.epSquares[0] as number) & 7 : Number(line.split(' ')[10]),
      game: record.gameNumber,
      white: record.whiteName,
      black: record.blackName,
      relation: record.relation,
      initialMinutes: record.initialTimeMinutes,
      increment: record.incrementSeconds,
      whiteClock: record.whiteRemainingMs / unit,
      blackClock: record.blackRemainingMs / unit,
      moveNumber: record.setup.fullmoves,
      verbose: record.verboseMove,
      moveTime: `(${record.moveTimeText})`,
      san: record.sanMove,
      tokens: line.trim().split(/ +/).length,
      clockUnit: record.clockUnit === 'milliseconds' ? 'ms' : 's',
    };
  },
  b1: (raw) => {
    const { holdings } = only(raw, 'holdings');
    const letters = (pocket: Record<string, number>): string =>
      ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king']
        .map((role, k) => 'PNBRQK'.charAt(k).repeat(pocket[role] ?? 0))
        .join('');
    // The order of the letters carries no meaning (one capture has `[PRN]`): compared as sorted.
    return {
      game: holdings.gameNumber,
      white: letters(holdings.pockets.white),
      black: letters(holdings.pockets.black),
      ...(holdings.passed === undefined
        ? {}
        : {
            passed: `${holdings.passed.color === 'white' ? 'W' : 'B'}${'PNBRQK'.charAt(['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'].indexOf(holdings.passed.role))}`,
          }),
    };
  },
  'observe-start': (raw) => ({ game: only(raw, 'observe-start').gameNumber }),
  'observe-removed': (raw) => ({ game: only(raw, 'observe-removed').gameNumber }),
  'game-end-notice': (raw) => {
    const { end } = only(raw, 'game-end');
    return { game: end.gameNumber, white: end.white, black: end.black, reason: end.reason, result: end.result };
  },
  'game-start-notice': (raw) => {
    const { start } = only(raw, 'game-start');
    return {
      game: start.gameNumber,
      white: start.white,
      black: start.black,
      verb: start.continuing ? 'Continuing' : 'Creating',
      rated: start.rated,
      type: start.type,
    };
  },
  'movelist-header': (raw) => ({ game: ok(parseMovesHeader(raw)) }),
  'movelist-players': (raw) => {
    const read = ok(parseMovesPlayers(raw));
    return {
      white: read.white.name,
      whiteRating: rating(read.white.rating),
      black: read.black.name,
      blackRating: rating(read.black.rating),
      date: read.date,
    };
  },
  'movelist-match': (raw) => {
    const read = ok(parseMovesMatch(raw));
    return { rated: read.rated, type: read.type, minutes: read.minutes, increment: read.increment };
  },
  'movelist-row': (raw) => {
    const read = ok(parseMovesRow(raw));
    return {
      move: read.moveNumber,
      white: read.white.san,
      whiteTime: read.white.timeText,
      ...(read.black === undefined ? {} : { black: read.black.san, blackTime: read.black.timeText }),
    };
  },
  'movelist-end': (raw) => {
    const read = ok(parseMovesEnd(raw));
    return { reason: read.status, result: read.result };
  },
  'observe-header': (raw) => {
    const { header } = only(raw, 'observe-header');
    return {
      game: header.gameNumber,
      white: header.white.name,
      whiteRating: rating(header.white.rating),
      black: header.black.name,
      blackRating: rating(header.black.rating),
      rated: header.rated,
      type: header.type,
      time: header.minutes,
      increment: header.increment,
    };
  },
  'seek-announcement': (raw) => {
    const { ad } = only(raw, 'seek-ad');
    return {
      name: ad.seeker.name,
      rating: rating(ad.seeker.rating),
      time: ad.minutes,
      increment: ad.increment,
      rated: ad.rated,
      type: ad.type,
      index: ad.index,
    };
  },
  creating: (raw) => {
    const { creating } = only(raw, 'creating');
    return {
      white: creating.white.name,
      whiteRating: rating(creating.white.rating),
      black: creating.black.name,
      blackRating: rating(creating.black.rating),
      rated: creating.rated,
      type: creating.type,
      time: creating.minutes,
      increment: creating.increment,
    };
  },
  challenge: (raw) => {
    const { challenge } = only(raw, 'challenge');
    return {
      from: challenge.challenger.name,
      fromRating: rating(challenge.challenger.rating),
      ...(challenge.color === undefined ? {} : { color: challenge.color }),
      to: challenge.receiver.name,
      toRating: rating(challenge.receiver.rating),
      rated: challenge.rated,
      type: challenge.type,
      time: challenge.minutes,
      increment: challenge.increment,
    };
  },
  'seekinfo-remove': (raw) => ({ indexes: only(raw, 'seek-remove').indexes }),
  'seekinfo-clear': (raw) => (only(raw, 'seek-clear'), {}),
  'seekinfo-add': (raw) => {
    const { seek } = only(raw, 'seek');
    return {
      ...(seek.cannotAccept ? { cannotAccept: true } : {}),
      index: seek.index,
      name: seek.name,
      titles: seek.titles,
      rating: seek.rating.value,
      provisional: seek.rating.mark ?? null,
      time: seek.minutes,
      increment: seek.increment,
      rated: seek.rated,
      type: seek.type,
      color: seek.color === 'white' ? 'W' : seek.color === 'black' ? 'B' : '?',
      ratingMin: seek.ratingRange[0],
      ratingMax: seek.ratingRange[1],
      automatic: seek.automatic,
      formula: seek.formula,
    };
  },
  'pendinfo-from': (raw) => {
    const { offer } = only(raw, 'offer');
    expect(offer.direction).toBe('from');
    return { index: offer.index, from: offer.name, type: offer.type, params: offer.params };
  },
  'pendinfo-to': (raw) => {
    const { offer } = only(raw, 'offer');
    expect(offer.direction).toBe('to');
    return { index: offer.index, to: offer.name, type: offer.type, params: offer.params };
  },
  'pendinfo-remove': (raw) => ({ index: only(raw, 'offer-remove').index }),
  'ivar-confirm': (raw) => {
    const { confirmation } = only(raw, 'ivar');
    return { ivar: confirmation.ivar, on: confirmation.on };
  },
  d1: (raw) => {
    const { delta } = only(raw, 'delta-board');
    return {
      game: delta.gameNumber,
      halfMoves: delta.halfMoves,
      san: delta.san,
      smith: delta.smith,
      takenMs: delta.takenMs,
      leftMs: delta.leftMs,
    };
  },
  pin: (raw) => {
    const { pin } = only(raw, 'pin');
    return { event: pin.event === 'arrived' ? 'a' : 'd', name: pin.name };
  },
  'follow-start': (raw) => ({ name: only(raw, 'follow').name }),
  'follow-stop': (raw) => (expect(only(raw, 'follow').name).toBeUndefined(), {}),
  'game-notification': (raw) => {
    const { notification: n } = only(raw, 'game-notification');
    return {
      white: n.white.name,
      whiteRating: rating(n.white.rating),
      black: n.black.name,
      blackRating: rating(n.black.rating),
      rated: n.rated,
      type: n.type,
      time: n.minutes,
      increment: n.increment,
      game: n.gameNumber,
    };
  },
  'seek-removed-readable': (raw) => ({ indexes: only(raw, 'seek-ads-removed').indexes }),
  'block-frame': (raw) => {
    const found = events(raw);
    const startEvent = found[0];
    if (startEvent?.kind !== 'unit-start') throw new Error('no block start');
    const inside = found.filter((e) => e.kind !== 'unit-start' && e.kind !== 'unit-end');
    const first = inside[0];
    const firstLine =
      first === undefined ? undefined : 'line' in first ? first.line : 'text' in first ? first.text : first.kind;
    // `lines` counts the frame's raw lines (prompts and bells included), which make no event.
    expect(inside.length).toBeLessThanOrEqual(Number(startEvent.block && 1e9));
    return {
      id: startEvent.block.id,
      code: startEvent.block.command,
      complete: found.some((e) => e.kind === 'unit-end'),
      firstLine,
    };
  },
};

describe.skipIf(DIRECTORY === undefined)('the real FICS lines of the shared test data', () => {
  test('every kind of the file has a reader here', () => {
    expect([...new Set(rows.map((r) => r.kind))].filter((kind) => READ[kind] === undefined)).toEqual([]);
  });

  it.each(rows.map((row, k) => [`${row.kind} ${String(k)}: ${row.raw.slice(0, 60)}`, row] as const))(
    '%s',
    (_name, given) => {
      let row = given;
      const read = READ[row.kind]!(row.raw);
      if (row.kind === 'b1') {
        const sorted = (text: unknown): string =>
          [...String(text)].sort((a, b) => 'PNBRQK'.indexOf(a) - 'PNBRQK'.indexOf(b)).join('');
        row = {
          ...row,
          expect: { ...row.expect, white: sorted(row.expect['white']), black: sorted(row.expect['black']) },
        };
      }
      // A frame's `firstLine` is its first raw line: a blank one or a lone BEL makes no event, and the
      // padding of a table row is the reader's to keep.
      const firstLine = String(row.expect['firstLine']).replaceAll('\x07', '').trim();
      if (row.kind === 'block-frame') read['firstLine'] = (read['firstLine'] as string | undefined)?.trim();
      const expected =
        row.kind === 'block-frame'
          ? {
              id: row.expect['id'],
              code: row.expect['code'],
              complete: row.expect['complete'],
              firstLine: firstLine === '' ? read['firstLine'] : firstLine,
            }
          : row.expect;
      expect(read).toEqual(expected);
    },
  );
});

describe.skipIf(DIRECTORY === undefined)('the raw sessions of the shared test data, whole and byte by byte', () => {
  const files =
    DIRECTORY === undefined
      ? []
      : [
          ...['raw', 'fics2'].flatMap((dir) =>
            readdirSync(join(DIRECTORY, dir))
              .filter((name) => name !== 'SOURCES.md')
              .map((name) => join(dir, name)),
          ),
          'ficsplay.bin',
        ];
  it.each(files)('%s', (file) => {
    const bytes = new Uint8Array(readFileSync(join(DIRECTORY!, file)));
    const whole = events(new TextDecoder().decode(bytes) as string);
    const reader = createFicsReader();
    const split: FicsEvent[] = [];
    for (let i = 0; i < bytes.length; i++) reader.push(bytes.subarray(i, i + 1), (e) => split.push(e));
    reader.end((e) => split.push(e));
    expect(split).toEqual(whole);
    expect(whole.length).toBeGreaterThan(0);
  });
});

describe.skipIf(DIRECTORY !== undefined)('the real FICS lines', () => {
  it.skip('skipped: the shared test data (real/fics-lines.jsonl) is not beside the repository', () => {});
});
