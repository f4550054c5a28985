import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import zhCN from '../locales/zh-CN.json' with { type: 'json' };
import { Video } from './Video.js';

describe('Video', () => {
  it('given a source and poster, should render native controls, the poster and lazy preload', async () => {
    const screen = await render(
      <Video src="data:video/mp4;base64," poster="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />,
    );
    const video = screen.container.querySelector('video');
    expect(video?.controls).toBe(true);
    expect(video?.getAttribute('poster')).toBe('data:image/gif;base64,R0lGODlhAQABAAAAACw=');
    expect(video?.getAttribute('preload')).toBe('metadata');
  });

  it('given a label, should use it as the accessible name; without one, the localized default', async () => {
    const screen = await render(
      <>
        <Video src="a.mp4" aria-label="Unboxing" />
        <LocaleProvider locale="zh-CN" messages={zhCN}>
          <Video src="b.mp4" />
        </LocaleProvider>
      </>,
    );
    const [first, second] = screen.container.querySelectorAll('video');
    expect(first?.getAttribute('aria-label')).toBe('Unboxing');
    expect(second?.getAttribute('aria-label')).toBe('视频');
  });

  it('given a ref, should forward it to the video element', async () => {
    const ref = createRef<HTMLVideoElement>();
    await render(<Video ref={ref} src="a.mp4" />);
    expect(ref.current?.tagName).toBe('VIDEO');
  });

  it('given an unsafe source and poster, should load neither', async () => {
    const screen = await render(
      <Video src="javascript:alert(1)" poster="data:text/html,<script>alert(1)</script>" />,
    );
    const video = screen.container.querySelector('video');
    expect(video?.controls).toBe(true);
    expect(video?.hasAttribute('src')).toBe(false);
    expect(video?.hasAttribute('poster')).toBe(false);
  });

  it('given a blob: source (a file the page holds), should load it', async () => {
    const url = URL.createObjectURL(new Blob([''], { type: 'video/mp4' }));
    const screen = await render(<Video src={url} />);
    expect(screen.container.querySelector('video')?.getAttribute('src')).toBe(url);
    URL.revokeObjectURL(url);
  });
});
