import { InboxOutlined } from '@ant-design/icons';
import type { ImportResult } from '@scm/contract';
import { Alert, Button, Checkbox, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../../../shared/http/api';
import { showApiError } from '../../../shared/http/hooks';
import { useImportPlanLines } from '../api/import-lines';

const MAX_BYTES = 10 * 1024 * 1024;

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

interface LineImportModalProps {
  open: boolean;
  plan: { id: number; version: number };
  onClose: () => void;
}

/**
 * Imports plan lines from an .xlsx: every row is checked, bad rows are listed with their reason,
 * and nothing is written unless the user chooses to import only the valid rows.
 */
export default function LineImportModal({ open, plan, onClose }: LineImportModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [onlyValid, setOnlyValid] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const importLines = useImportPlanLines({
    onSuccess: (data) => {
      setResult(data);
      if (data.imported > 0 && data.errors.length === 0) onClose();
    },
  });

  const start = async () => {
    if (!file) return;
    const fileBase64 = await toBase64(file);
    importLines.mutate({ id: plan.id, version: plan.version, fileName: file.name, fileBase64, onlyValid });
  };

  return (
    <Modal
      open={open}
      title="从Excel导入明细"
      width={720}
      onCancel={onClose}
      afterClose={() => {
        setFile(null);
        setResult(null);
        setOnlyValid(false);
      }}
      destroyOnHidden
      footer={
        <Space>
          <Button
            onClick={() => downloadFile('/admin/planning_task/import_template', {}, '计划明细导入模板.xlsx').catch(showApiError)}
          >
            下载模板
          </Button>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" disabled={!file} loading={importLines.isPending} onClick={start}>
            开始导入
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          beforeUpload={(picked) => {
            if (picked.size > MAX_BYTES) {
              showApiError(new Error('文件不能超过10MB'));
              return Upload.LIST_IGNORE;
            }
            setFile(picked);
            setResult(null);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>点击或拖拽 .xlsx 文件到此处</p>
          <p className="muted">列：SKU编码、计划数量、预算单价(元)（空则取参考价）、需求日期、备注</p>
        </Upload.Dragger>
        <Checkbox checked={onlyValid} onChange={(e) => setOnlyValid(e.target.checked)}>
          有错误时仍导入正确的行
        </Checkbox>
        {result && (
          <>
            <Alert
              type={result.errors.length === 0 ? 'success' : result.imported > 0 ? 'warning' : 'error'}
              showIcon
              message={
                result.imported > 0
                  ? `共 ${result.totalRows} 行，已导入 ${result.imported} 行${result.errors.length ? `，${result.errors.length} 处错误未导入` : ''}`
                  : `共 ${result.totalRows} 行，${result.validRows} 行正确，发现 ${result.errors.length} 处错误，未导入任何数据`
              }
            />
            {result.errors.length > 0 && (
              <Table
                size="small"
                rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
                dataSource={result.errors}
                pagination={{ pageSize: 8, size: 'small' }}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 70 },
                  { title: '列', dataIndex: 'column', width: 130 },
                  { title: '错误原因', dataIndex: 'message' },
                ]}
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
