// The streamed answer of the streaming bench: a support answer in Markdown (headings, paragraphs
// with emphasis, links and inline code, bullet and numbered lists, code, a table, a quote), cut
// into model-like tokens: a word's first four characters with the space before it, then four at a
// time; each line break its own token.

function section(n) {
  return [
    `## ${n}. Returns and exchanges`,
    '',
    `You can return an item within **30 days** of delivery. Read [the returns policy](https://example.com/returns/${n}) or write to \`help@example.com\`; refunds reach your card in *three to five* working days.`,
    '',
    '- Pack the item in its original box',
    `- Print the label from https://example.com/label/${n}`,
    '- Drop it at any **post office**',
    '',
    '1. Open your order',
    '2. Choose *Return*',
    '3. Confirm the pickup time',
    '',
    '```js',
    `const order = await getOrder("ORDER-${1000 + n}");`,
    'if (order.returnable) startReturn(order.id);',
    '```',
    '',
    '| Size | Chest | Waist |',
    '| --- | --- | --- |',
    '| S | 88 cm | 72 cm |',
    '| M | 96 cm | 80 cm |',
    '',
    '> Exchanges ship free within the EU.',
    '',
    '',
  ].join('\n');
}

const TOKEN = /\n|[ \t]*[^\s]{1,4}|[ \t]+/g;

/** `count` tokens of the answer. */
export function answerTokens(count) {
  let text = '';
  let tokens = [];
  for (let n = 1; tokens.length < count; n += 1) {
    text += section(n);
    tokens = text.match(TOKEN) ?? [];
  }
  return tokens.slice(0, count);
}
