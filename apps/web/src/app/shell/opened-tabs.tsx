import { flattenMenu, type MenuEntry } from '@scm/contract';
import { Tabs } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { tabsStore, useOpenedPages } from '../../shared/tabs/tabs-store';

/** Seed §2 tab strip: click to navigate, every tab but the first closable. */
export function OpenedTabs({ menus, activeKey }: { menus: MenuEntry[]; activeKey?: string }) {
  const pages = useOpenedPages();
  const navigate = useNavigate();
  const labels = useMemo(() => new Map(flattenMenu(menus).map((entry) => [entry.key, entry.label])), [menus]);

  return (
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
        if (page) navigate(page.path);
      }}
      onEdit={(key, action) => {
        if (action !== 'remove' || typeof key !== 'string') return;
        const next = tabsStore.close(key, activeKey);
        if (next) navigate(next);
      }}
    />
  );
}
