import type { ReactNode } from 'react';

/**
 * One line of text cut with an ellipsis at `width` px, the whole text on hover. List tables lay out
 * automatically, so a column's own `width` and `ellipsis` still let a long name widen the table.
 */
export function CellText({ width, text, children }: { width: number; text: string; children?: ReactNode }) {
  return (
    <div className="cell-stack-text" style={{ width }} title={text}>
      {children ?? text}
    </div>
  );
}
