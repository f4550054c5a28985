import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import {
  type ComponentEntry,
  type ComponentLoaderError,
  ComponentsProvider,
  LazyComponent,
} from './ComponentLoader.js';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

async function show(
  components: Record<string, ComponentEntry>,
  code: string,
  props?: Record<string, unknown>,
) {
  const onError = vi.fn<(error: ComponentLoaderError) => void>();
  const screen = await render(
    <ComponentsProvider components={components} onError={onError}>
      <LazyComponent code={code} props={props} fallback={<p>Could not show this card</p>} />
    </ComponentsProvider>,
  );
  return { screen, onError };
}

describe('ComponentLoader', () => {
  it('given a registered component, should render it with the props', async () => {
    const { screen, onError } = await show({ greeting: { component: Greeting } }, 'greeting', {
      name: 'Ann',
    });
    await expect.element(screen.getByText('Hello Ann')).toBeVisible();
    expect(onError).not.toHaveBeenCalled();
  });

  it('given a component to import, should import it once for every place it renders', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const screen = await render(
      <ComponentsProvider components={{ greeting: { load } }}>
        <LazyComponent code="greeting" props={{ name: 'Ann' }} />
        <LazyComponent code="greeting" props={{ name: 'Bo' }} />
      </ComponentsProvider>,
    );
    await expect.element(screen.getByText('Hello Ann')).toBeVisible();
    await expect.element(screen.getByText('Hello Bo')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('given the address of a module, should import its default export', async () => {
    const url = `data:text/javascript,${encodeURIComponent('export default (props) => "Order " + props.id;')}`;
    const { screen } = await show({ order: { url } }, 'order', { id: '1042' });
    await expect.element(screen.getByText('Order 1042')).toBeVisible();
  });

  it('given an unknown code, should render the fallback and report NO_CODE', async () => {
    const { screen, onError } = await show({}, 'poll');
    await expect.element(screen.getByText('Could not show this card')).toBeVisible();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'NO_CODE' }));
  });

  it('given a registration without a way to render, should report NO_HANDLER', async () => {
    const { screen, onError } = await show({ broken: {} as ComponentEntry }, 'broken');
    await expect.element(screen.getByText('Could not show this card')).toBeVisible();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'NO_HANDLER' }));
  });

  it('given a script that fails to import, should report ERR_IMPORT_SCRIPT with "Failed to import: {address}"', async () => {
    const url = 'http://127.0.0.1:9/cards/order.js';
    const { screen, onError } = await show({ order: { url } }, 'order');
    await expect.element(screen.getByText('Could not show this card')).toBeVisible();
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'ERR_IMPORT_SCRIPT', message: `Failed to import: ${url}` }),
    );
  });

  it('given a module without a default export, should report "{name} component: no default export"', async () => {
    const { screen, onError } = await show({ order: { load: async () => ({}), name: 'OrderCard' } }, 'order');
    await expect.element(screen.getByText('Could not show this card')).toBeVisible();
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'ERR_IMPORT_SCRIPT',
        message: 'OrderCard component: no default export',
      }),
    );
  });

  it('given no fallback, should render nothing on failure', async () => {
    const screen = await render(
      <ComponentsProvider components={{}}>
        <LazyComponent code="poll" />
      </ComponentsProvider>,
    );
    await vi.waitFor(() => expect(screen.container.textContent).toBe(''));
  });

  it('given a new components object on each render, should not import or suspend again', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const page = (name: string) => (
      <ComponentsProvider components={{ greeting: { load } }}>
        <LazyComponent code="greeting" props={{ name }} loading={<p>Loading</p>} />
      </ComponentsProvider>
    );
    const screen = await render(page('Ann'));
    await expect.element(screen.getByText('Hello Ann')).toBeVisible();
    await screen.rerender(page('Bo'));
    expect(screen.container.textContent).toBe('Hello Bo');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
