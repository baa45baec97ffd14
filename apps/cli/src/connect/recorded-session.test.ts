import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseRecordedSession, unescapeBytes } from './recorded-session.js';

const SESSIONS = new URL('../../samples/sessions/', import.meta.url);

describe('unescapeBytes', () => {
  test('line ends, tabs, backslashes, any byte, UTF-8 text', () => {
    expect([...unescapeBytes('a\\n\\r\\t\\\\\\x19\\xffé')]).toEqual([0x61, 10, 13, 9, 0x5c, 0x19, 0xff, 0xc3, 0xa9]);
  });

  test('an unknown escape is a mistake in the file', () => {
    expect(() => unescapeBytes('\\q', 'x:1: ')).toThrow("x:1: bad escape '\\q'");
    expect(() => unescapeBytes('\\x1', 'x:1: ')).toThrow('bad escape');
  });
});

test('steps, line ends, connections', () => {
  const session = parseRecordedSession(
    [
      '# comment',
      '@line-end \\n\\r',
      '<| login: ',
      '> guest',
      '> *',
      '< hello',
      'drop',
      '=== again',
      '< bye',
      'close',
    ].join('\n'),
  );
  expect(session.connections).toHaveLength(2);
  const [first, second] = session.connections;
  expect(first?.map((step) => step.kind)).toEqual(['send', 'expect', 'expect', 'send', 'drop']);
  expect(first?.[1]).toEqual({ kind: 'expect', line: 'guest', at: 4 });
  expect(first?.[2]).toEqual({ kind: 'expect', line: undefined, at: 5 });
  expect(first?.[3]).toEqual({ kind: 'send', bytes: new TextEncoder().encode('hello\n\r') });
  expect(second?.map((step) => step.kind)).toEqual(['send', 'close']);
  expect(() => parseRecordedSession('shout hello')).toThrow("unknown step 'shout hello'");
});

test.each(readdirSync(SESSIONS).filter((name) => name.endsWith('.ics')))('the recorded session %s reads', (name) => {
  const session = parseRecordedSession(readFileSync(new URL(name, SESSIONS), 'utf8'), name);
  expect(session.connections.length).toBeGreaterThan(0);
  for (const steps of session.connections) {
    expect(steps.some((step) => step.kind === 'expect')).toBe(true);
    expect(['drop', 'reset', 'close']).toContain(steps[steps.length - 1]?.kind);
  }
});
