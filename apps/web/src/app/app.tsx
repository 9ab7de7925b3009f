import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { feedback } from '../shared/ui/feedback';
import { router } from './router';
import { theme } from './theme';

dayjs.locale('zh-cn');

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
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp>
        <FeedbackBridge />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}
