import { type PurchaseOrderDetail, shipmentCreateRequest, shippableRoom, suggestedShipQuantity } from '@scm/contract';
import { Alert, Button, Col, DatePicker, Drawer, Form, Input, InputNumber, Row, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { dayText, todayValue } from '@/shared/form/day-value';
import { useEffect, useState } from 'react';
import { useCreateShipment } from '@/features/purchase-order/api/purchase-order';
import { applyFieldErrors } from '@/shared/form/field-errors';

interface Values {
  shipDate: Dayjs;
  expectedArrival: Dayjs;
  deliveryNoteNo: string;
  carrier?: string;
  vehiclePlate?: string;
  driverPhone?: string;
  remark?: string;
  quantities: Record<number, number | null>;
}

/** 代登记发货: the buyer records the supplier's shipping notice it heard of by phone or mail. */
export default function ShipmentDrawer({ order, open, onClose }: { order: PurchaseOrderDetail; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [general, setGeneral] = useState<string>();
  const create = useCreateShipment({ onError: (error) => applyFieldErrors(form, error) });

  useEffect(() => {
    if (!open) return;
    setGeneral(undefined);
    form.setFieldsValue({
      shipDate: todayValue(),
      expectedArrival: todayValue().add(2, 'day'),
      quantities: Object.fromEntries(order.lines.map((l) => [l.id, suggestedShipQuantity(order, l.id)])),
    });
  }, [open, order, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const body = {
      orderId: order.id,
      shipDate: dayText(values.shipDate),
      expectedArrival: dayText(values.expectedArrival),
      deliveryNoteNo: values.deliveryNoteNo,
      carrier: values.carrier || null,
      vehiclePlate: values.vehiclePlate || null,
      driverPhone: values.driverPhone || null,
      remark: values.remark || null,
      lines: order.lines.flatMap((l) => {
        const quantity = values.quantities[l.id] ?? 0;
        return quantity > 0 ? [{ orderLineId: l.id, quantity }] : [];
      }),
    };
    const checked = shipmentCreateRequest.safeParse(body);
    if (!checked.success) {
      setGeneral(checked.error.issues[0]?.message);
      return;
    }
    create.mutate(body, { onSuccess: onClose });
  };

  return (
    <Drawer
      title={`代登记发货 · ${order.code}`}
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={create.isPending} onClick={submit}>
            登记发货
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical">
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="deliveryNoteNo" label="送货单号" rules={[{ required: true, whitespace: true, message: '请输入送货单号' }]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="shipDate" label="发货日期" rules={[{ required: true, message: '请选择发货日期' }]}>
              <DatePicker allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="expectedArrival" label="预计到货日期" rules={[{ required: true, message: '请选择预计到货日期' }]}>
              <DatePicker allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="carrier" label="承运商">
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="vehiclePlate" label="车牌号">
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="driverPhone" label="司机电话">
              <Input maxLength={20} />
            </Form.Item>
          </Col>
        </Row>
        {general && <Alert type="error" showIcon message={general} style={{ marginBottom: 12 }} />}
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={order.lines}
          columns={[
            { title: '商品', key: 'commodity', render: (_, l) => `${l.skuCode} ${l.commodityName}` },
            { title: '订购', dataIndex: 'quantity', align: 'right', width: 70 },
            { title: '已收', dataIndex: 'receivedQuantity', align: 'right', width: 70 },
            { title: '可发', key: 'room', align: 'right', width: 70, render: (_, l) => shippableRoom(order, l.id) },
            {
              title: '本次发货',
              key: 'now',
              width: 140,
              render: (_, l) => (
                <Form.Item name={['quantities', l.id]} style={{ margin: 0 }}>
                  <InputNumber
                    min={0}
                    max={shippableRoom(order, l.id)}
                    precision={0}
                    style={{ width: 110 }}
                    aria-label={`${l.commodityName}本次发货`}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
        <Form.Item name="remark" label="备注" style={{ marginTop: 16 }}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
