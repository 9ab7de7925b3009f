import { Component, type ReactNode } from 'react';
import { useRouteError } from 'react-router';

/** The global error screen (docs/rules/shell-and-session.md, "Error catalogue"). */
export function ErrorScreen({ error }: { error: unknown }) {
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

/** The error screen as a data router's `errorElement` (the back office). */
export function ErrorPage() {
  return <ErrorScreen error={useRouteError()} />;
}

/**
 * The error screen around a tree without a data router (the supplier portal, whose declarative
 * router has no `errorElement`): a render error or a page chunk that fails to load.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
