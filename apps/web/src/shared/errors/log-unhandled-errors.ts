/** docs/rules/shell-and-session.md, "Error catalogue": unhandled rejections and global errors are only logged. */
export function logUnhandledErrors() {
  window.addEventListener('unhandledrejection', (event) => console.error('Unhandled rejection:', event.reason));
  window.addEventListener('error', (event) => console.error('Global error:', event.error ?? event.message));
}
