import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { brokenImage } from '../Image/fixtures.js';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import arEG from '../locales/ar-EG.json' with { type: 'json' };
import { contrast } from '../test/contrast.js';
import { AVATAR_COLORS, Avatar, AvatarGroup, avatarColor } from './Avatar.js';

const photo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#2e7d5b"/></svg>',
)}`;

describe('avatarColor', () => {
  it('given a name, should pick the same colour every time, ignoring case and outer spaces', () => {
    expect(avatarColor('Camille Martin')).toBe(avatarColor('  camille martin '));
    expect(avatarColor('Camille Martin')).toBeGreaterThanOrEqual(1);
    expect(avatarColor('Camille Martin')).toBeLessThanOrEqual(AVATAR_COLORS);
  });

  it('given a team of names, should spread them over several colours', () => {
    const team = [
      'Camille Martin',
      'Ahmed Khan',
      'Li Wei',
      'Sara López',
      'Yuki Tanaka',
      'Olu Adebayo',
      'Priya Nair',
    ];
    expect(new Set(team.map(avatarColor)).size).toBeGreaterThanOrEqual(4);
  });
});

describe('Avatar', () => {
  it('given a name and no image, should draw the initials as one image named after the person', async () => {
    const screen = await render(<Avatar name="camille martin dupont" />);
    const avatar = screen.getByRole('img', { name: 'Avatar of camille martin dupont' });
    await expect.element(avatar).toHaveTextContent('CM');
    await expect.element(avatar).toHaveAttribute('data-variant', 'initials');
    await expect.element(avatar).toHaveAttribute('data-color', String(avatarColor('camille martin dupont')));
  });

  it.each(['light', 'dark'])(
    'given the %s theme, should draw initials and the robot at 4.5:1 or more on every colour',
    async (theme) => {
      const names = Array.from({ length: 40 }, (_, index) => `Person ${index}`);
      const screen = await render(
        <div data-parley-theme={theme}>
          {names.map((name) => (
            <Avatar key={name} name={name} />
          ))}
          <Avatar name="Assistant" bot />
        </div>,
      );
      const drawn = [...screen.container.querySelectorAll('[data-slot="avatar"]')];
      const colours = new Set(drawn.map((avatar) => avatar.getAttribute('data-color')).filter(Boolean));
      expect(colours.size).toBe(AVATAR_COLORS);
      for (const avatar of drawn) {
        const style = getComputedStyle(avatar);
        expect(contrast(style.color, style.backgroundColor), avatar.textContent ?? '').toBeGreaterThanOrEqual(
          4.5,
        );
      }
    },
  );

  it('given a bot without an image, should draw the robot in its own colour, not initials', async () => {
    const screen = await render(<Avatar name="Parley Assistant" bot />);
    const avatar = screen.getByRole('img', { name: 'Avatar of Parley Assistant' });
    await expect.element(avatar).toHaveAttribute('data-variant', 'bot');
    expect(avatar.element().querySelector('[data-icon="Robot"]')).not.toBeNull();
    expect(avatar.element().textContent).toBe('');
    const bot = getComputedStyle(avatar.element()).backgroundColor;
    const { container } = await render(
      <div>
        {Array.from({ length: AVATAR_COLORS * 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
          <Avatar key={index} name={`Person ${index}`} />
        ))}
      </div>,
    );
    const humans = [...container.querySelectorAll('[data-variant="initials"]')].map(
      (element) => getComputedStyle(element).backgroundColor,
    );
    expect(humans).not.toContain(bot);
  });

  it('given a bot with an image, should show the image', async () => {
    const screen = await render(<Avatar name="Parley Assistant" bot src={photo} />);
    await expect
      .element(screen.getByRole('img', { name: 'Avatar of Parley Assistant' }))
      .toHaveAttribute('data-variant', 'image');
    expect(screen.container.querySelector('img')?.getAttribute('src')).toBe(photo);
  });

  it('given an image that fails to load, should fall back to the initials', async () => {
    const screen = await render(<Avatar name="Camille Martin" src={brokenImage} />);
    const avatar = screen.getByRole('img', { name: 'Avatar of Camille Martin' });
    await expect.element(avatar).toHaveAttribute('data-variant', 'initials');
    await expect.element(avatar).toHaveTextContent('CM');
  });

  it('given a URL an image may not have, should not load it', async () => {
    const screen = await render(<Avatar name="Camille Martin" src="javascript:alert(1)" />);
    expect(screen.container.querySelector('img')).toBeNull();
    await expect.element(screen.getByRole('img')).toHaveTextContent('CM');
  });

  it('given decorative, or no name, should be hidden from screen readers', async () => {
    const screen = await render(
      <>
        <Avatar name="Camille Martin" decorative />
        <Avatar src={photo} />
      </>,
    );
    const avatars = [...screen.container.querySelectorAll('[data-slot="avatar"]')];
    expect(avatars.map((avatar) => avatar.getAttribute('aria-hidden'))).toEqual(['true', 'true']);
    expect(screen.container.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('given a size in pixels or a CSS length, should draw a circle of that diameter', async () => {
    const screen = await render(
      <>
        <Avatar name="A B" size={48} />
        <Avatar name="C D" size="1.5rem" />
        <Avatar name="E F" />
      </>,
    );
    const sizes = [...screen.container.querySelectorAll('[data-slot="avatar"]')].map((avatar) => {
      const box = avatar.getBoundingClientRect();
      return [box.width, box.height];
    });
    expect(sizes).toEqual([
      [48, 48],
      [24, 24],
      [36, 36],
    ]);
  });
});

describe('AvatarGroup', () => {
  const team = [
    { name: 'Camille Martin' },
    { name: 'Ahmed Khan', avatar: photo },
    { name: 'Parley Assistant', bot: true },
    { name: 'Li Wei' },
    { name: 'Sara López' },
  ];

  it('given more people than max (default 3), should show three and count the rest, named by everyone', async () => {
    const screen = await render(<AvatarGroup avatars={team} />);
    const group = screen.getByRole('img', {
      name: 'Camille Martin, Ahmed Khan, Parley Assistant, Li Wei, and Sara López',
    });
    await expect.element(group).toBeVisible();
    const circles = [...group.element().children];
    expect(circles.map((circle) => circle.getAttribute('data-variant'))).toEqual([
      'initials',
      'image',
      'bot',
      'more',
    ]);
    expect(circles.at(-1)?.textContent).toBe('+2');
  });

  it('given max, should show that many; given no more than max, no count', async () => {
    const screen = await render(<AvatarGroup avatars={team} max={4} />);
    expect(screen.container.querySelector('[data-variant="more"]')?.textContent).toBe('+1');
    await screen.rerender(<AvatarGroup avatars={team.slice(0, 2)} />);
    expect(screen.container.querySelector('[data-variant="more"]')).toBeNull();
    expect(screen.container.querySelectorAll('[data-slot="avatar"]')).toHaveLength(2);
  });

  it('given overlapping avatars, should stack each one a little over the previous, mirrored right to left', async () => {
    const screen = await render(
      <LocaleProvider locale="ar-EG" messages={arEG}>
        <div dir="rtl">
          <AvatarGroup avatars={team} size={40} />
        </div>
      </LocaleProvider>,
    );
    const [first, second] = [...screen.container.querySelectorAll('[data-slot="avatar"]')].map((avatar) =>
      avatar.getBoundingClientRect(),
    );
    // Right to left, the second sits to the left of the first, overlapping it.
    expect(second?.right).toBeLessThan(first?.right ?? 0);
    expect(second?.right).toBeGreaterThan(first?.left ?? 0);
    expect(screen.container.querySelector('[data-variant="more"]')?.textContent).toBe('+٢');
  });
});
