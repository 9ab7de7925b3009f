/** Any other path shows a plain page (docs/rules/shell-and-session.md, "Routes"). */
export function NotFoundPage() {
  return <div style={{ padding: 24 }}>404 not found</div>;
}
