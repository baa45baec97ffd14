import { createFicsReader, type FicsEvent } from '@chess-formats/fics';
import { webSocketTransport } from '../index.js';

/**
 * The page of the transport's browser test: connects with the browser's own WebSocket, sends
 * a line, reads the session the stand-in sends with the FICS reader, says goodbye, and
 * returns what it read for the test to check.
 */

export interface TransportPageResult {
  readonly chunks: number;
  readonly bytes: number;
  readonly observed: number[];
  readonly moves: string[];
  readonly prompts: number;
  readonly farewellAnswer: string;
  readonly errors: string[];
}

async function run(url: string): Promise<TransportPageResult> {
  const connection = await webSocketTransport(url, { timeoutMs: 5000 })(new AbortController().signal);
  const reader = createFicsReader({ encoding: 'latin1' });
  const events: FicsEvent[] = [];
  let chunks = 0;
  let bytes = 0;
  connection.write('observe 7\n');
  const decoder = new TextDecoder('latin1');
  let tail = '';
  let saidGoodbye = false;
  for await (const chunk of connection.chunks) {
    chunks++;
    bytes += chunk.length;
    reader.push(chunk, (event) => events.push(event));
    tail = (tail + decoder.decode(chunk)).slice(-200);
    // The session is over at the stand-in's last line: say goodbye and read its answer.
    if (!saidGoodbye && tail.includes('(end of session)')) {
      saidGoodbye = true;
      connection.close('quit\n');
    }
  }
  reader.end((event) => events.push(event));
  return {
    chunks,
    bytes,
    observed: events.flatMap((e) => (e.kind === 'observe-start' ? [e.gameNumber] : [])),
    moves: events.flatMap((e) => (e.kind === 'board' ? [e.record.sanMove] : [])),
    prompts: events.filter((e) => e.kind === 'text' && e.text.includes('fics%')).length,
    farewellAnswer: tail.slice(tail.indexOf('(end of session)') + '(end of session)'.length).trim(),
    errors: events.flatMap((e) => (e.kind === 'error' ? [e.error.message] : [])),
  };
}

(globalThis as { runTransportPage?: typeof run }).runTransportPage = run;
