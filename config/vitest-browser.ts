import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import type { BrowserConfigOptions } from 'vitest/node';

import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { requireService } from './services.mjs';

export { chromiumArgs, chromiumPath };

/**
 * The browser's environment: fontconfig pinned to the fonts the setup installs (see fonts.conf), so
 * generic families, native controls and media controls render alike on every machine.
 */
export const chromiumEnv: Record<string, string> = {
  ...(process.env as Record<string, string>),
  FONTCONFIG_FILE: fileURLToPath(new URL('./fonts.conf', import.meta.url)),
};

/**
 * Browser options for one vitest project. A function, not a shared object: vitest mutates the
 * object it is given, and projects sharing one end up with each other's names. Without Chromium it
 * throws, naming the path and how to install it: browser tests never skip.
 */
export function chromiumBrowser(): BrowserConfigOptions {
  requireService('chromium', 'the browser tests of this project');
  return {
    enabled: true,
    headless: true,
    provider: playwright({
      launchOptions: { executablePath: chromiumPath, args: chromiumArgs, env: chromiumEnv },
    }),
    // A phone-sized frame: the kit is built mobile-first, and baselines stay small.
    viewport: { width: 480, height: 720 },
    instances: [{ browser: 'chromium' }],
    screenshotFailures: false,
    expect: {
      toMatchScreenshot: {
        comparatorName: 'pixelmatch',
        // Renders are byte-identical run to run on this kind of machine; the small allowance only
        // absorbs anti-aliasing noise at glyph edges, never a changed colour, size or layout.
        comparatorOptions: { threshold: 0.01, allowedMismatchedPixelRatio: 0.001 },
        // Infinite animations (spinners, typing dots) are frozen at their start, and the caret hidden.
        screenshotOptions: { animations: 'disabled', caret: 'hide' },
      },
    },
  };
}
