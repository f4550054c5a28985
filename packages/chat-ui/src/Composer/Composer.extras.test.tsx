import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { IconFile, IconImage } from '../Icon/icons.js';
import { Composer, type ComposerToolbarItem, useComposer } from './Composer.js';

const toolbar: ComposerToolbarItem[] = [
  { type: 'image', title: 'Photo', icon: <IconImage /> },
  { type: 'order', title: 'My orders', icon: <IconFile /> },
  {
    type: 'emoji',
    title: 'Emoji',
    img: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
    render: () => <p>Pick one</p>,
  },
];

function png(name = 'shot.png') {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}

function root(): HTMLElement {
  return document.querySelector('[data-slot="composer"]') as HTMLElement;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Composer voice mode', () => {
  it('given onSendVoice, the toggle should switch to the hold-to-talk button and back (aria-pressed)', async () => {
    const onModeChange = vi.fn();
    const screen = await render(<Composer onSendVoice={() => {}} onModeChange={onModeChange} />);
    const toggle = screen.getByRole('button', { name: 'Voice input' });
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect.element(screen.getByRole('button', { name: 'Hold to talk' })).toBeVisible();
    expect(root()).toHaveAttribute('data-mode', 'voice');
    expect(document.querySelector('textarea')).toBeNull();
    expect(document.querySelector('[data-slot="composer-send"]')).toBeNull();
    await userEvent.keyboard(' ');
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect.element(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
    expect(onModeChange.mock.calls).toEqual([['voice'], ['text']]);
  });

  it('given voice mode, a hold-to-talk recording should reach onSendVoice through recorderProps', async () => {
    class OneChunkRecorder extends EventTarget {
      state = 'inactive';
      mimeType = 'audio/ogg';
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new Blob(['a']) }));
        this.dispatchEvent(new Event('stop'));
      }
    }
    const onSendVoice = vi.fn();
    const screen = await render(
      <Composer
        defaultMode="voice"
        onSendVoice={onSendVoice}
        recorderProps={{
          getUserMedia: () => Promise.resolve({ getTracks: () => [] } as unknown as MediaStream),
          MediaRecorder: OneChunkRecorder as unknown as typeof MediaRecorder,
          createAudioContext: () => null,
        }}
      />,
    );
    (screen.getByRole('button', { name: 'Hold to talk' }).element() as HTMLElement).focus();
    await userEvent.keyboard(' ');
    await expect.element(screen.getByRole('button', { name: 'Stop and send' })).toBeVisible();
    await userEvent.keyboard(' ');
    await expect.poll(() => onSendVoice.mock.calls.length).toBe(1);
    expect(onSendVoice.mock.calls[0]?.[0]).toMatchObject({ mimeType: 'audio/ogg', duration: 0 });
  });

  it('given a disabled composer in voice mode, should disable the hold-to-talk button', async () => {
    const screen = await render(<Composer disabled defaultMode="voice" onSendVoice={() => {}} />);
    await expect.element(screen.getByRole('button', { name: 'Hold to talk' })).toBeDisabled();
  });

  it('given no onSendVoice, should not offer the voice toggle', async () => {
    await render(<Composer />);
    expect(page.getByRole('button', { name: 'Voice input' }).query()).toBeNull();
  });
});

