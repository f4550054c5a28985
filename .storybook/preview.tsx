import '@parley/chat-ui/styles.css';
import './preview.css';
import { type Direction, directionOf, LocaleProvider, type Messages } from '@parley/chat-ui';
import arEG from '@parley/chat-ui/locales/ar-EG.json' with { type: 'json' };
import enUS from '@parley/chat-ui/locales/en-US.json' with { type: 'json' };
import frFR from '@parley/chat-ui/locales/fr-FR.json' with { type: 'json' };
import zhCN from '@parley/chat-ui/locales/zh-CN.json' with { type: 'json' };
import type { Decorator, Preview } from '@storybook/react-vite';
import { useSyncExternalStore } from 'react';
import { visualModeStore } from './modes.ts';

// Stories get every kit locale up front, so switching is instant and screenshots never catch a
// half-loaded locale.
const messagesByLocale: Record<string, Messages> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'fr-FR': frFR,
  'ar-EG': arEG,
};

const ParleyDecorator: Decorator = (Story, context) => {
  const mode = useSyncExternalStore(visualModeStore.subscribe, visualModeStore.get, visualModeStore.get);
  const locale: string = mode?.locale ?? context.globals.locale ?? 'en-US';
  const theme: string = mode?.theme ?? context.globals.theme ?? 'light';
  const globalDir = context.globals.dir as Direction | 'auto' | undefined;
  const dir: Direction = mode?.dir ?? (globalDir && globalDir !== 'auto' ? globalDir : directionOf(locale));
  return (
    <LocaleProvider locale={locale} messages={messagesByLocale[locale]} dir={dir}>
      <div className="parley-story" data-parley-story="" data-parley-theme={theme} dir={dir} lang={locale}>
        <Story />
      </div>
    </LocaleProvider>
  );
};

const preview: Preview = {
  decorators: [ParleyDecorator],
  tags: ['autodocs'],
  globalTypes: {
    locale: {
      description: 'Kit locale',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en-US', title: 'English (en-US)' },
          { value: 'zh-CN', title: '中文 (zh-CN)' },
          { value: 'fr-FR', title: 'Français (fr-FR)' },
          { value: 'ar-EG', title: 'العربية (ar-EG)' },
        ],
        dynamicTitle: true,
      },
    },
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
    dir: {
      description: 'Writing direction',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'auto', title: 'From locale' },
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en-US', theme: 'light', dir: 'auto' },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true, matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Any axe violation fails the story's test.
    a11y: { test: 'error' },
  },
};

export default preview;
