import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IGNORE_SYSTEM_CHROMIUM, launchChromium } from './chromium-launcher.js';

/** The shared libraries the packaged Chromium needs from the machine (said in the README). */
const hasPackagedChromiumLibraries = ['/usr/lib/x86_64-linux-gnu', '/usr/lib64', '/usr/lib'].some(
  (dir) => existsSync(`${dir}/libnss3.so`) && existsSync(`${dir}/libexpat.so.1`),
);

describe('the Chromium of the end-to-end tests', () => {
  // A machine with only Node and npm: CHROMIUM_PATH points nowhere and the system paths are
  // looked past, so the browser must come from the npm package.
  it.skipIf(process.platform !== 'linux' || process.arch !== 'x64' || !hasPackagedChromiumLibraries)(
    'falls back to the Chromium inside @sparticuz/chromium, unpacked into the temp dir, and drives a page with it',
    async () => {
      const result = await launchChromium({ CHROMIUM_PATH: '/nowhere/chromium', [IGNORE_SYSTEM_CHROMIUM]: '1' });
      if (!result.ok) throw new Error(result.reasons.join('; '));
      try {
        expect(result.value.source).toBe('@sparticuz/chromium');
        expect(result.value.executablePath).toMatch(/chess-formats-chromium-[\d.]+[/\\]chromium$/);
        const page = await result.value.browser.newPage();
        await page.setContent('<p id="probe">ok</p>');
        expect(await page.textContent('#probe')).toBe('ok');
      } finally {
        await result.value.browser.close();
      }
    },
    120_000,
  );

  it('says why a CHROMIUM_PATH that names no file was passed over', async () => {
    const result = await launchChromium({ CHROMIUM_PATH: '/nowhere/chromium', [IGNORE_SYSTEM_CHROMIUM]: '0' });
    if (result.ok) {
      await result.value.browser.close();
      expect(result.value.source).not.toBe('CHROMIUM_PATH');
    } else {
      expect(result.reasons[0]).toBe('CHROMIUM_PATH names no file (/nowhere/chromium)');
    }
  }, 120_000);
});
