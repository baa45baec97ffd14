import type { DatagramPlan, FieldsMaker } from './plan.js';

/** The most field sets one datagram keeps a maker for (its gates and optional fields vary them). */
const MAKERS_PER_DATAGRAM = 8;

/** Cleared for good when the environment refuses `new Function` (a Content-Security-Policy without 'unsafe-eval'). */
let canCompile = true;

/** The names of the fields of `plan` in `mask` (bit i: field i), in order. */
function namesIn(plan: DatagramPlan, mask: number): string[] {
  return plan.fields.filter((_, i) => (mask & (1 << i)) !== 0).map((field) => field.name);
}

function compile(names: readonly string[]): FieldsMaker | null {
  if (!canCompile) return null;
  try {
    // The source is made of the schema's own field names only, never of the input.
    return new Function(
      'v',
      `return { ${names.map((name, i) => `${JSON.stringify(name)}: v[${String(i)}]`).join(', ')} };`,
    ) as FieldsMaker;
  } catch {
    canCompile = false;
    return null;
  }
}

/**
 * The fields object of a datagram of `plan` whose fields in `mask` (bit i: field i of the
 * plan; no plan has more than 31 fields, the schema tests check) hold `values`, in order.
 *
 * A generated object literal per field set: the engine then lays every field out at once, in
 * the object itself. Storing them one by one by name goes through its generic keyed store for
 * each field, the decoder's single largest cost (a quarter of its time on moves and clocks).
 * Without `compile`, or where `new Function` is refused, the fields are stored one by one.
 */
export function fieldsObject(
  plan: DatagramPlan,
  mask: number,
  values: readonly unknown[],
  allowCompile: boolean,
): Record<string, unknown> {
  if (allowCompile) {
    let index = plan.masks.indexOf(mask);
    if (index < 0 && plan.masks.length < MAKERS_PER_DATAGRAM) {
      index = plan.masks.push(mask) - 1;
      plan.makers.push(compile(namesIn(plan, mask)));
    }
    const make = index < 0 ? null : plan.makers[index];
    if (make) return make(values);
  }
  const object: Record<string, unknown> = {};
  const fields = plan.fields;
  for (let i = 0, k = 0; i < fields.length; i++)
    if ((mask & (1 << i)) !== 0) object[(fields[i] as { name: string }).name] = values[k++];
  return object;
}
