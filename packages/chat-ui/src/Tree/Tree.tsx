import {
  type FocusEvent,
  forwardRef,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { IconChevronEnd } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { isSafeUrl } from '../internal/safeUrl.js';
import { useControllableState } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

/** A node of the tree: a question, a category, or both. */
export interface TreeNode {
  /** A stable id; the node's position (`"0-2-1"`) when absent. */
  id?: string;
  /** What the node shows and is named by. */
  title: string;
  /** Text shown under the title while the node is expanded. */
  content?: ReactNode;
  /** A page about the node; shown while expanded, opens in a new tab. */
  link?: string;
  /** Child nodes, to any depth. */
  children?: TreeNode[];
}

export interface TreeProps extends Omit<HTMLAttributes<HTMLUListElement>, 'onSelect'> {
  /** The top-level nodes. */
  nodes: TreeNode[];
  /** Called when a node without children is chosen (click, Enter or Space): e.g. send its title as a question. */
  onSelect?: (node: TreeNode) => void;
  /** Ids of expanded nodes (controlled). */
  expanded?: string[];
  /** Ids of nodes expanded at first (uncontrolled). */
  defaultExpanded?: string[];
  /** Called with the new list of expanded ids. */
  onExpandedChange?: (expanded: string[]) => void;
}

interface Visible {
  id: string;
  node: TreeNode;
  parent: string | null;
  expandable: boolean;
  /** The expanded content of `parent`, shown as its first child item. */
  isContent?: boolean;
}

const idOf = (node: TreeNode, path: string) => node.id ?? path;
const isExpandable = (node: TreeNode) =>
  Boolean(node.children?.length || node.content || (node.link && isSafeUrl(node.link)));

/**
 * An FAQ browser: nodes with a title, optional content and link, and children to any depth,
 * following the ARIA tree pattern. Up/Down move, Right opens or goes to the first child, Left
 * closes or goes to the parent, Home/End jump, Enter/Space open a node or choose a leaf
 * (`onSelect`: the app sends the question). Content and link show while a node is expanded.
 *
 * @example
 * <Tree nodes={faq} onSelect={(node) => send(node.title)} />
 */
export const Tree = forwardRef<HTMLUListElement, TreeProps>(function Tree(
  { nodes, onSelect, expanded: expandedProp, defaultExpanded = [], onExpandedChange, className, ...rest },
  ref,
) {
  const { t } = useLocale();
  const baseId = useId();
  const [expanded, setExpanded] = useControllableState(expandedProp, defaultExpanded, onExpandedChange);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const items = useRef(new Map<string, HTMLDivElement>());
  const open = useMemo(() => new Set(expanded), [expanded]);

  const visible = useMemo(() => {
    const list: Visible[] = [];
    const walk = (level: TreeNode[], prefix: string, parent: string | null) => {
      level.forEach((node, index) => {
        const id = idOf(node, prefix ? `${prefix}-${index}` : String(index));
        list.push({ id, node, parent, expandable: isExpandable(node) });
        if (!open.has(id)) return;
        if (node.content || (node.link && isSafeUrl(node.link)))
          list.push({ id: `${id}:content`, node, parent: id, expandable: false, isContent: true });
        if (node.children) walk(node.children, prefix ? `${prefix}-${index}` : String(index), id);
      });
    };
    walk(nodes, '', null);
    return list;
  }, [nodes, open]);

  const activeId = visible.some((item) => item.id === focusedId) ? focusedId : (visible[0]?.id ?? null);

  const focus = useCallback((id: string | undefined | null) => {
    if (!id) return;
    setFocusedId(id);
    items.current.get(id)?.focus();
  }, []);

  const toggle = (id: string, to?: boolean) => {
    const isOpen = open.has(id);
    const next = to ?? !isOpen;
    if (next === isOpen) return;
    setExpanded(next ? [...expanded, id] : expanded.filter((other) => other !== id));
  };

  const activate = (item: Visible) => {
    if (item.isContent) return;
    if (item.expandable) toggle(item.id);
    if (!item.node.children?.length) onSelect?.(item.node);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, item: Visible) => {
    if (event.target !== event.currentTarget) return;
    const index = visible.findIndex((other) => other.id === item.id);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const key =
      rtl && event.key === 'ArrowLeft'
        ? 'ArrowRight'
        : rtl && event.key === 'ArrowRight'
          ? 'ArrowLeft'
          : event.key;
    const hasChildren =
      !item.isContent && Boolean(item.node.children?.length || item.node.content || item.node.link);
    switch (key) {
      case 'ArrowDown':
        focus(visible[index + 1]?.id);
        break;
      case 'ArrowUp':
        focus(visible[index - 1]?.id);
        break;
      case 'Home':
        focus(visible[0]?.id);
        break;
      case 'End':
        focus(visible.at(-1)?.id);
        break;
      case 'ArrowRight':
        if (item.expandable && !open.has(item.id)) toggle(item.id, true);
        else if (hasChildren) focus(visible[index + 1]?.id);
        break;
      case 'ArrowLeft':
        if (item.expandable && open.has(item.id)) toggle(item.id, false);
        else focus(item.parent);
        break;
      case 'Enter':
      case ' ':
        activate(item);
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const itemProps = (item: Visible, depth: number, setSize: number, position: number) => ({
    ref: (element: HTMLDivElement | null) => {
      if (element) items.current.set(item.id, element);
      else items.current.delete(item.id);
    },
    'aria-level': depth,
    'aria-setsize': setSize,
    'aria-posinset': position,
    onFocus: (event: FocusEvent<HTMLDivElement>) => {
      if (event.target === event.currentTarget) setFocusedId(item.id);
    },
  });

  // Each treeitem holds only its own row; its group follows it (owned with aria-owns), so the
  // item's visible text is exactly its name.
  const renderLevel = (level: TreeNode[], prefix: string, depth: number): ReactNode =>
    level.map((node, index) => {
      const path = prefix ? `${prefix}-${index}` : String(index);
      const id = idOf(node, path);
      const item = visible.find((other) => other.id === id);
      if (!item) return null;
      const isOpen = item.expandable && open.has(id);
      const hasContent = Boolean(node.content || (node.link && isSafeUrl(node.link)));
      const childCount = (hasContent ? 1 : 0) + (node.children?.length ?? 0);
      const groupId = `${baseId}-${path}`;
      const contentItem = visible.find((other) => other.id === `${id}:content`);
      return (
        <li
          key={id}
          role="none"
          className="parley-tree__node"
          data-state={item.expandable ? (isOpen ? 'open' : 'closed') : undefined}
        >
          <div
            role="treeitem"
            tabIndex={id === activeId ? 0 : -1}
            onKeyDown={(event) => onKeyDown(event, item)}
            {...itemProps(item, depth, level.length, index + 1)}
            aria-expanded={item.expandable ? isOpen : undefined}
            aria-owns={isOpen && childCount > 0 ? groupId : undefined}
            className="parley-tree__item"
            style={{
              paddingInlineStart: `calc(${depth - 1} * var(--parley-tree-indent, 1.25rem) + var(--parley-space-2))`,
            }}
            onClick={() => {
              focus(id);
              activate(item);
            }}
          >
            <span className="parley-tree__chevron" aria-hidden="true">
              {item.expandable && <IconChevronEnd className="parley-icon--mirror" size="1em" />}
            </span>
            <span className="parley-tree__title">{node.title}</span>
          </div>
          {isOpen && childCount > 0 && (
            // biome-ignore lint/a11y/useSemanticElements: a tree's group is a list, not a fieldset
            <ul role="group" id={groupId} className="parley-tree__group">
              {contentItem && (
                <li role="none">
                  <div
                    role="treeitem"
                    tabIndex={contentItem.id === activeId ? 0 : -1}
                    onKeyDown={(event) => onKeyDown(event, contentItem)}
                    {...itemProps(contentItem, depth + 1, childCount, 1)}
                    className="parley-tree__content"
                    style={{
                      paddingInlineStart: `calc(${depth} * var(--parley-tree-indent, 1.25rem) + var(--parley-space-2))`,
                    }}
                  >
                    {node.content && <div className="parley-tree__text">{node.content}</div>}
                    {node.link && isSafeUrl(node.link) && (
                      <a
                        className="parley-tree__link"
                        href={node.link}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        {t('tree.link')}
                        <span className="parley-visually-hidden"> {t('link.newTab')}</span>
                      </a>
                    )}
                  </div>
                </li>
              )}
              {node.children && renderLevel(node.children, path, depth + 1)}
            </ul>
          )}
        </li>
      );
    });

  return (
    <ul
      ref={ref}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA tree pattern on a list
      role="tree"
      aria-label={t('tree.label')}
      {...rest}
      className={cn('parley-tree', className)}
    >
      {renderLevel(nodes, '', 1)}
    </ul>
  );
});
