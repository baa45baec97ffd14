import type { StreamFormat } from '@chess-formats/board-core';
import { CONTROL_U } from '@chess-formats/board-core/internal';
import { STYLE12_ERROR_CODES, type Style12ErrorCode } from '@chess-formats/style12';
import { FICS_READER_ERROR_CODES, type FicsErrorCode } from './errors.js';
import { createFicsReader, type FicsReader, type FicsReaderOptions } from './reader.js';

/** How much of a text the detector looks at: a session shows itself in its first lines. */
const SAMPLE = 4096;
/** The machine lines only FICS sends (`<12>` and `<b1>` are style 12's, on ICC too). */
const FICS_TAGS = /(?:^|\n|\r|fics% )<(?:s|sn|sc|sr|g1|d1|pt|pf|pr|wa|wd)>(?: |\r|\n|$)/;
/** A move list's header, FICS's alone. */
const FICS_LISTING = /(?:^|\n|\r)Movelist for game \d{1,9}:/;
/** Replies and notices of FICS in plain text: weaker evidence, as a person could type them. */
const FICS_TEXTS =
  /(?:^|\n|\r)(?:\{Game \d{1,9} \(|Creating: |Challenge: |Game notification: |You are now observing game \d|Removing game \d{1,9} from observation list|You will (?:now be following|not follow any player)|Ads removed: \d|[a-z_]{2,16} (?:un)?set\.(?:\r|\n|$)|\s*\d{1,4} games? displayed|\s*\d{1,4} ads? displayed|.{1,40} seeking .{1,60}\("play \d{1,9}" to respond\)|\s*\d{1,4} (?:\(Exam\. |\(Setup )?[-+\d]{1,4}[EP]? \S{1,17} +[-+\d]{1,4}[EP]? \S{1,17} +\[)/;

/**
 * A FICS session as one stream format: its reader is `createFicsReader`, fed chunks as they
 * come, giving the same events however the stream is split.
 */
export const ficsFormat: StreamFormat<FicsReader, FicsErrorCode | Style12ErrorCode, FicsReaderOptions> =
  /* @__PURE__ */ Object.freeze({
    kind: 'stream',
    name: 'fics',
    title: 'FICS session',
    // A seek ad, then its removal, as `iset seekinfo 1` sends them.
    example: '<s> 7 w=Alice ti=00 rt=1500  t=3 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f\n\r<sr> 7\n\r',
    detect(text: string): number {
      if (typeof text !== 'string') return 0;
      const sample = text.slice(0, SAMPLE);
      // The prompt and a block start are FICS's own; a machine line of FICS alone nearly so.
      if (sample.includes('fics% ') || sample.includes(String.fromCharCode(CONTROL_U))) return 0.95;
      if (FICS_TAGS.test(sample) || FICS_LISTING.test(sample)) return 0.9;
      return FICS_TEXTS.test(sample) ? 0.6 : 0;
    },
    createReader: (options?: FicsReaderOptions): FicsReader => createFicsReader(options),
    // A board line that does not read carries style 12's code; any other line, this package's.
    errorCodes: Object.freeze([...new Set([...FICS_READER_ERROR_CODES, ...STYLE12_ERROR_CODES])]),
  });
