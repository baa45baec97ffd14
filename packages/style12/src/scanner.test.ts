import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createStyle12Scanner, type Style12ScanEvent } from './index.js';
import { BLOCK_MODE_EXAMPLE, HOLDINGS_EXAMPLES, STYLE12_EXAMPLES } from './testing/examples.js';

const ICC = STYLE12_EXAMPLES[0]?.line ?? '';
const MS = STYLE12_EXAMPLES[2]?.line ?? '';
const B1 = HOLDINGS_EXAMPLES[0]?.line ?? '';

function scanWhole(
  stream: string | Uint8Array | readonly (string | Uint8Array)[],
  options?: Parameters<typeof createStyle12Scanner>[0],
): Style12ScanEvent[] {
  const scanner = createStyle12Scanner(options);
  const chunks = typeof stream === 'string' || stream instanceof Uint8Array ? [stream] : stream;
  return [...chunks.flatMap((chunk) => scanner.push(chunk)), ...scanner.end()];
}

/** A short summary of events: the kind and the line or text. */
function summary(events: readonly Style12ScanEvent[]): string[] {
  return events.map((e) => {
    const where = 'block' in e && e.block ? `[${String(e.block.id)}/${String(e.block.command)}] ` : '';
    switch (e.kind) {
      case 'board':
        return `${where}board ${String(e.record.gameNumber)}`;
      case 'holdings':
        return `${where}holdings ${String(e.holdings.gameNumber)}`;
      case 'text':
        return `${where}text ${e.text}`;
      case 'error':
        return `${where}error ${e.error.code}`;
      case 'unit-start':
        return `start ${String(e.block.id)}`;
      case 'unit-end':
        return `end ${String(e.block.id)}`;
    }
  });
}

