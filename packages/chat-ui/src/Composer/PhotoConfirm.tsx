import { useEffect, useRef, useState } from 'react';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { Modal } from '../Modal/Modal.js';

/** Asks before sending a pasted image: preview (object URL, revoked on close), Cancel and Send. */
export function PhotoConfirm({
  file,
  onClose,
  onSend,
}: {
  file: File | null;
  onClose: () => void;
  onSend: (file: File) => void;
}) {
  const { t } = useLocale();
  const [url, setUrl] = useState<string | null>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!file) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [file]);
  return (
    <Modal
      open={file !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('composer.photoTitle')}
      className="parley-composer__photo"
      // Paste, then Enter sends: the usual flow in chat apps.
      initialFocus={sendRef}
      footer={
        <>
          <button type="button" className="parley-composer__photo-button" onClick={onClose}>
            {t('composer.photoCancel')}
          </button>
          <button
            ref={sendRef}
            type="button"
            className="parley-composer__photo-button"
            data-variant="primary"
            onClick={() => file && onSend(file)}
          >
            {t('composer.photoSend')}
          </button>
        </>
      }
    >
      {url && <img className="parley-composer__photo-preview" src={url} alt={t('composer.photoAlt')} />}
    </Modal>
  );
}
