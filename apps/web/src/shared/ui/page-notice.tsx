import { Empty } from 'antd';
import type { ReactNode } from 'react';

/**
 * In place of a detail page that has nothing to show (no key in the URL, a record that does not
 * exist or may not be seen), with an optional way back. Empty rather than Result: Result's
 * illustrations weigh 10 KB gzip.
 */
export function PageNotice({ title, detail, action }: { title: string; detail?: string; action?: ReactNode }) {
  return (
    <Empty
      style={{ margin: '80px auto' }}
      description={
        <>
          <div style={{ fontSize: 16, color: 'rgba(0, 0, 0, 0.88)' }}>{title}</div>
          {detail && <div>{detail}</div>}
        </>
      }
    >
      {action}
    </Empty>
  );
}
