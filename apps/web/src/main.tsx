// antd's prebuilt stylesheet comes first, so the app's own styles (global.css, CSS modules) follow it
// and win at equal specificity, as they did over the styles antd used to inject at run time.
import 'antd/dist/antd.css';
import { setChineseZodMessages } from '@scm/contract';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/global.css';

// docs/rules/shell-and-session.md, "Error catalogue": unhandled rejections and global errors are only logged.
window.addEventListener('unhandledrejection', (event) => console.error('Unhandled rejection:', event.reason));
window.addEventListener('error', (event) => console.error('Global error:', event.error ?? event.message));

// Every form checks with the contract's schemas: their messages are Chinese from the first render.
setChineseZodMessages();
createRoot(document.getElementById('root')!).render(<App />);
