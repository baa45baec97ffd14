import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  FEN_VECTORS,
  errorCodeCoverage,
  MOVE_NOTATIONS,
  MOVE_VECTORS,
  VECTOR_FORMATS,
  loadVectors,
  vectorCases,
} from './index.js';
import { schemaProblems } from './json-schema.js';
import type { VectorFile } from './types.js';

// The corpus sanity test: the data is the product, so it is checked like code.
const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const vectorsDir = join(packageDir, 'vectors');
const schema = JSON.parse(readFileSync(join(packageDir, 'vectors.schema.json'), 'utf8')) as Record<string, unknown>;

interface OnDisk {
  readonly path: string;
  readonly json: unknown;
}

const onDisk: OnDisk[] = readdirSync(vectorsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) =>
    readdirSync(join(vectorsDir, dir.name))
      .filter((name) => name.endsWith('.json'))
      .map((name) => {
        const path = `${dir.name}/${name}`;
        return { path, json: JSON.parse(readFileSync(join(vectorsDir, path), 'utf8')) as unknown };
      }),
  );

// Every file on disk, whichever format: the sanity checks below hold for the whole corpus.
const allFiles: readonly VectorFile[] = onDisk.map((f) => f.json as VectorFile);
const loadedFiles: readonly VectorFile[] = VECTOR_FORMATS.flatMap((format) => loadVectors(format));
const allCases = vectorCases(allFiles);

// Statements of fact, as in JSON-Schema-Test-Suite's sanity checks.
const MODAL_VERBS = /\b(should|must|may|might|can|could|would|shall|will|ought)\b/i;

describe('vector files on disk', () => {
  test.each(onDisk.map((f) => [f.path, f] as const))('%s matches vectors.schema.json', (_path, file) => {
    expect(schemaProblems(file.json, schema)).toEqual([]);
  });

  test.each(onDisk.map((f) => [f.path, f] as const))('%s is named after its format and topic', (path, file) => {
    const { format, topic } = file.json as VectorFile;
    expect(path).toBe(`${format}/${topic}.json`);
  });

  test('the loader exports exactly the files on disk of its formats, unchanged', () => {
    const loaded = new Map(loadedFiles.map((f) => [`${f.format}/${f.topic}.json`, f]));
    const mine = onDisk.filter((f) => (VECTOR_FORMATS as readonly string[]).includes(f.path.split('/')[0] ?? ''));
    expect([...loaded.keys()].sort()).toEqual(mine.map((f) => f.path).sort());
    for (const file of mine) expect(loaded.get(file.path)).toEqual(file.json);
  });
});

