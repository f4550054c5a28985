import { forwardRef, type HTMLAttributes } from 'react';
import { cn } from '../internal/cn.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { type ComposerToolbarItem, useComposerActions } from './context.js';

export interface ComposerToolbarProps extends HTMLAttributes<HTMLDivElement> {
  /** The actions. */
  items: readonly ComposerToolbarItem[];
  /** Called with the chosen item. An item with `render` shows its content in the panel instead. */
  onToolbarClick?: (item: ComposerToolbarItem) => void;
}

/** The grid of toolbar items, usually inside `Composer.Accessory`. */
export const ComposerToolbar = forwardRef<HTMLDivElement, ComposerToolbarProps>(function ComposerToolbar(
  { items, onToolbarClick, className, ...rest },
  ref,
) {
  const { t } = useLocale();
  const { setAccessoryOpen, setAccessoryContent, disabled } = useComposerActions('Toolbar');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons, not a form section
    <div
      ref={ref}
      role="group"
      aria-label={t('composer.more')}
      {...rest}
      className={cn('parley-composer__toolbar', className)}
      data-slot="composer-toolbar"
    >
      {items.map((item) => (
        <button
          key={item.type}
          type="button"
          className="parley-composer__tool"
          data-type={item.type}
          disabled={disabled}
          onClick={() => {
            onToolbarClick?.(item);
            if (item.render) setAccessoryContent(item.render);
            else setAccessoryOpen(false);
          }}
        >
          <span className="parley-composer__tool-icon" aria-hidden="true">
            {item.img ? <img src={item.img} alt="" /> : item.icon}
          </span>
          <span className="parley-composer__tool-title">{item.title}</span>
        </button>
      ))}
    </div>
  );
});