describe('Composer toolbar', () => {
  it('given toolbar items, the more button should open them (aria-expanded) and report the chosen one', async () => {
    const onToolbarClick = vi.fn();
    const screen = await render(<Composer toolbar={toolbar} onToolbarClick={onToolbarClick} />);
    const more = screen.getByRole('button', { name: 'More actions' });
    await expect.element(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect.element(more).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(more.element().getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    await screen.getByRole('button', { name: 'My orders' }).click();
    expect(onToolbarClick).toHaveBeenCalledWith(toolbar[1]);
    await expect.element(more).toHaveAttribute('aria-expanded', 'false');
  });

  it('given an item with render, should show its content in the panel instead of the items', async () => {
    const screen = await render(<Composer toolbar={toolbar} />);
    await screen.getByRole('button', { name: 'More actions' }).click();
    await screen.getByRole('button', { name: 'Emoji' }).click();
    await expect.element(screen.getByText('Pick one')).toBeVisible();
    expect(page.getByRole('button', { name: 'Photo' }).query()).toBeNull();
    await userEvent.keyboard('{Enter}');
  });

  it('given an open panel, Escape should close it and return focus to the more button', async () => {
    const screen = await render(<Composer toolbar={toolbar} />);
    const more = screen.getByRole('button', { name: 'More actions' });
    await more.click();
    await userEvent.tab();
    await expect.element(screen.getByRole('button', { name: 'Photo' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(more).toHaveAttribute('aria-expanded', 'false');
    await expect.element(more).toHaveFocus();
  });
});

describe('useComposer', () => {
  it('given a custom part, should read and change the text through the scoped context', async () => {
    function Emoji() {
      const { value, setValue } = useComposer();
      return (
        <button type="button" onClick={() => setValue(`${value}🙂`)}>
          smile
        </button>
      );
    }
    const onSend = vi.fn();
    const screen = await render(
      <Composer.Root onSend={onSend} defaultValue="Hi">
        <Composer.Input />
        <Emoji />
        <Composer.Send />
      </Composer.Root>,
    );
    await screen.getByRole('button', { name: 'smile' }).click();
    await screen.getByRole('button', { name: 'Send' }).click();
    expect(onSend).toHaveBeenCalledWith('Hi🙂');
  });
});

describe('Composer files', () => {
  it('given onFiles and accept, the attach button should open a picker with that accept list', async () => {
    const onFiles = vi.fn();
    const screen = await render(<Composer onFiles={onFiles} accept="image/*,video/*" />);
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(picker.accept).toBe('image/*,video/*');
    expect(picker.hidden).toBe(true);
    const click = vi.spyOn(picker, 'click').mockImplementation(() => {});
    await screen.getByRole('button', { name: 'Attach a file' }).click();
    expect(click).toHaveBeenCalledOnce();
    const file = png();
    const files = new DataTransfer();
    files.items.add(file);
    picker.files = files.files;
    picker.dispatchEvent(new Event('change', { bubbles: true }));
    expect(onFiles).toHaveBeenCalledWith([file]);
    // Cleared, so choosing the same file again fires a change again.
    expect(picker.value).toBe('');
  });

  it('given a pasted image, should ask first: Send hands the file over, and the preview URL is revoked', async () => {
    const onFiles = vi.fn();
    const created = vi.spyOn(URL, 'createObjectURL');
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const screen = await render(<Composer onFiles={onFiles} />);
    const data = new DataTransfer();
    const file = png();
    data.items.add(file);
    const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    (screen.getByRole('textbox').element() as HTMLElement).dispatchEvent(paste);
    expect(paste.defaultPrevented).toBe(true);
    const dialog = screen.getByRole('dialog', { name: 'Send this photo?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByRole('img', { name: 'Pasted image' })).toBeInTheDocument();
    expect(onFiles).not.toHaveBeenCalled();
    const url = created.mock.results[0]?.value;
    await expect.element(dialog.getByRole('button', { name: 'Send' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onFiles).toHaveBeenCalledWith([file]);
    await expect.element(dialog).not.toBeInTheDocument();
    expect(revoked).toHaveBeenCalledWith(url);
  });

  it('given a pasted image, Cancel should close without sending; pasted text still pastes', async () => {
    const onFiles = vi.fn();
    const screen = await render(<Composer onFiles={onFiles} />);
    const data = new DataTransfer();
    data.items.add(png());
    screen
      .getByRole('textbox')
      .element()
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    const dialog = screen.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(onFiles).not.toHaveBeenCalled();
    const text = new DataTransfer();
    text.setData('text/plain', 'hi');
    const paste = new ClipboardEvent('paste', { clipboardData: text, bubbles: true, cancelable: true });
    screen.getByRole('textbox').element().dispatchEvent(paste);
    expect(paste.defaultPrevented).toBe(false);
  });

  it('given files dragged over it, should show the drop target and hand dropped files to onFiles', async () => {
    const onFiles = vi.fn();
    await render(<Composer onFiles={onFiles} />);
    const data = new DataTransfer();
    const file = png();
    data.items.add(file);
    const fire = (type: string, target: Element = root()) => {
      const event = new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true });
      target.dispatchEvent(event);
      return event;
    };
    fire('dragenter');
    await expect.poll(() => root().hasAttribute('data-dragging')).toBe(true);
    await expect.element(page.getByText('Drop files to send them')).toBeVisible();
    // Entering a child then leaving it keeps the target (enter/leave are counted).
    fire('dragenter', document.querySelector('textarea') as Element);
    fire('dragleave', document.querySelector('textarea') as Element);
    expect(root().hasAttribute('data-dragging')).toBe(true);
    expect(fire('dragover').defaultPrevented).toBe(true);
    expect(fire('drop').defaultPrevented).toBe(true);
    await expect.poll(() => root().hasAttribute('data-dragging')).toBe(false);
    expect(onFiles).toHaveBeenCalledWith([file]);
  });
});

describe('Composer on-screen keyboard', () => {
  it('given a visual viewport shrunk by a keyboard, should expose the covered height as --parley-keyboard-inset', async () => {
    const viewport = Object.assign(new EventTarget(), { height: window.innerHeight, offsetTop: 0 });
    vi.stubGlobal('visualViewport', viewport);
    await render(<Composer />);
    expect(root().style.getPropertyValue('--parley-keyboard-inset')).toBe('0px');
    viewport.height = window.innerHeight - 300;
    viewport.dispatchEvent(new Event('resize'));
    await expect.poll(() => root().style.getPropertyValue('--parley-keyboard-inset')).toBe('300px');
    expect(getComputedStyle(root()).marginBlockEnd).toBe('300px');
  });

  it('given no visualViewport (older browsers), should keep the inset at 0', async () => {
    vi.stubGlobal('visualViewport', undefined);
    await render(<Composer />);
    expect(root().style.getPropertyValue('--parley-keyboard-inset')).toBe('0px');
  });
});
