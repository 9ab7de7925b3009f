import { Button, type ButtonProps, Popconfirm, type PopconfirmProps, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface Props extends Omit<ButtonProps, 'disabled'> {
  /** Why the action cannot be taken now: the button is disabled and says so on hover. */
  disabledReason?: string | null;
  /** Asks before acting (destructive or irreversible actions). */
  confirm?: { title: ReactNode; description?: ReactNode; onConfirm: () => unknown; okButtonProps?: PopconfirmProps['okButtonProps'] };
}

/**
 * An action button that is either usable or disabled with its reason on hover, never silently
 * grey. A disabled button receives no pointer events, so the tooltip sits on a wrapper.
 */
export function ReasonedButton({ disabledReason, confirm, onClick, ...rest }: Props) {
  if (disabledReason) {
    return (
      <Tooltip title={disabledReason}>
        <span className="reasoned-disabled" data-reason={disabledReason} style={{ display: 'inline-block', cursor: 'not-allowed' }}>
          <Button {...rest} disabled style={{ ...rest.style, pointerEvents: 'none' }} />
        </span>
      </Tooltip>
    );
  }
  if (confirm) {
    return (
      <Popconfirm title={confirm.title} description={confirm.description} okButtonProps={confirm.okButtonProps} onConfirm={confirm.onConfirm}>
        <Button {...rest} />
      </Popconfirm>
    );
  }
  return <Button {...rest} onClick={onClick} />;
}
