/**
 * Fetches the signed-in shell and its landing page ahead of need. The router registers the loader
 * (it owns the shell's lazy component); the login page calls it when the user submits.
 */
let prefetch: () => void = () => {};

export function setShellPrefetch(load: () => void) {
  prefetch = load;
}

export function prefetchShell() {
  prefetch();
}
