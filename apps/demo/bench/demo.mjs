// @ts-check
// The functions given to page.evaluate run in the page: the browser's names are theirs.
/* global window, document, navigator, requestAnimationFrame, MessageChannel, PerformanceObserver, DataTransfer, ClipboardEvent, InputEvent */
// The demo in the browser (`pnpm bench demo`): one step through a game, timed from the key press
// to the board painted, in the demo and in lichess's pgn-viewer (a dev dependency, for this
// benchmark only), in the same Chromium, in alternated rounds; and a 5 MB PGN pasted into the
// demo, timed to the board painted, with the longest task of the page's thread meanwhile.
// The PGN comes from the real files of ../shared at run time; without them the suite says so
// and stops. Numbers go to BENCHMARKS.md ("Demo in the browser"); nothing here is a test.
// `pnpm bench demo --paste` runs the paste alone (three pastes), `--trace` adds a Chromium trace
// of each paste that names what the page's thread did in each task over 50 ms, `--keyboard`
// pastes with Ctrl+V from the (headless) system clipboard rather than a paste event made here.
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { startStaticServer } from '../serve.mjs';
import { longTasksOfTrace } from './long-tasks.mjs';

const demoDir = dirname(dirname(fileURLToPath(import.meta.url)));
const real = join(demoDir, '..', '..', '..', 'shared', 'real', 'pgn');
const TWIC = join(real, 'pgn-parser', 'test__pgn__twic-01-232games.pgn');
const BIG = join(real, 'pgn-extract-go', 'cancer0707.pgn');
/** Rounds of each viewer, alternated (the order flips each round), and steps timed in each. */
const ROUNDS = Number(process.env.DEMO_BENCH_ROUNDS ?? 7);
const STEPS = 30;
/** The big paste: at least this many characters. */
const BIG_LENGTH = 5_300_000;
const PASTE_ONLY = process.argv.includes('--paste');
const TRACE = process.argv.includes('--trace');
const KEYBOARD = process.argv.includes('--keyboard');

if (!existsSync(TWIC) || !existsSync(BIG)) {
  console.log('demo: SKIPPED: the real PGN files of ../shared are absent (the 232-game TWIC file and cancer0707.pgn).');
  process.exit(0);
}

/** The Chromium to drive: CHROMIUM_PATH, else the system's. */
function chromiumPath() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) {
    console.log('demo: SKIPPED: no Chromium (set CHROMIUM_PATH).');
    process.exit(0);
  }
  return found;
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** @param {number} ms */
const ms = (ms) => `${ms.toFixed(1)} ms`;

/**
 * Times each key press in the page, from the event's time stamp to the frame after it is painted
 * (a message posted from the next animation frame runs once the frame is done).
 * @param {import('playwright-core').Page} page
 */
async function instrument(page) {
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.stepTimes = [];
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => w.stepTimes.push(performance.now() - start);
          channel.port2.postMessage(0);
        });
      },
      true,
    );
  });
}

/**
 * Presses → `STEPS` times, each after the last one's frame, and returns the times.
 * @param {import('playwright-core').Page} page
 */
async function stepTimes(page) {
  await page.evaluate(() => {
    /** @type {any} */ (window).stepTimes = [];
  });
  for (let i = 0; i < STEPS; i++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((n) => /** @type {any} */ (window).stepTimes.length > n, i);
  }
  return page.evaluate(() => /** @type {number[]} */ (/** @type {any} */ (window).stepTimes));
}

