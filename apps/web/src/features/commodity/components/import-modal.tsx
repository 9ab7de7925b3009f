import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { commodityApi, IMPORT_MAX_BYTES, type ImportError, type ImportResult } from '@scm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '../../../shared/http/api';
import { newIdempotencyKey, showApiError } from '../../../shared/http/hooks';
import { downloadImportTemplate } from '../api/download-files';
import { importCommodities } from '../api/import-commodities';

interface PickedFile {
  name: string;
  base64: string;
}

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** The error report as CSV (with a BOM so Excel opens it as UTF-8; formula-like text escaped). */
function downloadReport(errors: ImportError[], fileName: string) {
  const cell = (value: string | number) => {
    const text = String(value);
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replaceAll('"', '""')}"`;
  };
  const lines = [['行号', '列', '原因'], ...errors.map((e) => [e.row, e.column, e.message])].map((r) => r.map(cell).join(','));
  const blob = new Blob([`\uFEFF${lines.join('\r\n')}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName.replace(/\.xlsx$/i, '')}_错误报告.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Excel import: pick a file, every row is checked on the server; with bad rows nothing is written
 * and the report is shown, and the user may then import only the valid rows.
 */
export function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [file, setFile] = useState<PickedFile | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Kept across a retry after a lost answer, so an import the server already ran is not run twice.
  const idempotencyKey = useRef(newIdempotencyKey());

  const reset = () => {
    setFile(null);
    setTooLarge(false);
    setProgress(null);
    setResult(null);
    setFailure(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const run = async (onlyValid: boolean) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      const answer = await importCommodities({ fileName: file.name, fileBase64: file.base64, onlyValid }, idempotencyKey.current, setProgress);
      idempotencyKey.current = newIdempotencyKey();
      setResult(answer);
      if (answer.imported > 0) client.invalidateQueries({ queryKey: [commodityApi.list.path] });
    } catch (error) {
      if (error instanceof ApiError && error.code === 400) setFailure(error.message);
      else showApiError(error);
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const hasErrors = (result?.errors.length ?? 0) > 0;
  return (
    <Modal
      open={open}
      title="导入商品"
      width={780}
      onCancel={close}
      maskClosable={!busy}
      closable={!busy}
      footer={
        <Space>
          <Button onClick={close} disabled={busy}>
            {result?.imported ? '完成' : '取消'}
          </Button>
          {hasErrors && result && result.imported === 0 && result.validRows > 0 && (
            <Button onClick={() => run(true)} loading={busy}>
              仅导入有效行（{result.validRows}行）
            </Button>
          )}
          {!result && (
            <Button type="primary" onClick={() => run(false)} disabled={!file} loading={busy}>
              开始导入
            </Button>
          )}
        </Space>
      }
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Text type="secondary">
          请使用导入模板填写：带 * 的列必填，分类编码须为末级分类，单位填写计量单位字典中启用的单位（如 件、套），条形码须符合 EAN-13，参考价单位为元，配送模板填写模板名称，默认供应商填写供应商编码。单个文件不超过10MB、50000行。
          <Button type="link" icon={<DownloadOutlined />} onClick={() => downloadImportTemplate().catch(showApiError)}>
            下载导入模板
          </Button>
        </Typography.Text>
        {!result && (
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(picked) => {
              reset();
              if (picked.size > IMPORT_MAX_BYTES) {
                setTooLarge(true);
                return Upload.LIST_IGNORE;
              }
              readBase64(picked).then((base64) => setFile({ name: picked.name, base64 }), showApiError);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{file ? `已选择：${file.name}` : '点击或拖拽 .xlsx 文件到此处'}</p>
          </Upload.Dragger>
        )}
        {tooLarge && <Alert type="error" showIcon message="文件不能超过10MB，请拆分后再导入" />}
        {failure && <Alert type="error" showIcon message={failure} />}
        {busy && (
          <div>
            <Progress percent={progress ?? 0} status="active" />
            <Typography.Text type="secondary">{(progress ?? 0) < 100 ? '正在上传…' : '正在校验并写入，请稍候…'}</Typography.Text>
          </div>
        )}
        {result && (
          <Alert
            type={result.imported > 0 ? (hasErrors ? 'warning' : 'success') : 'error'}
            showIcon
            message={
              result.imported > 0
                ? `成功导入 ${result.imported} 条${hasErrors ? `，跳过 ${result.totalRows - result.validRows} 行有误的数据` : ''}`
                : `共 ${result.totalRows} 行，其中 ${result.totalRows - result.validRows} 行有误，未导入任何数据`
            }
            description={hasErrors && result.imported === 0 ? '请修正后重新导入，或选择“仅导入有效行”。' : undefined}
          />
        )}
        {result && hasErrors && (
          <>
            <Space style={{ justifyContent: 'space-between', width: '100%' }}>
              <Typography.Text strong>错误报告（{result.errors.length} 处）</Typography.Text>
              <Button icon={<DownloadOutlined />} onClick={() => downloadReport(result.errors, file?.name ?? '商品导入')}>
                下载错误报告
              </Button>
            </Space>
            <Table<ImportError>
              className="import-errors"
              size="small"
              rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
              dataSource={result.errors}
              pagination={{ pageSize: 8, size: 'small', showTotal: (total) => `共 ${total} 处` }}
              columns={[
                { title: '行号', dataIndex: 'row', width: 80 },
                { title: '列', dataIndex: 'column', width: 140 },
                { title: '原因', dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
