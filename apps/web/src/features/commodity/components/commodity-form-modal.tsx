import {
  buildTree,
  type CategoryOption,
  type Commodity,
  commodityApi,
  commodityFields,
  DICT,
  fenToYuan,
  priceTemplateApi,
  supplierApi,
  type TreeNode,
  yuanToFen,
} from '@scm/contract';
import { useFormGuard } from '@/shared/form/unsaved-changes';
import { Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Space, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { DictSelect } from '@/shared/dict/dict-select';
import { useDict } from '@/shared/dict/use-dict';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { RemoteSelect } from '@/shared/form/remote-select';
import { useCategoryOptions } from '@/shared/category/category-options';
import { useCreateCommodity, useUpdateCommodity } from '@/features/commodity/api/commodity';
import { useFieldPermission } from '@/shared/permission/can';

export type CommodityFormTarget = { mode: 'create' } | { mode: 'edit'; commodity: Commodity };

interface Values {
  skuCode: string;
  name: string;
  categoryId: number;
  brand?: string;
  spec?: string;
  unit: string;
  barcode?: string;
  weight?: number | null;
  weightUnit: 'kg' | 'g';
  volume?: number | null;
  volumeUnit: 'm3' | 'cm3';
  referencePrice: number;
  priceTemplateId?: number | null;
  defaultSupplierId?: number | null;
  status: 'enabled' | 'disabled';
  remark?: string;
}

/** The pickers offer what a new choice may be: enabled templates, suppliers that are neither disabled nor blacklisted. */
const templateRequest = (keyword: string) => ({ keyword: keyword || undefined });
const supplierRequest = (keyword: string) => ({ keyword: keyword || undefined, invitable: true, limit: 20 });
const supplierLabel = (code: string | null, name: string | null) => (name ? `${code ?? ''} ${name}`.trim() : null);

interface TreeOption {
  value: number;
  title: string;
  disabled: boolean;
  children: TreeOption[];
}

/** Commodities sit on enabled leaves: other nodes are shown for orientation only. */
function leafTree(nodes: TreeNode<CategoryOption & { id: number }>[]): TreeOption[] {
  return nodes.map(({ node, children }) => ({
    value: node.value,
    title: `${node.label}（${node.code}）`,
    disabled: children.length > 0 || node.status !== 'enabled',
    children: leafTree(children),
  }));
}

const toGrams = (value: number | null | undefined, unit: 'kg' | 'g') => (value == null ? null : Math.round(unit === 'kg' ? value * 1000 : value));
const toCm3 = (value: number | null | undefined, unit: 'm3' | 'cm3') =>
  value == null ? null : Math.round(unit === 'm3' ? value * 1_000_000 : value);

export function CommodityFormModal({ target, onClose }: { target: CommodityFormTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const guard = useFormGuard(target !== null);
  const onError = (error: unknown) => applyFieldErrors(form, error);
  const create = useCreateCommodity({ onError });
  const update = useUpdateCommodity({ onError });
  const { data: categories } = useCategoryOptions();
  const treeData = useMemo(() => leafTree(buildTree((categories ?? []).map((c) => ({ ...c, id: c.value })))), [categories]);
  const defaultUnit = useDict(DICT.unit).defaultValue;
  const editing = target?.mode === 'edit' ? target.commodity : null;
  // The update keeps the status of a caller without the status action's code (docs/rules/codes-and-api.md, "Updates").
  const mayChangeStatus = useFieldPermission(commodityApi.update, 'status');
  const statusLocked = !!editing && !mayChangeStatus;

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'edit') {
      const c = target.commodity;
      const weightKg = c.weightG != null && c.weightG >= 1000;
      const volumeM3 = c.volumeCm3 != null && c.volumeCm3 >= 1_000_000;
      form.setFieldsValue({
        skuCode: c.skuCode,
        name: c.name,
        categoryId: c.categoryId,
        brand: c.brand ?? '',
        spec: c.spec ?? '',
        unit: c.unit,
        barcode: c.barcode ?? '',
        weight: c.weightG == null ? null : weightKg ? c.weightG / 1000 : c.weightG,
        weightUnit: weightKg ? 'kg' : 'g',
        volume: c.volumeCm3 == null ? null : volumeM3 ? c.volumeCm3 / 1_000_000 : c.volumeCm3,
        volumeUnit: volumeM3 ? 'm3' : 'cm3',
        referencePrice: Number(fenToYuan(c.referencePriceFen)),
        priceTemplateId: c.priceTemplateId,
        defaultSupplierId: c.defaultSupplierId,
        status: c.status,
        remark: c.remark ?? '',
      });
    }
  }, [form, target]);

  const submit = async () => {
    const checked = await validForm(form);
    if (!checked) return;
    const { weight, weightUnit, volume, volumeUnit, referencePrice, ...rest } = checked;
    const body = {
      ...rest,
      weightG: toGrams(weight, weightUnit),
      volumeCm3: toCm3(volume, volumeUnit),
      referencePriceFen: yuanToFen(referencePrice) ?? 0,
    };
    if (target?.mode === 'edit') await update.mutateAsync({ ...body, id: target.commodity.id, version: target.commodity.version });
    else await create.mutateAsync(body);
    onClose();
  };

  const weightUnit = Form.useWatch('weightUnit', form);
  const volumeUnit = Form.useWatch('volumeUnit', form);
  return (
    <Modal
      open={target !== null}
      title={target?.mode === 'edit' ? '编辑商品' : '新建商品'}
      width={760}
      onCancel={() => guard.close(onClose)}
      onOk={() => submit().catch(() => undefined)}
      confirmLoading={create.isPending || update.isPending}
      okText="保存"
      destroyOnHidden
    >
      <Form
        form={form}
        onValuesChange={guard.touch}
        name="commodity-form"
        layout="vertical"
        initialValues={{ status: 'enabled', unit: defaultUnit, weightUnit: 'kg', volumeUnit: 'cm3' }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="skuCode" label="SKU编码" required rules={[zodRule(commodityFields.skuCode)]}>
              <Input placeholder="字母、数字、下划线或短横线" maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="name" label="商品名称" required rules={[zodRule(commodityFields.name)]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="categoryId" label="商品分类" required rules={[{ required: true, message: '请选择末级分类' }]}>
              <TreeSelect treeData={treeData} showSearch treeNodeFilterProp="title" treeDefaultExpandAll placeholder="请选择末级分类" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="brand" label="品牌" rules={[zodRule(commodityFields.brand)]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="spec" label="规格" rules={[zodRule(commodityFields.spec)]}>
              <Input placeholder="如：34×76cm 白色" maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="unit" label="单位" required rules={[zodRule(commodityFields.unit)]}>
              <DictSelect code={DICT.unit} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="barcode" label="条形码" rules={[zodRule(commodityFields.barcode)]} extra="EAN-13，13位数字，校验位自动核对">
              <Input maxLength={13} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="referencePrice" label="参考价（元）" required rules={[{ required: true, message: '请输入参考价' }]}>
              <InputNumber min={0} max={999999999} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="重量">
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="weight" noStyle>
                  <InputNumber min={0} precision={weightUnit === 'kg' ? 3 : 0} style={{ width: '100%' }} aria-label="重量" />
                </Form.Item>
                <Form.Item name="weightUnit" noStyle>
                  <Select
                    style={{ width: 90 }}
                    options={[
                      { label: '千克', value: 'kg' },
                      { label: '克', value: 'g' },
                    ]}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="体积">
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="volume" noStyle>
                  <InputNumber min={0} precision={volumeUnit === 'm3' ? 6 : 0} style={{ width: '100%' }} aria-label="体积" />
                </Form.Item>
                <Form.Item name="volumeUnit" noStyle>
                  <Select
                    style={{ width: 110 }}
                    options={[
                      { label: '立方米', value: 'm3' },
                      { label: '立方厘米', value: 'cm3' },
                    ]}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="priceTemplateId" label="配送模板">
              <RemoteSelect
                endpoint={priceTemplateApi.options}
                request={templateRequest}
                toOption={(t) => ({ value: t.value, label: t.label })}
                currentLabel={editing?.priceTemplateName}
                placeholder="搜索模板名称"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="defaultSupplierId" label="默认供应商">
              <RemoteSelect
                endpoint={supplierApi.options}
                request={supplierRequest}
                toOption={(s) => ({ value: s.value, label: `${s.code} ${s.label}` })}
                currentLabel={editing && supplierLabel(editing.defaultSupplierCode, editing.defaultSupplierName)}
                placeholder="搜索供应商编码或名称"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="status" label="状态" extra={statusLocked ? '启用或停用需要「启用/停用」权限' : undefined}>
              <Radio.Group
                disabled={statusLocked}
                options={[
                  { label: '启用', value: 'enabled' },
                  { label: '停用', value: 'disabled' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label="备注" rules={[zodRule(commodityFields.remark)]}>
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
