import { optionalDayText } from '@/shared/form/day-value';
import { DeleteOutlined } from '@ant-design/icons';
import { planLineInput, planLineProgressQuantity, planQuantitySchema, yuanToFen } from '@scm/contract';
import { Button, DatePicker, Empty, Form, Input, InputNumber, Table, Typography } from 'antd';
import { useDict } from '@/shared/dict/use-dict';
import { zodRule } from '@/shared/form/field-errors';
import { Money } from '@/shared/ui/money';
import { PlanProgress } from './plan-progress';
import type { LineValues } from './use-plan-form';

interface PlanLinesTableProps {
  /** The lines as the form holds them, for the cells shown as text and the totals. */
  lines: LineValues[];
  /** Quantity, price, date and remark as inputs, and a 删除 per line. */
  editable: boolean;
  onRemoved: () => void;
}

/** The plan's lines under the form's `lines` list, with their totals. */
export function PlanLinesTable({ lines, editable, onRemoved }: PlanLinesTableProps) {
  const units = useDict('unit');
  const totals = lines.reduce(
    (acc, line) => ({
      quantity: acc.quantity + (line?.quantity ?? 0),
      amountFen: acc.amountFen + (line?.quantity ?? 0) * (yuanToFen(line?.budgetUnitPrice ?? 0) ?? 0),
    }),
    { quantity: 0, amountFen: 0 },
  );

  return (
    <Form.List name="lines">
      {(fields, { remove }) => (
        <Table
          size="small"
          rowKey="key"
          dataSource={fields}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无明细，请搜索商品添加或从Excel导入" /> }}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <Typography.Text strong>合计</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <Typography.Text strong>{totals.quantity}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} />
              <Table.Summary.Cell index={5} align="right">
                <Typography.Text strong>
                  <Money fen={totals.amountFen} />
                </Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} colSpan={5} />
            </Table.Summary.Row>
          )}
          columns={[
            { title: '序号', key: 'index', width: 52, render: (_: unknown, __: unknown, index: number) => index + 1 },
            {
              title: 'SKU编码',
              key: 'sku',
              render: (_: unknown, field) => lines[field.name]?.skuCode,
            },
            {
              title: '商品',
              key: 'commodity',
              width: 180,
              ellipsis: { showTitle: true },
              render: (_: unknown, field) => (
                <span>
                  {lines[field.name]?.commodityName}
                  {lines[field.name]?.spec && <span className="muted"> {lines[field.name]?.spec}</span>}
                </span>
              ),
            },
            {
              title: '计划数量',
              key: 'quantity',
              align: 'right',
              render: (_: unknown, field) =>
                editable ? (
                  <Form.Item name={[field.name, 'quantity']} rules={[zodRule(planQuantitySchema)]} style={{ margin: 0 }}>
                    <InputNumber min={1} precision={0} style={{ width: 100 }} aria-label="计划数量" />
                  </Form.Item>
                ) : (
                  lines[field.name]?.quantity
                ),
            },
            {
              title: '预算单价(元)',
              key: 'price',
              align: 'right',
              render: (_: unknown, field) =>
                editable ? (
                  <Form.Item name={[field.name, 'budgetUnitPrice']} rules={[{ required: true, message: '请输入预算单价' }]} style={{ margin: 0 }}>
                    <InputNumber min={0} precision={2} style={{ width: 110 }} aria-label="预算单价" />
                  </Form.Item>
                ) : (
                  <Money fen={yuanToFen(lines[field.name]?.budgetUnitPrice ?? 0)} />
                ),
            },
            {
              title: '预算金额(元)',
              key: 'amount',
              align: 'right',
              render: (_: unknown, field) => {
                const line = lines[field.name];
                return <Money fen={(line?.quantity ?? 0) * (yuanToFen(line?.budgetUnitPrice ?? 0) ?? 0)} />;
              },
            },
            { title: '单位', key: 'unit', render: (_: unknown, field) => units.label(lines[field.name]?.unit) },
            {
              title: '需求日期',
              key: 'requiredBy',
              render: (_: unknown, field) =>
                editable ? (
                  <Form.Item name={[field.name, 'requiredBy']} style={{ margin: 0 }}>
                    <DatePicker style={{ width: 130 }} />
                  </Form.Item>
                ) : (
                  (optionalDayText(lines[field.name]?.requiredBy) ?? '-')
                ),
            },
            {
              title: '备注',
              key: 'remark',
              render: (_: unknown, field) =>
                editable ? (
                  <Form.Item name={[field.name, 'remark']} rules={[zodRule(planLineInput.shape.remark)]} style={{ margin: 0 }}>
                    <Input style={{ width: 160 }} maxLength={200} />
                  </Form.Item>
                ) : (
                  (lines[field.name]?.remark ?? '')
                ),
            },
            {
              title: '进度',
              key: 'progress',
              render: (_: unknown, field) => {
                const line = lines[field.name];
                const planned = line?.quantity ?? 0;
                const done = line ? planLineProgressQuantity(line) : 0;
                return (
                  <PlanProgress
                    percent={planned > 0 ? Math.floor((done * 100) / planned) : 0}
                    awarded={line?.awardedQuantity ?? 0}
                    received={line && line.orderedQuantity > 0 ? line.receivedQuantity : undefined}
                    planned={planned}
                  />
                );
              },
            },
            ...(editable
              ? [
                  {
                    title: '操作',
                    key: 'actions',
                    // Fixed to the right edge: 删除 stays in view while the date and remark scroll at 1280 px.
                    fixed: 'right' as const,
                    width: 84,
                    render: (_: unknown, field: { name: number }) => (
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => {
                          remove(field.name);
                          onRemoved();
                        }}
                      >
                        删除
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Form.List>
  );
}
