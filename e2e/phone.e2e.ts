import { expect, type Page, test } from '@playwright/test';

// The visitor page on a phone: touch, 375 x 667 CSS px, device scale 2.
test.use({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const composer = (page: Page) => page.getByRole('textbox', { name: /message/i });

/** The computed font size, in CSS px, of every visible editable field. */
const fieldFontSizes = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'input:not([type=checkbox]):not([type=radio]), textarea, select',
      ),
    ]
      .filter((field) => field.getClientRects().length > 0)
      .map((field) => ({
        name: field.getAttribute('aria-label') ?? field.id,
        size: Number.parseFloat(getComputedStyle(field).fontSize),
      })),
  );

/** Visible controls smaller than 24 x 24 CSS px (WCAG 2.2, 2.5.8), except links inside text. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, [role=button], input, select, textarea, a[href]')]
      .filter((control) => control.getClientRects().length > 0)
      .filter((control) => !(control.tagName === 'A' && control.closest('p, li')))
      .map((control) => ({ control, box: control.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 24 || box.height < 24)
      .map(
        ({ control, box }) =>
          `${control.tagName} ${control.getAttribute('aria-label') ?? control.textContent?.trim()} ${Math.round(box.width)}x${Math.round(box.height)}`,
      ),
  );

test('given a phone, should keep every field at 16 px or more and not zoom the page when one is focused', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=human');
  await expect(composer(page)).toBeVisible();
  for (const { name, size } of await fieldFontSizes(page)) expect(size, name).toBeGreaterThanOrEqual(16);
  await composer(page).tap();
  await expect(composer(page)).toBeFocused();
  expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1);

  await page.goto('/chat/index?channelId=form-inline');
  await expect(page.getByRole('region', { name: 'Before we start' })).toBeVisible();
  const sizes = await fieldFontSizes(page);
  expect(sizes.length).toBeGreaterThan(1);
  for (const { name, size } of sizes) expect(size, name).toBeGreaterThanOrEqual(16);
});

test('given the on-screen keyboard takes half the screen, should keep the composer in view', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=human');
  await composer(page).tap();
  // The keyboard shrinks the viewport the page lays out in.
  await page.setViewportSize({ width: 375, height: 367 });
  await expect(composer(page)).toBeInViewport();
  const box = await composer(page).boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(367);
});

test('given a phone, should give every control a target of at least 24 x 24 px', async ({ page }) => {
  await page.goto('/chat/index?channelId=robot');
  await expect(composer(page)).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await page.goto('/chat/index?channelId=form-inline');
  await expect(page.getByRole('region', { name: 'Before we start' })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
});

test('given a new chat with an inline form, should read it as part of the conversation: no nested scroll, no "Load earlier"', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=form-inline');
  const form = page.getByRole('region', { name: 'Before we start' });
  await expect(form).toBeVisible();
  // One scroll for the conversation area at most, and none of the form's own; the list beside it
  // does not scroll either on a new chat.
  const scrollers = await form.evaluate((element) => {
    const scrolls = (node: HTMLElement) => {
      const { overflowY } = getComputedStyle(node);
      return (overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight;
    };
    const around: string[] = [];
    for (let node = element.parentElement; node; node = node.parentElement) {
      if (scrolls(node)) around.push(node.className);
    }
    const list = document.querySelector<HTMLElement>('.parley-message-list__scroller');
    return { form: scrolls(element as HTMLElement), around, list: list ? scrolls(list) : false };
  });
  expect(scrollers.form).toBe(false);
  expect(scrollers.around.length).toBeLessThanOrEqual(1);
  expect(scrollers.list).toBe(false);
  await expect(page.getByRole('button', { name: /load earlier/i })).toHaveCount(0);
});
