import Markdown from 'react-markdown';
import { installStreamingBench } from './streaming.harness.js';

// Bare react-markdown (no plugins), re-rendering the whole text at each token.
installStreamingBench(({ content }) => <Markdown>{content}</Markdown>);
