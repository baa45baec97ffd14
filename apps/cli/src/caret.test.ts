import { describe, expect, test } from 'vitest';
import { caretLines, printable } from './caret.js';

describe('caretLines', () => {
  test('puts the caret under the offending character', () => {
    expect(caretLines('8/8 x', 4)).toEqual(['8/8 x', '    ^']);
  });

  test('indents the caret past a label printed before the input', () => {
    expect(caretLines('abc', 1, 5)).toEqual(['abc', '      ^']);
  });

  test('an offset at the end points just past the last character', () => {
    expect(caretLines('abc', 3)).toEqual(['abc', '   ^']);
  });

  test('shows tabs and control characters as one column each', () => {
    expect(caretLines('a\tb\u0001c', 4)).toEqual(['a→b�c', '    ^']);
  });

  test('a surrogate pair takes one column', () => {
    expect(caretLines('♔😀x', 3)).toEqual(['♔😀x', '  ^']);
  });

  test('a long input shows a window around the offset', () => {
    const input = `${'a'.repeat(100)}X${'b'.repeat(100)}`;
    const [shown, caret] = caretLines(input, 100);
    expect(shown).toBe(`...${'a'.repeat(36)}X${'b'.repeat(35)}...`);
    expect(caret.indexOf('^')).toBe(shown.indexOf('X'));
  });
});

describe('printable', () => {
  test('replaces C0, DEL and C1 control characters, keeps the rest', () => {
    expect(printable('a\u001b[31mb\u007fc\u009b2Jd\u00e9♔')).toBe('a�[31mb�c�2Jdé♔');
    expect(printable('tab\there')).toBe('tab→here');
  });
});
