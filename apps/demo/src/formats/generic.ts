import type { FieldSpan, TextFormat } from '@chess-formats/board-core';
import { placedError, type FieldRow, type FormatAdapter, type FormatView, type Position } from './adapter.js';

// The page's view of any text format from its descriptor alone: detection, reading, the field
// table (the descriptor's `spans`), errors placed in the input and conversions. A format of the
// list with no view of its own (registry.ts) is shown through this, with no code for it here.

/** The field table of `text`: each span of the descriptor, named by its `fields`. */
export function fieldRows(format: TextFormat, text: string, spans: readonly FieldSpan[]): FieldRow[] {
  return spans.map((span) => ({
    name: format.fields[span.field] ?? 'extra',
    text: text.slice(span.start, span.end),
    offset: span.start,
    meaning: span.meaning,
  }));
}

/** Reads `text` in `format`: one position, its fields with their meanings, or the parser's error placed in the text. */
export function readWith(format: TextFormat, text: string): FormatView {
  const parsed = format.parse(text);
  if (!parsed.ok)
    return {
      positions: [],
      fields: fieldRows(format, text, format.spans(text)),
      errors: [placedError(text, parsed.error, format.fields)],
      notes: [],
    };
  return {
    positions: [{ setup: format.setupOf(parsed.value) }],
    fields: fieldRows(format, text, format.spans(text, parsed.value)),
    errors: [],
    notes: [],
  };
}

/**
 * The adapter of a text format made from its descriptor: its name, title and example, its
 * detector, `readWith` and a writer through `fromSetup` (`undefined` where the format cannot
 * hold the position, as its `fromSetup` or `write` says by throwing).
 */
export function genericAdapter(format: TextFormat): FormatAdapter {
  return {
    name: format.name,
    label: format.title,
    family: format.name,
    example: format.example,
    detect: (text) => format.detect(text),
    read: (text) => readWith(format, text),
    write({ setup }: Position) {
      try {
        return format.write(format.fromSetup(setup));
      } catch {
        return undefined;
      }
    },
  };
}
