/**
 * A program for the pool tests, run as a child process: reads the file `argv[3]` on a pool of
 * two workers running `argv[2]` (games mode), prints the games, and closes the pool or not
 * (`argv[4]`: close, open). The test checks that it exits on its own either way.
 */
import { createWorkerPool, readInParallel } from '../parallel.js';

const [workerFile, file, ending] = process.argv.slice(2);
const pool = createWorkerPool({ jobs: 2 }, workerFile!);
let games = 0;
for (let i = 0; i < 2; i++) {
  const read = await readInParallel(file!, { pool, chunkBytes: 64 }, () => games++, workerFile!);
  if (!read.ok) process.stdout.write(`${read.error.code}\n`);
}
if (ending === 'close') await pool.close();
process.stdout.write(`${games} games, pool ${pool.closed ? 'closed' : 'open'}\n`);
