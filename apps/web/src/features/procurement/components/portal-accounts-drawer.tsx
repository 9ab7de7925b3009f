import { PlusOutlined } from '@ant-design/icons';
import {
  ACTIVATION_LINK_HOURS,
  PORTAL_ACCOUNT_STATUS_COLORS,
  PORTAL_ACCOUNT_STATUS_LABELS,
  type PortalAccount,
  portalAccountActionAllowed,
  portalAccountCreateRequest,
  formatDateTime,
  formatMonthDayTime,
} from '@scm/contract';
import { Alert, Button, Drawer, Form, Input, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { StatusTag } from '@/shared/ui/status-tag';
import { useState } from 'react';
import { applyFieldErrors, zodRule } from '@/shared/form/field-errors';
import {
  useCreatePortalAccount,
  useDisablePortalAccount,
  useEnablePortalAccount,
  usePortalAccounts,
  useReissueActivation,
} from '@/features/procurement/api/portal-account';

const shape = portalAccountCreateRequest.shape;

/** An activation link, shown once: the server keeps only its hash, and a new one voids the old. */
function LinkShownOnce({ shown, onClose }: { shown?: { email: string; url: string }; onClose: () => void }) {
  return (
    <Modal title="激活链接" open={!!shown} onOk={onClose} onCancel={onClose} okText="我已复制" cancelButtonProps={{ style: { display: 'none' } }}>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={`链接只显示这一次，${ACTIVATION_LINK_HOURS} 小时内有效、只能使用一次。请复制后发给供应商联系人，由其设置登录密码。`}
      />
      <p>
        账号：<Typography.Text strong>{shown?.email}</Typography.Text>
      </p>
      <Typography.Paragraph copyable={{ text: shown?.url }} className="receipt-digest" data-testid="activation-link">
        {shown?.url}
      </Typography.Paragraph>
    </Modal>
  );
}

interface CreateValues {
  name: string;
  email: string;
  phone?: string;
}

/** 门户账号 of one supplier: its contacts' accounts, 开通, 重新生成激活链接, 启用 / 停用. */
export default function PortalAccountsDrawer({ supplier, onClose }: { supplier: { id: number; name: string }; onClose: () => void }) {
  const accounts = usePortalAccounts(supplier.id);
  const [form] = Form.useForm<CreateValues>();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ email: string; url: string }>();
  const create = useCreatePortalAccount({ onError: (error) => applyFieldErrors(form, error) });
  const reissue = useReissueActivation();
  const disable = useDisablePortalAccount();
  const enable = useEnablePortalAccount();
  const show = (email: string, path: string) => setShown({ email, url: new URL(path, window.location.origin).href });

  const submit = async () => {
    const values = await form.validateFields();
    create.mutate(
      { supplierId: supplier.id, name: values.name, email: values.email, phone: values.phone || null },
      {
        onSuccess: (answer) => {
          show(values.email, answer.activationUrl);
          form.resetFields();
          setCreating(false);
        },
      },
    );
  };

  return (
    <Drawer title={`门户账号 - ${supplier.name}`} open width={820} onClose={onClose} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Typography.Paragraph className="muted" style={{ margin: 0 }}>
          供应商联系人用门户账号在手机或电脑上查看询价、提交报价。新账号通过一次性激活链接设置密码；停用账号立即使其登录失效。
        </Typography.Paragraph>
        {creating ? (
          <Form form={form} layout="vertical" onFinish={submit}>
            <Space align="start" wrap>
              <Form.Item name="name" label="姓名" rules={[zodRule(shape.name)]}>
                <Input style={{ width: 160 }} maxLength={50} />
              </Form.Item>
              <Form.Item name="email" label="邮箱" rules={[zodRule(shape.email)]}>
                <Input style={{ width: 240 }} />
              </Form.Item>
              <Form.Item name="phone" label="联系电话" rules={[zodRule(shape.phone)]}>
                <Input style={{ width: 160 }} />
              </Form.Item>
            </Space>
            <Space>
              <Button type="primary" htmlType="submit" loading={create.isPending}>
                开通并生成激活链接
              </Button>
              <Button onClick={() => setCreating(false)}>取消</Button>
            </Space>
          </Form>
        ) : (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            开通门户账号
          </Button>
        )}
        <Table<PortalAccount>
          size="small"
          rowKey="id"
          pagination={false}
          loading={accounts.isFetching}
          dataSource={accounts.data?.list ?? []}
          locale={{ emptyText: '该供应商尚未开通门户账号' }}
          columns={[
            { title: '姓名', dataIndex: 'name', width: 100, ellipsis: true },
            { title: '邮箱', dataIndex: 'email', ellipsis: true },
            {
              title: '状态',
              dataIndex: 'status',
              key: 'status',
              width: 80,
              render: (status: PortalAccount['status']) => (
                <StatusTag value={status} labels={PORTAL_ACCOUNT_STATUS_LABELS} colors={PORTAL_ACCOUNT_STATUS_COLORS} />
              ),
            },
            {
              title: '最近登录',
              dataIndex: 'lastLoginAt',
              width: 140,
              render: (at: string | null, row) =>
                at ? (
                  formatDateTime(at)
                ) : row.status === 'pending' && row.activationExpiresAt ? (
                  <span className="muted">链接至 {formatMonthDayTime(row.activationExpiresAt)}</span>
                ) : (
                  '-'
                ),
            },
            {
              title: '操作',
              key: 'actions',
              width: 200,
              render: (_, row) => (
                <Space size={0} wrap>
                  {portalAccountActionAllowed('reissue', row.status) && (
                    <Popconfirm
                      title="重新生成激活链接？"
                      description="旧链接立即失效；账号用新链接重新设置密码。"
                      onConfirm={() =>
                        reissue.mutate({ id: row.id, version: row.version }, { onSuccess: (answer) => show(row.email, answer.activationUrl) })
                      }
                    >
                      <Button type="link" size="small">
                        重新生成激活链接
                      </Button>
                    </Popconfirm>
                  )}
                  {portalAccountActionAllowed('enable', row.status) ? (
                    <Popconfirm title={`启用「${row.name}」的门户账号？`} onConfirm={() => enable.mutate({ id: row.id, version: row.version })}>
                      <Button type="link" size="small">
                        启用
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Popconfirm
                      title={`停用「${row.name}」的门户账号？`}
                      description="停用后该账号立即退出登录，不能再查看询价或报价。"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => disable.mutate({ id: row.id, version: row.version })}
                    >
                      <Button type="link" size="small" danger>
                        停用
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Space>
      <LinkShownOnce shown={shown} onClose={() => setShown(undefined)} />
    </Drawer>
  );
}
