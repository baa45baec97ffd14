/**
 * Every complete style 12 and `<b1>` line printed in the project's shared specs and notes,
 * as protocol facts, each with where it is printed. Tests require each to round-trip byte
 * for byte. (The notes also quote a PyChess issue's line abbreviated with an ellipsis; it is
 * not a whole line, so it is not here.)
 */
export interface ExampleLine {
  readonly line: string;
  readonly source: string;
}

export const STYLE12_EXAMPLES: readonly ExampleLine[] = [
  {
    source: 'ICC help file "style12" (the example line)',
    line: '<12> rnbqkb-r pppppppp -----n-- -------- ----P--- -------- PPPPKPPP RNBQ-BNR B -1 0 0 1 1 0 7 Quimbee Darooha 1 2 12 39 39 119 122 2 K/e1-e2 (0:06) Ke2 0',
  },
  {
    source: 'FICS help page "Style 12" (the example, printed over two lines)',
    line: '<12> rnbqkb-r pppppppp -----n-- -------- ----P--- -------- PPPPKPPP RNBQ-BNR B -1 0 0 1 1 0 7 Newton Einstein 1 2 12 39 39 119 122 2 K/e1-e2 (0:06) Ke2 0',
  },
  {
    source: 'FatICS test/test_style.py: the same position sent to a user with `iset ms 1`',
    line: '<12> rnbqkbnr pppppppp -------- -------- ---P---- -------- PPP-PPPP RNBQKBNR B -1 1 1 1 1 0 1 testplayer admin -1 1 0 39 39 60000 60000 1 P/d2-d4 (0:00.000) d4 0 0 0',
  },
  {
    source: 'FatICS test/test_style.py: the same position sent to a user without `ms`',
    line: '<12> rnbqkbnr pppppppp -------- -------- ---P---- -------- PPP-PPPP RNBQKBNR B -1 1 1 1 1 0 1 testplayer admin 1 1 0 39 39 60 60 1 P/d2-d4 (0:00) d4 1 0 0',
  },
  {
    source: 'PyChess testing/ficsplay.py line 33 (a block-mode reply from freechess.org)',
    line: '<12> rnbqkbnr pppppppp -------- -------- -------- -----P-- PPPPP-PP RNBQKBNR B -1 1 1 1 1 0 107 gbtami ggbtami -1 5 0 39 39 300000 300000 1 P/f2-f3 (0:00.000) f3 0 0 0',
  },
];

export const HOLDINGS_EXAMPLES: readonly ExampleLine[] = [
  {
    source: 'FICS help page "Style 12" (bughouse holdings); ICC help file "style12"',
    line: '<b1> game 6 white [PNBBB] black [PNB]',
  },
  { source: 'FICS help page "Style 12" (a passed piece)', line: '<b1> game 52 white [NB] black [N] <- BN' },
];

/** The raw block-mode bytes of PyChess testing/ficsplay.py line 33, as a string. */
export const BLOCK_MODE_EXAMPLE =
  '\x1558\x161\x16\n<12> rnbqkbnr pppppppp -------- -------- -------- -----P-- PPPPP-PP RNBQKBNR B -1 1 1 1 1 0 107 gbtami ggbtami -1 5 0 39 39 300000 300000 1 P/f2-f3 (0:00.000) f3 0 0 0\n\x17\nfics% ';
