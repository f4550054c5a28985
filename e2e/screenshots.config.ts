import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * `npm run screenshots`: the README's pictures, taken from the running product (the built app and
 * server with the demo seed), so they show what the product looks like today. Not part of `npm test`.
 */
export default defineConfig({
  ...base,
  testMatch: '**/*.shot.ts',
  timeout: 60_000,
});
