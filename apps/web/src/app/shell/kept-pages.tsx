import { Activity, memo, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { type Location, Route, Routes } from 'react-router';
import { pageComponents } from '@/app/page-map';
import type { LazyPage } from '@/shared/navigation/lazy-page';
import type { OpenedPage } from '@/shared/tabs/opened-pages';

/**
 * The pages of the opened tabs, kept alive (docs/rules/shell-and-session.md, "Tabs"): a tab shown
 * again keeps its state and renders without mounting anew. Only pages visited since the shell
 * mounted are kept (a reload does not open ten pages at once); closing a tab drops its page.
 */
export function KeptPages({ opened, currentKey, location }: { opened: OpenedPage[]; currentKey: string; location: Location }) {
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const visited = useRef(new Set<string>());
  visited.current.add(currentKey);
  const hidden = opened.filter((page) => page.key !== currentKey && visited.current.has(page.key));
  // One keyed list, the current page included: a page moving between shown and hidden keeps its place.
  const kept: { key: string; location: Location | string }[] = [
    ...hidden.map((page) => ({ key: page.key, location: page.path })),
    { key: currentKey, location },
  ];
  return (
    <div className="shell-pages" ref={setHost}>
      {host && kept.map((page) => <KeptPage key={page.key} pageKey={page.key} location={page.location} host={host} />)}
    </div>
  );
}

/**
 * One page in a container of its own, in the document only while it is shown. A hidden page's
 * effects are stopped (Activity) and its elements leave the document, so nothing of it is found,
 * focused or labelled twice. It sees its tab's path, not the address bar's: a hidden page never
 * reads another page's query.
 */
const KeptPage = memo(function KeptPage({ pageKey, location, host }: { pageKey: string; location: Location | string; host: HTMLElement }) {
  const [container] = useState(() => document.createElement('div'));
  const Page = pageComponents[pageKey];
  const chunkSettled = useChunkSettled(Page);
  const shown = typeof location !== 'string';
  if (!Page) return null;
  return createPortal(
    <Activity mode={shown ? 'visible' : 'hidden'}>
      <InDocument host={host} container={container} />
      <Routes location={location}>
        <Route
          path="*"
          element={
            chunkSettled ? (
              <Suspense fallback={<div className="page-loading" />}>
                <Page />
              </Suspense>
            ) : (
              <div className="page-loading" />
            )
          }
        />
      </Routes>
    </Activity>,
    container,
  );
});

/**
 * Whether the page's chunk has loaded (or failed to). Until then the page shows its loading state
 * without suspending: a page that suspended on its chunk would show the Suspense fallback, and
 * React then holds the page back until the fallback has been up for 300 ms, whatever the chunk
 * and the data took. Once settled, a loaded chunk renders in the same pass and a failed one
 * suspends and throws into the error page, as before.
 */
function useChunkSettled(Page: LazyPage | undefined) {
  const [settled, setSettled] = useState(() => !Page || Page.isLoaded());
  useEffect(() => {
    if (settled || !Page) return;
    let current = true;
    Page.preload().then(() => {
      if (current) setSettled(true);
    });
    return () => {
      current = false;
    };
  }, [Page, settled]);
  return settled;
}

/**
 * Puts the page's container into the document while the page is shown, and back where the page
 * was scrolled to. Its layout effect runs before the page's own (it comes first), so the page
 * measures itself in the document.
 */
function InDocument({ host, container }: { host: HTMLElement; container: HTMLElement }) {
  useLayoutEffect(() => {
    host.appendChild(container);
    window.scrollTo(0, Number(container.dataset.scrollY ?? 0));
    return () => {
      container.dataset.scrollY = String(window.scrollY);
      container.remove();
    };
  }, [host, container]);
  return null;
}
