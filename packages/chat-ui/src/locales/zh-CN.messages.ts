// A module around the JSON, so the provider can load it lazily with a plain dynamic import: a
// dynamic JSON import needs an import attribute in Node, which dev servers then refuse to serve.
import messages from './zh-CN.json' with { type: 'json' };

export default messages;
