import { type ButtonHTMLAttributes, forwardRef, type InputHTMLAttributes, useRef } from 'react';
import { IconPaperclip } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { composeHandlers } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { useComposerActions } from './context.js';

export interface ComposerAttachProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange'> {
  /** File types the picker offers, e.g. `image/*`, `image/*,video/*`, `audio/*`. Without it, any file. */
  accept?: string;
  /** Allow several files at once. Default true. */
  multiple?: boolean;
  /** Props for the hidden file input. */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}

/** A button that opens the file picker; chosen files go to the Root's `onFiles`. */
export const ComposerAttach = forwardRef<HTMLButtonElement, ComposerAttachProps>(function ComposerAttach(
  { accept, multiple = true, inputProps, className, onClick, children, ...rest },
  ref,
) {
  const { t } = useLocale();
  const { addFiles, disabled } = useComposerActions('Attach');
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        ref={ref}
        type="button"
        aria-label={t('composer.attach')}
        disabled={disabled}
        {...rest}
        className={cn('parley-composer__button', className)}
        data-slot="composer-attach"
        onClick={composeHandlers(onClick, () => fileRef.current?.click())}
      >
        {children ?? <IconPaperclip />}
      </button>
      <input
        ref={fileRef}
        type="file"
        hidden
        tabIndex={-1}
        accept={accept}
        multiple={multiple}
        {...inputProps}
        onChange={(event) => {
          inputProps?.onChange?.(event);
          addFiles(Array.from(event.target.files ?? []));
          // Choosing the same file twice in a row still fires a change.
          event.target.value = '';
        }}
      />
    </>
  );
});
