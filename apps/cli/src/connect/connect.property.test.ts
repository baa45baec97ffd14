import fc from 'fast-check';
import { expect, test } from 'vitest';
import { parseConnectArgs } from '../connect-command.js';
import { LoginMachine } from '@chess-formats/client';
import { OutputTail, TAIL_LENGTH } from './output-tail.js';

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
        const login = new LoginMachine(server, { kind: 'user', name: 'me', password: 'pw' });
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
