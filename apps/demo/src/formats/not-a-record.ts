import type { InputError } from './adapter.js';

/**
 * Common pastes that are no record of any format: a link to a game on a chess site, or an
 * image. Detection would take them for something else (a link for a broken FEN, an image's
 * bytes for an ICC session, whose control characters they share), so the page names them
 * and says what to paste instead.
 */
export interface NotARecord {
  /** `lichess-game`, `chesscom-game` or `image`: the detected mark the page shows. */
  readonly kind: 'lichess-game' | 'chesscom-game' | 'image';
  /** In words, for "Detected: ...". */
  readonly label: string;
  readonly error: InputError;
}

/** Lichess pages whose path is eight letters, as a game's id is: not games. */
const LICHESS_PAGES = new Set(['analysis', 'training', 'practice', 'streamer', 'insights', 'tutorial', 'coaching']);

/** `lichess.org/<8-character game id>`, or the 12-character id of one player's view, then `/white`, `/black`, `#12`. */
const LICHESS_GAME =
  /^(?:https?:\/\/)?(?:www\.)?lichess\.org\/([A-Za-z0-9]{8})(?:[A-Za-z0-9]{4})?(?:\/(?:white|black))?\/?(?:[?#]\S*)?$/i;

/** chess.com's game pages: `/game/live/<id>`, `/game/daily/<id>`, and the older `/live/game/<id>`, `/analysis/game/live/<id>`. */
const CHESSCOM_GAME =
  /^(?:https?:\/\/)?(?:www\.)?chess\.com\/(?:[a-z]{2}\/)?(?:analysis\/)?(?:game\/(?:live|daily|computer)|live\/game|daily\/game|game)\/(?:\d+)\/?(?:[?#]\S*)?$/i;

/** Image file types by their first bytes, as the page sees them (see `imageKindOfBytes`). */
export type ImageKind = 'PNG' | 'JPEG' | 'GIF' | 'WebP';

/** The image type of a file's first bytes (its magic number), or undefined. */
export function imageKindOfBytes(bytes: Uint8Array): ImageKind | undefined {
  const at = (i: number): number => bytes[i] ?? -1;
  const ascii = (from: number, text: string): boolean => [...text].every((ch, i) => at(from + i) === ch.charCodeAt(0));
  if (at(0) === 0x89 && ascii(1, 'PNG\r\n\x1a\n')) return 'PNG';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'JPEG';
  if (ascii(0, 'GIF8') && (at(4) === 0x37 || at(4) === 0x39) && at(5) === 0x61) return 'GIF';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'WebP';
  return undefined;
}

/**
 * The image type of a text that is an image: a `data:image/...` URL, or an image file's bytes
 * read as text (decoded as UTF-8, the bytes that are not UTF-8 become U+FFFD; as Latin-1 they stay).
 */
export function imageKindOfText(text: string): ImageKind | undefined {
  const head = text.trimStart().slice(0, 64);
  const url = /^data:image\/(png|jpeg|jpg|gif|webp)[;,]/i.exec(head);
  if (url) {
    const type = (url[1] ?? '').toLowerCase();
    return type === 'png' ? 'PNG' : type === 'gif' ? 'GIF' : type === 'webp' ? 'WebP' : 'JPEG';
  }
  if (/^[\uFFFD\x89]PNG\r\n\x1a\n/.test(head)) return 'PNG';
  if (/^(?:\xFF\xD8\xFF|\uFFFD{2,3}[\s\S]{0,12}(?:JFIF|Exif))/.test(head)) return 'JPEG';
  if (/^GIF8[79]a/.test(head)) return 'GIF';
  if (/^RIFF[\s\S]{4}WEBP/.test(head)) return 'WebP';
  return undefined;
}

/** What the page says of an image: it reads text. */
export function imageMessage(kind: ImageKind, name?: string): string {
  return `${name ? `${name} is` : 'This is'} an image (${kind}), not text: the page reads text formats (FEN, PGN, style 12, captures and the others of the menu), and cannot read a position from a picture. Paste the position's FEN or the game's PGN instead.`;
}

/** The error over the text's first `most` characters (the link; an image's magic number). */
function whole(text: string, code: string, message: string, most = 2000): InputError {
  const start = text.length - text.trimStart().length;
  return { code, message, offset: start, length: Math.min(most, text.trim().length) };
}

function image(text: string, kind: ImageKind): NotARecord {
  return { kind: 'image', label: `an image (${kind})`, error: whole(text, 'image', imageMessage(kind), 8) };
}

/** The game link or image `text` is, with what to do instead; undefined for any other text. */
export function notARecord(text: string): NotARecord | undefined {
  if (text.length > 2000) {
    // Only an image's bytes are long; a link is short.
    const kind = imageKindOfText(text);
    return kind && image(text, kind);
  }
  const trimmed = text.trim();
  const lichess = LICHESS_GAME.exec(trimmed);
  if (lichess?.[1] && !LICHESS_PAGES.has(lichess[1].toLowerCase())) {
    return {
      kind: 'lichess-game',
      label: 'a lichess game link',
      error: whole(
        text,
        'game-link',
        `This is a link to a lichess game: the page reads records, not links, and does not fetch from other sites (it works offline). Export the game's PGN on lichess: open the game, then its menu (☰, by the moves), and under "Share & export" copy or download the PGN (or open lichess.org/game/export/${lichess[1]}); paste it here or open the file.`,
      ),
    };
  }
  if (CHESSCOM_GAME.test(trimmed)) {
    return {
      kind: 'chesscom-game',
      label: 'a chess.com game link',
      error: whole(
        text,
        'game-link',
        "This is a link to a chess.com game: the page reads records, not links, and does not fetch from other sites (it works offline). Export the game's PGN on chess.com: open the game, press Share (the arrow icon under the moves), choose the PGN tab and copy or download it; paste it here or open the file.",
      ),
    };
  }
  const kind = imageKindOfText(text);
  return kind && image(text, kind);
}
