import { Alert, Modal, Typography } from 'antd';

/** A generated password, shown once: the server keeps only its hash. */
export function PasswordShownOnce({ shown, onClose }: { shown?: { email: string; password: string }; onClose: () => void }) {
  return (
    <Modal title="初始密码" open={!!shown} onOk={onClose} onCancel={onClose} okText="我已记下" cancelButtonProps={{ style: { display: 'none' } }}>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="密码只显示这一次，关闭后无法再次查看，请复制后安全地交给用户。" />
      <p>
        账号：<Typography.Text strong>{shown?.email}</Typography.Text>
      </p>
      <p>
        密码：
        <Typography.Text code copyable data-testid="generated-password">
          {shown?.password}
        </Typography.Text>
      </p>
    </Modal>
  );
}
