import { whenLeaving } from '@/shared/form/unsaved-changes';
import { findMenuByPath } from '@scm/contract';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openablePages, session } from '@/shared/session/session';
import { tabsStore } from '@/shared/tabs/tabs-store';

/**
 * The jump (docs/rules/shell-and-session.md, "Jump"): removes the current page's tab, opens the target page's tab and navigates there.
 * `path` may carry a query string; build it with `pagePath` / `detailPath` (`pagePath('dataDictionaryDetail', { code: 'unit' })`).
 */
export function useJump() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (path: string) => {
      const menus = openablePages(session.getMenus());
      const current = findMenuByPath(menus, location.pathname);
      const target = findMenuByPath(menus, path);
      whenLeaving(() => {
        if (target) tabsStore.jump(current?.key, { key: target.key, path });
        navigate(path);
      });
    },
    [navigate, location.pathname],
  );
}
