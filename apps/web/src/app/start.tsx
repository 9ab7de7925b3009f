import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { noteTypedInto, finishCarryOver } from '@/shared/boot/prerendered-form';
import { stylesheetsLoaded } from '@/shared/boot/stylesheets-loaded';
import { logUnhandledErrors } from '@/shared/errors/log-unhandled-errors';
// antd's prebuilt stylesheet is linked before this one by index.html (the login screen's part of it,
// then the whole, app/beyond-login.ts), so the app's own styles (global.css, CSS modules) follow it and
// win at equal specificity, as they did over the styles antd used to inject at run time.
import '@/shared/ui/global.css';

logUnhandledErrors();
const root = document.getElementById('root')!;
// login.html fetches antd's first-screen part as a print stylesheet, so that it holds back no paint.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-first-screen][media="print"]')) link.media = 'all';
stylesheetsLoaded().then(() => {
  // login.html holds the login screen rendered at build time: the app renders its own in its place in
  // one synchronous pass, with what was typed meanwhile and the focus carried over (docs/web-guide.md
  // "Loading"). Not hydrated: antd's style engine, hydrating, dropped the theme's tokens.
  const prerendered = root.hasAttribute('data-prerendered');
  if (prerendered) noteTypedInto(root);
  flushSync(() => createRoot(root).render(<App />));
  if (prerendered) finishCarryOver();
});
