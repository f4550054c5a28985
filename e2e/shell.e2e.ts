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
