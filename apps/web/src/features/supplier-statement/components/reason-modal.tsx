import { Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

export interface ReasonAsk {
  title: string;
  label: string;
  okText: string;
  danger?: boolean;
  note?: ReactNode;
  onOk: (reason: string) => Promise<unknown>;
}

/** Asks for the reason an act needs (取消, 作废, 接受 / 驳回), and acts when one is given. */
export function ReasonModal({ ask, onClose }: { ask: ReasonAsk | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Modal
      open={ask !== null}
      title={ask?.title}
      okText={ask?.okText}
      okButtonProps={{ danger: ask?.danger, disabled: reason.trim() === '', loading: busy }}
      onCancel={close}
      onOk={async () => {
        if (!ask) return;
        setBusy(true);
        try {
          await ask.onOk(reason.trim());
          close();
        } catch {
          // The mutation showed the refusal; the dialog stays open to try again.
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      {ask?.note}
      <Input.TextArea
        aria-label={ask?.label}
        placeholder={`请输入${ask?.label ?? '原因'}`}
        maxLength={200}
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
