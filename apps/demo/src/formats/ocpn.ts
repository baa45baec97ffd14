import { squareName, type Color, type Setup } from '@chess-formats/board-core';
import { placedError, type FieldRow, type FormatAdapter, type FormatView, type Position } from './adapter.js';
import { splitFields } from './fen.js';
import { textFormat } from './list.js';

const OCPN = textFormat<Setup>('ocpn');

/** The nine OCPN fields, by the index an `OcpnError` names (9: after the last field): the descriptor's. */
const FIELD_NAMES = OCPN.fields;

// The Omega Chess Advanced fields (guarding, fools, last moved) are part of the setup
// (`omegaAdvanced`), and board-core's `play` keeps them up to date, so a position read from
// OCPN keeps them across moves. A setup that never had them (setup JSON of plain Omega chess)
// is written with none: no guarding right, no fool in hand, no last-moved piece.

const sideName = (color: Color): string => (color === 'white' ? 'White' : 'Black');

function rightsText(setup: Setup, what: 'castle' | 'guard'): string {
  const parts: string[] = [];
  for (const color of ['white', 'black'] as const) {
    let sides: string[];
    if (what === 'castle') {
      const rooks = setup.castlingRooks.filter((s) => (color === 'white' ? s < 72 : s >= 72));
      sides = rooks.map((s) => `the rook on ${squareName(setup.board.geometry, s)}`);
    } else {
      const g = setup.omegaAdvanced?.guarding[color] ?? { kingSide: false, queenSide: false };
      sides = [...(g.kingSide ? ['king side'] : []), ...(g.queenSide ? ['queen side'] : [])];
    }
    parts.push(
      sides.length
        ? `${sideName(color)} may ${what} with ${sides.join(' and ')}`
        : `${sideName(color)} may not ${what}`,
    );
  }
  return parts.join('; ');
}

function meaningOf(index: number, setup: Setup, text: string): string {
  const geometry = setup.board.geometry;
  switch (index) {
    case 1:
      return `${sideName(setup.turn)} to move`;
    case 2:
      return `${rightsText(setup, 'castle')} (K: the rook on i0/i9, Q: the rook on b0/b9)`;
    case 3:
      return `${rightsText(setup, 'guard')} (Omega Chess Advanced)`;
    case 4:
      return setup.epSquares.length
        ? `A pawn just stepped past ${setup.epSquares.map((s) => squareName(geometry, s)).join(' and ')}: en passant target squares`
        : 'No en passant target square';
    case 5: {
      const hands = (['white', 'black'] as const).filter((c) => setup.omegaAdvanced?.foolInHand[c]).map(sideName);
      return hands.length ? `${hands.join(' and ')} may still place their fool` : 'No fool left to place';
    }
    case 6: {
      const role = (c: Color): string => setup.omegaAdvanced?.lastMoved[c] ?? 'nothing yet';
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
function ocpnFields(text: string, record: Setup | undefined): FieldRow[] {
  const rows: FieldRow[] = [];
  splitFields(text, 12).forEach((token, index) => {
    if (index === 0) {
      const slash = token.text.indexOf('/');
      const wizards = slash < 0 ? token.text : token.text.slice(0, slash);
      const onWizards = record
        ? ['w1', 'w2', 'w3', 'w4']
            .map((name, i) => {
              const p = record.board.pieces[[0, 11, 143, 132][i] ?? 0];
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
        const pieces = record ? record.board.pieces.filter(Boolean).length : 0;
        rows.push({
          name: FIELD_NAMES[0] ?? 'placement',
          text: token.text.slice(slash + 1),
          offset: token.offset + slash + 1,
          meaning: `Ranks 9 down to 0, files a to j (upper case White, digits and A (ten) count empty squares)${record ? `: ${pieces} pieces in all` : ''}`,
        });
      }
      return;
    }
    const name = FIELD_NAMES[Math.min(index, 9)] ?? 'extra';
    rows.push({
      name,
      text: token.text,
      offset: token.offset,
      meaning: record ? meaningOf(index, record, 'Not an OCPN field') : '',
    });
  });
  return rows;
}

export function readOcpn(text: string): FormatView {
  const parsed = OCPN.parse(text);
  if (!parsed.ok)
    return {
      positions: [],
      fields: ocpnFields(text, undefined),
      errors: [placedError(text, parsed.error, FIELD_NAMES)],
      notes: [],
    };
  return { positions: [{ setup: parsed.value }], fields: ocpnFields(text, parsed.value), errors: [], notes: [] };
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
      return OCPN.write(setup);
    } catch {
      return undefined;
    }
  },
};
