/** Seed §2: any other path shows a plain page. */
export function NotFoundPage() {
  return <div style={{ padding: 24 }}>404 not found</div>;
}
