import { describe, expect, test } from 'vitest';
import { createStyle12Scanner, type Style12ScanEvent } from './index.js';
import { BLOCK_MODE_EXAMPLE, HOLDINGS_EXAMPLES, STYLE12_EXAMPLES } from './testing/examples.js';

const ICC = STYLE12_EXAMPLES[0]?.line ?? '';
const MS = STYLE12_EXAMPLES[2]?.line ?? '';
const B1 = HOLDINGS_EXAMPLES[0]?.line ?? '';

function scanWhole(stream: string | Uint8Array, options?: Parameters<typeof createStyle12Scanner>[0]): Style12ScanEvent[] {
  const scanner = createStyle12Scanner(options);
  return [...scanner.push(stream), ...scanner.end()];
}

/** A short summary of events: the kind and the line or text. */
function summary(events: readonly Style12ScanEvent[]): string[] {
  return events.map((e) => {
    const where = 'block' in e && e.block ? `[${String(e.block.id)}/${String(e.block.command)}] ` : '';
    switch (e.type) {
      case 'board':
        return `${where}board ${String(e.record.gameNumber)}`;
      case 'holdings':
        return `${where}holdings ${String(e.holdings.gameNumber)}`;
      case 'text':
        return `${where}text ${e.text}`;
      case 'error':
        return `${where}error ${e.error.code}`;
      case 'block-end':
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
    expect(event?.type === 'board' && [event.line, event.record.clockUnit]).toEqual([MS, 'milliseconds']);
  });

  test('reads the block-mode example: the board carries its block, then the block ends', () => {
    const events = scanWhole(BLOCK_MODE_EXAMPLE);
    expect(summary(events)).toEqual(['[58/1] board 107', 'end 58']);
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
    expect(summary(whole)).toEqual(['[58/1] board 107', 'end 58', 'board 7', 'error board', 'holdings 6', 'text Ünïcode text']);
  });

  test('an endless line gives one too-long error with bounded memory, then resynchronises', () => {
    const scanner = createStyle12Scanner({ maxLength: 300 });
    const events: Style12ScanEvent[] = [];
    for (let k = 0; k < 1000; k++) events.push(...scanner.push('x'.repeat(1000)));
    events.push(...scanner.push(`\n${ICC}\n`), ...scanner.end());
    expect(summary(events)).toEqual(['error too-long', 'board 7']);
    const [overflow] = events;
    expect(overflow?.type === 'error' && overflow.line.length).toBe(300);
  });

  test('a line without a line end is flushed by end(); a bad block header still frames the block', () => {
    expect(summary(scanWhole(ICC))).toEqual(['board 7']);
    expect(summary(scanWhole(`\x15x\nhello\n\x17`))).toEqual(['[-1/-1] text x', '[-1/-1] text hello', 'end -1']);
  });

  test('latin1 decoding on request', () => {
    const events = scanWhole(Uint8Array.of(0x41, 0xe9, 0x0a), { encoding: 'latin1' });
    expect(summary(events)).toEqual(['text Aé']);
  });
});
