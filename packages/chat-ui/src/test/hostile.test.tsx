import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { Audio } from '../Audio/Audio.js';
import { Bubble } from '../Bubble/Bubble.js';
import { Card } from '../Card/Card.js';
import { FileCard } from '../FileCard/FileCard.js';
import { Field, Input, Select } from '../Form/Form.js';
import { GoodsCard } from '../GoodsCard/GoodsCard.js';
import { Image } from '../Image/Image.js';
import { Message } from '../Message/Message.js';
import { RichText } from '../RichText/RichText.js';
import { SystemMessage } from '../SystemMessage/SystemMessage.js';
import { TipCard } from '../TipCard/TipCard.js';
import { Tree } from '../Tree/Tree.js';
import { Video } from '../Video/Video.js';
import {
  ANSWER_BOUND_MS,
  clearHostileHits,
  findHostileTraces,
  hostileHits,
  installHostileTrap,
  mainThreadDelay,
  RENDER_BOUND_MS,
} from './hostileChecks.js';
import { countByCategory, HOSTILE_CORPUS, SAFE_URL } from './hostileCorpus.js';

interface Surface {
  name: string;
  draw: (payload: string) => ReactNode;
  /** Where the payload shows as plain text, exactly as written (nothing interpreted, nothing dropped). */
  text?: string;
}

/** Every place the kit shows message data, each fed the payload wherever it takes text or a URL. */
const SURFACES: Surface[] = [
  { name: 'bubble', draw: (payload) => <Bubble content={payload} />, text: '.parley-bubble__text' },
  {
    name: 'visitor message',
    draw: (payload) => <Message message={{ content: payload, position: 'right', status: 'sent' }} />,
    text: '.parley-bubble__text',
  },
  {
    name: 'agent message: text, name, profile link and avatar',
    draw: (payload) => (
      <Message message={{ content: payload, user: { name: payload, url: payload, avatar: payload } }} />
    ),
    text: '.parley-message__name',
  },
  { name: 'system message', draw: (payload) => <SystemMessage content={payload} />, text: 'p' },
  { name: 'markdown', draw: (payload) => <RichText content={payload} /> },
  { name: 'markdown with images allowed', draw: (payload) => <RichText allowImages content={payload} /> },
  {
    name: 'file card: name and URL',
    draw: (payload) => <FileCard name={payload} size={2048} url={payload} />,
    text: '.parley-file-card__name',
  },
  {
    name: 'tip card: title, content, link text and URL',
    draw: (payload) => <TipCard title={payload} content={payload} link={{ text: payload, url: payload }} />,
    text: '.parley-tip-card__title',
  },
  {
    name: 'FAQ tree: title, answer and link',
    draw: (payload) => (
      <Tree
        defaultExpanded={['faq']}
        nodes={[{ id: 'faq', title: payload, content: payload, link: payload }]}
      />
    ),
    text: '.parley-tree__title',
  },
  {
    name: 'form field: label, description, error and option',
    draw: (payload) => (
      <>
        <Field label={payload} description={payload} error={payload} controlId="hostile-input">
          <Input />
        </Field>
        <Field label={payload} controlId="hostile-select">
          <Select options={[{ value: payload, label: payload }]} />
        </Field>
      </>
    ),
  },
  { name: 'image', draw: (payload) => <Image src={payload} thumbnail={payload} alt={payload} /> },
  { name: 'video', draw: (payload) => <Video src={payload} poster={payload} aria-label={payload} /> },
  { name: 'audio', draw: (payload) => <Audio src={payload} /> },
  {
    name: 'goods card',
    draw: (payload) => (
      <GoodsCard name={payload} desc={payload} img={payload} tags={[{ name: payload }]} status={payload} />
    ),
    text: '.parley-goods-card__name',
  },
  {
    name: 'card',
    draw: (payload) => <Card title={payload} content={payload} />,
    text: '.parley-card__title',
  },
];

/** Zero-width and bidirectional formatting characters: invisible, yet they change what a URL is or shows. */
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/;

/** The text a reader sees in an element: its text without the kit's visually hidden additions. */
function shownText(element: Element | null | undefined): string {
  if (!element) return '';
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('.parley-visually-hidden')) hidden.remove();
  return copy.textContent ?? '';
}

