// Forced colors (Windows high contrast): the system replaces every colour with a few of its own,
// and drops backgrounds and shadows. A control drawn only by its background or a shadow vanishes.
// After a story's visual modes, `.storybook/visual.setup.ts` emulates `forced-colors: active` and
// asks of every interactive control in the story that it can still be seen: a size, and a visible
// border (its own or its ::before/::after's), or visible text, an icon painted in currentColor or
// an image. No screenshot is taken.

/** Every control a visitor can operate. */
const CONTROLS = [
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'a[href]',
  '[contenteditable="true"]',
  ...['button', 'link', 'radio', 'checkbox', 'switch', 'tab', 'slider', 'menuitem', 'option', 'textbox'].map(
    (role) => `[role="${role}"]`,
  ),
].join(', ');

/** Smaller than this in either dimension is not something a person sees (a visually hidden label). */
const SEEN = 3;

const seenBox = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.width >= SEEN && box.height >= SEEN;
};

/** Hidden from sight by itself or an ancestor up to `root` (display, visibility, opacity). */
function hidden(element: Element, root: Element): boolean {
  if (element.getClientRects().length === 0) return true;
  if (getComputedStyle(element).visibility !== 'visible') return true;
  for (let node: Element | null = element; node && node !== root.parentElement; node = node.parentElement) {
    if (Number(getComputedStyle(node).opacity) === 0) return true;
  }
  return false;
}

const transparent = (color: string) => color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color);

/** A border on any side, or an outline, that is drawn. */
function drawnEdge(style: CSSStyleDeclaration): boolean {
  const sides = ['Top', 'Right', 'Bottom', 'Left'] as const;
  const border = sides.some((side) => {
    const kind = style[`border${side}Style`];
    return (
      kind !== 'none' &&
      kind !== 'hidden' &&
      Number.parseFloat(style[`border${side}Width`]) > 0 &&
      !transparent(style[`border${side}Color`])
    );
  });
  const outline =
    style.outlineStyle !== 'none' &&
    Number.parseFloat(style.outlineWidth) > 0 &&
    !transparent(style.outlineColor);
  return border || outline;
}

/**
 * A ::before or ::after that draws the control (a carousel dot): with a drawn edge, or with its own
 * colours kept (`forced-color-adjust: none`, the replacement given) and a background.
 */
function drawnPseudo(element: Element): boolean {
  return (['::before', '::after'] as const).some((pseudo) => {
    const style = getComputedStyle(element, pseudo);
    if (style.content === 'none' || style.display === 'none') return false;
    if (Number.parseFloat(style.width) < SEEN || Number.parseFloat(style.height) < SEEN) return false;
    return drawnEdge(style) || (style.forcedColorAdjust === 'none' && !transparent(style.backgroundColor));
  });
}

/** Text a person can see inside `element`: not in a visually hidden box, not transparent. */
function seenText(element: Element, root: Element): boolean {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.nodeValue?.trim()) continue;
    if (!seenBox(parent) || hidden(parent, root) || transparent(getComputedStyle(parent).color)) continue;
    return true;
  }
  // A text field shows its value or its placeholder.
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    return (element.value || element.placeholder).trim() !== '';
  }
  return false;
}

/** An icon painted in currentColor (which follows the forced text colour), or an image. */
function seenGraphic(element: Element, root: Element): boolean {
  for (const image of element.querySelectorAll('img, video')) {
    if (seenBox(image) && !hidden(image, root)) return true;
  }
  for (const svg of element.querySelectorAll('svg')) {
    if (!seenBox(svg) || hidden(svg, root)) continue;
    const parts = [svg, ...svg.querySelectorAll('path, circle, rect, line, polyline, polygon, ellipse, use')];
    const painted = parts.some((part) => {
      const style = getComputedStyle(part);
      return (
        (style.fill !== 'none' && style.fill === style.color) ||
        (style.stroke !== 'none' && style.stroke === style.color)
      );
    });
    if (painted) return true;
  }
  return false;
}

/** How a control is named in a failure: its role or tag and its accessible-ish name. */
function describe(element: Element): string {
  const name =
    element.getAttribute('aria-label') ??
    (element instanceof HTMLInputElement && element.labels?.[0]?.textContent) ??
    element.textContent ??
    '';
  const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
  const type = element instanceof HTMLInputElement ? `[type=${element.type}]` : '';
  return `${role}${type} "${name.trim().slice(0, 40)}"`;
}

/**
 * What stands in for a control on screen: a visually hidden native input is drawn by its label
 * (a star of a rating, a chip); anything else by itself.
 */
function drawnBy(control: Element, root: Element): Element | null {
  if (!seenBox(control) || hidden(control, root)) {
    if (control instanceof HTMLInputElement) {
      const label = [...(control.labels ?? [])].find((each) => seenBox(each) && !hidden(each, root));
      if (label) return label;
    }
    return null;
  }
  return control;
}

/**
 * The controls in `root` a person cannot see in forced colors, each with the reason. Controls
 * hidden on purpose (display none, visibility hidden, transparent) are skipped; a visually hidden
 * native input with no visible label is one nobody can see.
 */
export function controlsUnseenInForcedColors(root: Element): string[] {
  if (!matchMedia('(forced-colors: active)').matches) return ['forced colors are not active'];
  const problems: string[] = [];
  for (const control of root.querySelectorAll(CONTROLS)) {
    // Disabled-looking and decorative states still count: a control is there or it is not.
    if (control.closest('[hidden], [inert], [aria-hidden="true"]')) continue;
    const style = getComputedStyle(control);
    if (control.getClientRects().length === 0 || style.visibility !== 'visible') continue;
    const shown = drawnBy(control, root);
    if (!shown) {
      // Hidden on purpose (opacity 0 overlay inputs drawn by a sibling, like a file input) when it
      // is not focusable by itself; otherwise nobody can see it.
      if (control instanceof HTMLInputElement && control.labels?.length) {
        problems.push(`${describe(control)}: no visible box or label`);
      } else if (!hidden(control, root)) {
        problems.push(`${describe(control)}: no size`);
      }
      continue;
    }
    const shownStyle = getComputedStyle(shown);
    const edge = drawnEdge(shownStyle);
    if (shownStyle.forcedColorAdjust === 'none' && !edge) {
      problems.push(`${describe(control)}: forced-color-adjust none with no border of its own`);
      continue;
    }
    if (!edge && !drawnPseudo(shown) && !seenText(shown, root) && !seenGraphic(shown, root)) {
      problems.push(`${describe(control)}: no border, text or currentColor icon`);
    }
  }
  return problems;
}
