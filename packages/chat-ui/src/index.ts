// The kit's public API. Each widget also has its own entry (`@parley/chat-ui/Bubble`), which
// pulls only that widget.

export * from './Audio/index.js';
export * from './Bubble/index.js';
export * from './Card/index.js';
export * from './Carousel/index.js';
export * from './Chat/index.js';
export * from './Composer/index.js';
export * from './Confirm/index.js';
export * from './FileCard/index.js';
export * from './Form/index.js';
export * from './GoodsCard/index.js';
export * from './Icon/index.js';
export * from './Image/index.js';
export * from './LocaleProvider/index.js';
export * from './Message/index.js';
export * from './MessageStatus/index.js';
export * from './Modal/index.js';
export * from './Navbar/index.js';
export * from './Popover/index.js';
export * from './Popup/index.js';
export * from './PullToRefresh/index.js';
export * from './QuickReplies/index.js';
export * from './RateActions/index.js';
export * from './Recorder/index.js';
export * from './RichText/index.js';
export * from './StarRating/index.js';
export * from './SystemMessage/index.js';
export * from './Thinking/index.js';
export * from './Time/index.js';
export * from './TipCard/index.js';
export * from './Toast/index.js';
export * from './Tooltip/index.js';
export * from './Tree/index.js';
export * from './Typing/index.js';
export * from './TypingEffect/index.js';
export * from './Video/index.js';
