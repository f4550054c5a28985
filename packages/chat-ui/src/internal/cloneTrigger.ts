import { cloneElement, isValidElement, type ReactElement, type Ref, version } from 'react';

/** The ref a child element carries, on React 19 (a prop) and React 18 (the element). */
export function childRef(child: ReactElement): Ref<unknown> | undefined {
  const major = Number.parseInt(version, 10);
  const element = child as unknown as { ref?: Ref<unknown>; props: { ref?: Ref<unknown> } };
  return major >= 19 ? element.props.ref : element.ref;
}

/** Clones a trigger element with extra props (already merged by the caller). */
export function cloneTrigger(child: ReactElement, props: Record<string, unknown>): ReactElement | null {
  return isValidElement(child) ? cloneElement(child, props) : null;
}
