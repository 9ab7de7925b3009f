import { useEffect } from 'react';

export const APP_NAME = '悦居供应链';

/** The browser tab reads "页面名 - 悦居供应链" while the page is shown. */
export function usePageTitle(page: string | undefined) {
  useEffect(() => {
    document.title = page ? `${page} - ${APP_NAME}` : APP_NAME;
  }, [page]);
}
