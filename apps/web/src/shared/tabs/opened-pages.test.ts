import { describe, expect, it } from 'vitest';
import { addOpenedPage, closeOpenedPage, INITIAL_OPENED_PAGES, jumpOpenedPages, type OpenedPage } from './opened-pages';

const page = (n: number): OpenedPage => ({ key: `p${n}`, path: `/g/p${n}` });

describe('opened pages', () => {
  it('starts with the workbench', () => {
    expect(INITIAL_OPENED_PAGES).toEqual([{ key: 'basic', path: '/dashboard/basic' }]);
  });

  it('adds the current page at the end', () => {
    expect(addOpenedPage(INITIAL_OPENED_PAGES, page(1))).toEqual([...INITIAL_OPENED_PAGES, page(1)]);
  });

  it('keeps one tab per key; re-opening keeps its place and takes the new path with its query', () => {
    let pages = addOpenedPage(addOpenedPage(INITIAL_OPENED_PAGES, page(1)), page(2));
    pages = addOpenedPage(pages, { key: 'p1', path: '/g/p1?status=draft' });
    expect(pages).toEqual([INITIAL_OPENED_PAGES[0], { key: 'p1', path: '/g/p1?status=draft' }, page(2)]);
  });

  it('keeps only the last 10: the 11th page pushes out the oldest', () => {
    let pages = INITIAL_OPENED_PAGES;
    for (let n = 1; n <= 9; n++) pages = addOpenedPage(pages, page(n));
    expect(pages).toHaveLength(10);
    expect(pages[0].key).toBe('basic');
    pages = addOpenedPage(pages, page(10));
    expect(pages).toHaveLength(10);
    expect(pages[0]).toEqual(page(1));
    expect(pages.at(-1)).toEqual(page(10));
  });

  it('closing the active tab goes to the previous tab', () => {
    const pages = [INITIAL_OPENED_PAGES[0], page(1), page(2)];
    expect(closeOpenedPage(pages, 'p2', 'p2')).toEqual({ pages: pages.slice(0, 2), navigateTo: '/g/p1' });
  });

  it('closing another tab stays where it is', () => {
    const pages = [INITIAL_OPENED_PAGES[0], page(1), page(2)];
    expect(closeOpenedPage(pages, 'p1', 'p2')).toEqual({ pages: [pages[0], page(2)] });
  });

  it('the first tab cannot be closed', () => {
    const pages = [INITIAL_OPENED_PAGES[0], page(1)];
    expect(closeOpenedPage(pages, 'basic', 'basic')).toEqual({ pages });
  });

  it('jump removes the current tab and opens the target', () => {
    const pages = [INITIAL_OPENED_PAGES[0], page(1), page(2)];
    expect(jumpOpenedPages(pages, 'p1', { key: 'd', path: '/g/d?id=3' })).toEqual([pages[0], page(2), { key: 'd', path: '/g/d?id=3' }]);
  });
});
