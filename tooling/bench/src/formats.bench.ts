import type { Format, TextFormat } from '@chess-formats/board-core';
import { loadVectors, type VectorFormat } from '@chess-formats/conformance';
import { FORMATS, detectFormat } from '@chess-formats/formats';
import { overItems, report } from './harness.js';
import { interleaved } from './per-character.js';

const isText = (format: Format): format is TextFormat => format.kind === 'text';

/** The records of a format's vectors that it reads with its default options: the corpus of each format. */
function corpusOf(format: TextFormat): { readonly texts: readonly string[]; readonly values: readonly unknown[] } {
  const texts: string[] = [];
  const values: unknown[] = [];
  for (const file of loadVectors(format.name as VectorFormat)) {
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
  const rows = FORMATS.filter(isText).flatMap((format) => {
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
