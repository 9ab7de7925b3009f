import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/** The toasts code outside React shows: antd's message in the back office, the portal's own toasts there. */
export type Toasts = Record<'success' | 'error' | 'info' | 'warning', (text: string) => unknown>;

/**
 * The toasts and dialogs of the realm on screen, captured once at start so code outside React (the
 * HTTP client) shows them in the app's theme: antd's <App> message and modal in the back office
 * (FeedbackBridge), the portal's plain toasts there (no modal: a portal 401 goes to its login).
 */
export const feedback: { message: Toasts | null; modal: ModalHookAPI | null } = {
  message: null,
  modal: null,
};
