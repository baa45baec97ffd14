import { squareName, type Color, type Setup } from '@chess-formats/board-core';
import type { OcpnPosition } from '@chess-formats/ocpn';
import { placedError, type FieldRow, type FormatAdapter, type FormatView, type Position } from './adapter.js';
import { splitFields } from './fen.js';
import { textFormat } from './list.js';

const OCPN = textFormat<OcpnPosition>('ocpn');

/** The nine OCPN fields, by the index an `OcpnError` names (9: after the last field). */
const FIELD_NAMES = [
  'placement',
  'side to move',
  'castling',
  'guarding',
  'en passant',
  'fool availability',
  'fool identities',
  'halfmove clock',
  'fullmove number',
  'after the last field',
] as const;

/**
 * The OCPN records read, by their setup: the advanced fields (guarding, fools, last moved)
 * live beside the setup, so writing a position read from OCPN keeps them. A setup from any
 * other format (setup JSON, a move played) has none of them: see `write` below.
 */
const records = new WeakMap<Setup, OcpnPosition>();

const NO_RIGHTS = { kingSide: false, queenSide: false } as const;

/**
 * The OCPN record for a position: the one it was read from, or, for a setup that never was
 * OCPN, one with no guarding rights, no fool in hand and no last-moved piece (the setup cannot
 * know them; claiming fools in hand would put pieces in the game that the position lacks).
 */
export function ocpnRecordOf(setup: Setup): OcpnPosition {
  return (
    records.get(setup) ?? {
      setup,
      guarding: { white: NO_RIGHTS, black: NO_RIGHTS },
      foolInHand: { white: false, black: false },
      lastMoved: { white: undefined, black: undefined },
    }
  );
}

const sideName = (color: Color): string => (color === 'white' ? 'White' : 'Black');

function rightsText(record: OcpnPosition, what: 'castle' | 'guard'): string {
  const parts: string[] = [];
  for (const color of ['white', 'black'] as const) {
    let sides: string[];
    if (what === 'castle') {
      const rooks = record.setup.castlingRooks.filter((s) => (color === 'white' ? s < 72 : s >= 72));
      sides = rooks.map((s) => `the rook on ${squareName(record.setup.board.geometry, s)}`);
    } else {
      const g = record.guarding[color];
      sides = [...(g.kingSide ? ['king side'] : []), ...(g.queenSide ? ['queen side'] : [])];
    }
    parts.push(sides.length ? `${sideName(color)} may ${what} with ${sides.join(' and ')}` : `${sideName(color)} may not ${what}`);
  }
  return parts.join('; ');
}

function meaningOf(index: number, record: OcpnPosition, text: string): string {
  const { setup } = record;
  const geometry = setup.board.geometry;
  switch (index) {
    case 1:
      return `${sideName(setup.turn)} to move`;
    case 2:
      return `${rightsText(record, 'castle')} (K: the rook on i0/i9, Q: the rook on b0/b9)`;
    case 3:
      return `${rightsText(record, 'guard')} (Omega Chess Advanced)`;
    case 4:
      return setup.epSquares.length
        ? `A pawn just stepped past ${setup.epSquares.map((s) => squareName(geometry, s)).join(' and ')}: en passant target squares`
        : 'No en passant target square';
    case 5: {
      const hands = (['white', 'black'] as const).filter((c) => record.foolInHand[c]).map(sideName);
      return hands.length ? `${hands.join(' and ')} may still place their fool` : 'No fool left to place';
    }
    case 6: {
      const role = (c: Color): string => record.lastMoved[c] ?? 'nothing yet';
      return `The last piece each side moved (a fool imitates the opponent's): White ${role('white')}, Black ${role('black')}`;
    }
    case 7:
      return `${setup.halfmoves} half-moves since the last capture or pawn move`;
    case 8:
      return `Move number ${setup.fullmoves}`;
    default:
      return text;
  }
}

/** The field table: the placement split into its wizard segment and its ten ranks, then the other eight fields. */
function ocpnFields(text: string, record: OcpnPosition | undefined): FieldRow[] {
  const rows: FieldRow[] = [];
  splitFields(text, 12).forEach((token, index) => {
    if (index === 0) {
      const slash = token.text.indexOf('/');
      const wizards = slash < 0 ? token.text : token.text.slice(0, slash);
      const onWizards = record
        ? ['w1', 'w2', 'w3', 'w4']
            .map((name, i) => {
              const p = record.setup.board.pieces[[0, 11, 143, 132][i] ?? 0];
              return p ? `${name} ${p.color} ${p.role}` : '';
            })
            .filter(Boolean)
        : [];
      rows.push({
        name: 'wizard squares',
        text: wizards,
        offset: token.offset,
        meaning: `The four wizard squares w1 (behind a0), w2 (behind j0), w3 (behind j9), w4 (behind a9)${record ? `: ${onWizards.length ? onWizards.join(', ') : 'all empty'}` : ''}`,
      });
      if (slash >= 0) {
        const pieces = record ? record.setup.board.pieces.filter(Boolean).length : 0;
        rows.push({
          name: FIELD_NAMES[0],
          text: token.text.slice(slash + 1),
          offset: token.offset + slash + 1,
          meaning: `Ranks 9 down to 0, files a to j (upper case White, digits and A (ten) count empty squares)${record ? `: ${pieces} pieces in all` : ''}`,
        });
      }
      return;
    }
    const name = FIELD_NAMES[Math.min(index, 9)] ?? 'extra';
    rows.push({ name, text: token.text, offset: token.offset, meaning: record ? meaningOf(index, record, 'Not an OCPN field') : '' });
  });
  return rows;
}

export function readOcpn(text: string): FormatView {
  const parsed = OCPN.parse(text);
  if (!parsed.ok) return { positions: [], fields: ocpnFields(text, undefined), errors: [placedError(text, parsed.error, FIELD_NAMES)], notes: [] };
  records.set(parsed.value.setup, parsed.value);
  return { positions: [{ setup: parsed.value.setup }], fields: ocpnFields(text, parsed.value), errors: [], notes: [] };
}

export const OCPN_ADAPTER: FormatAdapter = {
  name: 'ocpn',
  label: 'OCPN (Omega chess)',
  family: 'ocpn',
  example: 'WWww/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w KQkq KQkq - wb -- 0 1',
  detect: (text) => OCPN.detect(text),
  read: readOcpn,
  write({ setup }: Position) {
    if (setup.board.geometry.name !== 'omega') return undefined;
    try {
      return OCPN.write(ocpnRecordOf(setup));
    } catch {
      return undefined;
    }
  },
};
