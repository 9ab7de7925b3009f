import type { MessageInstance } from 'antd/es/message/interface';
import useMessage from 'antd/es/message/useMessage';
import { useEffect } from 'react';
import { feedback } from '@/shared/ui/feedback';

let current: MessageInstance | null = null;
const waiting: ((message: MessageInstance) => void)[] = [];

/** An error toast on the login page; one asked for before the holder mounted shows when it does. */
export function showLoginError(text: string) {
  if (current) current.error(text);
  else waiting.push((message) => message.error(text));
}

/**
 * The login page's themed message holder (the entry has no antd <App>; it comes with the shell).
 * While it is shown the HTTP client's error toasts use it too.
 */
export default function LoginMessages() {
  const [message, holder] = useMessage();
  useEffect(() => {
    current = message;
    feedback.message = message;
    for (const show of waiting.splice(0)) show(message);
    return () => {
      if (current === message) current = null;
      if (feedback.message === message) feedback.message = null;
    };
  }, [message]);
  return holder;
}
