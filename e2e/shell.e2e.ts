import { expect, test } from '@playwright/test';

test('given /chat/ with a query and hash, should land on /chat/index keeping both', async ({ page }) => {
  await page.goto('/chat/?channelid=demo&from=iframe#top');
  await expect(page).toHaveURL(/\/chat\/index\?channelid=demo&from=iframe#top$/);
});

test('given an unknown route, should show a not-found page', async ({ page }) => {
  await page.goto('/chat/nowhere');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('given scripting disabled, should ask for JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/chat/index');
  const notice = page.locator('noscript');
  await expect(notice).toBeVisible();
  expect(await notice.innerText()).toBe('Enable JavaScript to run this app.');
  await context.close();
});

test('given a 320 px wide phone, should fit the chat and its dialogs without sideways scrolling, in both directions', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 568 });
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const within = async (name: string, box: { x: number; width: number } | null) => {
    expect(box, name).not.toBeNull();
    expect(box?.x, name).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(320);
  };
  for (const language of ['en', 'ar']) {
    await page.addInitScript((value) => localStorage.setItem('chat-lan', value), language);
    await page.goto('/chat/index?channelId=robot');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const composer = page.locator('[data-slot="composer"]');
    await expect(composer.getByRole('textbox')).toBeInViewport();
    await expect(page.getByRole('log')).toBeVisible();
    expect(await sideways()).toBe(0);
    await within(`${language} composer`, await composer.boundingBox());
    await within(`${language} header`, await page.getByRole('heading', { level: 1 }).boundingBox());
    // The leave-message form is the largest dialog.
    // The quick replies: transfer to an agent, leave a message, end the chat.
    await page.locator('[data-slot="quick-replies"]').getByRole('button').nth(1).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await within(`${language} dialog`, await dialog.boundingBox());
    expect(await sideways()).toBe(0);
  }
});
