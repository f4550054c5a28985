/** Debian's Chromium; override with CHROMIUM_PATH. */
export declare const chromiumPath: string;
/** Flags that make headless Chromium quiet on a closed network and its pixels repeatable. */
export declare const chromiumArgs: string[];
