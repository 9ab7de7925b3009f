import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
// The DOM RouterProvider: navigations given `flushSync` render in one synchronous pass.
import { RouterProvider } from 'react-router/dom';
import { router } from './router';
import { theme } from './theme';

// Someone who asks the system for less motion gets dialogs, drawers and menus without animation.
const appTheme = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? { ...theme, token: { ...theme.token, motion: false } } : theme;

/**
 * The entry holds only what the login page needs; antd's <App> (message, modal, notification) and
 * the dayjs locale come with the shell (docs/web-guide.md "Loading").
 */
export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={appTheme}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
