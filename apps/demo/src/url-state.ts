/**
 * The page's state in its URL: `?input=<text>&format=<name>` (and `flip=1`). Components are
 * read with `decodeURIComponent`, so `+` is a plus sign (three-check counters such as `3+3`
 * survive a hand-typed link) and spaces are `%20`; links the page writes encode everything.
 */
export interface UrlState {
  readonly input: string;
  /** An adapter name, or undefined for automatic detection. */
  readonly format?: string;
  readonly flipped: boolean;
}

function decode(component: string): string {
  try {
    return decodeURIComponent(component);
  } catch {
    return component; // a stray `%` is kept as typed
  }
}

export function readUrlState(search: string): UrlState {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const values = new Map<string, string>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    if (!values.has(key)) values.set(key, eq < 0 ? '' : decode(part.slice(eq + 1)));
  }
  const format = values.get('format');
  return {
    input: values.get('input') ?? '',
    ...(format ? { format } : {}),
    flipped: values.get('flip') === '1',
  };
}

export function writeUrlState(state: UrlState): string {
  const parts = [`input=${encodeURIComponent(state.input)}`];
  if (state.format) parts.push(`format=${encodeURIComponent(state.format)}`);
  if (state.flipped) parts.push('flip=1');
  return `?${parts.join('&')}`;
}
