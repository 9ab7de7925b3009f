import {
  type ChargeMode,
  CHARGE_MODE_LABELS,
  DICT,
  DISPLAY_UNITS,
  type EndpointData,
  formatMeasure,
  type freightApi,
  MATCHED_BY_LABELS,
} from '@scm/contract';
import { Alert, Card, Descriptions, Table, Tag, Typography } from 'antd';
import { useDict } from '@/shared/dict/use-dict';
import { useRegions } from '@/shared/region/use-regions';
import { formatCount, Money, STORED_UNITS } from '@/shared/ui/money';
import type { ResultLine } from './cargo-lines';

export type FreightGroupResult = EndpointData<typeof freightApi.estimate>['groups'][number];

/** A line's share of Q: its count, or count × its per-unit weight / volume. */
function lineMeasure(mode: ChargeMode, line: ResultLine | undefined) {
  if (!line) return '-';
  if (mode === 'piece') return `${line.quantity}件`;
  const each = mode === 'weight' ? line.weightG : line.volumeCm3;
  if (!each) return <Typography.Text type="danger">{mode === 'weight' ? '缺少重量' : '缺少体积'}</Typography.Text>;
  return `${line.quantity} × ${formatMeasure(mode, each)} = ${formatMeasure(mode, line.quantity * each)}`;
}

/** One template group's working: matched row and why, Q, the free-shipping check, the formula, the split. */
export function GroupResult({ group, lines }: { group: FreightGroupResult; lines: ResultLine[] }) {
  const regions = useRegions();
  const units = useDict(DICT.unit);
  const mode = group.chargeMode;
  const matched =
    group.matchedBy === null
      ? '-'
      : group.matchedBy === 'default'
        ? `全国默认（第${(group.matchedRow ?? 0) + 1}条规则）`
        : `${MATCHED_BY_LABELS[group.matchedBy]}：${regions.fullName(group.matchedCode ?? '')}（第${(group.matchedRow ?? 0) + 1}条规则）`;
  return (
    <Card
      size="small"
      className="freight-group"
      data-testid={`group-${group.templateId}`}
      title={
        <span>
          {group.templateName} <Tag>{CHARGE_MODE_LABELS[mode]}</Tag>
        </span>
      }
      extra={
        group.error ? (
          <Tag color="error">无法配送</Tag>
        ) : (
          <Typography.Text strong className="group-fee">
            运费 <Money fen={group.feeFen} prefix="¥" />
          </Typography.Text>
        )
      }
    >
      {group.error && <Alert type="error" showIcon title={group.error} style={{ marginBottom: 12 }} />}
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="匹配规则">{matched}</Descriptions.Item>
        <Descriptions.Item label={`计费量 Q（${DISPLAY_UNITS[mode].unit}）`}>
          {mode === 'piece' ? `${formatCount(group.q)} 件` : `${formatMeasure(mode, group.q)}（${formatCount(group.q)} ${STORED_UNITS[mode]}）`}
        </Descriptions.Item>
        <Descriptions.Item label="货值">
          <Money fen={group.amountFen} prefix="¥" />
        </Descriptions.Item>
        <Descriptions.Item label="包邮">
          {group.freeNote ? <span className={group.free ? 'free-yes' : 'free-no'}>{group.freeNote}</span> : '无适用的包邮规则'}
        </Descriptions.Item>
        <Descriptions.Item label="计算过程" span={2}>
          <code className="formula">{group.formula || '-'}</code>
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="index"
        pagination={false}
        style={{ marginTop: 12 }}
        dataSource={group.items}
        columns={[
          {
            title: '货物行',
            dataIndex: 'index',
            render: (index: number) => (lines[index]?.label ? `第 ${index + 1} 行 · ${lines[index].label}` : `第 ${index + 1} 行`),
          },
          {
            title: '数量',
            dataIndex: 'index',
            key: 'quantity',
            render: (index: number) => (lines[index] ? `${lines[index].quantity}${units.label(lines[index].unit)}` : '-'),
          },
          { title: '计费量', dataIndex: 'index', key: 'measure', render: (index: number) => lineMeasure(mode, lines[index]) },
          { title: '分摊运费（元）', dataIndex: 'feeFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
        ]}
      />
    </Card>
  );
}
