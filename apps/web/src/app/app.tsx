import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
// The DOM RouterProvider: navigations given `flushSync` render in one synchronous pass.
import { RouterProvider } from 'react-router/dom';
import { feedback } from '@/shared/ui/feedback';
import { router } from './router';
import { theme } from './theme';

dayjs.locale('zh-cn');

// Someone who asks the system for less motion gets dialogs, drawers and menus without animation.
const appTheme = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? { ...theme, token: { ...theme.token, motion: false } } : theme;

function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => {
    feedback.message = message;
    feedback.modal = modal;
  }, [message, modal]);
  return null;
}

export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={appTheme}>
      <AntApp>
        <FeedbackBridge />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}
