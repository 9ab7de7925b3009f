import type { MenuEntry } from './menu';

/**
 * Pages every signed-in user may open, outside the menu tree and the permission codes
 * (docs/messages.md). A module of its own, free of zod and of the seed menu: the web app's entry
 * reads it before any of those has loaded.
 */
export const SIGNED_IN_PAGES = [
  { id: 190, key: 'messageCenter', label: '消息中心', path: '/message/center', isMenu: false },
] as const satisfies readonly MenuEntry[];
