import { type ClipboardEvent, useState } from 'react';

/**
 * An image pasted from the clipboard, held until the visitor confirms or cancels it (spec
 * section 5). `asked` stays true once an image was pasted, so its dialog can stay mounted for
 * its closing focus.
 *
 * @example
 * const pasted = usePastedImage(enabled);
 * <div onPaste={pasted.onPaste}>{pasted.asked && <Confirm file={pasted.image} onClose={pasted.clear} />}</div>
 */
export function usePastedImage(enabled: boolean) {
  const [image, setImage] = useState<File | null>(null);
  const [asked, setAsked] = useState(false);
  const onPaste = (event: ClipboardEvent) => {
    if (!enabled) return;
    const pasted = Array.from(event.clipboardData?.files ?? []).find((file) =>
      file.type.startsWith('image/'),
    );
    if (!pasted) return;
    event.preventDefault();
    setAsked(true);
    setImage(pasted);
  };
  return { image, asked, onPaste, clear: () => setImage(null) };
}
