import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { stylesheetsLoaded } from '@/shared/boot/stylesheets-loaded';
import { logUnhandledErrors } from '@/shared/errors/log-unhandled-errors';
// antd's prebuilt stylesheet is linked before this one by index.html (the login screen's part of it,
// then the whole, app/beyond-login.ts), so the app's own styles (global.css, CSS modules) follow it and
// win at equal specificity, as they did over the styles antd used to inject at run time.
import '@/shared/ui/global.css';

logUnhandledErrors();
stylesheetsLoaded().then(() => createRoot(document.getElementById('root')!).render(<App />));
