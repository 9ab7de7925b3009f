import { DICT, type Supplier, supplierApi, supplierCreateRequest } from '@scm/contract';
import { useFormGuard } from '@/shared/form/unsaved-changes';
import { Col, Drawer, Form, Input, Row, Select, Space, Button } from 'antd';
import { useEffect } from 'react';
import { DictSelect } from '@/shared/dict/dict-select';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { RegionPicker } from '@/shared/region/region-cascader';
import { useCreateSupplier, useUpdateSupplier } from '@/features/procurement/api/supplier';
import { useTemplateOptions } from '@/shared/price-template/use-template-options';
import { useCategoryOptions } from '@/shared/category/category-options';
import { useFieldPermission } from '@/shared/permission/can';

const shape = supplierCreateRequest.shape;

interface Props {
  open: boolean;
  editing?: Supplier;
  onClose: () => void;
}

/** 新建 / 编辑 供应商: every field of docs/procurement.md "Suppliers", checked with the contract's rules as the user types. */
export function SupplierForm({ open, editing, onClose }: Props) {
  const [form] = Form.useForm();
  const guard = useFormGuard(open);
  const categories = useCategoryOptions();
  const templates = useTemplateOptions();
  const onError = (error: unknown) => applyFieldErrors(form, error);
  const create = useCreateSupplier({ onError });
  const update = useUpdateSupplier({ onError });
  // The update keeps the status of a caller without the status action's code (docs/rules/codes-and-api.md, "Updates").
  const mayChangeStatus = useFieldPermission(supplierApi.update, 'status');
  const statusLocked = !!editing && !mayChangeStatus;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue(editing);
    else form.setFieldsValue({ status: 'enabled', settlementType: 'monthly', grade: 'B', categoryIds: [] });
  }, [open, editing, form]);

  const submit = async () => {
    const values = await validForm(form);
    if (!values) return;
    const body = { ...values, priceTemplateId: values.priceTemplateId ?? null, categoryIds: values.categoryIds ?? [] };
    if (editing) update.mutate({ ...body, id: editing.id, version: editing.version }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  };

  const leafCategories = (categories.data ?? []).filter((c) => !(categories.data ?? []).some((other) => other.parentId === c.value));
  return (
    <Drawer
      open={open}
      width={760}
      title={editing ? `编辑供应商 ${editing.code}` : '新建供应商'}
      onClose={() => guard.close(onClose)}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={() => guard.close(onClose)}>取消</Button>
          <Button type="primary" loading={create.isPending || update.isPending} onClick={submit}>
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} onValuesChange={guard.touch} layout="vertical" requiredMark>
        <Row gutter={16}>
          <Col span={16}>
            <Form.Item name="name" label="供应商名称" required rules={[zodRule(shape.name)]}>
              <Input placeholder="营业执照上的全称" maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="shortName" label="简称" rules={[zodRule(shape.shortName)]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="contactPerson" label="联系人" required rules={[zodRule(shape.contactPerson)]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="phone" label="联系电话" required rules={[zodRule(shape.phone)]}>
              <Input placeholder="手机或固话，如 0571-88886666" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="email" label="邮箱" rules={[zodRule(shape.email)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="regionCode" label="所在地区" required rules={[zodRule(shape.regionCode)]}>
              <RegionPicker placeholder="省 / 市 / 区" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item name="address" label="详细地址" rules={[zodRule(shape.address)]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="creditCode" label="统一社会信用代码" required rules={[zodRule(shape.creditCode)]}>
              <Input maxLength={18} placeholder="18位，含校验位" style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="categoryIds" label="供应品类">
              <Select
                mode="multiple"
                allowClear
                placeholder="选择供应的商品分类"
                loading={categories.isLoading}
                options={leafCategories.map((c) => ({ value: c.value, label: c.label }))}
                showSearch={{ optionFilterProp: 'label' }}
                maxTagCount="responsive"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="bankName" label="开户银行" rules={[zodRule(shape.bankName)]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="bankAccount" label="银行账号" rules={[zodRule(shape.bankAccount)]}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="settlementType" label="结算方式" required rules={[zodRule(shape.settlementType)]}>
              <DictSelect code={DICT.settlementType} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="grade" label="供应商等级" required rules={[zodRule(shape.grade)]}>
              <DictSelect code={DICT.supplierGrade} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="status" label="状态" required extra={statusLocked ? '变更状态需要「变更状态」权限' : undefined}>
              <DictSelect code={DICT.supplierStatus} allowClear={false} disabled={statusLocked} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="priceTemplateId" label="配送价格模板" extra="用于估算该供应商的报价运费">
              <Select
                allowClear
                placeholder="不设置则运费需手工填写"
                loading={templates.isLoading}
                options={(templates.data ?? []).map((t) => ({ value: t.value, label: t.label }))}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label="备注" rules={[zodRule(shape.remark)]}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
