import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TextFormat } from '@chess-formats/board-core';
import { TEXT_FORMATS, detectFormat } from '@chess-formats/formats';
import { overItems, report } from './harness.js';
import { interleaved } from './per-character.js';

/**
 * The conformance vectors, read from the repository rather than through the conformance
 * package: that package depends on every library, and only the apps at the top may depend on it.
 */
// run.mjs runs the bundle in tooling/bench.
const VECTORS = join(process.cwd(), '..', '..', 'packages', 'conformance', 'vectors');

interface Case {
  readonly input: string;
  readonly options?: unknown;
}

/** The records of a format's vectors that it reads with its default options: the corpus of each format. */
function corpusOf(format: TextFormat): { readonly texts: readonly string[]; readonly values: readonly unknown[] } {
  const texts: string[] = [];
  const values: unknown[] = [];
  const dir = join(VECTORS, format.name);
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
    : [];
  for (const name of files) {
    const file = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { readonly cases: readonly Case[] };
    for (const c of file.cases) {
      if (c.options !== undefined) continue;
      const read = format.parse(c.input);
      if (!read.ok) continue;
      texts.push(c.input);
      values.push(read.value);
    }
  }
  return { texts, values };
}

/**
 * Every text format of the one list, through its descriptor, on the records of its own
 * vectors: parse, write and detection rates over each corpus. A format added to FORMATS is measured
 * here with no change to this file. (The per-format suites compare with peer libraries.)
 */
export function runFormats(): void {
  const rows = TEXT_FORMATS.flatMap((format) => {
    const { texts, values } = corpusOf(format);
    if (texts.length === 0) return [];
    return interleaved([
      [`${format.name} parse (${texts.length} records)`, overItems(texts, (text) => format.parse(text))],
      [`${format.name} write`, overItems(values, (value) => format.write(value))],
      [`${format.name} detectFormat, whole list`, overItems(texts, (text) => detectFormat(text))],
    ]);
  });
  report('Every text format of the list, by its descriptor (passes over its corpus)', 'passes', rows);
}
