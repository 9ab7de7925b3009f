import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_MAX_BYTES, type ImportError, type ImportResult } from '@scm/contract';
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { ApiError, downloadFile } from '@/shared/http/api';
import { newIdempotencyKey, showApiError } from '@/shared/http/hooks';
import { readBase64, uploadImport } from './upload-import';

export interface ImportDialogProps {
  title: string;
  /** What the file must hold (columns, units), shown above the upload area. */
  hint: ReactNode;
  template: { path: string; fileName: string };
  importPath: string;
  reportPath: string;
  /** Fields the endpoint needs besides the file (a plan's id and version). */
  extraBody?: Record<string, unknown>;
  /** The endpoint's row limit (blank rows count). */
  maxRows: number;
  onImported: (result: ImportResult) => void;
  onClose: () => void;
}

interface PickedFile {
  name: string;
  base64: string;
}

type Step = 'check' | 'import';

/**
 * Every Excel import (docs/web-guide.md, "Excel imports"): choose a file → 校验 shows each bad row →
 * 下载错误报告 / 仅导入有效行, or 开始导入 when every row is valid. The body scrolls, so the footer
 * stays visible on a short window; nothing can be imported twice.
 */
export function ImportDialog({ title, hint, template, importPath, reportPath, extraBody, maxRows, onImported, onClose }: ImportDialogProps) {
  const [file, setFile] = useState<PickedFile | null>(null);
  const [running, setRunning] = useState<Step | null>(null);
  const [progress, setProgress] = useState(0);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [imported, setImported] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  // One key per chosen file, kept across a retry of its import and renewed once it has imported.
  const importKey = useRef(newIdempotencyKey());

  const pick = (picked: File) => {
    setChecked(null);
    setImported(null);
    setFailure(null);
    setFile(null);
    importKey.current = newIdempotencyKey();
    if (picked.size > IMPORT_MAX_BYTES) {
      setFailure('文件不能超过10MB，请拆分后再导入');
      return;
    }
    readBase64(picked).then((base64) => setFile({ name: picked.name, base64 }), showApiError);
  };

  const run = async (step: Step, onlyValid: boolean) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    setRunning(step);
    try {
      const body = { ...extraBody, fileName: file.name, fileBase64: file.base64, checkOnly: step === 'check', onlyValid };
      const answer = await uploadImport(importPath, body, setProgress, step === 'import' ? importKey.current : undefined);
      // An import that wrote nothing found new problems since the check: show them as a check.
      if (step === 'check' || answer.imported === 0) setChecked(answer);
      else {
        importKey.current = newIdempotencyKey();
        setImported(answer);
        onImported(answer);
      }
    } catch (error) {
      if (error instanceof ApiError && (error.code === 400 || error.code === 409)) setFailure(error.message);
      else showApiError(error);
    } finally {
      setRunning(null);
    }
  };

  const downloadReport = async () => {
    if (!file) return;
    setReporting(true);
    const body = { ...extraBody, fileName: file.name, fileBase64: file.base64, checkOnly: true, onlyValid: false };
    await downloadFile(reportPath, body, `${file.name.replace(/\.xlsx$/i, '')}_错误报告.xlsx`).catch(showApiError);
    setReporting(false);
  };

  const result = imported ?? checked;
  const badRows = checked ? checked.totalRows - checked.validRows : 0;
  const done = imported !== null;
  const busy = running !== null;
  return (
    <Modal
      open
      title={title}
      width={820}
      onCancel={onClose}
      maskClosable={!busy}
      closable={!busy}
      destroyOnHidden
      // Nearer the top than antd's 100 px, so a 768 px high window holds the error table's pager and the footer.
      style={{ top: 40 }}
      styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', paddingRight: 4 } }}
      footer={
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => downloadFile(template.path, {}, template.fileName).catch(showApiError)}>
            下载导入模板
          </Button>
          <Button onClick={onClose} disabled={busy}>
            {done ? '完成' : '取消'}
          </Button>
          <Button onClick={() => run('check', false)} disabled={!file || done || busy} loading={running === 'check'}>
            校验
          </Button>
          {checked && badRows > 0 && checked.validRows > 0 && (
            <Button onClick={() => run('import', true)} disabled={done || busy} loading={running === 'import'}>
              仅导入有效行（{checked.validRows}行）
            </Button>
          )}
          <Button
            type="primary"
            onClick={() => run('import', false)}
            disabled={!checked || badRows > 0 || checked.validRows === 0 || done || busy}
            loading={running === 'import' && badRows === 0}
          >
            开始导入
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {/* The instructions give way to the result once the file is checked (下载导入模板 stays in the footer). */}
        {!checked && (
          <Typography.Text type="secondary">
            {hint} 先“校验”查看每行的问题，再导入。单个文件不超过10MB、{maxRows}行（空行也计入）。
          </Typography.Text>
        )}
        {!done && (
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(picked) => {
              pick(picked);
              return false;
            }}
          >
            {/* Once a file is chosen the area shrinks to a line, leaving the height to the error table. */}
            {!file && (
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
            )}
            <p className="ant-upload-text">{file ? `已选择：${file.name}（点击可更换）` : '点击或拖拽 .xlsx 文件到此处'}</p>
          </Upload.Dragger>
        )}
        {failure && <Alert type="error" showIcon message={failure} />}
        {busy && (
          <div>
            <Progress percent={progress} status="active" />
            <Typography.Text type="secondary">
              {progress < 100 ? '正在上传…' : running === 'check' ? '正在校验，请稍候…' : '正在校验并写入，请稍候…'}
            </Typography.Text>
          </div>
        )}
        {result && !busy && <ResultSummary checked={checked} imported={imported} />}
        {checked && checked.errors.length > 0 && (
          <>
            <Space style={{ justifyContent: 'space-between', width: '100%' }}>
              <Typography.Text strong>
                错误明细（{checked.errorCount} 处{checked.errorCount > checked.errors.length ? `，显示前 ${checked.errors.length} 处` : ''}）
              </Typography.Text>
              <Button icon={<DownloadOutlined />} onClick={downloadReport} loading={reporting}>
                下载错误报告
              </Button>
            </Space>
            <Table<ImportError>
              className="import-errors"
              size="small"
              rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
              dataSource={checked.errors}
              // Five rows keep the pager above the footer in a 768 px high window.
              pagination={{ pageSize: 5, size: 'small', showTotal: (total) => `共 ${total} 处` }}
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

function ResultSummary({ checked, imported }: { checked: ImportResult | null; imported: ImportResult | null }) {
  if (imported) {
    const skipped = imported.totalRows - imported.validRows;
    return <Alert type="success" showIcon message={`成功导入 ${imported.imported} 行${skipped > 0 ? `，跳过 ${skipped} 行有误的数据` : ''}`} />;
  }
  if (!checked) return null;
  const bad = checked.totalRows - checked.validRows;
  if (checked.totalRows === 0) return <Alert type="warning" showIcon message="文件中没有数据行" />;
  return bad === 0 ? (
    <Alert type="success" showIcon message={`校验通过：共 ${checked.totalRows} 行，全部有效，可以开始导入`} />
  ) : (
    <Alert
      type="warning"
      showIcon
      message={`共 ${checked.totalRows} 行，其中 ${bad} 行有误`}
      description={
        checked.validRows > 0
          ? '可修正后重新选择文件校验，或“仅导入有效行”；“下载错误报告”可得到有误的行及原因。'
          : '没有可导入的行，请修正后重新校验。'
      }
    />
  );
}
