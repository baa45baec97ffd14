/*
 * The characters the text readers look at, named, as UTF-16 code units (what `charCodeAt`
 * returns; the same numbers as the bytes of ASCII, Latin-1 and the ASCII subset of UTF-8).
 *
 * Readers compare code units rather than one-character strings because a comparison of two
 * small integers needs no string at all; the names are here so that a reader says which
 * character it means. They are plain `const`s, and the packages' build writes each number in
 * place of its name (tooling/tsup-config/char-codes.js, which reads them from the lines below:
 * keep one `export const NAME = 0x..;` per line), so the shipped code compares constants, as a
 * minifying bundler would make it anyway.
 * A name says which character, never what a format makes of it: a reader that gives a
 * character a meaning names that meaning itself (`const DATAGRAM_OPEN = LEFT_PAREN`).
 */

// Control characters.
/** The null character. */
export const NUL = 0x00;
/** Control-B. */
export const CONTROL_B = 0x02;
/** Bell, ^G. */
export const BELL = 0x07;
/** Horizontal tab. */
export const TAB = 0x09;
/** Line feed, `\n`. */
export const LF = 0x0a;
/** Vertical tab. */
export const VT = 0x0b;
/** Form feed. */
export const FF = 0x0c;
/** Carriage return, `\r`. */
export const CR = 0x0d;
/** Control-U (FICS block mode: a block starts). */
export const CONTROL_U = 0x15;
/** Control-V (FICS block mode: separates a block's fields). */
export const CONTROL_V = 0x16;
/** Control-W (FICS block mode: a block ends). */
export const CONTROL_W = 0x17;
/** Control-X. */
export const CONTROL_X = 0x18;
/** Control-Y: ICC's escape, which with the next character frames units and datagrams. */
export const CONTROL_Y = 0x19;
/** Control-Z: ICC's end of a level-1 message. */
export const CONTROL_Z = 0x1a;
/** Escape. */
export const ESCAPE = 0x1b;
/** Delete, the last ASCII code. */
export const DELETE = 0x7f;

// Printable ASCII, in code order.
/** ` ` */
export const SPACE = 0x20;
/** `!` */
export const EXCLAMATION = 0x21;
/** `"` */
export const QUOTE = 0x22;
/** `#` */
export const HASH = 0x23;
/** `$` */
export const DOLLAR = 0x24;
/** `%` */
export const PERCENT = 0x25;
/** `&` */
export const AMPERSAND = 0x26;
/** `'` */
export const APOSTROPHE = 0x27;
/** `(` */
export const LEFT_PAREN = 0x28;
/** `)` */
export const RIGHT_PAREN = 0x29;
/** `*` */
export const ASTERISK = 0x2a;
/** `+` */
export const PLUS = 0x2b;
/** `,` */
export const COMMA = 0x2c;
/** `-`, hyphen-minus. */
export const DASH = 0x2d;
/** `.` */
export const DOT = 0x2e;
/** `/` */
export const SLASH = 0x2f;
/** `0` */
export const DIGIT_0 = 0x30;
/** `1` */
export const DIGIT_1 = 0x31;
/** `2` */
export const DIGIT_2 = 0x32;
/** `3` */
export const DIGIT_3 = 0x33;
/** `4` */
export const DIGIT_4 = 0x34;
/** `5` */
export const DIGIT_5 = 0x35;
/** `6` */
export const DIGIT_6 = 0x36;
/** `7` */
export const DIGIT_7 = 0x37;
/** `8` */
export const DIGIT_8 = 0x38;
/** `9` */
export const DIGIT_9 = 0x39;
/** `:` */
export const COLON = 0x3a;
/** `;` */
export const SEMICOLON = 0x3b;
/** `<` */
export const LESS_THAN = 0x3c;
/** `=` */
export const EQUALS = 0x3d;
/** `>` */
export const GREATER_THAN = 0x3e;
/** `?` */
export const QUESTION = 0x3f;
/** `@` */
export const AT = 0x40;
/** `[` */
export const LEFT_BRACKET = 0x5b;
/** `\\` */
export const BACKSLASH = 0x5c;
/** `]` */
export const RIGHT_BRACKET = 0x5d;
/** `^` */
export const CARET = 0x5e;
/** `_` */
export const UNDERSCORE = 0x5f;
/** `` ` `` */
export const BACKTICK = 0x60;
/** `{` */
export const LEFT_BRACE = 0x7b;
/** `|` */
export const PIPE = 0x7c;
/** `}` */
export const RIGHT_BRACE = 0x7d;
/** `~` */
export const TILDE = 0x7e;

