import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { CommandIo } from './fen-command.js';
import { main } from './main.js';

/** Writes and, when the stream's buffer is full, waits for it to drain: memory stays bounded. */
async function write(stream: Writable, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

const io: CommandIo = {
  stdin: () => process.stdin,
  readFile: (path) => createReadStream(path),
  out: (text) => write(process.stdout, text),
  err: (text) => write(process.stderr, text),
};

// A closed pipe (`chess-formats fen big.fen | head`) is a normal way to stop reading output.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await main(process.argv.slice(2), io);
