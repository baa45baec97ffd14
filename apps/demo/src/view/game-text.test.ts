import { describe, expect, it } from 'vitest';
import { FICS_ADAPTER } from '../formats/fics.js';
import { PGN_ADAPTER } from '../formats/pgn.js';
import { gameText } from './game-text.js';
import { summariseGames } from './game-list.js';

describe('one game as PGN', () => {
  it("is a record's own text, or a tracked game written as PGN", () => {
    const text = '[White "Ada"]\n[Black "Brook"]\n\n1. e4 *\n\n[White "Cole"]\n\n1. d4 *\n';
    const games = PGN_ADAPTER.read(text).session?.games ?? [];
    const rows = summariseGames(games, text);
    expect(gameText(text, games[1], rows[1], 'pgn')).toBe('[White "Cole"]\n\n1. d4 *');
    const fics = FICS_ADAPTER.read(FICS_ADAPTER.example).session?.games ?? [];
    const pgn = gameText(FICS_ADAPTER.example, fics[0], summariseGames(fics, '')[0], 'fics') ?? '';
    expect(pgn).toContain('[White "Alice"]');
    expect(pgn).toContain('[Site "FICS"]');
    // It reads back as the same moves.
    expect(PGN_ADAPTER.read(pgn).session?.games[0]?.plies.map((p) => p.san)).toEqual([undefined, 'e4', 'e5', 'Nf3']);
    expect(gameText('', undefined, undefined, 'fen')).toBeUndefined();
  });
});
