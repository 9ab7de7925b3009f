/**
 * The contract's request schemas the portal's forms check with before sending: the server's rules
 * and Chinese messages, one place for each. They come with zod (about 40 KB gzip), so they load
 * when a form is first touched, not with the page (docs/web-guide.md, "Portal").
 */
export const requestChecks = () => import('./request-schemas');
