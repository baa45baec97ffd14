import { expect, test } from 'vitest';
import { ceilingFor, describeImports, sizeBudgets } from './size-budgets.js';

test('the margin is 5% or up to the next 512-byte step, whichever is larger', () => {
  expect(ceilingFor(73)).toBe(512);
  // Never less than 5%, however near the step.
  expect(ceilingFor(511)).toBe(537);
  expect(ceilingFor(512)).toBe(1024);
  expect(ceilingFor(1458)).toBe(1536);
  expect(ceilingFor(9462)).toBe(9936);
  expect(ceilingFor(23498)).toBe(24673);
});

test.each(sizeBudgets().map((b) => [describeImports(b), b] as const))(
  '%s: the budget is its measurement plus the margin',
  (_what, budget) => {
    expect(Number.isInteger(budget.measured) && budget.measured > 0).toBe(true);
    expect(budget.gzip).toBe(ceilingFor(budget.measured));
  },
);

test('each import is budgeted once', () => {
  const seen = sizeBudgets().map(describeImports);
  expect(new Set(seen).size).toBe(seen.length);
});
