import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatagramName } from '../schema.js';

/** The recorded sample session (samples/session.icc), written by us: login, an observed game, tells, a seek, a match and its result. */
export const SAMPLE_SESSION: Uint8Array = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'samples', 'session.icc'),
);

/** The level 2 variables the sample's client turned on. */
export const SAMPLE_SETTINGS: readonly DatagramName[] = [
  'DG_WHO_AM_I',
  'DG_MY_GAME_STARTED',
  'DG_MY_GAME_RESULT',
  'DG_STARTED_OBSERVING',
  'DG_PLAYERS_IN_MY_GAME',
  'DG_SEND_MOVES',
  'DG_KIBITZ',
  'DG_CHANNEL_TELL',
  'DG_MATCH',
  'DG_MATCH_REMOVED',
  'DG_PERSONAL_TELL',
  'DG_MOVE_ALGEBRAIC',
  'DG_MOVE_SMITH',
  'DG_MOVE_CLOCK',
  'DG_FLIP',
  'DG_MY_RELATION_TO_GAME',
  'DG_SEEK',
  'DG_SEEK_REMOVED',
  'DG_MSEC',
  'DG_POSITION_BEGIN',
];
