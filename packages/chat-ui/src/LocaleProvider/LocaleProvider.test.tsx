import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { LocaleProvider, useLocale } from './LocaleProvider.js';

function Probe() {
  const { t, dir, locale } = useLocale();
  return (
    <p data-dir={dir} data-locale={locale}>
      {t('composer.send')}
    </p>
  );
}

describe('LocaleProvider', () => {
  it.each([
    ['zh-CN', '发送', 'ltr'],
    ['fr-FR', 'Envoyer', 'ltr'],
    ['ar-EG', 'إرسال', 'rtl'],
  ])('given %s and no messages, should load the kit locale lazily and use it', async (locale, send, dir) => {
    const screen = await render(
      <LocaleProvider locale={locale}>
        <Probe />
      </LocaleProvider>,
    );
    const probe = screen.getByText(send);
    await expect.element(probe).toBeVisible();
    await expect.element(probe).toHaveAttribute('data-dir', dir);
  });

  it('given en-US, should have its strings at once (bundled)', async () => {
    const screen = await render(
      <LocaleProvider locale="en-US">
        <Probe />
      </LocaleProvider>,
    );
    expect(screen.container.textContent).toBe('Send');
  });

  it('given messages, should use them instead of loading a file', async () => {
    const screen = await render(
      <LocaleProvider locale="de-DE" messages={{ 'composer.send': 'Senden' }}>
        <Probe />
      </LocaleProvider>,
    );
    await expect.element(screen.getByText('Senden')).toBeVisible();
  });
});
