import { fileStamp } from '@scm/contract';
import { ExportOutlined } from '@ant-design/icons';
import type { Endpoint, EndpointBody, StaffRoutePath } from '@scm/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { downloadFile } from '@/shared/http/api';
import { showApiError } from '@/shared/http/hooks';
import { Can } from '@/shared/permission/can';
import { feedback } from './feedback';

interface ExportButtonProps<E extends Endpoint & { path: StaffRoutePath }> {
  /** The export route of the contract, e.g. dictTypeApi.export; the button shows to the users its route lets in. */
  endpoint: E;
  /** The list's current filter, as the route takes it. */
  filter: EndpointBody<E>;
  /** The file's name without extension; the time of the download is appended. */
  fileName: string;
  /** "导出 Excel" for the filter; "导出选中" when the filter names the ticked rows. */
  label?: string;
  disabled?: boolean;
  /** Told instead of downloading when set: the list holds no row under the current filter. */
  nothingToExport?: string;
}

/**
 * Every export of the app (docs/web-guide.md, "One way per concern"): downloads the current filter's (or the selected) rows,
 * or the record the filter names, busy while the file streams; errors are toasted.
 */
export function ExportButton<E extends Endpoint & { path: StaffRoutePath }>({
  endpoint,
  filter,
  fileName,
  label = '导出 Excel',
  disabled,
  nothingToExport,
}: ExportButtonProps<E>) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    if (nothingToExport) {
      feedback.message?.info(nothingToExport);
      return;
    }
    setExporting(true);
    try {
      await downloadFile(endpoint.path, filter, `${fileName}_${fileStamp(Date.now())}.xlsx`);
    } catch (error) {
      showApiError(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Can call={endpoint}>
      <Button icon={<ExportOutlined />} loading={exporting} disabled={disabled} onClick={run}>
        {label}
      </Button>
    </Can>
  );
}
