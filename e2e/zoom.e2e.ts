import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Agent, agentWithChat } from './agent.ts';
import { conversation } from './visitor.ts';

// Reflow (WCAG 1.4.10) and zoom (1.4.4): a 1280 x 1024 window zoomed to 200 % lays the page out
// in 640 x 512 CSS px, and at 400 % in 320 x 256. At both, the chat must need no horizontal
// scrolling, keep the composer and its send button on screen and working, and clip no text
// (an ellipsis that shortens a line on purpose must carry the full text in a title).

const ZOOMS = [
  { zoom: 200, viewport: { width: 640, height: 512 } },
  { zoom: 400, viewport: { width: 320, height: 256 } },
] as const;

/** A channel title longer than any bar: the header cuts it with an ellipsis and a tooltip. */
const LONG_TITLE = 'Customer service for orders, returns and deliveries in the Netherlands and Belgium';

/** Gives the channel a long title, as a site may (the real answer, with titleDesc replaced). */
async function longChannelTitle(page: Page) {
  await page.route('**/api/chat/visitor/channelInfo', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (body?.data) body.data.titleDesc = LONG_TITLE;
    return route.fulfill({ response, json: body });
  });
}

/** A real PDF with a name longer than a file card. */
const LONG_FILE = {
  name: 'quarterly-statement-for-account-0000-1234-5678-9012-final-v3.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1'),
};

// Agents start and end free: a chat left open by another test file would be taken for this one's.
const freeAgents = async ({ request }: { request: APIRequestContext }) => {
  for (const name of ['alice', 'bob']) await (await Agent.login(request, name)).closeAll();
};
test.beforeEach(freeAgents);
test.afterEach(freeAgents);

interface Reflow {
  /** The page is wider than the window. */
  pageOverflow: { scrollWidth: number; clientWidth: number };
  /** Boxes that scroll sideways (or would, but hide it): their class and how much is hidden. */
  sideways: string[];
  /** Text cut off by its box, with no title giving it in full. */
  clipped: string[];
}

/** What does not reflow on the page as it is now. */
function reflow(page: Page): Promise<Reflow> {
  return page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const visible = (element: Element) =>
      element.getClientRects().length > 0 && getComputedStyle(element).visibility === 'visible';
    const sideways: string[] = [];
    const clipped: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!visible(element) || element.closest('.parley-visually-hidden')) continue;
      const style = getComputedStyle(element);
      const overX = style.overflowX !== 'visible' ? element.scrollWidth - element.clientWidth : 0;
      // A box that cuts its text at the bottom (a fixed height), not one that scrolls.
      const overY =
        style.overflowY === 'hidden' || style.overflowY === 'clip'
          ? element.scrollHeight - element.clientHeight
          : 0;
      if (overX <= 1 && overY <= 1) continue;
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.nodeValue?.trim(),
      );
      const hasText = (element.textContent ?? '').trim() !== '';
      if (overX > 1 && (style.overflowX === 'auto' || style.overflowX === 'scroll')) {
        sideways.push(`${describe(element)} +${overX}px`);
      } else if (hasText && (ownText || element.children.length === 0 || style.textOverflow === 'ellipsis')) {
        const titled =
          overY <= 1 &&
          style.textOverflow === 'ellipsis' &&
          (element.closest('[title]')?.getAttribute('title') ?? '').trim() ===
            (element.textContent ?? '').trim();
        if (!titled)
          clipped.push(
            `${describe(element)} ${overX > 1 ? `+${overX}px wide` : ''}${overY > 1 ? ` +${overY}px high` : ''}`,
          );
      }
    }
    const root = document.documentElement;
    return {
      pageOverflow: { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth },
      sideways,
      clipped,
    };
  });
}

async function expectReflow(page: Page) {
  const found = await reflow(page);
  expect(found.pageOverflow.scrollWidth, 'page wider than the window').toBeLessThanOrEqual(
    found.pageOverflow.clientWidth,
  );
  expect(found.clipped, 'text cut off').toEqual([]);
  expect(found.sideways, 'boxes that scroll sideways').toEqual([]);
}

/**
 * The composer and its send button fit on screen together (scrolled to, as a visitor scrolls a
 * page taller than a very short window) and send a message.
 */
async function expectComposerWorks(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: /message/i });
  await input.scrollIntoViewIfNeeded();
  await expect(input).toBeInViewport({ ratio: 1 });
  await input.fill(text);
  const sendButton = page.getByRole('button', { name: 'Send', exact: true });
  await expect(sendButton).toBeInViewport({ ratio: 1 });
  await expect(sendButton).toBeEnabled();
  await sendButton.click();
  await expect(conversation(page).getByText(text)).toBeVisible();
  await expect(input).toHaveValue('');
}

