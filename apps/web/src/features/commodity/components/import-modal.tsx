import { commodityApi, IMPORT_MAX_ROWS } from '@scm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ImportDialog } from '@/shared/import/import-dialog';

const HINT =
  '请使用导入模板填写：带 * 的列必填，分类编码须为末级分类，单位填写计量单位字典中启用的单位（如 件、套），条形码须符合 EAN-13，参考价单位为元，配送模板填写模板名称，默认供应商填写供应商编码。';

/** Commodity import through the shared import dialog. */
export function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  if (!open) return null;
  return (
    <ImportDialog
      title="导入商品"
      hint={HINT}
      template={{ path: commodityApi.importTemplate.path, fileName: '商品导入模板.xlsx' }}
      importPath={commodityApi.import.path}
      reportPath={commodityApi.importReport.path}
      maxRows={IMPORT_MAX_ROWS}
      onImported={() => client.invalidateQueries({ queryKey: [commodityApi.list.path] })}
      onClose={onClose}
    />
  );
}
