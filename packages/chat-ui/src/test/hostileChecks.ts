// What the hostile-content tests assert about rendered output, shared by the kit's, the visitor
// page's and the agent console's tests. The functions are self-contained (no outer reference) so
// the console's test can send them into a real page; the DOM is described by the few members used,
// so the server's Node typecheck (no DOM library) reads this file too.

/** Something in the rendered output that should not be there. */
export interface HostileTrace {
  /** The `data-surface` of the nearest marked ancestor, or "" when there is none. */
  surface: string;
  /** The element, e.g. `a[href]`. */
  element: string;
  problem: string;
}

interface TracedAttribute {
  name: string;
  value: string;
}
interface TracedElement {
  tagName: string;
  attributes: ArrayLike<TracedAttribute>;
  closest(selectors: string): TracedElement | null;
  getAttribute(name: string): string | null;
}
interface TracedRoot {
  querySelectorAll(selectors: string): ArrayLike<TracedElement>;
}

/**
 * Every trace of hostile content under `root` (the root itself is not inspected: pass the
 * element that holds the rendered output):
 * - an element that runs or loads code or changes the page (script, iframe, object, embed, base,
 *   meta, form, style, link, frame, math, foreignObject, animate, set, ...), unless listed in
 *   `allowElements` (a surface whose own markup is, say, a form);
 * - an `on*` event-handler attribute, a `srcdoc`, or a `style` attribute with `url(`, `expression(`
 *   or `javascript:`;
 * - an `href`, `src`, `srcset`, `action`, `formaction`, `xlink:href`, `poster`, `data`,
 *   `background` or `ping` whose URL `safeUrl` refuses. The sources of images, audio and video
 *   (`src`, `srcset`, `poster` on img, video, audio, source, track) may also be `data:` URLs of an
 *   image, audio or video type: browsers run no script from those, and the kit shows such inline
 *   media;
 * - a link opening a new tab without `rel="noopener"`.
 */
export function findHostileTraces(
  root: TracedRoot,
  safeUrl: (url: string) => boolean,
  options: { allowElements?: readonly string[] } = {},
): HostileTrace[] {
  const forbidden = [
    'script',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'portal',
    'base',
    'meta',
    'form',
    'style',
    'link',
    'noscript',
    'math',
    'foreignobject',
    'animate',
    'animatemotion',
    'animatetransform',
    'set',
  ].filter((tag) => !(options.allowElements ?? []).includes(tag));
  const urlAttributes = [
    'href',
    'src',
    'srcset',
    'action',
    'formaction',
    'xlink:href',
    'poster',
    'data',
    'background',
    'ping',
  ];
  const mediaElements = ['img', 'video', 'audio', 'source', 'track'];
  const mediaAttributes = ['src', 'srcset', 'poster'];
  const inlineMedia = /^data:(image|audio|video)\/[a-z0-9.+-]+[;,]/i;
  const traces: HostileTrace[] = [];
  const elements = Array.from(root.querySelectorAll('*'));
  for (const element of elements) {
    const tag = element.tagName.toLowerCase();
    const surface = element.closest('[data-surface]')?.getAttribute('data-surface') ?? '';
    const note = (name: string, problem: string) =>
      traces.push({ surface, element: name ? `${tag}[${name}]` : tag, problem });
    if (forbidden.includes(tag)) note('', `a <${tag}> element`);
    for (const { name: rawName, value } of Array.from(element.attributes)) {
      const name = rawName.toLowerCase();
      if (name.startsWith('on')) note(name, `an event handler: ${value.slice(0, 80)}`);
      if (name === 'srcdoc') note(name, 'an inline frame document');
      if (name === 'style' && /url\(|expression\(|javascript:/i.test(value.replace(/\s+/g, '')))
        note(name, `a style that loads or runs something: ${value.slice(0, 80)}`);
      if (!urlAttributes.includes(name)) continue;
      const urls =
        name === 'srcset'
          ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
          : [value];
      const media = mediaElements.includes(tag) && mediaAttributes.includes(name);
      for (const url of urls) {
        if (safeUrl(url) || (media && inlineMedia.test(url.trim()))) continue;
        note(name, `an unsafe URL: ${JSON.stringify(url.slice(0, 80))}`);
      }
    }
    if (tag === 'a' && element.getAttribute('target') === '_blank') {
      const rel = (element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
      if (!rel.includes('noopener')) note('target', 'opens a new tab without rel="noopener"');
    }
  }
  return traces;
}

/**
 * Installs the trap hostile payloads call: `__parleyHostile()`, and `alert`, `confirm`, `prompt`
 * and `print` replaced by recorders. Where the page has a Content-Security-Policy, a script it
 * blocked counts too (the policy caught what the rendering let through). Self-contained, so it can
 * run as a page's init script. Read what fired with {@link hostileHits}.
 */
export function installHostileTrap(): void {
  type Trap = Record<string, unknown> & {
    __parleyHostileHits?: string[];
    addEventListener?: (
      type: string,
      listener: (event: { effectiveDirective?: string; blockedURI?: string; sample?: string }) => void,
    ) => void;
  };
  const scope = globalThis as unknown as Trap;
  const hits: string[] = [];
  scope.__parleyHostileHits = hits;
  scope.__parleyHostile = () => {
    hits.push('__parleyHostile()');
  };
  for (const name of ['alert', 'confirm', 'prompt', 'print']) {
    scope[name] = (...args: unknown[]) => {
      hits.push(`${name}(${args.map(String).join(', ')})`);
      return null;
    };
  }
  scope.addEventListener?.('securitypolicyviolation', (event) => {
    if ((event.effectiveDirective ?? '').startsWith('script-src'))
      hits.push(`a script the page's policy blocked: ${event.blockedURI ?? ''} ${event.sample ?? ''}`);
  });
}

/** What the trap recorded since it was installed or last cleared. */
export function hostileHits(): string[] {
  return (globalThis as { __parleyHostileHits?: string[] }).__parleyHostileHits ?? [];
}

/** Forgets what the trap recorded. */
export function clearHostileHits(): void {
  hostileHits().length = 0;
}

/**
 * How long the main thread takes to run a `setTimeout(0)` callback, in milliseconds: a page frozen
 * by a render answers late (or never, and the test times out).
 */
export function mainThreadDelay(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => setTimeout(() => resolve(performance.now() - started), 0));
}

/**
 * The bound on rendering one payload (ms), even the largest. Generous: the whole test suite runs
 * in parallel on small machines (5 000 bare URLs took 6.3 s on CI's two shared cores beside the
 * server's suite, under 1 s alone); what it catches is the pathological input that takes tens of
 * seconds (markdown that parsed in 131 s before the kit's limits), not ordinary noise.
 */
export const RENDER_BOUND_MS = 15_000;
/** The bound on the main thread answering a `setTimeout(0)` after a render (ms); as generous. */
export const ANSWER_BOUND_MS = 2000;
