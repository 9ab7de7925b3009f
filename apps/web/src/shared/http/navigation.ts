type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

/** The router registers itself here so non-React code (the 401 modal) can navigate without a reload. */
export function setNavigator(navigate: Navigate) {
  navigateImpl = navigate;
}

export const navigateTo: Navigate = (to, options) => navigateImpl(to, options);
