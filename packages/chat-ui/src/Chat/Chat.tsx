import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { Composer, type ComposerProps } from '../Composer/Composer.js';
import { cn } from '../internal/cn.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { Navbar, type NavbarProps } from '../Navbar/Navbar.js';
import { QuickReplies, type QuickRepliesProps } from '../QuickReplies/QuickReplies.js';

/**
 * The chat screen's frame: a flex column that fills its container (give the container a height),
 * with no style on the page around it. Right to left and safe-area insets included.
 */
export const ChatRoot = forwardRef<HTMLElement, HTMLAttributes<HTMLElement>>(function ChatRoot(
  { className, ...rest },
  ref,
) {
  const { t, dir } = useLocale();
  return (
    <section
      ref={ref}
      aria-label={t('chat.label')}
      dir={dir}
      {...rest}
      className={cn('parley-chat', className)}
    />
  );
});

/** The top bar area (the Navbar goes here); clears the top safe-area inset. */
export const ChatHeader = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function ChatHeader(
  { className, ...rest },
  ref,
) {
  return <div ref={ref} {...rest} data-slot="chat-header" className={cn('parley-chat__header', className)} />;
});

/** The conversation area: takes the remaining height; the message list scrolls inside it. */
export const ChatMain = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function ChatMain(
  { className, ...rest },
  ref,
) {
  return <div ref={ref} {...rest} className={cn('parley-chat__main', className)} />;
});

/** The bottom area (quick replies and composer), stuck to the bottom above the safe-area inset. */
export const ChatFooter = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function ChatFooter(
  { className, ...rest },
  ref,
) {
  return <div ref={ref} {...rest} data-slot="chat-footer" className={cn('parley-chat__footer', className)} />;
});

export interface ChatProps extends HTMLAttributes<HTMLElement> {
  /** Props for the default Navbar (title, back, sound, actions). Omit or `null` for no bar. */
  navbar?: NavbarProps | null;
  /** Replaces the Navbar; receives the props the default would get. */
  renderNavbar?: (props: NavbarProps) => ReactNode;
  /** The conversation area's content (e.g. a MessageList). */
  renderMessageList?: () => ReactNode;
  /** Props for the default QuickReplies above the composer; shown when it has items. */
  quickReplies?: QuickRepliesProps;
  /** Replaces the QuickReplies; receives the props the default would get. */
  renderQuickReplies?: (props: QuickRepliesProps) => ReactNode;
  /** Props for the default Composer at the bottom (onSend, onSendVoice, onFiles, toolbar, ...). */
  composer?: ComposerProps;
  /** Replaces the Composer; receives the props the default would get. */
  renderComposer?: (props: ComposerProps) => ReactNode;
  /** Anything else inside the frame, e.g. a Toaster or dialogs. */
  children?: ReactNode;
}

/**
 * A whole chat screen in a few lines: Navbar on top, the conversation filling the middle, quick
 * replies and the composer stuck to the bottom. Every part is replaceable with a `render*` prop,
 * and the frame's parts (`Chat.Root`, `Chat.Header`, `Chat.Main`, `Chat.Footer`) build any other
 * layout. It styles nothing outside `.parley-chat`: give its container a height.
 *
 * @example
 * <div style={{ blockSize: '100dvh' }}>
 *   <Chat navbar={{ title: 'Support', onBack }}
 *     renderMessageList={() => <MessageList messages={messages} />}
 *     renderComposer={() => <Composer onSend={send} />} />
 * </div>
 */
const ChatAssembly = forwardRef<HTMLElement, ChatProps>(function Chat(
  {
    navbar,
    renderNavbar,
    renderMessageList,
    quickReplies: quickRepliesProps,
    renderQuickReplies,
    composer: composerProps,
    renderComposer,
    children,
    ...rest
  },
  ref,
) {
  const navbarProps = navbar ?? {};
  const header = renderNavbar ? renderNavbar(navbarProps) : navbar ? <Navbar {...navbarProps} /> : null;
  const quickReplies = renderQuickReplies
    ? renderQuickReplies(quickRepliesProps ?? { items: [] })
    : quickRepliesProps && quickRepliesProps.items.length > 0 && <QuickReplies {...quickRepliesProps} />;
  const composer = renderComposer
    ? renderComposer(composerProps ?? {})
    : composerProps && <Composer {...composerProps} />;
  return (
    <ChatRoot ref={ref} {...rest}>
      {header !== null && header !== undefined && <ChatHeader>{header}</ChatHeader>}
      <ChatMain>{renderMessageList?.()}</ChatMain>
      {(quickReplies || composer) && (
        <ChatFooter>
          {quickReplies}
          {composer}
        </ChatFooter>
      )}
      {children}
    </ChatRoot>
  );
});

export const Chat = Object.assign(ChatAssembly, {
  Root: ChatRoot,
  Header: ChatHeader,
  Main: ChatMain,
  Footer: ChatFooter,
});
