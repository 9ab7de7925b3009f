import { buildMenuTree, findMenuByPath, seedMenuRecords } from '@scm/contract';
import { useLeaveGuard } from '@/shared/form/unsaved-changes';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, Layout } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
// biome-ignore lint/style/noRestrictedImports: the shell sets the pickers' locale once for every page
import dayjs from 'dayjs';
// biome-ignore lint/style/noRestrictedImports: the locale the line above selects
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { queryClient } from '@/shared/http/query-client';
import { openablePages } from '@/shared/session/session';
import { useSession } from '@/shared/session/use-session';
import { refreshAuthorization } from '@/features/auth/api/refresh-authorization';
import { recordVisit } from '@/features/workbench/api/workbench';
import { tabsStore, useOpenedPages } from '@/shared/tabs/tabs-store';
import { NotFoundPage } from '@/app/not-found-page';
import { pageComponents, pageDataPrefetch } from '@/app/page-map';
import { NO_ACCESS_TITLE, NoAccess } from '@/shared/ui/no-access';
import { APP_NAME, usePageTitle } from '@/shared/ui/page-title';
import { FeedbackBridge } from '@/shared/ui/feedback-bridge';
import { HeaderBar } from './header-bar';
import { KeptPages } from './kept-pages';
import { OpenedTabs } from './opened-tabs';
import { SidebarMenu } from './sidebar-menu';
import './shell.css';
import logoUrl from '@/shared/ui/logo.svg';

dayjs.locale('zh-cn');

/** Every session starts on the workbench: fetched with the shell when the login page prefetches it. */
export const preloadLandingPage = () => pageComponents.basic?.preload();

/** The authorized shell inside antd's <App>, whose message and modal every page uses, in the full zh_CN locale. */
export default function ShellLayout() {
  return (
    <ConfigProvider locale={zhCN}>
      <App>
        <FeedbackBridge />
        <Shell />
      </App>
    </ConfigProvider>
  );
}

/** Every page the application has, whoever holds it: a path among them that the user's menu lacks is 无权限访问, not 404. */
const ALL_PAGES = buildMenuTree(seedMenuRecords());

/** A page renders only if the user's filtered menu contains it. */
function Shell() {
  const { menus } = useSession();
  const location = useLocation();
  const opened = useOpenedPages();
  const pages = useMemo(() => openablePages(menus), [menus]);
  const current = findMenuByPath(pages, location.pathname);
  const fullPath = location.pathname + location.search;

  useEffect(() => {
    if (!current) return;
    tabsStore.add({ key: current.key, path: fullPath });
  }, [current, fullPath]);
  const forbidden = !current && !!findMenuByPath(ALL_PAGES, location.pathname);
  usePageTitle(current?.label ?? (forbidden ? NO_ACCESS_TITLE : '404'));

  const currentKey = current?.key;
  // The page's first request goes out with its chunk, not after it: once, on entering the page.
  const searchOnEntry = useRef(location.search);
  searchOnEntry.current = location.search;
  useEffect(() => {
    if (currentKey) pageDataPrefetch[currentKey]?.(searchOnEntry.current);
  }, [currentKey]);
  useEffect(() => {
    if (currentKey) recordVisit(currentKey);
  }, [currentKey]);

  useEffect(() => {
    refreshAuthorization();
  }, []);
  useLeaveGuard();

  if (!forbidden && (!current || !pageComponents[current.key])) return <NotFoundPage />;

  return (
    <QueryClientProvider client={queryClient}>
      <Layout className="shell">
        <Layout.Sider width={220} className="shell-sider">
          <div className="shell-logo">
            <img src={logoUrl} alt="" width={28} height={28} />
            <span>{APP_NAME}</span>
          </div>
          <SidebarMenu menus={menus} currentKey={current?.key} />
        </Layout.Sider>
        <Layout className="shell-main">
          <Layout.Header className="shell-header-wrap">
            <HeaderBar menus={pages} current={current} />
          </Layout.Header>
          <OpenedTabs menus={pages} activeKey={current?.key} />
          <Layout.Content className="shell-content">
            {current ? <KeptPages opened={opened} currentKey={current.key} location={location} /> : <NoAccess />}
          </Layout.Content>
        </Layout>
      </Layout>
    </QueryClientProvider>
  );
}
