import { Audio } from '@parley/chat-ui/Audio';
import { Bubble } from '@parley/chat-ui/Bubble';
import { type ComponentEntry, ComponentsProvider, LazyComponent } from '@parley/chat-ui/ComponentLoader';
import { FileCard } from '@parley/chat-ui/FileCard';
import { GoodsCard } from '@parley/chat-ui/GoodsCard';
import { Image } from '@parley/chat-ui/Image';
import type { MessageModel } from '@parley/chat-ui/Message';
import { LazyRichText } from '@parley/chat-ui/RichText';
import { Thinking } from '@parley/chat-ui/Thinking';
import { TipCard } from '@parley/chat-ui/TipCard';
import { Tree } from '@parley/chat-ui/Tree';
import { Video } from '@parley/chat-ui/Video';
import type { ReactNode } from 'react';
import { goodsCardProps } from './goodsCardProps.js';
import type { MessageContent } from './messageView.js';

/** The kit's goods card drawn from a card message's props, only the fields it knows (see goodsCardProps). */
function cardOf(defaultType: 'order' | 'other') {
  return function WireGoodsCard(props: Record<string, unknown>) {
    const picked = goodsCardProps(props, defaultType);
    return picked ? <GoodsCard {...picked} /> : null;
  };
}

/**
 * The cards a robot or agent message can show (a `card` message's `card.code`): the kit's goods
 * card, as a product or as an order line. Another code shows the message's text only.
 */
const CARDS: Record<string, ComponentEntry> = {
  'goods-card': { component: cardOf('other') },
  'order-card': { component: cardOf('order') },
};

const reportCard = (error: Error) => console.warn('[parley] a card could not be shown', error);

export interface MessageBodyOptions {
  /** The visitor picked an FAQ question or an auto-tip: it is sent as their message. */
  onAsk: (question: string) => void;
  /** The visitor opened an FAQ answer: it goes into the chat's record for the agent. */
  onRead?: (node: { title: string; content?: string }) => void;
}

/** Draws the `custom` rows of the conversation with the kit's widgets (a lazily loaded part). */
export function MessageBody({
  model,
  onAsk,
  onRead,
}: { model: MessageModel } & MessageBodyOptions): ReactNode {
  const content = model.content as MessageContent;
  const { message } = content;
  const url = message.fileUrl ?? message.previewUrl ?? '';
  const name = message.fileName ?? message.msgContent;
  switch (content.kind) {
    case 'image':
      return <Image src={url} alt={name} />;
    case 'audio':
      return <Audio src={url} duration={message.audioDuration} />;
    case 'video':
      return <Video src={url} aria-label={name} />;
    case 'file':
      return <FileCard name={name} size={message.fileSize} url={message.fileUrl} />;
    case 'tip': {
      const tip = message.tip;
      if (!tip) return null;
      return (
        <TipCard
          title={tip.title}
          content={tip.content}
          link={tip.link ? { text: tip.link, url: tip.link } : undefined}
        />
      );
    }
    case 'faq':
      return (
        <Tree
          nodes={message.faq ? [...message.faq] : []}
          onSelect={(node) => {
            if (typeof node.content === 'string' && node.content)
              onRead?.({ title: String(node.title), content: node.content });
            onAsk(node.title);
          }}
        />
      );
    case 'card':
      // The text always shows; the card renders below it when its code is registered here.
      return (
        <div className="visitor-card-message">
          <Bubble position="left" content={message.msgContent} />
          {message.card ? (
            <ComponentsProvider components={CARDS} onError={reportCard}>
              <LazyComponent code={message.card.code} props={message.card.props} />
            </ComponentsProvider>
          ) : null}
        </div>
      );
    case 'rich':
      return (
        <Bubble position="left">
          <LazyRichText content={message.msgContent} />
        </Bubble>
      );
    case 'answer':
      // Busy while it grows, so a screen reader reads the answer once, when it is complete.
      return (
        <Bubble position="left">
          <div className="visitor-answer" aria-busy={message.growing ? true : undefined}>
            {message.thinking ? (
              <Thinking
                done={message.thinking.seconds !== undefined || !message.growing}
                elapsedSeconds={message.thinking.seconds}
                defaultOpen={false}
              >
                {message.thinking.text}
              </Thinking>
            ) : null}
            {message.msgContent ? (
              <LazyRichText content={message.msgContent} streaming={Boolean(message.growing)} />
            ) : null}
          </div>
        </Bubble>
      );
  }
}
