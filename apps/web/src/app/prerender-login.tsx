import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { loginScreen } from './login-screen';

/**
 * The login screen's markup, rendered at build time into login.html (`prerenderedLogin` in
 * apps/web/vite.config.ts): the browser paints the form with the document, and app/start.tsx renders the
 * app's own in its place (docs/web-guide.md "Loading"). The screen uses no antd, so it needs none of
 * the app's providers.
 */
export function renderLoginScreen(): string {
  return renderToString(<MemoryRouter initialEntries={['/login']}>{loginScreen}</MemoryRouter>);
}
