import { describe, expect, test } from 'vitest';
import { describeExamples } from './examples-suite.js';
import { examplesOf, matchesComment, readmes } from './readme-examples.js';

describeExamples('README examples', readmes().flatMap(examplesOf), 'readme-examples', 4);

describe('matchesComment', () => {
  test('whitespace is squashed and ... matches anything', () => {
    expect(
      matchesComment(
        "{ code: 'turn', field: 1, offset: 16, message: 'x' }",
        "{ code: 'turn', field: 1, offset: 16, ... }",
      ),
    ).toBe(true);
    expect(matchesComment('false 28', 'false  28')).toBe(true);
    expect(matchesComment('false 29', 'false 28')).toBe(false);
    expect(matchesComment('a(b)', 'a(b)')).toBe(true);
  });
});