/** The lichess viewer's page: its bundle and stylesheet beside a page that shows the PGN it is given. */
async function lichessPage() {
  const dir = await mkdtemp(join(tmpdir(), 'chess-formats-lpv-'));
  // The package's entry is dist/main.js, beside the one-file bundle and its stylesheet.
  const dist = dirname(fileURLToPath(import.meta.resolve('@lichess-org/pgn-viewer')));
  await copyFile(join(dist, 'lichess-pgn-viewer.min.js'), join(dir, 'lpv.js'));
  await copyFile(join(dist, 'lichess-pgn-viewer.css'), join(dir, 'lpv.css'));
  await writeFile(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="stylesheet" href="lpv.css"><style>.viewer{width:640px}</style></head>
<body><div class="viewer"><div id="lpv"></div></div><script type="module">
import LichessPgnViewer from './lpv.js';
window.showPgn = (pgn) => { window.lpv = LichessPgnViewer(document.getElementById('lpv'), { pgn, showMoves: 'right' }); };
window.ready = true;
</script></body></html>`,
  );
  return dir;
}

const outDir = await mkdtemp(join(tmpdir(), 'chess-formats-demo-bench-'));
const lpvDir = await lichessPage();
await build({
  root: demoDir,
  configFile: join(demoDir, 'vite.config.ts'),
  logLevel: 'silent',
  build: { outDir, emptyOutDir: true },
});
const demoServer = await startStaticServer(outDir);
const lpvServer = await startStaticServer(lpvDir);
const browser = await chromium.launch({ executablePath: chromiumPath() });
try {
  const twic = await readFile(TWIC, 'utf8');
  const second = twic.indexOf('\n[Event ', 1);
  const oneGame = twic.slice(0, second < 0 ? twic.length : second).trim();
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(
    `demo: Chromium ${browser.version()}; ${PASTE_ONLY ? 'the paste alone' : `${ROUNDS} alternated rounds of ${STEPS} steps each`}; load ${load()}`,
  );

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (KEYBOARD) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demoServer.url });
  const demo = await context.newPage();
  const lpv = await context.newPage();

  /** @param {string} pgn */
  async function loadDemo(pgn) {
    await demo.goto(demoServer.url);
    await demo.waitForSelector('body[data-ready="true"]');
    // As the browser pastes: a paste event with the text (a long one is held out of the box).
    await demo.evaluate((value) => {
      const box = /** @type {HTMLTextAreaElement} */ (document.querySelector('#input'));
      const data = new DataTransfer();
      data.setData('text/plain', value);
      if (box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))) {
        // Not taken by the page: the browser would put it into the box.
        box.value = value;
        box.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
      }
    }, pgn);
    await demo.waitForSelector('body[data-read="done"]', { state: 'attached' });
    await instrument(demo);
  }
  /** @param {string} pgn */
  async function loadLpv(pgn) {
    await lpv.goto(lpvServer.url);
    await lpv.waitForFunction(() => /** @type {any} */ (window).ready === true);
    await lpv.evaluate((value) => /** @type {any} */ (window).showPgn(value), pgn);
    await lpv.waitForSelector('.lpv cg-board piece');
    await instrument(lpv);
  }
  // Each round starts from the game's first position, the focus on the page (not a form field).
  // The page in front: a page behind another gets no animation frames.
  async function demoRound() {
    await demo.bringToFront();
    await demo.click('#board');
    await demo.keyboard.press('Home');
    await demo.waitForFunction(() => document.querySelector('.ply [data-ply]')?.textContent === '0');
    return stepTimes(demo);
  }
  async function lpvRound() {
    await lpv.bringToFront();
    await lpv.evaluate(() => /** @type {any} */ (window).lpv.goTo('first'));
    await lpv.focus('.lpv');
    return stepTimes(lpv);
  }

  /** @type {[string, string][]} */
  const stepped = PASTE_ONLY
    ? []
    : [
        ['one game', oneGame],
        ['the 232-game file', twic],
      ];
  for (const [name, pgn] of stepped) {
    await loadDemo(pgn);
    await loadLpv(pgn);
    /** @type {number[]} */ const ours = [];
    /** @type {number[]} */ const theirs = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        ours.push(...(await demoRound()));
        theirs.push(...(await lpvRound()));
      } else {
        theirs.push(...(await lpvRound()));
        ours.push(...(await demoRound()));
      }
    }
    const a = median(ours);
    const b = median(theirs);
    console.log(
      `demo: one step, ${name} (${pgn.length.toLocaleString('en')} characters): demo ${ms(a)}, pgn-viewer ${ms(b)} (median of ${ours.length} steps each); demo/pgn-viewer ${(a / b).toFixed(2)}x`,
    );
  }

  // The big paste: cancer0707.pgn, then the TWIC file again and again, to 5.3 MB.
  let big = await readFile(BIG, 'utf8');
  while (big.length < BIG_LENGTH) big += `\n\n${twic}`;
  const pastes = [];
  await demo.bringToFront();
  for (let round = 0; round < 3; round++) {
    await demo.goto(demoServer.url);
    await demo.waitForSelector('body[data-ready="true"]');
    // The text reaches the page first, in a call of its own: handing 5 MB to the page is a task
    // of 250-600 ms of the page's thread (the driver's message parsed), the benchmark's, not the
    // paste's; timed with the paste, it was the one task over 200 ms of the earlier runs.
    await demo.evaluate((text) => {
      /** @type {any} */ (window).benchPaste = text;
    }, big);
    await demo.waitForTimeout(500);
    if (KEYBOARD) {
      // The system clipboard holds the text (headless Chromium's own); Ctrl+V in the box pastes it.
      await demo.evaluate(() => navigator.clipboard.writeText(/** @type {any} */ (window).benchPaste));
      await demo.focus('#input');
      await demo.waitForTimeout(500);
    }
    if (TRACE)
      await browser.startTracing(demo, {
        categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'],
      });
    // The longtask observer, then the paste: a paste event with the text, or Ctrl+V (timed from its keydown).
    await demo.evaluate((keyboard) => {
      const w = /** @type {any} */ (window);
      w.benchTasks = [];
      w.benchObserver = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.benchTasks.push(entry.duration);
      });
      w.benchObserver.observe({ type: 'longtask' });
      if (keyboard) {
        document.addEventListener('keydown', (event) => (w.benchStart = event.timeStamp), {
          capture: true,
          once: true,
        });
        return;
      }
      const box = /** @type {HTMLTextAreaElement} */ (document.querySelector('#input'));
      const data = new DataTransfer();
      data.setData('text/plain', w.benchPaste);
      w.benchStart = performance.now();
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, KEYBOARD);
    if (KEYBOARD) await demo.keyboard.press('Control+V');
    pastes.push(
      await demo.evaluate(async () => {
        const w = /** @type {any} */ (window);
        await new Promise((resolve) => {
          const check = () => (document.body.dataset.read === 'done' ? resolve(0) : setTimeout(check, 5));
          check();
        });
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        const board = performance.now() - w.benchStart;
        // What follows the board (the URL written) counts for the longest task too.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        w.benchObserver.disconnect();
        /** @type {number[]} */ const tasks = w.benchTasks;
        return {
          board,
          tasks,
          longest: Math.max(0, ...tasks),
          over200: tasks.filter((t) => t > 200).length,
          games: document.querySelector('#game-count')?.textContent ?? '',
        };
      }),
    );
    if (TRACE)
      for (const task of longTasksOfTrace(await browser.stopTracing()))
        console.log(`demo: paste ${round + 1}: a task of ${ms(task.ms)}: ${task.top.join('; ')}`);
  }
  console.log(`demo: load ${load()}`);
  const boards = pastes.map((p) => p.board);
  console.log(
    `demo: paste (${KEYBOARD ? 'Ctrl+V' : 'a paste event'}) of ${(big.length / 1e6).toFixed(1)} MB of PGN (${pastes[0]?.games}) to the board: median ${ms(median(boards))} of ${boards.map(ms).join(', ')}; longest task ${ms(Math.max(...pastes.map((p) => p.longest)))}, tasks over 200 ms: ${pastes.map((p) => p.over200).join(', ')}; tasks over 50 ms in each paste: ${pastes.map((p) => p.tasks.map((t) => t.toFixed(0)).join(' ') || 'none').join(' / ')}`,
  );
} finally {
  await browser.close();
  await demoServer.close();
  await lpvServer.close();
  await rm(outDir, { recursive: true, force: true });
  await rm(lpvDir, { recursive: true, force: true });
}
