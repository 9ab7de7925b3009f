import { daysAheadAt, instantText, instantValue, optionalDayText, optionalDayValue } from '@/shared/form/day-value';
import { DeleteOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useFormGuard } from '@/shared/form/unsaved-changes';
import { fenToYuan, type ProcurementTaskDetail, procurementTaskApi, taskCreateRequest, yuanToFen } from '@scm/contract';
import { Button, Col, DatePicker, Drawer, Form, Input, InputNumber, Row, Select, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { ReasonedButton } from '@/shared/ui/reasoned-button';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { callApi } from '@/shared/http/api';
import { showApiError } from '@/shared/http/hooks';
import { feedback } from '@/shared/ui/feedback';
import { RegionPicker } from '@/shared/region/region-cascader';
import { WarehouseSelect } from '@/shared/warehouse/warehouse-select';
import { CommodityPicker } from '@/shared/commodity/commodity-picker';
import { useSession } from '@/shared/session/use-session';
import { useCreateTask, useUpdateTask } from '@/features/procurement/api/task';
import { useInvitableSuppliers } from '@/features/procurement/api/supplier';
import { BuyerSelect } from './buyer-select';
import { SourcePlanSelect } from './plan-select';

const shape = taskCreateRequest.shape;

interface LineValue {
  commodityId?: number;
  quantity?: number;
  targetPriceYuan?: number | null;
  remark?: string;
  /** The source plan's line this one procures (its award is written back there). */
  planLineId?: number | null;
}
interface FormValues {
  name: string;
  planId?: number | null;
  buyerId: number;
  quoteDeadline: Dayjs;
  deliveryRegionCode: string;
  warehouseCode?: string | null;
  requiredBy?: Dayjs | null;
  remark?: string;
  supplierIds: number[];
  /** 密封报价: set while the task is a draft, which is the only time the form opens. */
  sealed: boolean;
  lines: LineValue[];
}

interface Props {
  open: boolean;
  editing?: ProcurementTaskDetail;
  onClose: () => void;
}

/** 新建 / 编辑 采购任务 (draft only): header, commodity lines with target prices, invited suppliers. */
export default function TaskForm({ open, editing, onClose }: Props) {
  const [form] = Form.useForm<FormValues>();
  const guard = useFormGuard(open);
  const { userInfo } = useSession();
  const suppliers = useInvitableSuppliers();
  const onError = (error: unknown) => applyFieldErrors(form, error);
  const create = useCreateTask({ onError });
  const update = useUpdateTask({ onError });
  const [planCommodities, setPlanCommodities] = useState<{ value: number; label: string }[]>([]);
  const [bringing, setBringing] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        name: editing.name,
        planId: editing.planId,
        buyerId: editing.buyerId,
        quoteDeadline: instantValue(editing.quoteDeadline),
        deliveryRegionCode: editing.deliveryRegionCode,
        warehouseCode: editing.warehouseCode,
        requiredBy: optionalDayValue(editing.requiredBy),
        remark: editing.remark ?? undefined,
        supplierIds: editing.suppliers.map((s) => s.supplierId),
        sealed: editing.sealed,
        lines: editing.lines.map((l) => ({
          commodityId: l.commodityId,
          quantity: l.quantity,
          targetPriceYuan: l.targetPriceFen == null ? null : Number(fenToYuan(l.targetPriceFen)),
          remark: l.remark ?? undefined,
          planLineId: l.planLineId,
        })),
      });
    } else {
      form.setFieldsValue({
        buyerId: userInfo?.id,
        // Three Shanghai days ahead, at 18:00 Shanghai time.
        quoteDeadline: daysAheadAt(3, '18:00'),
        supplierIds: [],
        sealed: true,
        lines: [{}],
      });
    }
  }, [open, editing, form, userInfo?.id]);

  const submit = async () => {
    const values = await validForm(form);
    if (!values) return;
    const body = {
      name: values.name,
      planId: values.planId ?? null,
      buyerId: values.buyerId,
      quoteDeadline: instantText(values.quoteDeadline),
      deliveryRegionCode: values.deliveryRegionCode,
      warehouseCode: values.warehouseCode ?? null,
      requiredBy: optionalDayText(values.requiredBy) ?? null,
      remark: values.remark ?? null,
      supplierIds: values.supplierIds ?? [],
      sealed: values.sealed,
      lines: (values.lines ?? []).map((l) => ({
        commodityId: l.commodityId as number,
        quantity: l.quantity as number,
        targetPriceFen: l.targetPriceYuan == null ? null : yuanToFen(l.targetPriceYuan),
        remark: l.remark ?? null,
        planLineId: l.planLineId ?? null,
      })),
    };
    if (editing) update.mutate({ ...body, id: editing.id, version: editing.version }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  };

  /** Appends the source plan's open lines (quantity still to procure, budget price as target) not on the task yet. */
  const bringPlanLines = async () => {
    const planId = form.getFieldValue('planId') as number;
    setBringing(true);
    try {
      const open = await callApi(procurementTaskApi.planLines, { planId, exceptTaskId: editing?.id });
      const lines = ((form.getFieldValue('lines') ?? []) as LineValue[]).filter((l) => l.commodityId != null);
      const linked = new Set(lines.map((l) => l.planLineId));
      const present = new Set(lines.map((l) => l.commodityId));
      const added = open.filter((l) => !linked.has(l.planLineId) && !present.has(l.commodityId));
      setPlanCommodities(open.map((l) => ({ value: l.commodityId, label: `${l.skuCode} ${l.commodityName}`, skuCode: l.skuCode })));
      form.setFieldValue('lines', [
        ...lines,
        ...added.map((l) => ({
          commodityId: l.commodityId,
          quantity: l.openQuantity,
          targetPriceYuan: Number(fenToYuan(l.budgetUnitPriceFen)),
          planLineId: l.planLineId,
        })),
      ]);
      if (added.length > 0) feedback.message?.success(`已带入 ${added.length} 行计划明细`);
      else feedback.message?.info('该计划没有可带入的明细：已在本任务中，或已由其他采购任务覆盖');
    } catch (error) {
      showApiError(error);
    } finally {
      setBringing(false);
    }
  };
  /** A new source plan: the lines' links to the previous plan's lines no longer hold. */
  const unlinkLines = () => {
    const lines = (form.getFieldValue('lines') ?? []) as LineValue[];
    form.setFieldValue(
      'lines',
      lines.map((l) => ({ ...l, planLineId: null })),
    );
  };

  const known = [
    ...(editing?.lines.map((l) => ({ value: l.commodityId, label: `${l.skuCode} ${l.commodityName}`, skuCode: l.skuCode })) ?? []),
    ...planCommodities,
  ];
  return (
    <Drawer
      open={open}
      width={980}
      title={editing ? `编辑采购任务 ${editing.code}` : '新建采购任务'}
      onClose={() => guard.close(onClose)}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={() => guard.close(onClose)}>取消</Button>
          <Button type="primary" loading={create.isPending || update.isPending} onClick={submit}>
            保存草稿
          </Button>
        </Space>
      }
    >
      <Form form={form} onValuesChange={guard.touch} name="procurement-task-form" layout="vertical">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label="任务名称" required rules={[zodRule(shape.name)]}>
              <Input maxLength={100} placeholder="如：客厅收纳季度采购" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="buyerId" label="采购员" rules={[{ required: true, message: '请选择采购员' }]}>
              <BuyerSelect eligibleOnly current={editing && { id: editing.buyerId, name: editing.buyerName }} placeholder="选择采购员" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="quoteDeadline" label="报价截止时间" rules={[{ required: true, message: '请选择报价截止时间' }]}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="warehouseCode" label="收货仓库" rules={[{ required: true, message: '请选择收货仓库' }]} extra="订单按仓库地址送货">
              <WarehouseSelect
                current={editing?.warehouseCode ? { code: editing.warehouseCode, name: editing.warehouseName } : null}
                onChange={(_code, warehouse) => {
                  // The warehouse's district is the freight destination.
                  if (warehouse) form.setFieldsValue({ deliveryRegionCode: warehouse.regionCode });
                }}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="deliveryRegionCode"
              label="交货地区"
              required
              rules={[zodRule(shape.deliveryRegionCode)]}
              extra="运费估算的目的地，随仓库带出"
            >
              <RegionPicker placeholder="省 / 市 / 区" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="requiredBy" label="需求日期">
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="planId" label="来源计划" extra="可选：已审核或采购中的计划（引用已审核的计划后它变为采购中），定标数量回写到计划明细">
              <SourcePlanSelect
                placeholder="搜索计划编号 / 名称"
                popupMatchSelectWidth={360}
                currentLabel={editing?.planCode}
                onChange={unlinkLines}
              />
            </Form.Item>
          </Col>
          <Col span={18}>
            <Form.Item name="supplierIds" label="邀请供应商" extra="只能邀请启用状态的供应商；发布前至少邀请一家">
              <Select
                mode="multiple"
                allowClear
                loading={suppliers.isLoading}
                placeholder="选择供应商"
                showSearch={{ optionFilterProp: 'label' }}
                options={(suppliers.data ?? []).map((s) => ({ value: s.value, label: `${s.label}（${s.grade}级）` }))}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="sealed" label="密封报价" valuePropName="checked" extra="截止或提前开标前，任何人都看不到报价金额">
              <Switch checkedChildren="密封" unCheckedChildren="不密封" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label="备注" rules={[zodRule(shape.remark)]}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={fields}
                columns={[
                  {
                    title: '#',
                    key: 'index',
                    width: 64,
                    render: (_, field, i) => (
                      <Space size={4}>
                        {i + 1}
                        <Form.Item noStyle shouldUpdate>
                          {() =>
                            form.getFieldValue(['lines', field.name, 'planLineId']) != null && (
                              <Tooltip title="来自来源计划的明细，定标数量回写到计划">
                                <Tag color="blue">计划</Tag>
                              </Tooltip>
                            )
                          }
                        </Form.Item>
                        <Form.Item name={[field.name, 'planLineId']} hidden>
                          <Input />
                        </Form.Item>
                      </Space>
                    ),
                  },
                  {
                    title: '商品',
                    key: 'commodity',
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'commodityId']} rules={[{ required: true, message: '请选择商品' }]} style={{ margin: 0 }}>
                        <CommodityPicker
                          known={known}
                          placeholder="搜索商品编码或名称"
                          onChange={(_v, option) => {
                            // Another commodity is no longer the plan line's.
                            form.setFieldValue(['lines', field.name, 'planLineId'], null);
                            const current = form.getFieldValue(['lines', field.name, 'targetPriceYuan']);
                            if (current == null && option?.referencePriceFen != null) {
                              form.setFieldValue(['lines', field.name, 'targetPriceYuan'], Number(fenToYuan(option.referencePriceFen)));
                            }
                          }}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '数量',
                    key: 'quantity',
                    width: 130,
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'quantity']} rules={[{ required: true, message: '请输入数量' }]} style={{ margin: 0 }}>
                        <InputNumber min={1} precision={0} style={{ width: '100%' }} aria-label="数量" />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '目标单价(元)',
                    key: 'target',
                    width: 140,
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'targetPriceYuan']} style={{ margin: 0 }}>
                        <InputNumber min={0} precision={2} style={{ width: '100%' }} aria-label="目标单价" />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '备注',
                    key: 'remark',
                    width: 180,
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'remark']} style={{ margin: 0 }}>
                        <Input maxLength={200} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '',
                    key: 'remove',
                    width: 48,
                    render: (_, field) => (
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除行" onClick={() => remove(field.name)} />
                    ),
                  },
                ]}
              />
              <Space.Compact block style={{ marginTop: 8 }}>
                <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({})}>
                  添加商品行
                </Button>
                <Form.Item noStyle shouldUpdate={(before, after) => before.planId !== after.planId}>
                  {() => (
                    <ReasonedButton
                      icon={<ImportOutlined />}
                      disabledReason={form.getFieldValue('planId') ? null : '请先选择来源计划'}
                      loading={bringing}
                      onClick={bringPlanLines}
                    >
                      带入计划明细
                    </ReasonedButton>
                  )}
                </Form.Item>
              </Space.Compact>
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
