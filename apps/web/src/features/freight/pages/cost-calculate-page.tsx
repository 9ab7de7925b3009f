import { CalculatorOutlined, DeleteOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { CHARGE_MODE_LABELS, type EndpointData, type freightApi, MATCHED_BY_LABELS, formatMeasure, toStoredMeasure, yuanToFen } from '@scm/contract';
import { Alert, Button, Card, Col, Empty, Form, InputNumber, Row, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { RegionPicker } from '../../../shared/region/region-cascader';
import { useRegions } from '../../../shared/region/use-regions';
import { Money } from '../../../shared/ui/money';
import { useCompareFreight, useEstimateFreight, useTemplateOptions } from '../api/freight';
import { type FreightGroupResult, GroupResult } from '../components/group-result';
import './cost-calculate.css';

interface Line {
  templateId?: number;
  quantity?: number;
  weightKg?: number | null;
  volumeM3?: number | null;
  amountYuan?: number | null;
}
interface Values {
  destination?: string;
  items: Line[];
}

const emptyLine: Line = { quantity: 1 };

function toItems(lines: Line[]) {
  return lines.map((line) => ({
    templateId: line.templateId,
    quantity: line.quantity ?? 0,
    weightG: line.weightKg ? toStoredMeasure('weight', line.weightKg) : undefined,
    volumeCm3: line.volumeM3 ? toStoredMeasure('volume', line.volumeM3) : undefined,
    amountFen: line.amountYuan == null ? undefined : (yuanToFen(line.amountYuan) ?? undefined),
  }));
}

export default function CostCalculatePage() {
  const [form] = Form.useForm<Values>();
  const templates = useTemplateOptions();
  const estimate = useEstimateFreight();
  const compare = useCompareFreight();
  const regions = useRegions();
  const [view, setView] = useState<'estimate' | 'compare' | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  // Comparing prices the cargo with every template, so a line needs no template of its own then.
  const action = useRef<'estimate' | 'compare'>('estimate');
  const templateRule = {
    validator: (_: unknown, value: unknown) =>
      action.current === 'compare' || value ? Promise.resolve() : Promise.reject(new Error('请选择配送模板')),
  };

  const run = async (kind: 'estimate' | 'compare') => {
    action.current = kind;
    const values = await form.validateFields();
    const items = toItems(values.items);
    setLines(values.items);
    setView(kind);
    if (kind === 'estimate') estimate.mutate({ destination: values.destination!, items: items as never });
    else compare.mutate({ destination: values.destination!, items: items.map(({ templateId: _omit, ...rest }) => rest) });
  };

  const result: EndpointData<typeof freightApi.estimate> | undefined = view === 'estimate' ? estimate.data : undefined;
  const compared: FreightGroupResult[] | undefined = view === 'compare' ? compare.data?.list : undefined;
  const cheapest = compared?.find((g) => !g.error);

  return (
    <div className="page-stack cost-calculate">
      <Card size="small" title="目的地与货物">
        <Form form={form} layout="vertical" initialValues={{ items: [emptyLine] }}>
          <Form.Item name="destination" label="目的地" rules={[{ required: true, message: '请选择目的地' }]} extra="可选到省、市或区县">
            <RegionPicker />
          </Form.Item>
          <Form.List name="items">
            {(rows, { add, remove }) => (
              <div className="cargo-lines">
                <Row gutter={8} className="cargo-head">
                  <Col span={1}>#</Col>
                  <Col span={7}>配送模板</Col>
                  <Col span={3}>数量（件）</Col>
                  <Col span={3}>单件重量（kg）</Col>
                  <Col span={3}>单件体积（m³）</Col>
                  <Col span={4}>货值（元）</Col>
                  <Col span={2} />
                </Row>
                {rows.map((row) => (
                  <Row gutter={8} key={row.key} data-testid={`cargo-line-${row.name}`}>
                    <Col span={1} className="line-no">
                      {row.name + 1}
                    </Col>
                    <Col span={7}>
                      <Form.Item name={[row.name, 'templateId']} rules={[templateRule]}>
                        <Select
                          aria-label="配送模板"
                          placeholder="选择配送模板"
                          loading={templates.isLoading}
                          showSearch={{ optionFilterProp: 'label' }}
                          options={(templates.data ?? []).map((t) => ({
                            value: t.value,
                            label: `${t.label}（${CHARGE_MODE_LABELS[t.chargeMode]}${t.status === 'disabled' ? '，已停用' : ''}）`,
                          }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={3}>
                      <Form.Item name={[row.name, 'quantity']} rules={[{ required: true, message: '请输入数量' }]}>
                        <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} aria-label="数量" />
                      </Form.Item>
                    </Col>
                    <Col span={3}>
                      <Form.Item name={[row.name, 'weightKg']}>
                        <InputNumber min={0.001} max={1000} precision={3} style={{ width: '100%' }} aria-label="单件重量" />
                      </Form.Item>
                    </Col>
                    <Col span={3}>
                      <Form.Item name={[row.name, 'volumeM3']}>
                        <InputNumber min={0.000001} max={100} precision={6} style={{ width: '100%' }} aria-label="单件体积" />
                      </Form.Item>
                    </Col>
                    <Col span={4}>
                      <Form.Item name={[row.name, 'amountYuan']}>
                        <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} aria-label="货值" />
                      </Form.Item>
                    </Col>
                    <Col span={2}>
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除货物行" disabled={rows.length === 1} onClick={() => remove(row.name)} />
                    </Col>
                  </Row>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ ...emptyLine })}>
                  添加货物
                </Button>
              </div>
            )}
          </Form.List>
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" icon={<CalculatorOutlined />} loading={estimate.isPending} onClick={() => run('estimate')}>
              估算运费
            </Button>
            <Button icon={<SwapOutlined />} loading={compare.isPending} onClick={() => run('compare')}>
              比较所有模板
            </Button>
          </Space>
        </Form>
      </Card>

      {view === null && (
        <Card size="small">
          <Empty description="选择目的地并填写货物后点击“估算运费”，或“比较所有模板”查看哪个模板最便宜" />
        </Card>
      )}

      {result && (
        <Card size="small" title={`估算结果 · 目的地 ${regions.fullName(form.getFieldValue('destination') ?? '')}`}>
          <Statistic title="运费合计（元）" value={result.totalFen / 100} precision={2} prefix="¥" className="freight-total" />
          {result.groups.some((g) => g.error) && (
            <Alert type="warning" showIcon style={{ margin: '12px 0' }} title="部分货物无法估算，合计中不含这些分组" />
          )}
          <div className="freight-groups">
            {result.groups.map((group) => (
              <GroupResult key={group.templateId} group={group} lines={lines.map((l) => ({ quantity: l.quantity ?? 0 }))} />
            ))}
          </div>
        </Card>
      )}

      {compared && (
        <Card size="small" title="所有启用模板的运费比较（从低到高）">
          <Table<FreightGroupResult>
            rowKey="templateId"
            size="middle"
            pagination={false}
            dataSource={compared}
            rowClassName={(row) => (row === cheapest ? 'cheapest-row' : '')}
            columns={[
              { title: '排名', key: 'rank', render: (_, row, index) => (row.error ? '-' : index + 1) },
              {
                title: '模板',
                dataIndex: 'templateName',
                render: (name: string, row) => (
                  <span>
                    {name} {row === cheapest && <Tag color="success">最便宜</Tag>}
                  </span>
                ),
              },
              { title: '计费方式', dataIndex: 'chargeMode', render: (mode: FreightGroupResult['chargeMode']) => CHARGE_MODE_LABELS[mode] },
              { title: '匹配', dataIndex: 'matchedBy', render: (by: FreightGroupResult['matchedBy']) => (by ? MATCHED_BY_LABELS[by] : '-') },
              { title: '计费量', dataIndex: 'q', render: (q: number, row) => (row.error ? '-' : formatMeasure(row.chargeMode, q)) },
              { title: '计算过程', dataIndex: 'formula', render: (formula: string, row) => (row.error ? '-' : <code className="formula">{formula}</code>) },
              {
                title: '运费（元）',
                dataIndex: 'feeFen',
                align: 'right',
                render: (fen: number, row) => (row.error ? <Tag color="error">{row.error}</Tag> : <Typography.Text strong><Money fen={fen} /></Typography.Text>),
              },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
