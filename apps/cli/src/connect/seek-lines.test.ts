import { createFicsReader } from '@chess-formats/fics';
import { describe, expect, test } from 'vitest';
import { createBookPrinter } from './seek-lines.js';

const events = (text: string) => {
  const reader = createFicsReader({ joinContinuations: false });
  return [...reader.push(text), ...reader.end()];
};

describe('the lines of connect --seeks', () => {
  test('one line per change of either book; removals of what was never there say nothing', () => {
    const printer = createBookPrinter();
    const session = [
      '<sc>',
      '<s> 7 w=Alice ti=00 rt=1500  t=3 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f',
      '<s> 9 w=Bob ti=02 rt=1700P t=5 i=2 r=u tp=blitz c=W rr=0-9999 a=t f=f',
      '<sr> 7 8',
      '<pf> 14 w=Bob t=draw p=#',
      '<pr> 14',
      '<pr> 15',
      '<sc>',
      'Bob says: hello',
    ].join('\n\r');
    const lines = events(`${session}\n\r`).flatMap((event) => printer.push(event));
    expect(lines.map((line) => line.kind)).toEqual([
      'seek',
      'seek',
      'seek-removed',
      'offer',
      'offer-removed',
      'seeks-cleared',
    ]);
    expect(lines[1]).toMatchObject({ seek: { index: 9, name: 'Bob', rated: false } });
    expect(lines[2]).toEqual({ kind: 'seek-removed', index: 7 });
    expect(lines[3]).toMatchObject({ offer: { index: 14, direction: 'from', name: 'Bob', type: 'draw' } });
    expect([printer.seeks(), printer.offers()]).toEqual([[], []]);
  });

  test('a seek sent again under its index replaces the one on the book', () => {
    const printer = createBookPrinter();
    for (const event of events(
      '<s> 7 w=Alice ti=00 rt=1500  t=3 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f\n\r<s> 7 w=Alice ti=00 rt=1500  t=5 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f\n\r',
    ))
      printer.push(event);
    expect(printer.seeks().map((seek) => seek.index)).toEqual([7]);
  });
});
