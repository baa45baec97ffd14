import fc from 'fast-check';
import { planOf, type FieldPlan } from '../plan.js';
import { DG_SCHEMA } from '../schema.js';

/** Every datagram number of the schema. */
export const SCHEMA_IDS: readonly number[] = Object.keys(DG_SCHEMA).map(Number);

const noControls = (text: string): boolean => !/[\x19\x1a]/.test(text);
/** Any text a datagram argument can hold (everything but control-Y and control-Z). */
export const argText = fc.string({ unit: 'grapheme', maxLength: 12 }).filter(noControls);
/** One word: no blanks, no braces. */
export const word = fc.string({ minLength: 1, maxLength: 8 }).filter((w) => noControls(w) && !/[\s{}]/.test(w));
const integer = fc.integer({ min: -(2 ** 31), max: 2 ** 31 });

function scalar(kind: string): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'i':
      return integer;
    case 'f':
      return fc.boolean();
    case 'c':
      return fc.constantFrom('W', 'B');
    case 't':
      return fc.array(word, { maxLength: 3 });
    case 'R':
      return fc.record({ rating: integer, annotation: fc.integer({ min: 0, max: 2 }) });
    default:
      return argText;
  }
}

const moveInfo = fc.record({
  algebraicMove: word,
  smithMove: word,
  time: fc.nat(),
  clock: integer,
  isVariation: fc.nat({ max: 6 }),
});

function rest(kind: string): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'M':
      return fc.array(moveInfo, { maxLength: 3 });
    case 'p':
      return fc.array(fc.array(integer, { minLength: 1, maxLength: 7 }), { maxLength: 3 });
    case 'w':
      return fc.array(word, { maxLength: 4 });
    case 'i':
      return fc.array(integer, { maxLength: 4 });
    default:
      return fc.array(argText, { maxLength: 4 });
  }
}

/** Fields for a datagram with every level 2 variable on, and extra arguments when it can have them. */
export function arbitraryDatagram(id: number): fc.Arbitrary<{ fields: Record<string, unknown>; extra: string[] }> {
  const plan = planOf(id);
  if (plan === undefined) throw new Error(`no plan for ${String(id)}`);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of plan.fields as readonly FieldPlan[])
    shape[field.name] = field.rest ? rest(field.kind) : scalar(field.kind);
  const hasRest = plan.fields.some((f) => f.rest);
  return fc.record({
    fields: fc.record(shape),
    extra: hasRest ? fc.constant([]) : fc.array(argText, { maxLength: 2 }),
  });
}
