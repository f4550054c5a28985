import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';
import { sourceConditions } from '../config/vite-source.ts';

const config: StorybookConfig = {
  stories: [
    './*.mdx',
    '../packages/chat-ui/src/**/*.mdx',
    '../packages/chat-ui/src/**/*.stories.@(ts|tsx)',
    // The embed loader's launcher and the agent console's panels, drawn as the kit's stories are.
    '../apps/visitor/src/embed/*.stories.@(ts|tsx)',
    '../apps/server/console/src/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
  viteFinal: (viteConfig) => mergeConfig(viteConfig, { resolve: { conditions: sourceConditions } }),
};

export default config;
