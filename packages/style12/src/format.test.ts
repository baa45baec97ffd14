import { describe, expect, test } from 'vitest';
import { style12Format } from './format.js';

describe('style12Format.spans', () => {
  test('one span for each token of the line, none for a <b1> holdings line after it', () => {
    const line = style12Format.example;
    const spans = style12Format.spans(`${line}\n<b1> game 7 white [] black []`);
    expect(spans.length).toBe(31);
    expect(spans.every((span) => span.end <= line.length)).toBe(true);
    expect(spans.map((span) => span.field)).toEqual([...Array(31).keys()]);
    expect(spans[19]?.meaning).toBe('playing, my move');
    expect(spans[24]?.meaning).toBe('White has 119 s');
    expect(spans[27]?.meaning).toBe('last move K/e1-e2');
  });
});
