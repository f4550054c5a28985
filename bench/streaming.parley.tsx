import { RichText } from '../packages/chat-ui/src/RichText/RichText.js';
import '../packages/chat-ui/src/styles.css';
import { installStreamingBench } from './streaming.harness.js';

// Parley's RichText with `streaming` (blocks memoised, the last one healed), or, with
// `window.benchVariant = 'whole'`, without it: react-markdown re-rendering the whole text each token.
const whole = (window as unknown as { benchVariant?: string }).benchVariant === 'whole';
installStreamingBench(({ content, streaming }) => (
  <RichText content={content} streaming={whole ? false : streaming} />
));