// Letters.
/** `A` */
export const UPPER_A = 0x41;
/** `B` */
export const UPPER_B = 0x42;
/** `C` */
export const UPPER_C = 0x43;
/** `D` */
export const UPPER_D = 0x44;
/** `E` */
export const UPPER_E = 0x45;
/** `F` */
export const UPPER_F = 0x46;
/** `G` */
export const UPPER_G = 0x47;
/** `H` */
export const UPPER_H = 0x48;
/** `I` */
export const UPPER_I = 0x49;
/** `J` */
export const UPPER_J = 0x4a;
/** `K` */
export const UPPER_K = 0x4b;
/** `L` */
export const UPPER_L = 0x4c;
/** `M` */
export const UPPER_M = 0x4d;
/** `N` */
export const UPPER_N = 0x4e;
/** `O` */
export const UPPER_O = 0x4f;
/** `P` */
export const UPPER_P = 0x50;
/** `Q` */
export const UPPER_Q = 0x51;
/** `R` */
export const UPPER_R = 0x52;
/** `S` */
export const UPPER_S = 0x53;
/** `T` */
export const UPPER_T = 0x54;
/** `U` */
export const UPPER_U = 0x55;
/** `V` */
export const UPPER_V = 0x56;
/** `W` */
export const UPPER_W = 0x57;
/** `X` */
export const UPPER_X = 0x58;
/** `Y` */
export const UPPER_Y = 0x59;
/** `Z` */
export const UPPER_Z = 0x5a;
/** `a` */
export const LOWER_A = 0x61;
/** `b` */
export const LOWER_B = 0x62;
/** `c` */
export const LOWER_C = 0x63;
/** `d` */
export const LOWER_D = 0x64;
/** `e` */
export const LOWER_E = 0x65;
/** `f` */
export const LOWER_F = 0x66;
/** `g` */
export const LOWER_G = 0x67;
/** `h` */
export const LOWER_H = 0x68;
/** `i` */
export const LOWER_I = 0x69;
/** `j` */
export const LOWER_J = 0x6a;
/** `k` */
export const LOWER_K = 0x6b;
/** `l` */
export const LOWER_L = 0x6c;
/** `m` */
export const LOWER_M = 0x6d;
/** `n` */
export const LOWER_N = 0x6e;
/** `o` */
export const LOWER_O = 0x6f;
/** `p` */
export const LOWER_P = 0x70;
/** `q` */
export const LOWER_Q = 0x71;
/** `r` */
export const LOWER_R = 0x72;
/** `s` */
export const LOWER_S = 0x73;
/** `t` */
export const LOWER_T = 0x74;
/** `u` */
export const LOWER_U = 0x75;
/** `v` */
export const LOWER_V = 0x76;
/** `w` */
export const LOWER_W = 0x77;
/** `x` */
export const LOWER_X = 0x78;
/** `y` */
export const LOWER_Y = 0x79;
/** `z` */
export const LOWER_Z = 0x7a;

// Beyond ASCII.
/** The first code unit that is not ASCII: below it, a code unit is one ASCII character. */
export const NON_ASCII = 0x80;
/** No-break space. */
export const NO_BREAK_SPACE = 0xa0;
/** The first code unit past Latin-1: below it, a code unit is one Latin-1 byte. */
export const NON_LATIN1 = 0x100;
/** En dash, U+2013: what word processors make of a `-`. */
export const EN_DASH = 0x2013;
/** Byte-order mark, U+FEFF (zero-width no-break space when not at the start of a text). */
export const BYTE_ORDER_MARK = 0xfeff;
