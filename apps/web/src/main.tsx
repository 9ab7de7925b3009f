import { createRoot } from 'react-dom/client';
import { App } from './app/app';
// antd's prebuilt stylesheet is linked before this one by index.html (the login screen's part of it,
// then the whole, app/beyond-login.ts), so the app's own styles (global.css, CSS modules) follow it and
// win at equal specificity, as they did over the styles antd used to inject at run time.
import './app/global.css';

// docs/rules/shell-and-session.md, "Error catalogue": unhandled rejections and global errors are only logged.
window.addEventListener('unhandledrejection', (event) => console.error('Unhandled rejection:', event.reason));
window.addEventListener('error', (event) => console.error('Global error:', event.error ?? event.message));

createRoot(document.getElementById('root')!).render(<App />);
