import { parseSan, play } from '@chess-formats/board-core';
import { describe, expect, it } from 'vitest';
import { OCPN_ADAPTER } from './ocpn.js';
import { adapterByName, conversions, detectFormat } from './registry.js';

// After White's e1-e4 (a triple step past e2 and e3), with Black's fool still in hand.
const AFTER_E4 = 'WWww/crnbqkbnrc/pppppppppp/A/A/A/4P5/A/A/PPPP1PPPPP/CRNBQKBNRC b KQkq KQk e2/e3 b P- 0 1';

describe('OCPN adapter', () => {
  it('reads the wizard squares, the ranks and every field with its meaning', () => {
    const view = OCPN_ADAPTER.read(AFTER_E4);
    expect(view.errors).toEqual([]);
    expect(view.fields.map((f) => [f.name, f.text])).toEqual([
      ['wizard squares', 'WWww'],
      ['placement', 'crnbqkbnrc/pppppppppp/A/A/A/4P5/A/A/PPPP1PPPPP/CRNBQKBNRC'],
      ['side to move', 'b'],
      ['castling', 'KQkq'],
      ['guarding', 'KQk'],
      ['en passant', 'e2/e3'],
      ['fool availability', 'b'],
      ['fool identities', 'P-'],
      ['halfmove clock', '0'],
      ['fullmove number', '1'],
    ]);
    const meaning = (name: string): string => view.fields.find((f) => f.name === name)?.meaning ?? '';
    expect(meaning('wizard squares')).toContain('w1 white wizard, w2 white wizard, w3 black wizard, w4 black wizard');
    expect(meaning('castling')).toContain('White may castle with the rook on b0 and the rook on i0');
    expect(meaning('guarding')).toBe(
      'White may guard with king side and queen side; Black may guard with king side (Omega Chess Advanced)',
    );
    expect(meaning('en passant')).toContain('e2 and e3');
    expect(meaning('fool availability')).toBe('Black may still place their fool');
    expect(meaning('fool identities')).toBe(
      "The last piece each side moved (a fool imitates the opponent's): White pawn, Black nothing yet",
    );
    expect(view.fields[5]?.offset).toBe(AFTER_E4.indexOf('e2/e3'));
  });

  it('places errors with the parser code on the offending character', () => {
    const text = AFTER_E4.replace(' b KQkq', ' x KQkq');
    const view = OCPN_ADAPTER.read(text);
    expect(view.positions).toEqual([]);
    expect(view.errors).toEqual([
      { code: 'turn', message: expect.any(String), offset: text.indexOf(' x ') + 1, length: 1, field: 'side to move' },
    ]);
  });

  it('detects OCPN, broken OCPN, and not FEN', () => {
    expect(detectFormat(AFTER_E4).adapter.name).toBe('ocpn');
    expect(detectFormat(AFTER_E4.replace('4P5', '4P6')).adapter.name).toBe('ocpn');
    expect(OCPN_ADAPTER.detect('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toBe(0);
  });

  it('writes what it read, advanced fields included, and converts to setup JSON only', () => {
    const position = OCPN_ADAPTER.read(AFTER_E4).positions[0];
    if (!position) throw new Error('unread');
    expect(OCPN_ADAPTER.write?.(position)).toBe(AFTER_E4);
    const list = conversions(position, OCPN_ADAPTER);
    expect(list.map((c) => c.name)).toEqual(['setup-json']);
    // The setup JSON carries the Omega Chess Advanced state, so the way back keeps it.
    const json = adapterByName('setup-json');
    const fromJson = json?.read(list[0]?.text ?? '').positions[0];
    if (!fromJson) throw new Error('unread JSON');
    expect(OCPN_ADAPTER.write?.(fromJson)).toBe(AFTER_E4);
    // A setup without the state (plain Omega chess) is written with none of it.
    const { omegaAdvanced: _state, ...plain } = fromJson.setup;
    expect(OCPN_ADAPTER.write?.({ setup: plain })).toBe(
      'WWww/crnbqkbnrc/pppppppppp/A/A/A/4P5/A/A/PPPP1PPPPP/CRNBQKBNRC b KQkq - e2/e3 - -- 0 1',
    );
  });

  it('keeps the advanced fields across a move played on the page, the last-moved field updated', () => {
    const position = OCPN_ADAPTER.read(OCPN_ADAPTER.example).positions[0];
    if (!position) throw new Error('unread');
    const wizard = parseSan(position.setup, 'Wa2');
    if (!wizard.ok) throw new Error(wizard.error.message);
    // What the page does on a move click: play, then write in the format being read.
    expect(OCPN_ADAPTER.write?.({ setup: play(position.setup, wizard.value), lastMove: wizard.value })).toBe(
      '1Www/crnbqkbnrc/pppppppppp/A/A/A/A/A/W9/PPPPPPPPPP/CRNBQKBNRC b KQkq KQkq - wb W- 1 1',
    );
  });

  it('does not write a standard board', () => {
    const fen = adapterByName('fen');
    const position = fen?.read(fen.example).positions[0];
    if (!position) throw new Error('unread');
    expect(OCPN_ADAPTER.write?.(position)).toBeUndefined();
  });
});