describe('the kit, given hostile content', () => {
  beforeAll(() => {
    installHostileTrap();
    console.info(`hostile corpus: ${HOSTILE_CORPUS.length} payloads x ${SURFACES.length} surfaces (kit)`);
    console.info(`hostile corpus by category: ${JSON.stringify(countByCategory())}`);
  });
  // The trap's record is never cleared: a payload that fires late still fails a test.
  afterAll(async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hostileHits()).toEqual([]);
  });

  it('should see what it looks for: a dangerous element, handler or URL, and a call to the trap', () => {
    const inert = document.createElement('template');
    inert.innerHTML = [
      '<a href="java\tscript:void 0">a</a>',
      '<img src="x" onerror="void 0">',
      '<iframe></iframe>',
      '<img src="data:text/html,x">',
      '<svg><a xlink:href="javascript:void 0"></a></svg>',
      '<form action="javascript:void 0"></form>',
      '<a href="https://a.example/" target="_blank">b</a>',
    ].join('');
    const problems = findHostileTraces(inert.content, SAFE_URL).map(
      (trace) => `${trace.element} ${trace.problem}`,
    );
    expect(problems).toEqual([
      'a[href] an unsafe URL: "java\\tscript:void 0"',
      'img[onerror] an event handler: void 0',
      'iframe a <iframe> element',
      'img[src] an unsafe URL: "data:text/html,x"',
      'a[xlink:href] an unsafe URL: "javascript:void 0"',
      'form a <form> element',
      'form[action] an unsafe URL: "javascript:void 0"',
      'a[target] opens a new tab without rel="noopener"',
    ]);
    // Inline images, audio and video are allowed as media sources, and only there.
    inert.innerHTML = '<img src="data:image/png;base64,AAAA"><a href="data:image/png;base64,AAAA">c</a>';
    expect(findHostileTraces(inert.content, SAFE_URL).map((trace) => trace.element)).toEqual(['a[href]']);

    expect(hostileHits()).toEqual([]);
    (window as unknown as { __parleyHostile: () => void }).__parleyHostile();
    window.alert('x');
    expect(hostileHits()).toEqual(['__parleyHostile()', 'alert(x)']);
    clearHostileHits();
  });

  it('should hold at least 100 payloads, in all six categories, each named once', () => {
    expect(HOSTILE_CORPUS.length).toBeGreaterThanOrEqual(100);
    expect(Object.keys(countByCategory()).sort()).toEqual([
      'dangerous-url',
      'markdown',
      'oversized',
      'script-injection',
      'spoofing',
      'svg-mathml',
    ]);
    expect(new Set(HOSTILE_CORPUS.map((entry) => entry.name)).size).toBe(HOSTILE_CORPUS.length);
  });

  it('should refuse the URLs that run script and accept the ones a message may link to', () => {
    for (const url of [
      'javascript:x',
      ' \u0001java\tscript:x',
      'data:text/html,x',
      'vbscript:x',
      'file:///x',
    ])
      expect(SAFE_URL(url), url).toBe(false);
    for (const url of [
      'https://a.example/',
      'http://a.example/',
      'mailto:a@b.c',
      'tel:+1',
      '/x',
      'x',
      'blob:x',
    ])
      expect(SAFE_URL(url), url).toBe(true);
  });

  it.each(HOSTILE_CORPUS)(
    '$category: $name, should run nothing, keep nothing dangerous and stay responsive',
    async ({ payload }) => {
      for (const surface of SURFACES) {
        const started = performance.now();
        const screen = await render(<section data-surface={surface.name}>{surface.draw(payload)}</section>);
        void document.body.offsetHeight; // the layout counts too
        const took = performance.now() - started;
        expect(took, `${surface.name}: render time (ms)`).toBeLessThan(RENDER_BOUND_MS);
        expect(await mainThreadDelay(), `${surface.name}: setTimeout(0) delay (ms)`).toBeLessThan(
          ANSWER_BOUND_MS,
        );
        expect(findHostileTraces(screen.container, SAFE_URL)).toEqual([]);
        if (surface.text) {
          const shown = shownText(screen.container.querySelector(surface.text));
          expect(shown === payload, `${surface.name}: shows the text as written`).toBe(true);
        }
        const label = screen.container.querySelector('label');
        if (label) expect(shownText(label).includes(payload), `${surface.name}: shows the label`).toBe(true);
        // A link made from plain text reads as exactly where it goes: no hidden character disguises it.
        for (const link of screen.container.querySelectorAll('.parley-bubble__link')) {
          const text = shownText(link);
          const href = link.getAttribute('href');
          expect(href === text || href === `https://${text}`, `${surface.name}: link ${href}`).toBe(true);
          expect(INVISIBLE.test(text), `${surface.name}: hidden characters in ${JSON.stringify(text)}`).toBe(
            false,
          );
        }
        await screen.unmount();
      }
      // Failed loads report now: an onerror that slipped through would fire.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(hostileHits(), 'trap calls so far').toEqual([]);
    },
    // Fifteen surfaces per payload, the largest payloads on a machine running the whole suite.
    60_000,
  );
});
