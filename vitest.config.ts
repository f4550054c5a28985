import './config/node20.ts';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { chromiumBrowser } from './config/vitest-browser.ts';

/**
 * Every Storybook story as a test in Chromium: render + play function + axe (a violation fails),
 * then a screenshot per visual mode compared with the committed baseline next to the story.
 */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [storybookTest({ configDir: '.storybook', tags: { exclude: ['no-test'] } })],
        optimizeDeps: {
          include: [
            'axe-core',
            'react',
            'react-dom',
            'react/jsx-dev-runtime',
            'class-variance-authority',
            '@floating-ui/react',
            'react-markdown',
            'rehype-sanitize',
            'remend',
            'mdast-util-from-markdown',
            'mdast-util-gfm-strikethrough',
            'mdast-util-gfm-table',
            'mdast-util-gfm-task-list-item',
            'micromark-extension-gfm-strikethrough',
            'micromark-extension-gfm-table',
            'micromark-extension-gfm-task-list-item',
            'embla-carousel-react',
          ],
        },
        test: {
          name: 'storybook',
          browser: chromiumBrowser(),
          setupFiles: ['.storybook/visual.setup.ts'],
          // One retry: a real difference fails twice; a screenshot taken while a fully loaded
          // machine was still painting (seen once in a whole parallel run) does not fail the build.
          retry: 1,
        },
      },
    ],
  },
});