describe('createStyle12Scanner', () => {
  test('reads FICS line ends, BELs and prompts', () => {
    const stream = `fics% \x07\n\r${ICC}\n\rfics% \n\r${B1}\n\rGame 7: Bob moves: Ke2\n\rfics% `;
    expect(summary(scanWhole(stream))).toEqual(['board 7', 'holdings 6', 'text Game 7: Bob moves: Ke2']);
    expect(summary(scanWhole(stream.replaceAll('\n\r', '\r\n')))).toEqual(summary(scanWhole(stream)));
    expect(summary(scanWhole(stream.replaceAll('\n\r', '\n')))).toEqual(summary(scanWhole(stream)));
  });

  test('board events hold the parsed record and the line', () => {
    const [event] = scanWhole(`${MS}\n`);
    expect(event?.kind === 'board' && [event.line, event.record.clockUnit]).toEqual([MS, 'milliseconds']);
  });

  test('reads the block-mode example: the board carries its block, then the block ends', () => {
    const events = scanWhole(BLOCK_MODE_EXAMPLE);
    expect(summary(events)).toEqual(['start 58', '[58/1] board 107', 'end 58']);
  });

  test('the same events whatever the split, down to one byte, from bytes or text', () => {
    const stream = `${BLOCK_MODE_EXAMPLE}\x07\n\r${ICC}\n\r<12> broken\n\r${B1} <- WN\n\rfics% Ünïcode text\n\r`;
    const whole = scanWhole(stream);
    const bytes = new TextEncoder().encode(stream);
    const scanner = createStyle12Scanner();
    const byByte = [...bytes].flatMap((b) => scanner.push(Uint8Array.of(b)));
    byByte.push(...scanner.end());
    expect(byByte).toEqual(whole);
    const byChar = [...stream].flatMap((c) => scanner.push(c));
    byChar.push(...scanner.end());
    expect(byChar).toEqual(whole);
    expect(summary(whole)).toEqual([
      'start 58',
      '[58/1] board 107',
      'end 58',
      'board 7',
      'error board',
      'holdings 6',
      'text Ünïcode text',
    ]);
  });

  test('an endless line gives one too-long error with bounded memory, then resynchronises', () => {
    const scanner = createStyle12Scanner({ maxLength: 300 });
    const events: Style12ScanEvent[] = [];
    for (let k = 0; k < 1000; k++) events.push(...scanner.push('x'.repeat(1000)));
    events.push(...scanner.push(`\n${ICC}\n`), ...scanner.end());
    expect(summary(events)).toEqual(['error too-long', 'board 7']);
    const [overflow] = events;
    expect(overflow?.kind === 'error' && overflow.line.length).toBe(300);
  });

  test('a line without a line end is flushed by end(); a bad block header still frames the block', () => {
    expect(summary(scanWhole(ICC))).toEqual(['board 7']);
    expect(summary(scanWhole(`\x15x\nhello\n\x17`))).toEqual([
      'start -1',
      '[-1/-1] text x',
      '[-1/-1] text hello',
      'end -1',
    ]);
  });

  test('latin1 decoding on request', () => {
    const events = scanWhole(Uint8Array.of(0x41, 0xe9, 0x0a), { encoding: 'latin1' });
    expect(summary(events)).toEqual(['text Aé']);
  });

  test('never throws: chunks that are neither text nor bytes are ignored, bad options fall back', () => {
    for (const chunk of [42, null, {}, undefined, [1, 2]]) {
      const scanner = createStyle12Scanner();
      expect(scanner.push(chunk as never)).toEqual([]);
      expect(summary([...scanner.push(`${ICC}\n`), ...scanner.end()])).toEqual(['board 7']);
    }
    for (const options of [null, 42, 'x', { encoding: 'bogus' }, { encoding: 7 }, { maxLength: Number.NaN }]) {
      expect(summary(scanWhole(`${ICC}\n`, options as never))).toEqual(['board 7']);
    }
  });

  test('a string chunk after bytes that end inside a character: the held bytes are U+FFFD, in order', () => {
    const scanner = createStyle12Scanner();
    const events = [
      ...scanner.push(Uint8Array.of(0x61, 0xc3)),
      ...scanner.push('b\n'),
      ...scanner.push(Uint8Array.of(0xa9, 0x0a)),
      ...scanner.end(),
    ];
    expect(summary(events)).toEqual(['text a\uFFFDb', 'text \uFFFD']);
  });

  test('a byte-order mark: dropped at the start of the stream, as bytes or in a string; text anywhere else', () => {
    const bytes = new TextEncoder().encode(`\ufeff${ICC}\n`);
    expect(bytes[0]).toBe(0xef);
    expect(summary(scanWhole(bytes))).toEqual(['board 7']);
    // Split inside the mark, it is still the start of the stream.
    const scanner = createStyle12Scanner();
    const split = [...scanner.push(bytes.subarray(0, 2)), ...scanner.push(bytes.subarray(2)), ...scanner.end()];
    expect(summary(split)).toEqual(['board 7']);
    expect(summary(scanWhole(`\ufeff${ICC}\n`))).toEqual(['board 7']);
    expect(summary(scanWhole(['', `\ufeff${ICC}\n`]))).toEqual(['board 7']);
    expect(summary(scanWhole([`a\n`, `\ufeff${ICC}\n`]))).toEqual(['text a', `text \ufeff${ICC}`]);
    expect(summary(scanWhole([`a\n`, bytes]))).toEqual(['text a', `text \ufeff${ICC}`]);
    // Only at the start: after end() the scanner starts a new stream.
    expect(summary([...scanner.push(bytes), ...scanner.end()])).toEqual(['board 7']);
  });

  test('property: chunks of bytes and strings, bytes cut inside characters, give the events of the whole', () => {
    const unit = fc.constantFrom(
      'a',
      ' ',
      'é',
      '€',
      '𝄞',
      '\n',
      '\r',
      '\x07',
      '\x15',
      '\x16',
      '\x17',
      '5',
      'fics% ',
      `${ICC}\n`,
      `${B1}\n`,
      '<12> x',
    );
    const piece = fc.record({
      text: fc.string({ unit, maxLength: 12 }),
      bytes: fc.boolean(),
      cuts: fc.array(fc.nat(), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const scanner = createStyle12Scanner({ maxLength: 400 });
        const events: Style12ScanEvent[] = [];
        for (const p of pieces) {
          if (!p.bytes) {
            events.push(...scanner.push(p.text));
            continue;
          }
          const bytes = new TextEncoder().encode(p.text);
          const points = [...new Set(p.cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          let from = 0;
          for (const point of [...points, bytes.length]) {
            events.push(...scanner.push(bytes.slice(from, point)));
            from = point;
          }
        }
        events.push(...scanner.end());
        expect(events).toEqual(scanWhole(pieces.map((p) => p.text).join(''), { maxLength: 400 }));
      }),
    );
  });
});
