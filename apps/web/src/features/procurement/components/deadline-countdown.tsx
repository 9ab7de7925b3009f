import { Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

/** The quote deadline with the time left; display only: the server closes quoting by itself. */
export function DeadlineCountdown({ deadline, active }: { deadline: string; active: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [active]);
  const at = dayjs(deadline);
  const left = at.valueOf() - now;
  let hint: React.ReactNode = null;
  if (active) {
    if (left <= 0) hint = <Typography.Text type="secondary">已截止</Typography.Text>;
    else {
      const days = Math.floor(left / 86_400_000);
      const hours = Math.floor((left % 86_400_000) / 3_600_000);
      const minutes = Math.floor((left % 3_600_000) / 60_000);
      const text = days > 0 ? `剩 ${days}天${hours}小时` : `剩 ${hours}小时${minutes}分`;
      hint = <Typography.Text type={left < 86_400_000 ? 'danger' : 'warning'}>{text}</Typography.Text>;
    }
  }
  return (
    <span>
      {at.format('YYYY-MM-DD HH:mm')}
      {hint && <div>{hint}</div>}
    </span>
  );
}
