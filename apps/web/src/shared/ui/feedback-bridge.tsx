import { App } from 'antd';
import { useEffect } from 'react';
import { feedback } from '@/shared/ui/feedback';

/** Hands the themed message and modal of the realm's antd <App> (the shell's, the portal's) to code outside React (the HTTP client). */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    feedback.message = message;
    feedback.modal = modal;
    return () => {
      // After logout the login page registers its own message; an unmounted modal would show nothing.
      if (feedback.message === message) feedback.message = null;
      if (feedback.modal === modal) feedback.modal = null;
    };
  }, [message, modal]);
  return null;
}
