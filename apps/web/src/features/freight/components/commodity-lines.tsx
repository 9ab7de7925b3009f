import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CHARGE_MODE_LABELS, type CommodityOption, DICT, formatMeasure } from '@scm/contract';
import { Button, Col, Form, InputNumber, Row, Space, Tag, Typography } from 'antd';
import { CommodityPicker } from '@/shared/commodity/commodity-picker';
import { useDict } from '@/shared/dict/use-dict';
import type { TemplateOption } from './custom-lines';

/** What the estimate will take from the picked commodity: its template and the measure that template charges by. */
function CommodityFacts({ commodity, templates }: { commodity?: CommodityOption; templates: TemplateOption[] }) {
  if (!commodity) return <Typography.Text type="secondary">选择商品后显示其配送模板与单件重量、体积</Typography.Text>;
  const template = templates.find((t) => t.value === commodity.priceTemplateId);
  const weight = commodity.weightG ? formatMeasure('weight', commodity.weightG) : null;
  const volume = commodity.volumeCm3 ? formatMeasure('volume', commodity.volumeCm3) : null;
  const missing = template?.chargeMode === 'weight' && !weight ? '缺少重量' : template?.chargeMode === 'volume' && !volume ? '缺少体积' : null;
  return (
    <Space size={4} wrap className="commodity-facts">
      {template ? (
        <Tag color={template.status === 'disabled' ? 'default' : 'blue'}>
          {template.label}（{CHARGE_MODE_LABELS[template.chargeMode]}
          {template.status === 'disabled' ? '，已停用' : ''}）
        </Tag>
      ) : (
        <Tag color="warning">未设置配送模板</Tag>
      )}
      <Typography.Text type="secondary">
        单件 {weight ?? '无重量'} / {volume ?? '无体积'}
      </Typography.Text>
      {missing && <Tag color="error">{missing}</Tag>}
    </Space>
  );
}

function LineFacts({ name, templates }: { name: number; templates: TemplateOption[] }) {
  const commodity = Form.useWatch(['commodityLines', name, 'commodity']) as CommodityOption | undefined;
  return <CommodityFacts commodity={commodity} templates={templates} />;
}

function QuantityUnit({ name }: { name: number }) {
  const commodity = Form.useWatch(['commodityLines', name, 'commodity']) as CommodityOption | undefined;
  const units = useDict(DICT.unit);
  return (
    <Form.Item name={[name, 'quantity']} rules={[{ required: true, message: '请输入数量' }]}>
      <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} aria-label="数量" suffix={units.label(commodity?.unit)} />
    </Form.Item>
  );
}

/** Cargo given as commodities with quantities; each commodity is priced with its own template. */
export function CommodityLines({ templates }: { templates: TemplateOption[] }) {
  return (
    <Form.List name="commodityLines">
      {(rows, { add, remove }) => (
        <div className="cargo-lines">
          <Row gutter={8} className="cargo-head">
            <Col span={1}>#</Col>
            <Col span={10}>商品</Col>
            <Col span={3}>数量</Col>
            <Col span={9}>配送模板与单件重量 / 体积</Col>
            <Col span={1} />
          </Row>
          {rows.map((row) => (
            <Row gutter={8} key={row.key} data-testid={`commodity-line-${row.name}`}>
              <Col span={1} className="line-no">
                {row.name + 1}
              </Col>
              <Col span={10}>
                <Form.Item
                  name={[row.name, 'commodity']}
                  rules={[{ required: true, message: '请选择商品' }]}
                  // The line keeps the whole option (its template and measures); the picker works by id.
                  getValueProps={(commodity?: CommodityOption) => ({ value: commodity?.value, known: commodity ? [commodity] : [] })}
                  getValueFromEvent={(_id: number | undefined, commodity: CommodityOption | undefined) => commodity}
                >
                  <CommodityPicker aria-label="商品" />
                </Form.Item>
              </Col>
              <Col span={3}>
                <QuantityUnit name={row.name} />
              </Col>
              <Col span={9} className="line-facts">
                <LineFacts name={row.name} templates={templates} />
              </Col>
              <Col span={1}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label="删除商品行"
                  disabled={rows.length === 1}
                  onClick={() => remove(row.name)}
                />
              </Col>
            </Row>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
            添加商品
          </Button>
        </div>
      )}
    </Form.List>
  );
}
