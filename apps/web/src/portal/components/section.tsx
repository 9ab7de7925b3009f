import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/shared/ui/plain-controls';
import { toasts } from './toasts';

/**
 * A titled block of a portal page: plain markup, as the whole portal (docs/web-guide.md, "Portal").
 */
export function Section({
  title,
  extra,
  children,
  testId,
  id,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** The section's anchor, for a link on the same page. */
  id?: string;
}) {
  return (
    <section className="portal-card" data-testid={testId} id={id}>
      <div className="portal-card-head">
        <h2 className="portal-card-title">{title}</h2>
        {extra}
      </div>
      <div className="portal-card-body">{children}</div>
    </section>
  );
}

/** Rows of a section, separated by rules; `empty` when there are none. */
export function Rows<T>({ items, empty, render }: { items: T[]; empty: string; render: (item: T, index: number) => ReactNode }) {
  if (items.length === 0) return <div className="portal-empty">{empty}</div>;
  return <div className="portal-rows">{items.map(render)}</div>;
}

/** A digest with a 复制 button, so a supplier can keep the receipt. */
export function CopyText({ text, testId }: { text: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toasts.success('已复制');
    } catch {
      toasts.warning('无法访问剪贴板，请长按选择复制');
    }
  };
  return (
    <span className="portal-copy">
      <span className="portal-digest" data-testid={testId}>
        {text}
      </span>
      <Button variant="link" onClick={copy} aria-label="复制回执">
        {copied ? '已复制' : '复制'}
      </Button>
    </span>
  );
}

/** The way back from a detail page to its list, a block of its own (above the page, or under an empty notice). */
export function BackTo({ path, label }: { path: string; label: string }) {
  const navigate = useNavigate();
  return (
    <div>
      <Button variant="link" onClick={() => navigate(path)}>
        ← {label}
      </Button>
    </div>
  );
}
