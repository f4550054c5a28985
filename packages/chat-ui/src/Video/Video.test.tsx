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
});
