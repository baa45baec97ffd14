import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isGzip, readFileText } from './file-input.js';

const FEN = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';

describe('readFileText', () => {
  it('reads a text file as a paste, the trailing newline dropped', async () => {
    expect(await readFileText(new Blob([`${FEN}\n`]), 'a.fen', 1000)).toEqual({ ok: true, text: FEN });
  });

  it('decompresses a gzip file, and says so', async () => {
    const gz = gzipSync(`${FEN}\n`);
    expect(isGzip(gz)).toBe(true);
    expect(await readFileText(new Blob([gz]), 'a.fen.gz', 1000)).toEqual({
      ok: true,
      text: FEN,
      note: 'Decompressed a.fen.gz (gzip).',
    });
  });

  it('stops decompressing past the limit, keeping one character more for the page to say it cut', async () => {
    const read = await readFileText(new Blob([gzipSync('x'.repeat(200_000))]), 'big.gz', 100);
    expect(read).toMatchObject({ ok: true, text: 'x'.repeat(101) });
  });

  it('says a broken gzip file is broken, and an image is an image', async () => {
    const broken = await readFileText(new Blob([new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2])]), 'cut.gz', 1000);
    expect(broken).toMatchObject({ ok: false });
    expect(!broken.ok && broken.message).toContain('does not decompress');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const image = await readFileText(new Blob([png]), 'board.png', 1000);
    expect(!image.ok && image.message).toContain('board.png is an image (PNG)');
  });
});
