import { PLAN_MAX_LINES, planningApi } from '@scm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ImportDialog } from '@/shared/import/import-dialog';

const HINT = '列：SKU编码*、计划数量*、预算单价(元)（空则取参考价）、需求日期（日期单元格，或 2026-03-01、2026/3/1、2026年3月1日）、备注。';

interface LineImportModalProps {
  plan: { id: number; version: number };
  onClose: () => void;
}

/** Plan-line import through the shared import dialog; the lines are appended to the plan. */
export default function LineImportModal({ plan, onClose }: LineImportModalProps) {
  const client = useQueryClient();
  return (
    <ImportDialog
      title="从Excel导入明细"
      hint={HINT}
      template={{ path: planningApi.importTemplate.path, fileName: '计划明细导入模板.xlsx' }}
      importPath={planningApi.importLines.path}
      reportPath={planningApi.importReport.path}
      extraBody={{ id: plan.id, version: plan.version }}
      maxRows={PLAN_MAX_LINES}
      onImported={() => {
        for (const stale of [planningApi.list, planningApi.info]) client.invalidateQueries({ queryKey: [stale.path] });
      }}
      onClose={onClose}
    />
  );
}
