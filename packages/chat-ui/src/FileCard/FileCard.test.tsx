import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import frFR from '../locales/fr-FR.json' with { type: 'json' };
import { FileCard, fileKindOf } from './FileCard.js';

describe('fileKindOf', () => {
  it.each([
    ['a.PNG', 'image'],
    ['a.mp4', 'video'],
    ['a.m4a', 'audio'],
    ['a.pdf', 'file'],
    ['README', 'file'],
  ])('given %s, should be %s', (name, kind) => {
    expect(fileKindOf(name)).toBe(kind);
  });
});

describe('FileCard', () => {
  it('given a name, size and URL, should show them and a safe download link', async () => {
    const screen = await render(<FileCard name="invoice.pdf" size={2048} url="/files/invoice.pdf" />);
    await expect.element(screen.getByText('invoice.pdf')).toBeVisible();
    await expect.element(screen.getByText(/^2\.00\s?kB$/)).toBeVisible();
    const link = screen.getByRole('link', { name: 'Download invoice.pdf' });
    await expect.element(link).toHaveAttribute('href', '/files/invoice.pdf');
    await expect.element(link).toHaveAttribute('download', 'invoice.pdf');
    await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('given an image name, should show the image icon and expose the kind', async () => {
    const screen = await render(<FileCard name="photo.jpg" />);
    const card = screen.container.querySelector('[data-slot="file-card"]');
    expect(card?.getAttribute('data-kind')).toBe('image');
    expect(card?.querySelector('[data-icon="Image"]')).not.toBeNull();
  });

  it('given no URL, should render no link', async () => {
    const screen = await render(<FileCard name="a.txt" size={1} />);
    expect(screen.container.querySelector('a')).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '\u0001 java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ])('given the unsafe URL %j, should show the name as text and make no link', async (url) => {
    const screen = await render(<FileCard name="invoice.pdf" size={2048} url={url} />);
    await expect.element(screen.getByText('invoice.pdf')).toBeVisible();
    await expect.element(screen.getByText(/^2\.00\s?kB$/)).toBeVisible();
    expect(screen.container.querySelector('a')).toBeNull();
    expect(screen.container.querySelector('[href]')).toBeNull();
  });

  it.each(['https://files.example/invoice.pdf', 'mailto:billing@example.com', 'files/invoice.pdf'])(
    'given the URL %s, should make the download link to it',
    async (url) => {
      const screen = await render(<FileCard name="invoice.pdf" url={url} />);
      await expect
        .element(screen.getByRole('link', { name: 'Download invoice.pdf' }))
        .toHaveAttribute('href', url);
    },
  );

  it('given the keyboard, should reach the download link with Tab', async () => {
    const screen = await render(<FileCard name="a.txt" url="/a.txt" />);
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('link')).toHaveFocus();
  });

  it('given French, should label the link in French', async () => {
    const screen = await render(
      <LocaleProvider locale="fr-FR" messages={frFR}>
        <FileCard name="a.txt" url="/a.txt" />
      </LocaleProvider>,
    );
    await expect.element(screen.getByRole('link')).toHaveAccessibleName('Télécharger a.txt');
  });
});

describe('FileCard size', () => {
  it('given the English locale, should show the size with 2 decimals in the unit of its size', async () => {
    const screen = await render(<FileCard name="report.pdf" url="/files/report.pdf" size={1536} />);
    await expect.element(screen.getByText(/^1\.50\s?kB$/)).toBeInTheDocument();
  });

  it("given another locale, should write the size in that locale's numbers and unit", async () => {
    const screen = await render(
      <LocaleProvider locale="fr-FR" messages={frFR}>
        <FileCard name="rapport.pdf" url="/files/rapport.pdf" size={1536} />
      </LocaleProvider>,
    );
    await expect.element(screen.getByText(/^1,50\s?ko$/)).toBeInTheDocument();
  });
});
