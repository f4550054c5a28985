import {
  Component,
  type ComponentType,
  createContext,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useMemo,
  useRef,
} from 'react';

/** Why a registered component could not render (spec section 8, "Component loader"). */
export type ComponentLoaderCode = 'NO_CODE' | 'NO_HANDLER' | 'ERR_IMPORT_SCRIPT';

/** A component that could not be rendered: `code` says why, `message` in the spec's words. */
export class ComponentLoaderError extends Error {
  override name = 'ComponentLoaderError';
  constructor(
    readonly code: ComponentLoaderCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds components of any props
type AnyComponent = ComponentType<any>;

/**
 * How a code is rendered: a component at hand, a function that imports one (code splitting), or the
 * address of an ES module whose default export is the component (loaded only when first needed).
 */
export type ComponentEntry =
  | { component: AnyComponent }
  | { load: () => Promise<{ default?: AnyComponent }>; name?: string }
  | { url: string; name?: string };

export interface ComponentsProviderProps {
  /** The components by code, e.g. `{ 'goods-card': { component: GoodsCard } }`. */
  components: Readonly<Record<string, ComponentEntry>>;
  /** Told of every component that could not render (it renders nothing, or its fallback). */
  onError?: (error: ComponentLoaderError) => void;
  children?: ReactNode;
}

interface Registry {
  components: Readonly<Record<string, ComponentEntry>>;
  onError?: (error: ComponentLoaderError) => void;
  /** One lazy component per code, so a code is imported once however often it renders. */
  lazies: Map<string, AnyComponent>;
}

const RegistryContext = createContext<Registry | null>(null);

/**
 * Maps codes to components for the `LazyComponent`s below it.
 *
 * @example
 * <ComponentsProvider components={{ 'goods-card': { component: GoodsCard }, order: { url: '/cards/order.js' } }}>
 *   <LazyComponent code="goods-card" props={{ name: 'Mug', price: 12 }} />
 * </ComponentsProvider>
 */
export function ComponentsProvider({ components, onError, children }: ComponentsProviderProps) {
  // Kept for the provider's life, by code: a page that passes a new `components` object on each
  // render (an inline literal) still imports each code once, and a shown card never suspends again.
  const lazies = useRef(new Map<string, AnyComponent>()).current;
  const registry = useMemo<Registry>(() => ({ components, onError, lazies }), [components, onError, lazies]);
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

const importModule = (url: string): Promise<{ default?: AnyComponent }> => import(/* @vite-ignore */ url);

function lazyFor(code: string, entry: ComponentEntry): AnyComponent {
  const name = ('name' in entry && entry.name) || code;
  return lazy(async () => {
    const address = 'url' in entry ? entry.url : code;
    let module: { default?: AnyComponent };
    try {
      module =
        'url' in entry
          ? await importModule(entry.url)
          : await (entry as { load: () => Promise<{ default?: AnyComponent }> }).load();
    } catch (cause) {
      throw new ComponentLoaderError('ERR_IMPORT_SCRIPT', `Failed to import: ${address}`, { cause });
    }
    if (!module?.default) {
      throw new ComponentLoaderError('ERR_IMPORT_SCRIPT', `${name} component: no default export`);
    }
    return { default: module.default };
  });
}

function resolve(registry: Registry | null, code: string): AnyComponent {
  const entry = registry?.components[code];
  if (!entry) throw new ComponentLoaderError('NO_CODE', `no component registered for code: ${code}`);
  if ('component' in entry) return entry.component;
  if (!('load' in entry) && !('url' in entry))
    throw new ComponentLoaderError('NO_HANDLER', `${code}: the registration has no component, load or url`);
  let component = registry?.lazies.get(code);
  if (!component) {
    component = lazyFor(code, entry);
    registry?.lazies.set(code, component);
  }
  return component;
}

interface BoundaryProps {
  fallback: ReactNode;
  onError?: (error: ComponentLoaderError) => void;
  children: ReactNode;
}

/** Renders the fallback (or nothing) when the component cannot load or render. */
class LoaderBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    const loaderError =
      error instanceof ComponentLoaderError
        ? error
        : new ComponentLoaderError('ERR_IMPORT_SCRIPT', String((error as Error)?.message ?? error), {
            cause: error,
          });
    this.props.onError?.(loaderError);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface LazyComponentProps {
  /** The registered code, e.g. `goods-card`. */
  code: string;
  /** The props the component gets. */
  props?: Record<string, unknown>;
  /** Shown while an imported component downloads. Default nothing. */
  loading?: ReactNode;
  /** Shown when the component cannot render (spec: nothing, or the boundary's fallback). */
  fallback?: ReactNode;
}

/**
 * Renders the component registered for `code` in the nearest `ComponentsProvider`, importing it
 * on first use. An unknown code (`NO_CODE`), a registration without a way to render
 * (`NO_HANDLER`), or a script that fails to import or has no default export (`ERR_IMPORT_SCRIPT`,
 * 'Failed to import: {address}', '{name} component: no default export') renders `fallback` or
 * nothing, and is reported to the provider's `onError`.
 *
 * @example
 * <LazyComponent code="order-card" props={{ orderId: '1042' }} fallback={<p>Order 1042</p>} />
 */
export function LazyComponent({ code, props, loading = null, fallback = null }: LazyComponentProps) {
  const registry = useContext(RegistryContext);
  return (
    <LoaderBoundary key={code} fallback={fallback} onError={registry?.onError}>
      <Suspense fallback={loading}>
        <Resolved registry={registry} code={code} props={props} />
      </Suspense>
    </LoaderBoundary>
  );
}

function Resolved({
  registry,
  code,
  props,
}: {
  registry: Registry | null;
  code: string;
  props?: Record<string, unknown>;
}) {
  const Found = resolve(registry, code);
  return <Found {...props} />;
}
