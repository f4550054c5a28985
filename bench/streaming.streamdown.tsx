import { Streamdown } from 'streamdown';
import { installStreamingBench } from './streaming.harness.js';

// Vercel's Streamdown with its defaults (GFM, remend, blocks memoised), told when the answer is
// still arriving. Its styles are Tailwind classes, not loaded: the layout is unstyled.
installStreamingBench(({ content, streaming }) => (
  <Streamdown mode="streaming" isAnimating={streaming}>
    {content}
  </Streamdown>
));
