import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
// The DOM RouterProvider: navigations given `flushSync` render in one synchronous pass.
import { RouterProvider } from 'react-router/dom';
import { router } from './router';
import { appTheme } from './theme';

/**
 * The strings of antd's zh_CN the login screen shows (the password toggle's label). The whole
 * locale, with its date picker, calendar and pagination, is set by the shell.
 */
const firstScreenLocale: Locale = {
  locale: 'zh-cn',
  global: { placeholder: '请选择', close: '关闭', sortable: '可排序', show: '显示', hide: '隐藏' },
};

/**
 * The entry holds only what the login page needs; antd's <App> (message, modal, notification), the
 * full antd locale and the dayjs locale come with the shell (docs/web-guide.md "Loading").
 */
export function App() {
  return (
    <ConfigProvider locale={firstScreenLocale} theme={appTheme}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
