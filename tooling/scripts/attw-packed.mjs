// attw (Are the Types Wrong?) on the tarball that `pnpm publish` would upload: packed by pnpm,
// so `publishConfig` applies as on publish. The package's `prepack` build is skipped here:
// this runs as turbo's `check:package`, after the package's `build`, and `attw --pack` would
// run `npm pack` and so build it a second time.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const into = mkdtempSync(join(tmpdir(), 'chess-formats-attw-'));
try {
  const execPath = process.env['npm_execpath'];
  const viaNode = execPath !== undefined && /pnpm/.test(execPath);
  const pack = ['pack', '--pack-destination', into];
  execFileSync(viaNode ? process.execPath : 'pnpm', viaNode ? [execPath, ...pack] : pack, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, npm_config_ignore_scripts: 'true' },
    shell: !viaNode && process.platform === 'win32',
  });
  const tarball = readdirSync(into).find((f) => f.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('pnpm pack made no tarball');
  const manifest = createRequire(import.meta.url).resolve('@arethetypeswrong/cli/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  const attw = join(dirname(manifest), typeof bin === 'string' ? bin : bin.attw);
  execFileSync(process.execPath, [attw, join(into, tarball)], { stdio: 'inherit' });
} catch (error) {
  process.exitCode = 1;
  if (!(error && typeof error === 'object' && 'status' in error)) console.error(error);
} finally {
  rmSync(into, { recursive: true, force: true });
}
