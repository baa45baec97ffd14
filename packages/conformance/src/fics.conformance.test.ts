import {
  FICS_READER_ERROR_CODES,
  createFicsReader,
  writeFicsEvents,
  type FicsEvent,
  type FicsReaderOptions,
} from '@chess-formats/fics';
import { expect, test } from 'vitest';
import type { Codec, CodecParseResult } from './run.js';
import { describeConformance } from './testing/corpus.js';
import type { VectorOptions } from './types.js';

// The FICS vectors run through @chess-formats/fics: a case's input is a session stream, its
// value the reader's events (fed in chunks when the case says so), its canonical text what the
// writer writes for those events. The first error event is the case's error.

interface Read {
  readonly events: readonly FicsEvent[];
}

function readerOptions(options: VectorOptions | undefined): FicsReaderOptions {
  const known = new Set(['chunkSize', 'joinContinuations', 'maxMovesRows', 'maxLength']);
  for (const key of Object.keys(options ?? {})) if (!known.has(key)) throw new TypeError(`unknown option ${key}`);
  const { chunkSize: _chunkSize, ...rest } = options ?? {};
  return rest as FicsReaderOptions;
}

const codec: Codec<Read> = {
  parse(input, options): CodecParseResult<Read> {
    const reader = createFicsReader(readerOptions(options));
    const size = typeof options?.['chunkSize'] === 'number' ? options['chunkSize'] : 0;
    const events: FicsEvent[] = [];
    if (size > 0) for (let i = 0; i < input.length; i += size) events.push(...reader.push(input.slice(i, i + size)));
    else events.push(...reader.push(input));
    events.push(...reader.end());
    for (const event of events) if (event.kind === 'error') return { ok: false, error: event.error };
    return { ok: true, value: { events } };
  },
  write: (value) => writeFicsEvents(value.events),
  toJson: (value) => JSON.parse(JSON.stringify(value)) as unknown,
};

// A board line that does not read carries style 12's code, and style 12's vectors cover those.
const cases = describeConformance('fics', codec, { errorCodes: FICS_READER_ERROR_CODES });

test('every line kind of the FICS reader has a valid case', () => {
  const kinds = new Set(
    cases.flatMap((c) =>
      ((c.expected?.value as { events?: { kind: string }[] } | undefined)?.events ?? []).map((e) => e.kind),
    ),
  );
  const expected = [
    'game-info',
    'delta-board',
    'seek',
    'seek-clear',
    'seek-remove',
    'seek-ad',
    'seek-ads-removed',
    'offer',
    'offer-remove',
    'pin',
    'game-start',
    'game-end',
    'creating',
    'challenge',
    'game-notification',
    'observe-start',
    'observe-header',
    'observe-removed',
    'follow',
    'moves',
    'games-row',
    'games-footer',
    'sought-row',
    'sought-footer',
    'ivar',
    'unit-start',
    'unit-end',
    'text',
  ];
  expect(expected.filter((kind) => !kinds.has(kind))).toEqual([]);
});
