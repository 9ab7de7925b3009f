import { companyInfoApi, companyInfoUpdateRequest } from '@scm/contract';
import { Button, Card, Col, Form, Input, Row, Skeleton } from 'antd';
import { useEffect } from 'react';
import { applyFieldErrors, validForm, zodRule } from '@/shared/form/field-errors';
import { usePermission } from '@/shared/permission/can';
import { useCompanyInfo, useUpdateCompanyInfo } from '@/features/warehouse/api/company-info';

const shape = companyInfoUpdateRequest.shape;

/** 公司信息: the buyer block of the printed papers and the buyer of the invoice check. */
export default function CompanyInfoPage() {
  const [form] = Form.useForm();
  const info = useCompanyInfo();
  const canEdit = usePermission(companyInfoApi.update);
  const save = useUpdateCompanyInfo({ onError: (error) => applyFieldErrors(form, error) });

  useEffect(() => {
    if (info.data) form.setFieldsValue(info.data);
  }, [info.data, form]);

  const submit = async () => {
    const values = await validForm(form);
    if (!values || !info.data) return;
    save.mutate({ ...values, version: info.data.version });
  };

  return (
    <div className="page-stack">
      <Card title="公司信息" extra={<span className="muted">打印的采购订单、比价审批单和发票校验读取这里的信息</span>}>
        {info.isLoading ? (
          <Skeleton active />
        ) : (
          <Form form={form} layout="vertical" requiredMark disabled={!canEdit} style={{ maxWidth: 860 }}>
            <Row gutter={16}>
              <Col span={14}>
                <Form.Item name="name" label="公司名称" required rules={[zodRule(shape.name)]}>
                  <Input maxLength={100} placeholder="营业执照上的全称" />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item name="creditCode" label="统一社会信用代码" required rules={[zodRule(shape.creditCode)]}>
                  <Input maxLength={18} placeholder="18位，含校验位" style={{ textTransform: 'uppercase' }} />
                </Form.Item>
              </Col>
              <Col span={14}>
                <Form.Item name="address" label="地址" required rules={[zodRule(shape.address)]}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item name="phone" label="电话" required rules={[zodRule(shape.phone)]}>
                  <Input placeholder="如 021-59560000" />
                </Form.Item>
              </Col>
              <Col span={14}>
                <Form.Item name="bankName" label="开户银行" required rules={[zodRule(shape.bankName)]}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item name="bankAccount" label="银行账号" required rules={[zodRule(shape.bankAccount)]}>
                  <Input maxLength={30} />
                </Form.Item>
              </Col>
            </Row>
            {canEdit && (
              <Button type="primary" loading={save.isPending} onClick={submit}>
                保存
              </Button>
            )}
          </Form>
        )}
      </Card>
    </div>
  );
}
