import { jsonEqual } from './equal.js';

/**
 * The subset of JSON Schema (2020-12) that `vectors.schema.json` uses, enough for the corpus
 * sanity test without a dependency. A keyword outside the subset is reported as an error rather
 * than ignored, so the schema cannot silently promise more than this checker verifies.
 */
type Schema = { readonly [keyword: string]: unknown };

const ANNOTATIONS = new Set(['$schema', '$id', 'title', 'description']);
const KEYWORDS = new Set([
  'type',
  'enum',
  'const',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'minItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  '$ref',
  '$defs',
  'allOf',
  'anyOf',
  'if',
  'then',
  'else',
  'not',
]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return false;
  }
}

function resolve(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) node = isObject(node) ? node[part] : undefined;
  return isObject(node) ? node : undefined;
}

function check(value: unknown, schema: Schema, root: Schema, path: string, problems: string[]): void {
  for (const keyword of Object.keys(schema)) {
    if (!KEYWORDS.has(keyword) && !ANNOTATIONS.has(keyword)) problems.push(`${path}: unsupported keyword ${keyword}`);
  }
  const sub = (key: string): Schema | undefined => (isObject(schema[key]) ? (schema[key] as Schema) : undefined);
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const target = resolve(root, ref);
    if (target) check(value, target, root, path, problems);
    else problems.push(`${path}: unresolved $ref ${ref}`);
  }
  if (schema.type !== undefined && !hasType(value, schema.type)) {
    problems.push(`${path}: expected ${String(schema.type)}`);
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => jsonEqual(e, value))) {
    problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if ('const' in schema && !jsonEqual(schema.const, value))
    problems.push(`${path}: expected ${JSON.stringify(schema.const)}`);
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength)
      problems.push(`${path}: shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength)
      problems.push(`${path}: longer than ${schema.maxLength}`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
      problems.push(`${path}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
    }
  }
  if (typeof value === 'number' && typeof schema.minimum === 'number' && value < schema.minimum) {
    problems.push(`${path}: below ${schema.minimum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      problems.push(`${path}: fewer than ${schema.minItems} items`);
    const items = sub('items');
    if (items) value.forEach((item, i) => check(item, items, root, `${path}[${i}]`, problems));
  }
  if (isObject(value)) {
    if (Array.isArray(schema.required)) {
      for (const key of schema.required)
        if (typeof key === 'string' && !(key in value)) problems.push(`${path}: missing ${key}`);
    }
    const properties = sub('properties') ?? {};
    for (const [key, child] of Object.entries(value)) {
      const own = properties[key];
      if (isObject(own)) check(child, own, root, `${path}.${key}`, problems);
      else if (schema.additionalProperties === false) problems.push(`${path}: unexpected property ${key}`);
      else {
        const extra = sub('additionalProperties');
        if (extra) check(child, extra, root, `${path}.${key}`, problems);
      }
    }
  }
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) if (isObject(part)) check(value, part, root, path, problems);
  }
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((part) => isObject(part) && matches(value, part, root))) {
    problems.push(`${path}: matches none of the anyOf schemas`);
  }
  const condition = sub('if');
  if (condition) {
    const branch = matches(value, condition, root) ? sub('then') : sub('else');
    if (branch) check(value, branch, root, path, problems);
  }
  const not = sub('not');
  if (not && matches(value, not, root)) problems.push(`${path}: matches a schema it must not (${JSON.stringify(not)})`);
}

function matches(value: unknown, schema: Schema, root: Schema): boolean {
  const problems: string[] = [];
  check(value, schema, root, '', problems);
  return problems.length === 0;
}

/** Every way `value` fails `schema`, as `path: reason` lines; empty when it conforms. */
export function schemaProblems(value: unknown, schema: Schema): string[] {
  const problems: string[] = [];
  check(value, schema, schema, '$', problems);
  return problems;
}
