import { flightsAt, movableAt, squareName, type Setup } from '@chess-formats/board-core';
import { placedError, type FieldRow, type FormatAdapter, type FormatView, type Position } from './adapter.js';
import { textFormat } from './list.js';

const FENR = textFormat<Setup>('fenr');

/** The five FENr fields, by the index a `FenrError` names (5: after the last field). */
const FIELD_NAMES = [
  'placement',
  'castling',
  'en passant',
  'ms since the last capture',
  'ms since the start',
  'after the last field',
] as const;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function describePlacement(setup: Setup): string {
  const flights = flightsAt(setup);
  const { geometry } = setup.board;
  const cooling = setup.board.pieces.filter((p) => p?.realtime?.kind === 'cooldown').length;
  const moving = flights.map(
    (f) => `${squareName(geometry, f.from)}-${squareName(geometry, f.to)} in ${seconds(f.remainingMs)}`,
  );
  return (
    'Ranks 8 to 1, files a to h; D+piece+4 digits: a piece that arrived that many ms ago (cooling down for 10 s); ' +
    `M+piece+origin+4 digits: a piece in flight, arriving in that many ms. ${moving.length ? `In flight: ${moving.join(', ')}` : 'Nothing in flight'}; ` +
    `${cooling} cooling down; ${movableAt(setup).length} pieces may move now`
  );
}

/**
 * The field table: the fields as the descriptor places them (`spans`: FENr may leave castling
 * and en passant out, and the descriptor tells them apart by their shape, as the parser does),
 * with this page's longer meanings.
 */
function fenrFields(text: string, setup: Setup | undefined): FieldRow[] {
  return FENR.spans(text, setup).map((span) => ({
    name: FIELD_NAMES[span.field] ?? 'extra',
    text: text.slice(span.start, span.end),
    offset: span.start,
    meaning:
      span.field === 0
        ? setup
          ? describePlacement(setup)
          : 'Ranks 8 to 1, with delay markers and moving pieces'
        : setup
          ? meaningOf(span.field, setup)
          : '',
  }));
}

function meaningOf(field: number, setup: Setup): string {
  const { geometry } = setup.board;
  switch (field) {
    case 1: {
      const rooks = setup.castlingRooks.map((s) => squareName(geometry, s));
      return rooks.length
        ? `Castling rights with the rooks on ${rooks.join(', ')} (rights, not current legality)`
        : 'No castling rights';
    }
    case 2:
      return setup.epSquares.length
        ? `${setup.turn === 'white' ? 'White' : 'Black'} may capture en passant on ${squareName(geometry, setup.epSquares[0] ?? 0)} (realtime chess has no turns: the rank says who)`
        : 'No en passant square';
    case 3:
      return `${seconds(setup.realtime?.sinceCaptureMs ?? 0)} since the last capture (drawn after 5 minutes without one)`;
    case 4:
      return `The game clock: ${seconds(setup.realtime?.clockMs ?? 0)} since the start; every marker counts from it`;
    default:
      return 'Not a FENr field';
  }
}

export function readFenr(text: string): FormatView {
  const parsed = FENR.parse(text);
  if (!parsed.ok)
    return {
      positions: [],
      fields: fenrFields(text, undefined),
      errors: [placedError(text, parsed.error, FIELD_NAMES)],
      notes: [],
    };
  const setup = parsed.value;
  return {
    // The clock runs under Play: the page adds its time to the title as it draws (not frozen here).
    positions: [{ setup, title: 'Realtime chess' }],
    fields: fenrFields(text, setup),
    errors: [],
    notes: [],
  };
}

export const FENR_ADAPTER: FormatAdapter = {
  name: 'fenr',
  label: 'FENr (realtime chess)',
  family: 'fenr',
  example: 'r2Mqe70500k2r/pb1n2bp/1pp2n2/3p1pp1/MQd10450P1PpDP10002/2P1P1P1/PB1NN1BP/R3K1DR50001 kQq f3 14200 14200',
  detect: (text) => FENR.detect(text),
  read: readFenr,
  write({ setup }: Position) {
    if (!setup.realtime) return undefined;
    try {
      return FENR.write(setup);
    } catch {
      return undefined;
    }
  },
};
