import { App } from 'antd';
import { useEffect } from 'react';
import { feedback } from '@/shared/ui/feedback';

/** Hands the shell's themed message and modal to code outside React (the HTTP client). */
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
