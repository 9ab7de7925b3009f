import { Tag, Tooltip, Typography } from 'antd';
import { useRegions } from './use-regions';

/** Region codes shown as names, the first few as tags and the rest behind "+N". */
export function RegionNames({ codes, max = 4, empty = '-' }: { codes: readonly string[]; max?: number; empty?: string }) {
  const regions = useRegions();
  if (codes.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  const shown = codes.slice(0, max);
  const rest = codes.slice(max);
  return (
    <span>
      {shown.map((code) => (
        <Tag key={code} title={code}>
          {regions.fullName(code)}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map(regions.fullName).join('、')}>
          <Tag>+{rest.length}</Tag>
        </Tooltip>
      )}
    </span>
  );
}
