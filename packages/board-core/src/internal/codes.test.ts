import { describe, expect, it } from 'vitest';
import * as codes from '@chess-formats/board-core/internal';

// Each name against the character it stands for, written as a string: a wrong number fails.
const CHARACTERS: Readonly<Record<string, string>> = {
  NUL: '\0',
  CONTROL_B: '\x02',
  BELL: '\x07',
  TAB: '\t',
  LF: '\n',
  VT: '\v',
  FF: '\f',
  CR: '\r',
  CONTROL_U: '\x15',
  CONTROL_V: '\x16',
  CONTROL_W: '\x17',
  CONTROL_X: '\x18',
  CONTROL_Y: '\x19',
  CONTROL_Z: '\x1a',
  ESCAPE: '\x1b',
  DELETE: '\x7f',
  SPACE: ' ',
  EXCLAMATION: '!',
  QUOTE: '"',
  HASH: '#',
  DOLLAR: '$',
  PERCENT: '%',
  AMPERSAND: '&',
  APOSTROPHE: "'",
  LEFT_PAREN: '(',
  RIGHT_PAREN: ')',
  ASTERISK: '*',
  PLUS: '+',
  COMMA: ',',
  DASH: '-',
  DOT: '.',
  SLASH: '/',
  COLON: ':',
  SEMICOLON: ';',
  LESS_THAN: '<',
  EQUALS: '=',
  GREATER_THAN: '>',
  QUESTION: '?',
  AT: '@',
  LEFT_BRACKET: '[',
  BACKSLASH: '\\',
  RIGHT_BRACKET: ']',
  CARET: '^',
  UNDERSCORE: '_',
  BACKTICK: '`',
  LEFT_BRACE: '{',
  PIPE: '|',
  RIGHT_BRACE: '}',
  TILDE: '~',
  NON_ASCII: '\x80',
  NO_BREAK_SPACE: '\xa0',
  NON_LATIN1: '\u0100',
  EN_DASH: '–',
  BYTE_ORDER_MARK: '\ufeff',
  ...Object.fromEntries(Array.from('0123456789', (d) => [`DIGIT_${d}`, d])),
  ...Object.fromEntries(Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ', (l) => [`UPPER_${l}`, l])),
  ...Object.fromEntries(Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ', (l) => [`LOWER_${l}`, l.toLowerCase()])),
};

describe('the named character codes', () => {
  const named = Object.entries(codes).filter(([, value]) => typeof value === 'number');

  it.each(Object.entries(CHARACTERS))('%s is the code of its character', (name, character) => {
    expect((codes as Record<string, unknown>)[name]).toBe(character.charCodeAt(0));
  });

  it('names every code it exports here, each once', () => {
    expect(named.map(([name]) => name).sort()).toEqual(Object.keys(CHARACTERS).sort());
    expect(new Set(named.map(([, value]) => value)).size).toBe(named.length);
  });
});
