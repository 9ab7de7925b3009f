/**
 * The portal's early entry: what needs no React, linked `async` ahead of the portal's entry
 * (apps/web/vite.config.ts, `earlyEntry`), so on a phone the addressed page's first read and its
 * chunks are on their way while React is still being fetched and run. The portal's entry imports
 * this module too, so it runs once either way (and in the dev server, by that import alone).
 */
import './api/first-read';
import './addressed-page';
