import { CalculatorOutlined, SwapOutlined } from '@ant-design/icons';
import { validForm } from '@/shared/form/field-errors';
import { CHARGE_MODE_LABELS, type EndpointData, type freightApi, MATCHED_BY_LABELS, formatMeasure } from '@scm/contract';
import { Alert, Button, Card, Empty, Form, type FormInstance, Segmented, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { ApiError } from '@/shared/http/api';
import { RegionPicker } from '@/shared/region/region-cascader';
import { useRegions } from '@/shared/region/use-regions';
import { Money } from '@/shared/ui/money';
import { useCompareFreight, useEstimateFreight } from '@/features/freight/api/freight';
import { useTemplateOptions } from '@/shared/price-template/use-template-options';
import {
  type CargoItem,
  type CargoMode,
  type CommodityLine,
  type CustomLine,
  commodityItems,
  commodityResultLines,
  customItems,
  customResultLines,
  lineFieldOf,
  type ResultLine,
} from '@/features/freight/components/cargo-lines';
import { CommodityLines } from '@/features/freight/components/commodity-lines';
import { CustomLines } from '@/features/freight/components/custom-lines';
import { type FreightGroupResult, GroupResult } from '@/features/freight/components/group-result';
import './cost-calculate.css';

interface Values {
  destination?: string;
  commodityLines: CommodityLine[];
  items: CustomLine[];
}

const MODES = [
  { value: 'commodity' as const, label: '按商品' },
  { value: 'custom' as const, label: '自定义货物' },
];
const MODE_HINTS: Record<CargoMode, string> = {
  commodity: '每个商品按其配送模板、单件重量与体积计费，货值取参考价 × 数量',
  custom: '自行选择配送模板，填写件数、单件重量 / 体积与货值',
};

export default function CostCalculatePage() {
  const [form] = Form.useForm<Values>();
  const templates = useTemplateOptions({ includeDisabled: true });
  const [mode, setMode] = useState<CargoMode>('commodity');
  // The server's field errors go on the line they name (a commodity without a template, a bad measure).
  const onError = (error: ApiError) => {
    const fields = error.fieldErrors.flatMap((e) => {
      const name = lineFieldOf(mode, e.field);
      return name ? [{ name, errors: [e.message] }] : [];
    });
    (form as FormInstance).setFields(fields);
    return fields.length > 0;
  };
  const estimate = useEstimateFreight({ onError });
  const compare = useCompareFreight({ onError });
  const regions = useRegions();
  const [view, setView] = useState<'estimate' | 'compare' | null>(null);
  const [lines, setLines] = useState<ResultLine[]>([]);
  const comparing = useRef(false);

  const run = async (kind: 'estimate' | 'compare') => {
    comparing.current = kind === 'compare';
    if (!(await validForm(form))) return;
    // Lines of the hidden mode stay in the form (switching back keeps them) but are not sent.
    const values = form.getFieldsValue(true) as Values;
    const destination = values.destination!;
    const items: CargoItem[] = mode === 'commodity' ? commodityItems(values.commodityLines) : customItems(values.items);
    setLines(mode === 'commodity' ? commodityResultLines(values.commodityLines) : customResultLines(values.items));
    setView(kind);
    if (kind === 'estimate') estimate.mutate({ destination, items });
    else compare.mutate({ destination, items: items.map(({ templateId: _omit, ...rest }) => rest) });
  };

  const switchMode = (next: CargoMode) => {
    setMode(next);
    setView(null);
  };

  const result: EndpointData<typeof freightApi.estimate> | undefined = view === 'estimate' ? estimate.data : undefined;
  const compared: FreightGroupResult[] | undefined = view === 'compare' ? compare.data?.list : undefined;
  const cheapest = compared?.find((g) => !g.error);

  return (
    <div className="page-stack cost-calculate">
      <Card size="small" title="目的地与货物">
        <Form form={form} layout="vertical" initialValues={{ commodityLines: [{ quantity: 1 }], items: [{ quantity: 1 }] }}>
          <Form.Item name="destination" label="目的地" rules={[{ required: true, message: '请选择目的地' }]} extra="可选到省、市或区县">
            <RegionPicker />
          </Form.Item>
          <Form.Item label="货物" extra={MODE_HINTS[mode]}>
            <Segmented<CargoMode> options={MODES} value={mode} onChange={switchMode} aria-label="货物填写方式" />
          </Form.Item>
          {mode === 'commodity' ? (
            <CommodityLines templates={templates.data ?? []} />
          ) : (
            <CustomLines templates={templates.data ?? []} loading={templates.isLoading} comparing={comparing} />
          )}
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
              <GroupResult key={group.templateId} group={group} lines={lines} />
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
              {
                title: '计算过程',
                dataIndex: 'formula',
                render: (formula: string, row) => (row.error ? '-' : <code className="formula">{formula}</code>),
              },
              {
                title: '运费（元）',
                dataIndex: 'feeFen',
                align: 'right',
                render: (fen: number, row) =>
                  row.error ? (
                    <Tag color="error">{row.error}</Tag>
                  ) : (
                    <Typography.Text strong>
                      <Money fen={fen} />
                    </Typography.Text>
                  ),
              },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
