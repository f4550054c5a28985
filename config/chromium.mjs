// The one browser of every browser test and benchmark: Debian's Chromium, quiet on a closed network
// and with repeatable pixels. Plain JavaScript so Node scripts (the benchmarks) import it as the
// TypeScript configurations do; its types are in chromium.d.mts.

/** Debian's Chromium; override with CHROMIUM_PATH. Nothing here downloads a browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that make headless Chromium quiet on a closed network and its pixels repeatable. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--font-render-hinting=none',
  '--disable-lcd-text',
  '--force-color-profile=srgb',
  '--hide-scrollbars',
];