for (const { zoom, viewport } of ZOOMS) {
  test.describe(`at ${zoom} % zoom (${viewport.width} x ${viewport.height} CSS px)`, () => {
    test.use({ viewport, deviceScaleFactor: zoom / 100 });

    test('given a conversation with an agent, should reflow: no sideways scrolling, no text cut off, a working composer', async ({
      page,
      request,
    }) => {
      await longChannelTitle(page);
      await page.goto('/chat/index?channelId=human');
      await expect(page.getByRole('heading', { level: 1, name: LONG_TITLE })).toBeVisible();
      await expectReflow(page);
      await expectComposerWorks(page, 'Hello, my parcel 1042 has not arrived yet');
      const { agent, chat } = await agentWithChat(request, 'human');
      await expect(page.getByText(/^You are talking to (Alice|Bob)$/)).toBeVisible();
      await agent.send(
        chat.sessionId,
        'Thanks for waiting. Your parcel is at the depot in Rotterdam-Nieuw-Mathenesse and goes out tomorrow; tracking: https://example.com/track/NL-2026-000-104-2-ABCDEFGHIJ',
      );
      await expect(conversation(page).getByText(/Your parcel is at the depot/)).toBeVisible();
      await expectComposerWorks(page, 'Great, thank you! Can I change the delivery address?');
      await page.locator('input[type="file"]').first().setInputFiles(LONG_FILE);
      await expect(
        conversation(page).getByRole('link', { name: `Download ${LONG_FILE.name}` }),
      ).toBeAttached();
      await agent.send(chat.sessionId, 'Yes.');
      await expect(conversation(page).getByText('Yes.', { exact: true })).toBeVisible();
      // The conversation keeps several lines beside the header, suggestions and composer.
      const log = await conversation(page).boundingBox();
      expect(log?.height ?? 0).toBeGreaterThanOrEqual(80);
      // The newest message and the composer can be seen together.
      await page.getByRole('textbox', { name: /message/i }).scrollIntoViewIfNeeded();
      await expect(conversation(page).getByText('Yes.', { exact: true })).toBeInViewport();
      await expectReflow(page);
    });

    test('given the robot with its FAQ and tips, should reflow: no sideways scrolling, no text cut off, a working composer', async ({
      page,
    }) => {
      await page.goto('/chat/index?channelId=robot');
      await expect(page.getByRole('tree')).toBeAttached();
      await expectReflow(page);
      // Tips show while the visitor types.
      await page.getByRole('textbox', { name: /message/i }).pressSequentially('ship');
      await expect(page.getByRole('button', { name: /shipping/i }).first()).toBeVisible();
      await expectReflow(page);
      await expectComposerWorks(page, 'How much is shipping?');
      await expect(conversation(page).getByText(/Shipping is free from 50 EUR/)).toBeVisible();
      await expectReflow(page);
    });
  });
}

// Text spacing (WCAG 1.4.12): with line height 1.5, paragraph spacing 2, letter spacing 0.12 and
// word spacing 0.16 times the font size forced on every element, no text is cut off and the
// composer still sends. A 1280 x 1024 window at 100 %.
test.describe('given the text spacing of WCAG 1.4.12', () => {
  test.use({ viewport: { width: 1280, height: 1024 } });

  const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
    word-spacing: 0.16em !important; } p { margin-block-end: 2em !important; }`;

  /** Forces the spacing, as a reader's style sheet or extension does, and checks it took. */
  async function spaceText(page: Page) {
    await page.addStyleTag({ content: TEXT_SPACING });
    const composer = page.getByRole('textbox', { name: /message/i });
    expect(await composer.evaluate((element) => getComputedStyle(element).wordSpacing)).not.toBe('0px');
  }

  test('given a conversation with an agent and the robot channel, should cut off no text', async ({
    page,
    request,
  }) => {
    await longChannelTitle(page);
    await page.goto('/chat/index?channelId=human');
    await spaceText(page);
    await expectComposerWorks(page, 'Hello, my parcel 1042 has not arrived yet');
    const { agent, chat } = await agentWithChat(request, 'human');
    await expect(page.getByText(/^You are talking to (Alice|Bob)$/)).toBeVisible();
    await agent.send(
      chat.sessionId,
      'Thanks for waiting. Your parcel is at the depot and goes out tomorrow.',
    );
    await expect(conversation(page).getByText(/Your parcel is at the depot/)).toBeVisible();
    await expectReflow(page);

    await page.goto('/chat/index?channelId=robot');
    await spaceText(page);
    await expect(page.getByRole('tree')).toBeAttached();
    await page.getByRole('textbox', { name: /message/i }).pressSequentially('ship');
    await expect(page.getByRole('button', { name: /shipping/i }).first()).toBeVisible();
    await expectReflow(page);
  });
});
