import { expect, test } from 'vitest';
import { detectServer, OutputTail, TAIL_LENGTH } from './output-tail.js';

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

test('keeps the end of the output as text, without control bytes other than line ends', () => {
  const tail = new OutputTail();
  tail.push(bytes('\x19[20 $LoggingIn$\r\n'));
  expect(tail.push(bytes('\x07log'))).toBe('[20 $LoggingIn$\nlog');
  expect(tail.push(bytes('in: '))).toMatch(/login: $/);
  tail.clear();
  expect(tail.value).toBe('');
});

test('stays bounded on endless output', () => {
  const tail = new OutputTail();
  const big = new Uint8Array(1_000_000).fill(0x61);
  for (let i = 0; i < 5; i++) tail.push(big);
  expect(tail.value.length).toBe(TAIL_LENGTH);
});

test('detectServer: ICC by name or prompt, FICS otherwise', () => {
  expect(detectServer('Welcome to the Internet Chess Club')).toBe('icc');
  expect(detectServer('see www.chessclub.com/register')).toBe('icc');
  expect(detectServer('Welcome to the Free Internet Chess Server')).toBe('fics');
  expect(detectServer('FatICS')).toBe('fics');
});
