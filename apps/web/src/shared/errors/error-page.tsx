import { useRouteError } from 'react-router';

/** The global error screen (docs/rules/shell-and-session.md, "Error catalogue"). */
export function ErrorPage() {
  const error = useRouteError();
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h1 style={{ fontSize: 24 }}>Oops! Something went wrong.</h1>
      <pre style={{ whiteSpace: 'pre-wrap', color: '#a8071a', margin: '16px auto', maxWidth: 800 }}>{text}</pre>
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{ padding: '6px 20px', background: '#106898', color: '#fff', border: 0, borderRadius: 6, cursor: 'pointer' }}
      >
        Reload
      </button>
    </div>
  );
}
