/**
 * The page's state in its URL, in one of two forms:
 *
 * - readable, for short inputs: `?input=<text>&format=<name>&flip=1&coords=0&game=<n>&ply=<n>`.
 *   Components are read with `decodeURIComponent`, so `+` is a plus sign (three-check counters
 *   such as `3+3` survive a hand-typed link) and spaces are `%20`; links the page writes encode
 *   everything.
 * - compressed, for long ones (captures): `#z=<base64url of the deflate-raw of the state as
 *   JSON>`. A fragment is never sent to the server, so no request line grows with the capture.
 */
export interface UrlState {
  readonly input: string;
  /** An adapter name, or undefined for automatic detection. */
  readonly format?: string;
  readonly flipped: boolean;
  /** Coordinates drawn round the board (the default). */
  readonly coordinates?: boolean;
  /** The game chosen in a session (its index) and the position shown (its ply). */
  readonly game?: number;
  readonly ply?: number;
}

/** Inputs up to this length are written in the readable `?input=` form. */
export const READABLE_INPUT_LENGTH = 2000;
/**
 * Longer links than this are not written: chat tools and mail clients cut or refuse them well
 * before browsers do. The page says the capture is too big to share by link.
 */
export const MAX_SHARE_LINK_LENGTH = 100_000;

function decode(component: string): string {
  try {
    return decodeURIComponent(component);
  } catch {
    return component; // a stray `%` is kept as typed
  }
}

function count(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
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
  const game = count(values.get('game'));
  const ply = count(values.get('ply'));
  return {
    input: values.get('input') ?? '',
    ...(format ? { format } : {}),
    flipped: values.get('flip') === '1',
    ...(values.get('coords') === '0' ? { coordinates: false } : {}),
    ...(game !== undefined ? { game } : {}),
    ...(ply !== undefined ? { ply } : {}),
  };
}

/** The readable form, whatever the input's length. */
export function writeUrlState(state: UrlState): string {
  const parts = [`input=${encodeURIComponent(state.input)}`];
  if (state.format) parts.push(`format=${encodeURIComponent(state.format)}`);
  if (state.flipped) parts.push('flip=1');
  if (state.coordinates === false) parts.push('coords=0');
  if (state.game) parts.push(`game=${state.game}`);
  if (state.ply) parts.push(`ply=${state.ply}`);
  return `?${parts.join('&')}`;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const piped = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

/** `#z=...`: the state, deflated and base64url-encoded. */
export async function writeCompressedState(state: UrlState): Promise<string> {
  const json = JSON.stringify(state);
  return `#z=${toBase64Url(await through(new TextEncoder().encode(json), new CompressionStream('deflate-raw')))}`;
}

/** The state of a `#z=` fragment, or undefined when there is none or it is damaged. */
export async function readCompressedState(hash: string): Promise<UrlState | undefined> {
  if (!hash.startsWith('#z=')) return undefined;
  try {
    const json = new TextDecoder().decode(
      await through(fromBase64Url(hash.slice(3)), new DecompressionStream('deflate-raw')),
    );
    const value = JSON.parse(json) as Record<string, unknown>;
    if (typeof value.input !== 'string') return undefined;
    const game =
      typeof value.game === 'number' && Number.isInteger(value.game) && value.game >= 0 ? value.game : undefined;
    const ply = typeof value.ply === 'number' && Number.isInteger(value.ply) && value.ply >= 0 ? value.ply : undefined;
    return {
      input: value.input,
      ...(typeof value.format === 'string' && value.format ? { format: value.format } : {}),
      flipped: value.flipped === true,
      ...(value.coordinates === false ? { coordinates: false } : {}),
      ...(game !== undefined ? { game } : {}),
      ...(ply !== undefined ? { ply } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * The link for a state (what follows the page's path): readable for short inputs, compressed
 * for long ones, or `tooBig` (and a link without the input) when even that is too long.
 */
export async function shareLink(state: UrlState): Promise<{ link: string; tooBig: boolean; length: number }> {
  if (state.input.length <= READABLE_INPUT_LENGTH) {
    const link = writeUrlState(state);
    return { link, tooBig: false, length: link.length };
  }
  const link = await writeCompressedState(state);
  if (link.length <= MAX_SHARE_LINK_LENGTH) return { link, tooBig: false, length: link.length };
  return { link: linkWithoutInput(state), tooBig: true, length: link.length };
}

/** The link of a state whose input is too big to share: its settings alone. */
export function linkWithoutInput(state: UrlState): string {
  const { input: _dropped, game: _game, ply: _ply, ...rest } = state;
  return writeUrlState({ ...rest, input: '' }).replace(/^\?input=&?/, '?');
}
