import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * The themed message and modal instances of antd's <App>, captured once at start so code outside
 * React (the HTTP client) shows toasts and modals in the app's theme.
 */
export const feedback: { message: MessageInstance | null; modal: ModalHookAPI | null } = {
  message: null,
  modal: null,
};
