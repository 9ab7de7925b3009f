/**
 * The entry only starts the app (app/start.tsx). On login.html it waits for the first frame, so that
 * the form rendered at build time paints before the app's modules are evaluated; their files are on
 * their way meanwhile (`preloadAppStart` in apps/web/vite.config.ts, docs/web-guide.md "Loading").
 */
const start = () => import('./app/start');

if (document.getElementById('root')?.hasAttribute('data-prerendered') && document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  void start();
}
