import { whenLeaving } from '@/shared/form/unsaved-changes';
import { findParentOf, type MenuEntry } from '@scm/contract';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { tabsStore } from '@/shared/tabs/tabs-store';
import { MenuIcon } from '@/shared/ui/menu-icons';
import { pageComponents } from '@/app/page-map';
import { lastPaths } from './last-paths';

type MenuItem = Required<MenuProps>['items'][number];

/** Hovering an entry fetches its page's chunk, so the click renders without waiting. */
const preloadPage = (key: string) => () => {
  pageComponents[key]?.preload();
};

function toItems(entries: MenuEntry[]): MenuItem[] {
  return entries
    .filter((entry) => entry.isMenu)
    .map((entry) =>
      entry.children
        ? { key: entry.key, label: entry.label, icon: <MenuIcon name={entry.icon} />, children: toItems(entry.children) }
        : {
            key: entry.key,
            label: entry.label,
            icon: <MenuIcon name={entry.icon} />,
            onMouseEnter: preloadPage(entry.key),
          },
    );
}

/** docs/rules/shell-and-session.md, "Shell": inline menu of the entries flagged as menu items; the current page's group opens. */
export function SidebarMenu({ menus, currentKey }: { menus: MenuEntry[]; currentKey?: string }) {
  const navigate = useNavigate();
  const items = useMemo(() => toItems(menus), [menus]);
  const [openKeys, setOpenKeys] = useState<string[]>(['dashboard']);
  const selectedKey = currentKey ?? 'basic';

  useEffect(() => {
    const group = findParentOf(menus, selectedKey);
    if (group) setOpenKeys((keys) => (keys.includes(group.key) ? keys : [...keys, group.key]));
  }, [menus, selectedKey]);

  const byKey = useMemo(() => {
    const map = new Map<string, MenuEntry>();
    const visit = (entries: MenuEntry[]) => {
      for (const entry of entries) {
        map.set(entry.key, entry);
        if (entry.children) visit(entry.children);
      }
    };
    visit(menus);
    return map;
  }, [menus]);

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[selectedKey]}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        const entry = byKey.get(key);
        if (!entry) return;
        // Reopen where the page was: its tab's path, or the last one it had before its tab closed.
        const path = tabsStore.get().find((page) => page.key === entry.key)?.path ?? lastPaths.pathFor(entry.path);
        whenLeaving(() => {
          tabsStore.add({ key: entry.key, path });
          navigate(path);
        });
      }}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