describe('the corpus', () => {
  test('ids are unique across every file and start with format and topic', () => {
    const seen = new Set<string>();
    for (const file of allFiles) {
      for (const c of file.cases) {
        expect(c.id.startsWith(`${file.format}.${file.topic}.`), c.id).toBe(true);
        expect(seen.has(c.id), `duplicate id ${c.id}`).toBe(false);
        seen.add(c.id);
      }
    }
  });

  test('descriptions are unique and free of modal verbs', () => {
    const seen = new Map<string, string>();
    for (const c of allCases) {
      expect(seen.get(c.description), `"${c.description}" of ${c.id}`).toBeUndefined();
      seen.set(c.description, c.id);
      expect(MODAL_VERBS.test(c.description), `${c.id}: "${c.description}"`).toBe(false);
    }
  });

  test('every flag used is defined in its file notes, and every note is used', () => {
    for (const file of allFiles) {
      const used = new Set(file.cases.flatMap((c) => c.flags ?? []));
      for (const flag of used) expect(Object.keys(file.notes), `${file.topic}: flag ${flag}`).toContain(flag);
      for (const flag of Object.keys(file.notes))
        expect([...used], `${file.topic}: unused note ${flag}`).toContain(flag);
    }
  });

  test('every option key used is explained in optionNotes', () => {
    for (const file of allFiles) {
      const keys = new Set(
        file.cases.flatMap((c) => [...Object.keys(c.options ?? {}), ...Object.keys(c.writeOptions ?? {})]),
      );
      for (const key of keys)
        expect(Object.keys(file.optionNotes ?? {}), `${file.topic}: option ${key}`).toContain(key);
    }
  });

  test('every invalid case names one fault inside its input; every valid case has a canonical text', () => {
    for (const c of allCases) {
      if (c.result === 'invalid') {
        expect(c.error, c.id).toBeDefined();
        expect(c.error?.offset, c.id).toBeLessThanOrEqual(c.input.length);
        expect(c.expected, c.id).toBeUndefined();
      }
      if (c.result === 'valid') expect(typeof c.expected?.text, c.id).toBe('string');
    }
  });

  test('FEN has at least 120 cases, valid and invalid, in every default and strict mode', () => {
    const cases = vectorCases(FEN_VECTORS);
    expect(cases.length).toBeGreaterThanOrEqual(120);
    const strict = cases.filter((c) => c.options?.['strict'] === true);
    expect(strict.some((c) => c.result === 'valid')).toBe(true);
    expect(strict.some((c) => c.result === 'invalid')).toBe(true);
    expect(cases.filter((c) => c.result === 'invalid').length).toBeGreaterThanOrEqual(60);
  });

  test('move cases, and only they, have a position and a notation', () => {
    for (const file of allFiles) {
      for (const c of file.cases) {
        const isMove = file.format === 'moves';
        expect(c.position !== undefined, c.id).toBe(isMove);
        expect(c.notation !== undefined, c.id).toBe(isMove);
        expect(c.expected?.notations === undefined || isMove, c.id).toBe(true);
        if (c.error) expect(typeof c.error.field, c.id).toBe(isMove ? 'string' : 'number');
      }
    }
  });

  test('a move file named after a notation holds only cases of that notation', () => {
    for (const file of MOVE_VECTORS) {
      const notation = MOVE_NOTATIONS.find((n) => file.topic === n || file.topic.startsWith(`${n}-`));
      if (notation === undefined) {
        expect(file.dialect, `${file.topic} is named after a dialect`).toBe(file.topic);
        continue;
      }
      for (const c of file.cases) expect(c.notation, c.id).toBe(notation);
    }
  });

  test('a move case lists the other notations only, never its own', () => {
    for (const c of vectorCases(MOVE_VECTORS)) {
      const others = Object.keys(c.expected?.notations ?? {});
      expect(others, c.id).not.toContain(c.notation);
    }
  });

  test('moves have at least 120 cases, in every notation, valid and invalid', () => {
    const cases = vectorCases(MOVE_VECTORS);
    expect(cases.length).toBeGreaterThanOrEqual(120);
    for (const notation of MOVE_NOTATIONS) {
      const mine = cases.filter((c) => c.notation === notation);
      expect(mine.filter((c) => c.result === 'valid').length, notation).toBeGreaterThanOrEqual(10);
      expect(mine.filter((c) => c.result === 'invalid').length, notation).toBeGreaterThanOrEqual(10);
    }
  });

  test('moves that read the same text in the same position agree on the move', () => {
    // Writers are deterministic and a canonical text is a fixed point, so every case expecting
    // a text in a position expects one move for it, and so do the texts of other notations.
    const byText = new Map<string, unknown>();
    const agree = (key: string, value: unknown, id: string): void => {
      const previous = byText.get(key);
      if (previous !== undefined) expect(value, id).toEqual(previous);
      else byText.set(key, value);
    };
    for (const c of vectorCases(MOVE_VECTORS)) {
      if (c.result !== 'valid' || c.expected?.value === undefined || c.options !== undefined) continue;
      const where = JSON.stringify(c.position);
      if (c.writeOptions === undefined)
        agree(`${where} ${String(c.notation)} ${c.expected.text}`, c.expected.value, c.id);
      for (const [notation, text] of Object.entries(c.expected.notations ?? {}))
        agree(`${where} ${notation} ${text}`, c.expected.value, c.id);
    }
    expect(byText.size).toBeGreaterThan(100);
  });

  test('a canonical FEN text is its own canonical text', () => {
    // Writers are deterministic: when a valid input equals its expected text under default write
    // options, every other case expecting that text agrees on the value it stands for.
    const byText = new Map<string, unknown>();
    for (const c of vectorCases(FEN_VECTORS)) {
      if (c.result !== 'valid' || c.writeOptions || c.expected?.value === undefined) continue;
      const previous = byText.get(c.expected.text);
      if (previous !== undefined) expect(c.expected.value, c.id).toEqual(previous);
      else byText.set(c.expected.text, c.expected.value);
    }
    expect(byText.size).toBeGreaterThan(50);
  });
});

describe('errorCodeCoverage', () => {
  test('names the codes no case expects and the expected codes the list lacks', () => {
    const cases = vectorCases(loadVectors('fen'));
    const coverage = errorCodeCoverage(cases, ['turn', 'no-such-code']);
    expect(coverage.missing).toEqual(['no-such-code']);
    expect(coverage.unknown).toContain('castling');
    expect(coverage.unknown).not.toContain('turn');
  });
});
