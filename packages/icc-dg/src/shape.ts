import type { DatagramPlan, FieldsMaker } from './plan.js';

/** The most field sets one datagram keeps a maker for (its gates and optional fields vary them). */
const MAKERS_PER_DATAGRAM = 8;

/** Cleared for good when the environment refuses `new Function` (a Content-Security-Policy without 'unsafe-eval'). */
let canCompile = true;

function compile(names: readonly string[], count: number): FieldsMaker | null {
  if (!canCompile) return null;
  const entries: string[] = [];
  for (let i = 0; i < count; i++) entries.push(`${JSON.stringify(names[i])}: v[${String(i)}]`);
  try {
    // The source is made of the schema's own field names only, never of the input.
    return new Function('v', `return { ${entries.join(', ')} };`) as FieldsMaker;
  } catch {
    canCompile = false;
    return null;
  }
}

/**
 * The fields object of a datagram of `plan`: the first `count` names and values, in order;
 * `mask` has bit i set when field i of the plan is among them.
 *
 * A generated object literal per field set: the engine then lays every field out at once, in
 * the object itself. Storing them one by one by name goes through its generic keyed store for
 * each field, the decoder's single largest cost (a quarter of its time on moves and clocks).
 * Without `compile`, or where `new Function` is refused, the fields are stored one by one.
 */
export function fieldsObject(
  plan: DatagramPlan,
  mask: number,
  names: readonly string[],
  values: readonly unknown[],
  count: number,
  allowCompile: boolean,
): Record<string, unknown> {
  if (allowCompile && plan.fields.length <= 31) {
    let index = plan.masks.indexOf(mask);
    if (index < 0 && plan.masks.length < MAKERS_PER_DATAGRAM) {
      index = plan.masks.push(mask) - 1;
      plan.makers.push(compile(names, count));
    }
    const make = index < 0 ? null : plan.makers[index];
    if (make) return make(values);
  }
  const object: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) object[names[i] as string] = values[i];
  return object;
}
