import type { Star } from '@parley/chat-core';
import { Checkbox, Field, Radio, RadioGroup, Textarea } from '@parley/chat-ui/Form';
import { Modal } from '@parley/chat-ui/Modal';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/useT.js';

export interface EvaluationValues {
  star: number;
  tags: string[];
  content: string;
}

export interface EvaluationDialogProps {
  /** The channel's star list as the engine shows it: reversed, best first (spec section 3). */
  stars: readonly Star[];
  /** Sends the rating; resolves true when it was taken (the engine then closes the dialog). */
  onSubmit: (values: EvaluationValues) => Promise<boolean>;
  onClose: () => void;
}

/**
 * The evaluation dialog: the channel's ratings as the engine gives them, reversed for display
 * (spec section 3: best first, whatever order the server sends), as a list of radios each with its
 * stars; the chosen rating's tags follow as checkboxes, then an optional comment.
 */
export function EvaluationDialog({ stars, onSubmit, onClose }: EvaluationDialogProps) {
  const t = useT();
  const [value, setValue] = useState<string | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const chosen = stars.find((star) => String(star.star) === value);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError(t('userForm.required'));
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ star: chosen.star, tags, content: content.trim() });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('evaluation.title')}
      description={t('evaluation.intro')}
    >
      <form className="visitor-form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
        <Field label={t('evaluation.stars')} error={error} required>
          <RadioGroup
            value={value}
            onValueChange={(next) => {
              setValue(next);
              setTags([]);
              setError(undefined);
            }}
          >
            {stars.map((star) => (
              <Radio
                key={star.star}
                value={String(star.star)}
                aria-label={star.desc}
                label={
                  <>
                    <span className="visitor-rating__stars" aria-hidden="true">
                      {'★'.repeat(Math.max(0, Math.min(star.star, 10)))}
                    </span>{' '}
                    {star.desc}
                  </>
                }
              />
            ))}
          </RadioGroup>
        </Field>
        {chosen?.tags?.length ? (
          <fieldset className="visitor-form__tags">
            <legend>{t('evaluation.tags')}</legend>
            {chosen.tags.map((tag) => (
              <Checkbox
                key={tag}
                label={tag}
                checked={tags.includes(tag)}
                onCheckedChange={(checked) =>
                  setTags((current) => (checked ? [...current, tag] : current.filter((item) => item !== tag)))
                }
              />
            ))}
          </fieldset>
        ) : null}
        <Field label={t('evaluation.comment')}>
          <Textarea rows={3} value={content} onChange={(event) => setContent(event.target.value)} />
        </Field>
        <div className="visitor-form__actions">
          <button type="button" className="visitor-button" onClick={onClose}>
            {t('evaluation.later')}
          </button>
          <button type="submit" className="visitor-button visitor-button--primary" disabled={busy}>
            {t('evaluation.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
