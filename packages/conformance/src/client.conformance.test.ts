import { createFicsClient, createFicsStandIn, type FicsClientEvent } from '@chess-formats/client';
import { createFicsReader, type FicsEvent } from '@chess-formats/fics';
import { expect, test } from 'vitest';
import { vectorFilesOf } from './testing/corpus.js';

// The FICS client reads the server through @chess-formats/fics: whatever a FICS vector's stream
// holds, sent to a logged-in client between replies, comes out of the client as the same events
// the session reader gives for it, in the same order.

const streams = vectorFilesOf('fics')
  .flatMap((file) => file.cases)
  .filter((c) => c.result === 'valid' && typeof c.input === 'string' && c.options === undefined);

/** The client turns `nowrap` on at login, so it reads each line as it comes, continuations unjoined. */
function readerEvents(input: string): FicsEvent[] {
  const reader = createFicsReader({ joinContinuations: false });
  return [...reader.push(input), ...reader.end()];
}

/** The lines the reader keeps of an event: what both sides must agree on, block frames aside. */
function comparable(events: readonly FicsEvent[]): unknown[] {
  return events.filter((event) => !event.kind.startsWith('block')).map((event) => JSON.parse(JSON.stringify(event)));
}

test('the vectors hold valid FICS streams to send', () => {
  expect(streams.length).toBeGreaterThan(20);
});

test.each(streams.map((c) => [c.id, c.input as string] as const))(
  'the FICS client reports the reader events of %s',
  async (_id, input) => {
    const standIn = createFicsStandIn({
      onCommand: (command) => (command === 'finger' ? ['Finger of GuestCFMT:'] : undefined),
    });
    const seen: FicsEvent[] = [];
    const client = createFicsClient({
      transport: standIn.transport,
      timeseal: false,
      onEvent: (event: FicsClientEvent) => {
        if (event.kind === 'fics') seen.push(event.event);
      },
    });
    // A command's reply marks the end of the login: what is broadcast after it is the vector alone.
    expect((await client.command('finger')).ok).toBe(true);
    const before = seen.length;
    standIn.broadcast(`${input}\n\rfics% `);
    const marker = await client.command('finger');
    expect(marker.ok).toBe(true);
    client.close();
    await client.stopped;
    const expected = comparable(readerEvents(input));
    expect(comparable(seen.slice(before)).slice(0, expected.length)).toEqual(expected);
  },
);
