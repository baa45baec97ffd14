import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { compressionOf, decompressed } from './compressed.js';

async function* pieces(...chunks: (string | Uint8Array)[]): AsyncGenerator<string | Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

async function text(chunks: AsyncIterable<string | Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let out = '';
  for await (const chunk of chunks) out += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return out + decoder.decode();
}

describe('compressionOf', () => {
  test('gzip and zstd by their magic numbers, anything else none', () => {
    expect(compressionOf(Uint8Array.of(0x1f, 0x8b, 8, 0))).toBe('gzip');
    expect(compressionOf(Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd))).toBe('zstd');
    expect(compressionOf(Uint8Array.of(0x28, 0xb5, 0x2f))).toBe('none');
    expect(compressionOf(new TextEncoder().encode('[Event "A"]'))).toBe('none');
    expect(compressionOf(new Uint8Array())).toBe('none');
  });
});

describe('decompressed', () => {
  test('plain bytes and text pass unchanged, however short', async () => {
    expect(await text(decompressed(pieces()))).toBe('');
    expect(await text(decompressed(pieces(Uint8Array.of(0x31))))).toBe('1');
    expect(await text(decompressed(pieces(Uint8Array.of(0x31), '. e4 *')))).toBe('1. e4 *');
    expect(await text(decompressed(pieces('\u001f\u008b', 'text')))).toBe('\u001f\u008btext');
  });

  test('gzip whose magic number is split over chunks of one byte', async () => {
    const bytes = gzipSync('1. e4 e5 *\n');
    const ones = [...bytes].map((byte) => Uint8Array.of(byte));
    expect(await text(decompressed(pieces(...ones)))).toBe('1. e4 e5 *\n');
  });

  test('an error of the source reaches the reader, in a gzip stream too', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield gzipSync('1. e4 *').subarray(0, 12);
      throw new Error('EIO: the disk went away');
    }
    await expect(text(decompressed(failing()))).rejects.toThrow('EIO: the disk went away');
  });
});
