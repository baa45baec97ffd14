import fc from 'fast-check';
import { expect, test } from 'vitest';
import { parseConnectArgs } from '../connect-command.js';
import { iccLoginLines, LoginMachine } from '@chess-formats/client';
import { OutputTail, TAIL_LENGTH } from './output-tail.js';
import { bestListed } from './session.js';

const serverText = fc.string({
  unit: fc.constantFrom(...'0123456789 abcGame{}()[]+-/*:"\n\r\x19\x07login:password:Press return'.split('')),
  maxLength: 300,
});

test('the login machines never throw and never send a line with a line end in it', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('fics' as const, 'icc' as const),
      fc.array(serverText, { maxLength: 12 }),
      (server, outputs) => {
        const login = new LoginMachine(server, { kind: 'user', name: 'me', password: 'pw' }, iccLoginLines());
        for (const output of outputs) {
          const action = login.onText(output);
          if (action.kind === 'send') expect(action.line).not.toMatch(/[\r\n]/);
        }
      },
    ),
  );
});

test('the output tail stays bounded on any chunks', () => {
  fc.assert(
    fc.property(fc.array(fc.uint8Array({ maxLength: 3000 }), { maxLength: 8 }), (chunks) => {
      const tail = new OutputTail();
      for (const chunk of chunks) expect(tail.push(chunk).length).toBeLessThanOrEqual(TAIL_LENGTH);
    }),
  );
});

test('parseConnectArgs never throws, and accepts only what it can use', () => {
  fc.assert(
    fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 8 }), (args) => {
      const parsed = parseConnectArgs(args);
      if (parsed.kind === 'run') {
        const { port } = parsed.options.options;
        expect(port >= 1 && port <= 65_535).toBe(true);
      }
    }),
  );
});

test('the best game of a games list: the highest rating sum, the lower number on a tie, never a private or examined one', () => {
  const fics = [
    '  12 1620 Quixote     1588 Nightjar   [ bu  5   0]   3:11 -  4:02 (33-31) W: 14',
    '  95 2290 Fennimore   2301 Tidewrack  [ zr  3   0]   1:03 -  0:57 (40-34) B: 21',
    '  94 2301 Tidewrack   2290 Fennimore  [ br  3   0]   1:03 -  0:57 (40-34) B: 21',
    '  104 2600 Sequestrix  2610 Hushabye   [pbr  3   0]   2:59 -  2:58 (39-39) W:  2',
    '  117 (Exam.  2900 Ostrogoth   2900 Pendragon ) [ uu  0   0] W: 12',
    '  44 ++++ GuestWQTZ   ++++ GuestBBDF  [ bu  2  12]   1:58 -  2:30 (39-39) W:  3',
  ];
  expect(bestListed(fics, 'fics')).toMatchObject({ game: 94, white: 'Tidewrack', whiteRating: '2301' });
  const icc = [
    '  7 1911 Pipistrelle  1876 Lowmoor      [ B  5  0]  4:12 -  3:55 (37-37) W: 11',
    ' 42 2288 Vasilisk     2301 Tarrasque    [ B  3  0]  2:51 -  2:44 (39-39) W:  9',
    ' 43 2900 Hidden       2900 Hidden2      [pB  3  0]  2:51 -  2:44 (39-39) W:  9',
    ' 58 ---- Ironbark     ++++ Saltmarsh    [ w  3  0]  2:51 -  2:44 (39-39) W:  9',
  ];
  expect(bestListed(icc, 'icc')).toMatchObject({ game: 42, black: 'Tarrasque', blackRating: '2301' });
  expect(bestListed(['  3 games displayed.', ''], 'icc')).toBeUndefined();
});

test('the games list readers never throw on any text', () => {
  fc.assert(
    fc.property(fc.array(serverText, { maxLength: 6 }), (lines) => {
      for (const server of ['fics', 'icc'] as const) {
        const best = bestListed(lines, server);
        if (best !== undefined) expect(Number.isInteger(best.game)).toBe(true);
      }
    }),
  );
});
