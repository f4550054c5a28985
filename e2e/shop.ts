import type { Page } from '@playwright/test';

/**
 * A shop site on another origin than the chat server, one the server's FRAME_ANCESTORS lists (the
 * e2e config sets it). Its pages are served by the test itself, never by a real server: nothing
 * listens on its port, so it needs no free one.
 */
export const SHOP = 'http://localhost:3999';

export interface ShopPage {
  /** The chat loader's attributes, without `src` and `async`: `{ 'data-channel-id': 'demo' }`. */
  loader: Record<string, string>;
  /** Markup before the loader, in `<body>`; by default a heading. */
  body?: string;
  /** Markup in `<head>` after the title (styles, a script that runs before the loader). */
  head?: string;
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** Serves every page of SHOP as a shop page with the chat's loader (embed.js from `chatBase`). */
export async function serveShop(page: Page, chatBase: string | undefined, shop: ShopPage): Promise<void> {
  const loader = Object.entries(shop.loader)
    .map(([name, value]) => ` ${name}="${attribute(value)}"`)
    .join('');
  const html = `<!doctype html><html lang="${shop.lang ?? 'en'}"${shop.dir ? ` dir="${shop.dir}"` : ''}><head><title>Shop</title>${shop.head ?? ''}</head>
<body>${shop.body ?? '<main><h1>Shop</h1></main>'}
<script src="${chatBase}/chat/embed.js"${loader} async></script></body></html>`;
  await page.route(`${SHOP}/**`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
}

/**
 * The chat's own close button, in its header inside the loader's frame: an embedded chat shows one
 * header (the loader's close button is there only until the chat page runs).
 */
export const closeChat = (page: Page) =>
  page
    .frameLocator('iframe[title="Customer service chat"]')
    .getByRole('button', { name: 'Close', exact: true });
