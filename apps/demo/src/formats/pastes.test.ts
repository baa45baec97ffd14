import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readText } from '../read.js';
import { readEpd } from './fen.js';
import { imageKindOfBytes, imageKindOfText, notARecord } from './not-a-record.js';
import { ADAPTERS } from './registry.js';

/** Common pastes that are no record, or a record in a form the page once turned away (the demo issue). */
describe('common pastes', () => {
  it('names a lichess game link and says where lichess exports the PGN', () => {
    for (const link of [
      'https://lichess.org/AbCdEfGh',
      'lichess.org/AbCdEfGh/white',
      ' https://lichess.org/AbCdEfGh1234#12\n',
      'https://lichess.org/AbCdEfGh/black#40',
    ]) {
      const read = readText(link, undefined, ADAPTERS);
      expect(read.notARecord, link).toEqual({ kind: 'lichess-game', label: 'a lichess game link' });
      expect(read.view.positions).toEqual([]);
      const [error] = read.view.errors;
      expect(error?.code).toBe('game-link');
      expect(error?.message).toContain('Share & export');
      expect(error?.message).toContain('lichess.org/game/export/AbCdEfGh');
      expect(link.slice(error?.offset, (error?.offset ?? 0) + (error?.length ?? 0))).toBe(link.trim());
    }
    // Not games: lichess's own pages, and other sites.
    expect(notARecord('https://lichess.org/analysis')).toBeUndefined();
    expect(notARecord('https://lichess.org/AbCdEfG')).toBeUndefined();
    expect(notARecord('https://example.org/AbCdEfGh')).toBeUndefined();
  });

  it('names a chess.com game link and says where chess.com exports the PGN', () => {
    for (const link of [
      'https://www.chess.com/game/live/123456789',
      'https://www.chess.com/game/daily/987654321',
      'chess.com/live/game/123456789',
      'https://www.chess.com/analysis/game/live/123456789?tab=analysis',
    ]) {
      const read = readText(link, undefined, ADAPTERS);
      expect(read.notARecord, link).toEqual({ kind: 'chesscom-game', label: 'a chess.com game link' });
      expect(read.view.errors[0]?.message).toContain('PGN tab');
    }
    expect(notARecord('https://www.chess.com/member/someone')).toBeUndefined();
  });

  it('reads the link in a format chosen from the menu, as any text', () => {
    const read = readText('https://lichess.org/AbCdEfGh', 'fen', ADAPTERS);
    expect(read.notARecord).toBeUndefined();
    expect(read.view.errors[0]?.code).toBe('board-char');
  });

  it('reads moves without numbers as PGN movetext from the standard start', () => {
    const read = readText('e4 e5 Nf3 Nc6 Bb5', undefined, ADAPTERS);
    expect(read).toMatchObject({ adapter: 'pgn', unrecognised: false });
    expect(read.view.errors).toEqual([]);
    expect(read.view.positions).toHaveLength(6);
    expect(read.view.notes[0]).toContain('without move numbers');
    expect(readText('e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be2 e5 O-O 1/2-1/2', undefined, ADAPTERS).adapter).toBe(
      'pgn',
    );
    // Words are no moves, and one move alone is no list.
    expect(readText('hello there', undefined, ADAPTERS).unrecognised).toBe(true);
    expect(readText('e4 and then', undefined, ADAPTERS).adapter).not.toBe('pgn');
  });

  it('reads EPD as its position, the operations as fields', () => {
    const epd = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5; id "x";';
    const read = readText(epd, undefined, ADAPTERS);
    expect(read.adapter).toBe('fen');
    expect(read.view.errors).toEqual([]);
    const setup = read.view.positions[0]?.setup;
    expect(setup).toMatchObject({ turn: 'black', halfmoves: 0, fullmoves: 1 });
    expect(setup?.board.pieces[28]).toMatchObject({ color: 'white', role: 'pawn' });
    const rows = read.view.fields.map((f) => [f.name, f.text]);
    expect(rows).toEqual([
      ['placement', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR'],
      ['turn', 'b'],
      ['castling', 'KQkq'],
      ['en passant', 'e3'],
      ['EPD bm', 'bm e5;'],
      ['EPD id', 'id "x";'],
    ]);
    for (const f of read.view.fields) expect(epd.slice(f.offset, f.offset + f.text.length)).toBe(f.text);
    expect(read.view.fields[4]?.meaning).toBe('Best move (or moves) in this position: e5');
    expect(read.view.notes[0]).toContain('Read as EPD');
    // hmvc and fmvn are the counters; a `;` inside quotes ends no operation.
    expect(readEpd('8/8/8/4k3/8/8/8/4K3 w - - hmvc 12; fmvn 40; c0 "a; b";')).toMatchObject({
      fen: '8/8/8/4k3/8/8/8/4K3 w - - 12 40',
      operations: [{ opcode: 'hmvc' }, { opcode: 'fmvn' }, { opcode: 'c0', operands: '"a; b"' }],
    });
    // A FEN is no EPD, nor is a FEN with a broken counter.
    expect(readEpd('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toBeUndefined();
    expect(readEpd('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x')).toBeUndefined();
  });

  it('says an image is an image, by its bytes or its data: URL', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
    const gif = new TextEncoder().encode('GIF89a\x01\x00');
    const webp = new TextEncoder().encode('RIFF\x10\x00\x00\x00WEBPVP8 ');
    expect([png, jpeg, gif, webp].map(imageKindOfBytes)).toEqual(['PNG', 'JPEG', 'GIF', 'WebP']);
    expect(imageKindOfBytes(new TextEncoder().encode('1. e4 e5'))).toBeUndefined();
    // As a dropped file's text: decoded as UTF-8 (bytes that are not UTF-8 become U+FFFD).
    const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
    expect([png, jpeg, gif, webp].map((b) => imageKindOfText(utf8(b)))).toEqual(['PNG', 'JPEG', 'GIF', 'WebP']);
    expect(imageKindOfText('data:image/png;base64,iVBORw0KGgo=')).toBe('PNG');
    for (const text of [utf8(png), 'data:image/jpeg;base64,/9j/4AAQ', `${utf8(png)}${'\x19'.repeat(5000)}`]) {
      const read = readText(text, undefined, ADAPTERS);
      expect(read.notARecord?.kind).toBe('image');
      expect(read.view.errors[0]?.message).toContain('reads text formats');
    }
  });

  it('never throws, and names only texts of those shapes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const found = notARecord(text);
        if (found) expect(found.error.offset + found.error.length).toBeLessThanOrEqual(text.length);
        readEpd(text);
      }),
      { numRuns: 300 },
    );
  });
});
