import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, type ComponentType, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { lazyPage } from '@/shared/navigation/lazy-page';
import { KeptPages } from './kept-pages';

const chunk = vi.hoisted(() => {
  let resolve: (module: { default: ComponentType }) => void = () => {};
  return {
    load: () =>
      new Promise<{ default: ComponentType }>((ok) => {
        resolve = ok;
      }),
    arrive: (module: { default: ComponentType }) => resolve(module),
    // What the browser answers for a chunk it cannot fetch, on every try.
    unreachable: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
  };
});

vi.mock('@/app/page-map', () => ({
  pageComponents: { commodityList: lazyPage(chunk.load), brokenPage: lazyPage(chunk.unreachable) },
}));

afterEach(cleanup);

const at = (pathname: string) => ({ pathname, search: '', hash: '', state: null, key: pathname });

function renderPage(key: string, pathname: string) {
  return render(
    <MemoryRouter initialEntries={[pathname]}>
      <KeptPages opened={[{ key, path: pathname }]} currentKey={key} location={at(pathname)} />
    </MemoryRouter>,
  );
}

it('shows a page as soon as its chunk has arrived, with its loading state until then', async () => {
  const { container } = renderPage('commodityList', '/commodityManagement/commodityList');
  expect(container.ownerDocument.querySelector('.page-loading')).not.toBeNull();

  await act(async () => chunk.arrive({ default: () => <h1>商品列表</h1> }));
  expect(screen.getByRole('heading', { name: '商品列表' })).toBeTruthy();
  expect(container.ownerDocument.querySelector('.page-loading')).toBeNull();
});

class ErrorPage extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error.name}</p> : this.props.children;
  }
}

it('throws a chunk that cannot be loaded to the error page, once it has failed', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <ErrorPage>
      <MemoryRouter initialEntries={['/broken']}>
        <KeptPages opened={[{ key: 'brokenPage', path: '/broken' }]} currentKey="brokenPage" location={at('/broken')} />
      </MemoryRouter>
    </ErrorPage>,
  );
  expect((await screen.findByRole('alert')).textContent).toBe('ChunkLoadError');
  errors.mockRestore();
});
