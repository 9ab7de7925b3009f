import { type Warehouse, warehouseCreateRequest } from '@scm/contract';
import { Button, Col, Drawer, Form, Input, Row, Space } from 'antd';
import { useEffect } from 'react';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { useFormGuard } from '@/shared/form/unsaved-changes';
import { RegionPicker } from '@/shared/region/region-cascader';
import { useCreateWarehouse, useUpdateWarehouse } from '@/features/warehouse/api/warehouse';

const shape = warehouseCreateRequest.shape;

interface Props {
  open: boolean;
  editing?: Warehouse;
  onClose: () => void;
}

/** 新建 / 编辑 收货仓库: the code is fixed once created (plans and tasks hold it). */
export function WarehouseForm({ open, editing, onClose }: Props) {
  const [form] = Form.useForm();
  const guard = useFormGuard(open);
  const onError = (error: unknown) => applyFieldErrors(form, error);
  const create = useCreateWarehouse({ onError });
  const update = useUpdateWarehouse({ onError });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue(editing);
  }, [open, editing, form]);

  const submit = async () => {
    const values = await validForm(form);
    if (!values) return;
    if (editing) {
      const { code: _code, status: _status, ...fields } = values;
      update.mutate({ ...fields, id: editing.id, version: editing.version }, { onSuccess: onClose });
    } else create.mutate({ ...values, status: 'enabled' }, { onSuccess: onClose });
  };

  return (
    <Drawer
      open={open}
      width={640}
      title={editing ? `编辑收货仓库 ${editing.code}` : '新建收货仓库'}
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
          <Col span={10}>
            <Form.Item
              name="code"
              label="仓库编码"
              required
              rules={editing ? [] : [zodRule(shape.code)]}
              extra={editing ? '创建后不能修改' : '字母、数字和下划线'}
            >
              <Input maxLength={40} disabled={Boolean(editing)} placeholder="如 sh_jiading" />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item name="name" label="仓库名称" required rules={[zodRule(shape.name)]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="regionCode" label="所在地区" required rules={[zodRule(shape.regionCode)]} extra="即采购任务的运费目的地">
              <RegionPicker placeholder="省 / 市 / 区" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item name="address" label="详细地址" required rules={[zodRule(shape.address)]}>
              <Input maxLength={200} placeholder="街道、门牌、库号" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="consignee" label="收货人" required rules={[zodRule(shape.consignee)]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item name="phone" label="联系电话" required rules={[zodRule(shape.phone)]}>
              <Input placeholder="手机或固话，如 021-59901234" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="receivingHours" label="收货时间" rules={[zodRule(shape.receivingHours)]}>
              <Input maxLength={100} placeholder="如 周一至周六 9:00–17:00" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label="备注" rules={[zodRule(shape.remark)]}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
