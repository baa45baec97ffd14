import {
  ICC_ERROR_CODES,
  ICC_TRACKER_ERROR_CODES,
  createIccDecoder,
  createIccTracker,
  encodeEvents,
  type DatagramName,
  type IccDecoderOptions,
  type IccEvent,
} from '@chess-formats/icc-dg';
import { describe, expect, test } from 'vitest';
import iccChunks from '../vectors/icc/chunks.json' with { type: 'json' };
import iccDatagrams from '../vectors/icc/datagrams.json' with { type: 'json' };
import iccErrors from '../vectors/icc/errors.json' with { type: 'json' };
import iccOverflow from '../vectors/icc/overflow.json' with { type: 'json' };
import iccQuoting from '../vectors/icc/quoting.json' with { type: 'json' };
import iccSettings from '../vectors/icc/settings.json' with { type: 'json' };
import iccTracker from '../vectors/icc/tracker.json' with { type: 'json' };
import iccUnits from '../vectors/icc/units.json' with { type: 'json' };
import { errorCodeCoverage, vectorCases } from './index.js';
import { runCase, type Codec, type CodecParseResult } from './run.js';
import type { VectorCase, VectorFile, VectorOptions } from './types.js';

// The ICC vectors run through @chess-formats/icc-dg: a case's input is a stream, its value the
// events the decoder gives (fed in chunks when the case says so), its canonical text what the
// encoder writes for those events. The first error event is the case's error; with `track`, the
// game tracker's first error too.

const files = [
  iccDatagrams,
  iccSettings,
  iccQuoting,
  iccUnits,
  iccChunks,
  iccOverflow,
  iccErrors,
  iccTracker,
] as unknown as readonly VectorFile[];
const cases: readonly VectorCase[] = vectorCases(files);

interface Decoded {
  readonly events: readonly IccEvent[];
}

function settingsOf(options: VectorOptions | undefined): readonly DatagramName[] | undefined {
  const settings = options?.['settings'];
  return Array.isArray(settings) ? (settings as DatagramName[]) : undefined;
}

function decoderOptions(options: VectorOptions | undefined): IccDecoderOptions {
  const known = new Set(['settings', 'chunkSize', 'maxDatagramSize', 'maxUnitSize', 'maxTextSize', 'track']);
  for (const key of Object.keys(options ?? {})) if (!known.has(key)) throw new TypeError(`unknown option ${key}`);
  const number = (key: string): number | undefined =>
    typeof options?.[key] === 'number' ? (options[key] as number) : undefined;
  const settings = settingsOf(options);
  const sizes = {
    maxDatagramSize: number('maxDatagramSize'),
    maxUnitSize: number('maxUnitSize'),
    maxTextSize: number('maxTextSize'),
  };
  return {
    ...(settings ? { settings } : {}),
    ...Object.fromEntries(Object.entries(sizes).filter(([, v]) => v !== undefined)),
  };
}

const codec: Codec<Decoded> = {
  parse(input, options): CodecParseResult<Decoded> {
    const decoder = createIccDecoder(decoderOptions(options));
    const size = typeof options?.['chunkSize'] === 'number' ? options['chunkSize'] : 0;
    const events: IccEvent[] = [];
    if (size > 0) for (let i = 0; i < input.length; i += size) events.push(...decoder.push(input.slice(i, i + size)));
    else events.push(...decoder.push(input));
    events.push(...decoder.end());
    for (const event of events) if (event.kind === 'error') return { ok: false, error: event.error };
    if (options?.['track'] === true) {
      const tracker = createIccTracker();
      for (const event of events) {
        for (const change of tracker.push(event))
          if (change.kind === 'error') return { ok: false, error: change.error };
      }
    }
    return { ok: true, value: { events } };
  },
  write: (value, options) => {
    const settings = settingsOf(options);
    return encodeEvents(value.events, settings ? { settings } : {});
  },
  toJson: (value) => JSON.parse(JSON.stringify(value)) as unknown,
};

// The write side reads the same options as the parse side (the settings).
const withWriteOptions = (c: VectorCase): VectorCase => (c.options ? { ...c, writeOptions: c.options } : c);

describe('ICC conformance vectors', () => {
  test.each(cases.map((c) => [c.id, c] as const))('%s', (_id, vector) => {
    const outcome = runCase(withWriteOptions(vector), codec);
    expect(outcome.reasons, vector.description).toEqual([]);
    expect(outcome.unchecked).toEqual([]);
  });

  test('every decoder and tracker error code is exercised by at least one vector', () => {
    // `internal-fault` is a defect of the decoder: no input may produce it, so no vector can
    // (icc-dg's own tests reach it by making the codec throw).
    const reachable = ICC_ERROR_CODES.filter((code) => code !== 'internal-fault');
    expect(errorCodeCoverage(cases, [...reachable, ...ICC_TRACKER_ERROR_CODES])).toEqual({ missing: [], unknown: [] });
  });

  test('every datagram of the schema has a valid case', () => {
    const ids = new Set(
      vectorCases([iccDatagrams as unknown as VectorFile]).flatMap((c) => {
        const events =
          (
            c.expected?.value as
              | { events?: { kind: string; datagram?: { id: number; name: string | null } }[] }
              | undefined
          )?.events ?? [];
        return events.flatMap((e) => (e.kind === 'datagram' && e.datagram?.name ? [e.datagram.id] : []));
      }),
    );
    expect(ids.size).toBe(186);
  });
});
