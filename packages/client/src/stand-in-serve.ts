import type { Connection, Transport } from './connection.js';
import { latin1Bytes } from './shared.js';

/**
 * How a stand-in server (FICS's or ICC's) is served, the same for both: in memory, as a
 * transport for the clients, or on a loopback port (`listenStandIn` in `@chess-formats/client/node`).
 */

/** The byte connection a stand-in serves: `write` sends its bytes, `end` closes. */
export interface StandInPeer {
  /** Sends the stand-in's bytes to the client. */
  write(bytes: Uint8Array): void;
  /** Closes the connection from the stand-in's side. */
  end(): void;
}

/** What a stand-in gives back for a connection: where the client's bytes go, and its close. */
export interface StandInServed {
  /** Takes the bytes the client sent, as they arrived. */
  receive(bytes: Uint8Array): void;
  /** Tells the stand-in the client has gone. */
  closed(): void;
}

/** A stand-in as the serving code sees it: `createFicsStandIn` and `createIccStandIn` both are one. */
export interface StandInServer {
  /** While true, connections are refused, as a server that is down. */
  readonly refuse: boolean;
  /** Serves one byte connection: a new session of the stand-in. */
  accept(peer: StandInPeer): StandInServed;
}

/** A transport whose each connection is a new session of the stand-in, in memory. */
export function memoryStandInTransport(standIn: StandInServer): Transport {
  return (signal) => {
    if (standIn.refuse) return Promise.reject(new Error('connection refused'));
    if (signal.aborted) return Promise.reject(new Error('interrupted'));
    return Promise.resolve(memoryConnection(standIn));
  };
}

/** A connection in memory to the stand-in: its bytes are the chunks, the client's go to `receive`. */
function memoryConnection(standIn: StandInServer): Connection {
  const queue: Uint8Array[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  const poke = (): void => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const served = standIn.accept({
    write: (bytes) => {
      if (ended) return;
      // A copy: the stand-in may reuse its buffer.
      queue.push(bytes.slice());
      poke();
    },
    end: () => {
      if (ended) return;
      ended = true;
      poke();
      served.closed();
    },
  });
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const next = queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (ended) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  }
  return {
    chunks: chunks(),
    write: (data) => {
      if (!ended) served.receive(typeof data === 'string' ? latin1Bytes(data) : data);
    },
    close: (farewell) => {
      if (ended) return;
      if (farewell !== undefined) served.receive(latin1Bytes(farewell));
      if (ended) return;
      ended = true;
      poke();
      served.closed();
    },
  };
}
