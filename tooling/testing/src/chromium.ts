/**
 * The Chromium the end-to-end tests drive, found so that `npm run check` passes on a machine
 * with only Node and npm: a system Chromium when there is one (`CHROMIUM_PATH`, then the usual
 * install paths), else the one `@sparticuz/chromium` ships inside its npm package (a brotli
 * compressed binary, unpacked once into a folder of the temp dir, no download), else none: the
 * caller then skips its browser tests and says why.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Where distributions put Chromium (and Chrome, which playwright-core drives the same way). */
export const SYSTEM_CHROMIUM_PATHS: readonly string[] = Object.freeze([
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
]);

/**
 * Set to 1 to look past the system's Chromium (`CHROMIUM_PATH` and the usual paths), as on a
 * machine that has none: the tests of the fallback use it.
 */
export const IGNORE_SYSTEM_CHROMIUM = 'CHESS_FORMATS_IGNORE_SYSTEM_CHROMIUM';

const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

export interface LaunchedChromium {
  readonly browser: Browser;
  /** Which Chromium: `CHROMIUM_PATH`, a system path, or `@sparticuz/chromium`. */
  readonly source: string;
  readonly executablePath: string;
}

export type LaunchResult = { ok: true; value: LaunchedChromium } | { ok: false; reasons: string[] };

/**
 * `@sparticuz/chromium`'s binary, unpacked into `<temp>/chess-formats-chromium-<version>`.
 * The package unpacks into `os.tmpdir()`, which reads `TMPDIR`: it is pointed at a fresh
 * folder for the unpacking, renamed into place once complete, so a run killed halfway leaves
 * no half-written browser for the next one.
 */
async function packagedChromium(): Promise<string> {
  const require = createRequire(import.meta.url);
  // The package exports no package.json: walk up from its entry point to its folder.
  let root = dirname(require.resolve('@sparticuz/chromium'));
  while (!existsSync(join(root, 'bin', 'chromium.br')) && dirname(root) !== root) root = dirname(root);
  const version = (JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const home = tmpdir();
  const target = join(home, `chess-formats-chromium-${version}`);
  const binary = join(target, 'chromium');
  if (existsSync(join(target, 'complete'))) return binary;
  const staging = await mkdtemp(join(home, 'chess-formats-chromium-unpacking-'));
  const saved = process.env.TMPDIR;
  try {
    process.env.TMPDIR = staging;
    const { default: packaged } = (await import('@sparticuz/chromium')) as {
      default: { executablePath(input?: string): Promise<string> };
    };
    const unpacked = await packaged.executablePath(join(root, 'bin'));
    if (unpacked !== join(staging, 'chromium'))
      throw new Error(`@sparticuz/chromium unpacked to ${unpacked}, not into ${staging}`);
    await writeFile(join(staging, 'complete'), `${version}\n`);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
  try {
    await rename(staging, target);
  } catch {
    // Another run unpacked it first; use theirs when it is complete.
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(join(target, 'complete'))) throw new Error(`cannot unpack @sparticuz/chromium into ${target}`);
  }
  return binary;
}

async function tryLaunch(executablePath: string, source: string, reasons: string[]): Promise<LaunchResult | undefined> {
  try {
    const browser = await chromium.launch({ executablePath, args: FLAGS, timeout: 30_000 });
    return { ok: true, value: { browser, source, executablePath } };
  } catch (error) {
    reasons.push(`${source} (${executablePath}) did not start: ${String(error).split('\n')[0]}`);
    return undefined;
  }
}

/** Launches the first Chromium that starts, or says why none did. Never throws. */
export async function launchChromium(env: NodeJS.ProcessEnv = process.env): Promise<LaunchResult> {
  const reasons: string[] = [];
  if (env[IGNORE_SYSTEM_CHROMIUM] !== '1') {
    const wanted = env.CHROMIUM_PATH;
    if (wanted) {
      if (existsSync(wanted)) {
        const launched = await tryLaunch(wanted, 'CHROMIUM_PATH', reasons);
        if (launched) return launched;
      } else {
        reasons.push(`CHROMIUM_PATH names no file (${wanted})`);
      }
    }
    for (const path of SYSTEM_CHROMIUM_PATHS) {
      if (!existsSync(path)) continue;
      const launched = await tryLaunch(path, 'system Chromium', reasons);
      if (launched) return launched;
    }
    if (!reasons.length)
      reasons.push(`no system Chromium (CHROMIUM_PATH unset, none of ${SYSTEM_CHROMIUM_PATHS.join(', ')})`);
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    reasons.push(`@sparticuz/chromium ships a Linux binary only (this is ${process.platform}-${process.arch})`);
    return { ok: false, reasons };
  }
  let packaged: string;
  try {
    packaged = await packagedChromium();
  } catch (error) {
    reasons.push(`@sparticuz/chromium could not be unpacked: ${String(error).split('\n')[0]}`);
    return { ok: false, reasons };
  }
  return (await tryLaunch(packaged, '@sparticuz/chromium', reasons)) ?? { ok: false, reasons };
}
