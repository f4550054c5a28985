import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig, type Plugin } from 'vite';
import { sourceConditions } from '../config/vite-source.ts';

/** The repository's root on this machine, with its trailing slash. */
const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The props tables' data names each component's source file by its absolute path on the machine
 * that built Storybook: a published Storybook (Chromatic) would show the build machine's folders.
 * Written relative to the repository instead.
 */
const relativeDocgenPaths: Plugin = {
  name: 'parley:relative-docgen-paths',
  enforce: 'post',
  transform(code) {
    const absolute = `"filePath":${JSON.stringify(root).slice(0, -1)}`;
    return code.includes(absolute) ? code.replaceAll(absolute, '"filePath":"') : undefined;
  },
};

const config: StorybookConfig = {
  stories: [
    './*.mdx',
    '../packages/chat-ui/src/**/*.mdx',
    '../packages/chat-ui/src/**/*.stories.@(ts|tsx)',
    // The embed loader's launcher and the agent console's panels, drawn as the kit's stories are.
    '../apps/visitor/src/embed/*.stories.@(ts|tsx)',
    '../apps/console/src/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Props tables come from react-docgen-typescript, which only reads files in the TypeScript
  // project it is given: the root tsconfig holds none of the components, so without
  // tsconfig.docgen.json the tables showed only what a story sets, with no descriptions.
  typescript: {
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      tsconfigPath: '.storybook/tsconfig.docgen.json',
      include: [
        'packages/chat-ui/src/**/*.tsx',
        'apps/visitor/src/embed/**/*.tsx',
        'apps/console/src/**/*.tsx',
      ],
      exclude: ['**/*.stories.tsx', '**/*.test.tsx'],
      // A union of literals ('left' | 'right' | 'pop') shows its values, not its alias, and gets a
      // radio or select control; `| undefined` of optional props is left out.
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
    },
  },
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, { resolve: { conditions: sourceConditions }, plugins: [relativeDocgenPaths] }),
};

export default config;
