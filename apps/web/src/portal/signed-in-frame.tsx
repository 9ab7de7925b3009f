import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Outlet } from 'react-router';
import { setChineseZodMessages } from '@scm/contract';
import { appTheme } from '@/app/theme';
import { portalSession } from '@/shared/session/portal-session';
import { FeedbackBridge } from '@/shared/ui/feedback-bridge';
import { prefetchRfqPage } from './api/rfq';
import { PortalFrame } from './components/portal-frame';
import { portalQueryClient } from './query-client';

dayjs.locale('zh-cn');
// The signed-in pages' forms check with the contract's schemas; their messages speak Chinese.
setChineseZodMessages();

// The addressed page's first request starts as soon as this chunk runs, beside the page's own chunk.
if (portalSession.isSignedIn()) prefetchRfqPage(window.location.pathname, window.location.search);

/**
 * What every signed-in portal page shares: antd with the back office's theme and zh-CN locale, its
 * toasts and dialogs for the HTTP client, the query cache and the frame. A chunk of its own, so the
 * sign-in and activation screens load none of it (docs/web-guide.md, "Portal").
 */
export default function SignedInFrame() {
  return (
    <ConfigProvider theme={appTheme} locale={zhCN}>
      <App component={false}>
        <FeedbackBridge />
        <QueryClientProvider client={portalQueryClient}>
          <PortalFrame>
            <Outlet />
          </PortalFrame>
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
