// @ts-check
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The readers name the characters they compare (`c === SLASH`), from board-core's scanning kit
 * (`packages/board-core/src/internal/codes.ts`), and ship the numbers (`c === 47`): this esbuild
 * plugin writes each code's number in place of its name as a module is built.
 *
 * Why: a minifying bundler does this by itself, but code run as built (Node loading `dist/`,
 * or the benchmarks' plain bundle) would read each name from another module on every
 * comparison, an imported binding (a getter in CommonJS) where a constant was, and the
 * readers' inner loops are made of such comparisons. With the numbers in place the shipped code
 * is what it was with bare numbers in the source.
 *
 * Only imports of the codes are touched (from `@chess-formats/board-core/internal`, or the
 * codes module or the kit's index by a relative path); a use the plugin cannot rewrite safely
 * (a shorthand property, a local of the same name) fails the build instead of shipping a guess.
 */

const here = dirname(fileURLToPath(import.meta.url));
const KIT = resolve(here, '../../packages/board-core/src/internal');
const CODES_FILE = join(KIT, 'codes.ts');
const KIT_MODULES = new Set([CODES_FILE, join(KIT, 'index.ts')]);

/** Each code's name and number, read from the codes module (`export const NAME = 0x..;` lines). */
function readCodes() {
  /** @type {Map<string, number>} */
  const codes = new Map();
  for (const match of readFileSync(CODES_FILE, 'utf8').matchAll(/^export const (\w+) = (0x[0-9a-f]+);$/gm)) {
    codes.set(/** @type {string} */ (match[1]), Number(match[2]));
  }
  if (codes.size === 0) throw new Error(`no character codes found in ${CODES_FILE}`);
  return codes;
}

/**
 * Whether `specifier`, imported by `importer`, is the codes (the kit's subpath or a module of
 * the kit that exports them).
 * @param {string} specifier
 * @param {string} importer
 */
function isCodesModule(specifier, importer) {
  if (specifier === '@chess-formats/board-core/internal') return true;
  if (!specifier.startsWith('.')) return false;
  return KIT_MODULES.has(resolve(dirname(importer), specifier).replace(/\.js$/, '.ts'));
}

/**
 * `source` (the text of the TypeScript module `path`) with every use of a code imported from
 * the kit written as its number; undefined when it imports none.
 * @param {string} source
 * @param {string} path
 * @param {Map<string, number>} codes
 * @returns {string | undefined}
 */
export function inlineCodes(source, path, codes) {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  /** @type {Map<string, number>} local name -> number */
  const locals = new Map();
  /** @type {{ start: number, end: number, text: string }[]} */
  const edits = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!isCodesModule(statement.moduleSpecifier.text, path)) continue;
    const clause = statement.importClause;
    const bindings = clause?.namedBindings;
    if (clause === undefined || clause.isTypeOnly || bindings === undefined || !ts.isNamedImports(bindings)) continue;
    /** @type {string[]} */
    const kept = [];
    for (const element of bindings.elements) {
      const value = element.isTypeOnly ? undefined : codes.get((element.propertyName ?? element.name).text);
      if (value === undefined) kept.push(element.getText(file));
      else locals.set(element.name.text, value);
    }
    if (kept.length === bindings.elements.length) continue;
    // The import keeps what is not a code, or goes (the codes module has no side effects).
    const text =
      kept.length === 0 ? '' : `import { ${kept.join(', ')} } from ${statement.moduleSpecifier.getText(file)};`;
    edits.push({ start: statement.getStart(file), end: statement.getEnd(), text });
  }
  if (locals.size === 0) return undefined;
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node) && locals.has(node.text)) {
      const parent = node.parent;
      const where = `${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if (ts.isShorthandPropertyAssignment(parent)) throw new Error(`${where}: write ${node.text}: ${node.text}`);
      // A name of something else: a property, a member, or a local that would shadow the code.
      const isName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        (ts.isQualifiedName(parent) && parent.right === node) ||
        ((ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isPropertySignature(parent)) &&
          parent.name === node);
      if (!isName) {
        if (
          (ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isBindingElement(parent)) &&
          parent.name === node
        )
          throw new Error(`${where}: a local named ${node.text} would shadow the character code`);
        edits.push({ start: node.getStart(), end: node.getEnd(), text: String(locals.get(node.text)) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/**
 * The esbuild plugin: each TypeScript module of the build with its codes written as numbers.
 * @returns {import('esbuild').Plugin}
 */
export function inlineCharCodes() {
  return {
    name: 'inline-char-codes',
    setup(build) {
      const codes = readCodes();
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes('node_modules')) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('internal') && !source.includes('codes.js')) return undefined;
        const contents = inlineCodes(source, args.path, codes);
        return contents === undefined ? undefined : { contents, loader: 'ts' };
      });
    },
  };
}
