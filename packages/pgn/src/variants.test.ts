import {
  VARIANTS,
  outcome,
  setupToJson,
  standardSetup,
  type TrackedGame,
  type Variant,
} from '@chess-formats/board-core';
import { INITIAL_OCPN, parseOcpn } from '@chess-formats/ocpn';
import { describe, expect, test } from 'vitest';
import { finalSetup } from './game.js';
import { pgnFormat } from './format.js';
import { parsePgn } from './read.js';
import { gameToPgn } from './tracked.js';
import { writePgn } from './write.js';

const KOTH_GAME = `[Event "Casual"]
[Variant "King of the Hill"]
[Result "1-0"]

1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Kd3 Kf6 5. Kc4 Kg6 6. Kd5 1-0
`;

describe('the variants of the list, in PGN', () => {
  test('reads a king of the hill game and knows who won', () => {
    const [read] = parsePgn(KOTH_GAME);
    expect(read?.ok).toBe(true);
    if (!read?.ok) return;
    expect(read.value.variant).toBe('kingOfTheHill');
    expect(read.value.setup.variant).toBe('kingOfTheHill');
    const end = finalSetup(read.value);
    expect(end.variant).toBe('kingOfTheHill');
    expect(outcome(end)).toEqual({ reason: 'variantWin', winner: 'white' });
  });

  test('reads lichess key and the short name, and refuses a move after the king reached the hill', () => {
    for (const name of ['kingOfTheHill', 'KOTH', 'king-of-the-hill'])
      expect(parsePgn(KOTH_GAME.replace('King of the Hill', name))[0]?.ok).toBe(true);
    const [after] = parsePgn(KOTH_GAME.replace('6. Kd5 1-0', '6. Kd5 Kh6 1-0'));
    expect(after?.ok ? 'read' : after?.error.code).toBe('illegal-move');
    // Played as chess, the same moves go on.
    expect(
      parsePgn(KOTH_GAME.replace('[Variant "King of the Hill"]\n', '').replace('6. Kd5 1-0', '6. Kd5 Kh6 1-0'))[0]?.ok,
    ).toBe(true);
  });

  test.each((VARIANTS as readonly Variant[]).map((v) => [v.key, v] as const))(
    '%s: its start written by the format descriptor reads back with its Variant tag',
    (_key, variant) => {
      const [game] = pgnFormat.fromSetup(variant.start());
      expect(game?.variant).toBe(variant.key === 'chess960' ? 'standard' : variant.key);
      const text = writePgn(game!);
      if (variant !== VARIANTS[0] && variant.key !== 'chess960')
        expect(text).toContain(`[Variant "${variant.names.pgn[0]}"]`);
      const [read] = parsePgn(text);
      expect(read?.ok).toBe(true);
      // OCPN always writes the Omega Chess Advanced fields, so Omega reads back with their defaults.
      const position = (setup: Parameters<typeof setupToJson>[0]): unknown => {
        const { omegaAdvanced: _advanced, ...json } = setupToJson(setup);
        return json;
      };
      if (read?.ok) expect(position(read.value.setup)).toEqual(position(game!.setup));
    },
  );

  test("Omega's start is OCPN's without the Omega Chess Advanced state", () => {
    const parsed = parseOcpn(INITIAL_OCPN);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const { omegaAdvanced: _advanced, ...plain } = parsed.value;
    const omega = VARIANTS.find((v) => v.key === 'omega')!;
    expect(setupToJson(omega.start())).toEqual(setupToJson(plain));
  });

  test("a tracked game's server name picks its variant: FICS types and ICC wild numbers", () => {
    const game = (variant: string | undefined): TrackedGame => ({
      gameNumber: 1,
      white: { name: 'a' },
      black: { name: 'b' },
      relation: 'observing',
      ...(variant === undefined ? {} : { variant }),
      initial: standardSetup(),
      setup: standardSetup(),
      moves: [],
      clocks: { white: undefined, black: undefined },
    });
    const tag = (variant: string | undefined): string | undefined => gameToPgn(game(variant)).tags.get('Variant');
    expect(tag(undefined)).toBeUndefined();
    expect(tag('wild/fr')).toBe('Chess960');
    expect(tag('wild/22')).toBe('Chess960');
    expect(tag('crazyhouse')).toBe('Crazyhouse');
    expect(tag('wild/23')).toBe('Crazyhouse');
    expect(tag('wild/25')).toBe('Three-check');
    // A bare `wild/5` is ICC's wild number (chess from its position); FICS's own wild/5 comes
    // with its setup named by the FICS tracker.
    expect(tag('wild/5')).toBeUndefined();
  });
});
