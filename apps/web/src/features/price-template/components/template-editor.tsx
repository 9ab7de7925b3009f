import './template-editor.css';
import { useFormGuard } from '@/shared/form/unsaved-changes';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CHARGE_MODE_LABELS, type ChargeMode, DISPLAY_UNITS, priceTemplateCreateRequest, type PriceTemplate } from '@scm/contract';
import { Alert, Button, Col, Divider, Drawer, Form, Input, InputNumber, Radio, Row, Select, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { applyFieldErrors, applyIssues, validForm, zodRule } from '@/shared/form/field-errors';
import { RegionCascader } from '@/shared/region/region-cascader';
import { feedback } from '@/shared/ui/feedback';
import { useCreatePriceTemplate, useUpdatePriceTemplate } from '@/features/price-template/api/price-template';
import { newTemplateValues, type TemplateFormValues, toFormValues, toRequestBody } from './template-form-values';

interface Props {
  open: boolean;
  /** The template being edited; none to create one. */
  editing?: PriceTemplate;
  onClose: () => void;
}

/** Pieces are whole; kg and m³ take decimals down to 1 g and 1 cm³ (rounded when stored). */
const qtyPrecision = (mode: ChargeMode) => (mode === 'piece' ? 0 : undefined);
const moneyInput = { min: 0, precision: 2, style: { width: '100%' }, prefix: '¥' } as const;

function FreeCondition({ mode }: { mode: ChargeMode }) {
  return mode === 'piece' ? '满 N 件包邮（Q ≥ N）' : `${DISPLAY_UNITS[mode].unit} 以内包邮（Q ≤ N）`;
}

export function TemplateEditor({ open, editing, onClose }: Props) {
  const [form] = Form.useForm<TemplateFormValues>();
  const guard = useFormGuard(open);
  const mode: ChargeMode = Form.useWatch('chargeMode', form) ?? 'weight';
  const units = DISPLAY_UNITS[mode];
  const chargeRows: TemplateFormValues['chargeRows'] | undefined = Form.useWatch('chargeRows', form);
  const freeRows: TemplateFormValues['freeRows'] | undefined = Form.useWatch('freeRows', form);
  /** A region may sit in one row only: the codes the other rows hold are greyed out in this row's cascader. */
  const takenElsewhere = (rows: { regionCodes?: string[] }[] | undefined, self: number) =>
    (rows ?? []).flatMap((row, i) => (i === self ? [] : (row?.regionCodes ?? [])));
  const onError = (error: unknown) => applyFieldErrors(form, error);
  const create = useCreatePriceTemplate({ onError });
  const update = useUpdatePriceTemplate({ onError });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? toFormValues(editing) : newTemplateValues());
  }, [open, editing, form]);

  const submit = async () => {
    if (!(await validForm(form))) return;
    const body = toRequestBody(form.getFieldsValue(true));
    const checked = priceTemplateCreateRequest.safeParse(body);
    if (!checked.success) {
      const onList = checked.error.issues.filter(
        (issue) => issue.path.length <= 1 && issue.path[0] !== 'name' && issue.path[0] !== 'noDeliveryCodes',
      );
      for (const issue of onList) feedback.message?.error(issue.message);
      applyIssues(form, checked.error.issues);
      return;
    }
    if (editing) update.mutate({ ...body, id: editing.id, version: editing.version }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  };

  return (
    <Drawer
      title={editing ? `编辑配送模板：${editing.name}` : '新建配送模板'}
      open={open}
      onClose={() => guard.close(onClose)}
      size={1080}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={() => guard.close(onClose)}>取消</Button>
          <Button type="primary" onClick={submit} loading={create.isPending || update.isPending}>
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} onValuesChange={guard.touch} layout="vertical" className="template-editor">
        <Row gutter={16}>
          <Col span={10}>
            <Form.Item name="name" label="模板名称" rules={[zodRule(priceTemplateCreateRequest.shape.name)]}>
              <Input placeholder="如 顺丰标准-按重量" maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="chargeMode" label="计费方式" extra="重量以 kg、体积以 m³ 填写，系统按克和立方厘米保存">
              <Radio.Group
                optionType="button"
                options={(['piece', 'weight', 'volume'] as const).map((value) => ({ value, label: CHARGE_MODE_LABELS[value] }))}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="status" label="状态">
              <Radio.Group
                options={[
                  { value: 'enabled', label: '启用' },
                  { value: 'disabled', label: '停用' },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>

        <Divider titlePlacement="start">计费规则</Divider>
        <Typography.Paragraph type="secondary">
          运费 = 首费（数量 ≤ {units.first}）；超出部分每 {units.additional} 加收续费，不足一个{units.additional}按一个计。目的地按 区县 → 城市 → 省份
          → 全国默认 匹配，一个地区只能出现在一条规则中。
        </Typography.Paragraph>
        <Form.List name="chargeRows">
          {(rows, { add, remove }) => (
            <div className="rule-rows">
              <Row gutter={8} className="rule-head">
                <Col span={8}>地区</Col>
                <Col span={3}>
                  {units.first}（{units.unit}）
                </Col>
                <Col span={4}>首费（元）</Col>
                <Col span={3}>
                  {units.additional}（{units.unit}）
                </Col>
                <Col span={4}>续费（元）</Col>
                <Col span={2}>操作</Col>
              </Row>
              {rows.map((row) => {
                const isDefault = form.getFieldValue(['chargeRows', row.name, 'isDefault']);
                return (
                  <Row gutter={8} key={row.key} align="top" data-testid={`charge-row-${row.name}`}>
                    <Col span={8}>
                      {isDefault ? (
                        <div className="default-region">全国默认（其他所有地区）</div>
                      ) : (
                        <Form.Item name={[row.name, 'regionCodes']}>
                          <RegionCascader aria-label={`计费规则${row.name + 1}地区`} unavailable={takenElsewhere(chargeRows, row.name)} />
                        </Form.Item>
                      )}
                    </Col>
                    <Col span={3}>
                      <Form.Item name={[row.name, 'firstQty']}>
                        <InputNumber min={0} precision={qtyPrecision(mode)} style={{ width: '100%' }} aria-label={units.first} />
                      </Form.Item>
                    </Col>
                    <Col span={4}>
                      <Form.Item name={[row.name, 'firstFeeFen']}>
                        <InputNumber {...moneyInput} aria-label="首费" />
                      </Form.Item>
                    </Col>
                    <Col span={3}>
                      <Form.Item name={[row.name, 'additionalQty']}>
                        <InputNumber min={0} precision={qtyPrecision(mode)} style={{ width: '100%' }} aria-label={units.additional} />
                      </Form.Item>
                    </Col>
                    <Col span={4}>
                      <Form.Item name={[row.name, 'additionalFeeFen']}>
                        <InputNumber {...moneyInput} aria-label="续费" />
                      </Form.Item>
                    </Col>
                    <Col span={2}>
                      {!isDefault && (
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除计费规则" onClick={() => remove(row.name)} />
                      )}
                    </Col>
                  </Row>
                );
              })}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() =>
                  add({ regionCodes: [], isDefault: false, firstQty: 1, firstFeeFen: null, additionalQty: 1, additionalFeeFen: null }, 0)
                }
              >
                为指定地区设置运费
              </Button>
            </div>
          )}
        </Form.List>

        <Divider titlePlacement="start">指定条件包邮</Divider>
        <Typography.Paragraph type="secondary">
          数量条件：
          <FreeCondition mode={mode} />
          ；金额条件：货值 ≥ M。两个条件都填时按“且 / 或”组合；不选地区表示全国。
        </Typography.Paragraph>
        <Form.List name="freeRows">
          {(rows, { add, remove }) => (
            <div className="rule-rows">
              {rows.length > 0 && (
                <Row gutter={8} className="rule-head">
                  <Col span={8}>地区</Col>
                  <Col span={5}>{mode === 'piece' ? '满（件）' : `${units.unit} 以内`}</Col>
                  <Col span={3}>组合</Col>
                  <Col span={5}>满（元）</Col>
                  <Col span={2}>操作</Col>
                </Row>
              )}
              {rows.map((row) => (
                <Row gutter={8} key={row.key} align="top" data-testid={`free-row-${row.name}`}>
                  <Col span={8}>
                    <Form.Item name={[row.name, 'regionCodes']}>
                      <RegionCascader
                        placeholder="全国（不限地区）"
                        aria-label={`包邮规则${row.name + 1}地区`}
                        unavailable={takenElsewhere(freeRows, row.name)}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={5}>
                    <Form.Item name={[row.name, 'qtyLimit']}>
                      <InputNumber
                        min={0}
                        precision={qtyPrecision(mode)}
                        style={{ width: '100%' }}
                        prefix={mode === 'piece' ? '满' : undefined}
                        suffix={mode === 'piece' ? '件' : `${units.unit} 以内`}
                        aria-label="包邮数量条件"
                      />
                    </Form.Item>
                  </Col>
                  <Col span={3}>
                    <Form.Item name={[row.name, 'operator']}>
                      <Select
                        aria-label="条件组合"
                        options={[
                          { value: 'and', label: '且' },
                          { value: 'or', label: '或' },
                        ]}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={5}>
                    <Form.Item name={[row.name, 'minAmountFen']}>
                      <InputNumber {...moneyInput} prefix="满 ¥" aria-label="包邮金额条件" />
                    </Form.Item>
                  </Col>
                  <Col span={2}>
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除包邮规则" onClick={() => remove(row.name)} />
                  </Col>
                </Row>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ regionCodes: [], qtyLimit: null, minAmountFen: null, operator: 'and' })}
              >
                添加包邮规则
              </Button>
            </div>
          )}
        </Form.List>

        <Divider titlePlacement="start">不配送区域</Divider>
        <Form.Item name="noDeliveryCodes" extra="目的地在这些地区（含其下级）时该模板不配送，优先于所有计费规则">
          <RegionCascader placeholder="选择不配送的地区" aria-label="不配送区域" />
        </Form.Item>
        {editing && <Alert type="info" showIcon title={`版本 ${editing.version}：他人同时修改时保存会被拒绝，请刷新后重试`} />}
      </Form>
    </Drawer>
  );
}
