import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import frFR from '../locales/fr-FR.json' with { type: 'json' };
import { FileCard, fileKindOf, formatFileSize } from './FileCard.js';

describe('formatFileSize', () => {
  it.each([
    [0, '0.00 B'],
    [1023, '1023.00 B'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1024 ** 2 - 1, '1024.00 KB'],
    [1024 ** 2, '1.00 MB'],
    [1024 ** 3, '1.00 GB'],
    [1024 ** 4, '1.00 TB'],
    [1024 ** 5, '1.00 PB'],
    [1024 ** 6, '1.00 EB'],
    [1024 ** 7, '1.00 ZB'],
    [1024 ** 8, '1.00 YB'],
    [1024 ** 9, '1024.00 YB'],
  ])('given %d bytes, should show %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it('given each unit boundary minus one step below, should stay in the smaller unit', () => {
    const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB'];
    units.forEach((unit, index) => {
      expect(formatFileSize(1000 * 1024 ** index)).toBe(`1000.00 ${unit}`);
    });
  });

  it('given a negative or non-finite size, should show nothing', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});

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
    await expect.element(screen.getByText('2.00 KB')).toBeVisible();
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
    await expect.element(screen.getByText('2.00 KB')).toBeVisible();
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
