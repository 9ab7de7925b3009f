import { dueWithinADay, formatDateTime, timeLeftText } from '@scm/contract';
import { Typography } from 'antd';
import { useServerNow } from '@/shared/quote/use-server-now';

/** The quote deadline with the time left; display only: the server closes quoting by itself. */
export function DeadlineCountdown({ deadline, active }: { deadline: string; active: boolean }) {
  const now = useServerNow(undefined, active);
  const left = active ? timeLeftText(deadline, now) : null;
  return (
    <span>
      {formatDateTime(deadline)}
      {active && (
        <div>
          {left ? (
            <Typography.Text type={dueWithinADay(deadline, now) ? 'danger' : 'warning'}>{left}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">已截止</Typography.Text>
          )}
        </div>
      )}
    </span>
  );
}
