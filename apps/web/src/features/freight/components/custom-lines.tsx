import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CHARGE_MODE_LABELS, type EndpointData, type priceTemplateApi } from '@scm/contract';
import { Button, Col, Form, InputNumber, Row, Select } from 'antd';
import type { RefObject } from 'react';

export type TemplateOption = EndpointData<typeof priceTemplateApi.options>[number];

interface CustomLinesProps {
  templates: TemplateOption[];
  loading: boolean;
  /** Comparing prices the cargo with every template, so a line needs no template of its own then. */
  comparing: RefObject<boolean>;
}

/** Cargo given by hand: a chosen template with a piece count, per-unit weight and volume, and goods value. */
export function CustomLines({ templates, loading, comparing }: CustomLinesProps) {
  const templateRule = {
    validator: (_: unknown, value: unknown) => (comparing.current || value ? Promise.resolve() : Promise.reject(new Error('请选择配送模板'))),
  };
  return (
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
                    loading={loading}
                    showSearch={{ optionFilterProp: 'label' }}
                    options={templates.map((t) => ({
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
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label="删除货物行"
                  disabled={rows.length === 1}
                  onClick={() => remove(row.name)}
                />
              </Col>
            </Row>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
            添加货物
          </Button>
        </div>
      )}
    </Form.List>
  );
}
