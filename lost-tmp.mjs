import { readFileSync } from 'node:fs';
import { parsePgn as ours } from './packages/pgn/dist/index.js';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
for (const f of process.argv.slice(2)) {
  const data = readFileSync(f);
  console.log('==', f);
  for (const r of ours(data, { encoding: 'auto' })) {
    const g = r.ok ? r.value : r.partial;
    let n = 0; for (let node = g?.moves; node && node.children?.length; node = node.children[0]) n++;
    console.log(' ours', r.ok, r.ok ? '' : r.error.code + ' ' + r.error.message, 'plies', n);
  }
  for (const g of parsePgn(new TextDecoder().decode(data))) {
    const s = [...g.moves.mainline()].map((n) => n.san);
    console.log(' theirs', s.length, s.slice(0, 8).join(' '));
  }
}
