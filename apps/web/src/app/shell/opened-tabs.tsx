import { whenLeaving } from '@/shared/form/unsaved-changes';
import { flattenMenu, type MenuEntry } from '@scm/contract';
import { Tabs } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { tabsStore, useOpenedPages } from '@/shared/tabs/tabs-store';

/** The tab strip (docs/rules/shell-and-session.md, "Tabs"): click to navigate, every tab but the first closable. */
export function OpenedTabs({ menus, activeKey }: { menus: MenuEntry[]; activeKey?: string }) {
  const pages = useOpenedPages();
  const navigate = useNavigate();
  const labels = useMemo(() => new Map(flattenMenu(menus).map((entry) => [entry.key, entry.label])), [menus]);
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => (strip.current ? keepCloseButtonsOutOfTabList(strip.current) : undefined), []);

  return (
    <div ref={strip}>
      <Tabs
        className="opened-tabs"
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        items={pages.map((page, index) => ({
          key: page.key,
          label: labels.get(page.key) ?? page.key,
          closable: index > 0,
        }))}
        onTabClick={(key) => {
          const page = pages.find((p) => p.key === key);
          // A tab's page was shown before (its chunk is loaded): render it in one synchronous pass.
          if (page) navigate(page.path, { flushSync: true });
        }}
        onEdit={(key, action) => {
          if (action !== 'remove' || typeof key !== 'string') return;
          const close = () => {
            const next = tabsStore.close(key, activeKey);
            if (next) navigate(next);
          };
          if (key === activeKey) whenLeaving(close);
          else close();
        }}
      />
    </div>
  );
}

/**
 * A tab list may hold only tabs, but antd puts each tab's close button beside the tab inside it.
 * The buttons stay for the mouse and leave the accessibility tree and the tab order; the keyboard
 * closes the focused tab with Delete or Backspace (the tab strip handles those keys itself).
 */
function keepCloseButtonsOutOfTabList(root: HTMLElement) {
  const hide = () => {
    for (const button of root.querySelectorAll<HTMLButtonElement>('.ant-tabs-tab-remove')) {
      if (button.getAttribute('aria-hidden') !== 'true') button.setAttribute('aria-hidden', 'true');
      if (button.tabIndex !== -1) button.tabIndex = -1;
    }
  };
  hide();
  const observer = new MutationObserver(hide);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabindex', 'aria-hidden'] });
  return () => observer.disconnect();
}
