import { dueWithinADay, formatDateTime, timeLeftText } from '@scm/contract';
import { useServerNow } from '@/shared/quote/use-server-now';

/**
 * The quote deadline with a countdown while quoting. `serverNow` (when the answer has it) corrects
 * the phone's clock; the server alone decides whether a quote is in time.
 */
export function Deadline({ deadline, active, serverNow }: { deadline: string; active: boolean; serverNow?: string }) {
  const now = useServerNow(serverNow, active);
  const left = active ? timeLeftText(deadline, now) : null;
  const soon = dueWithinADay(deadline, now);
  return (
    <span>
      {formatDateTime(deadline)}
      {active && (
        <span className={left ? (soon ? 'portal-text-danger' : 'portal-text-warning') : 'portal-muted'} style={{ marginLeft: 8 }}>
          {left ?? '已截止'}
        </span>
      )}
    </span>
  );
}
