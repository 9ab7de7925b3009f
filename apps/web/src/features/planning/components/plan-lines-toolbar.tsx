import { ImportOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useMemo } from 'react';
import { ReasonedButton } from '@/shared/ui/reasoned-button';
import type { CommodityOption } from '@scm/contract';
import { CommodityPicker } from '@/shared/commodity/commodity-picker';
import type { LineValues } from './use-plan-form';

interface PlanLinesToolbarProps {
  lines: LineValues[];
  onPick: (commodity: CommodityOption) => void;
  /** A saved plan imports into itself; a new one is saved first (保存并导入明细). */
  saved: boolean;
  /** Unsaved edits: the import reads the saved plan, so it waits for 保存. */
  dirty: boolean;
  creating: boolean;
  onImport: () => void;
  onSaveAndImport: () => void;
}

/** Adds lines to the plan: a commodity picked by search, or an Excel import. */
export function PlanLinesToolbar({ lines, onPick, saved, dirty, creating, onImport, onSaveAndImport }: PlanLinesToolbarProps) {
  const inPlan = useMemo(() => new Set(lines.map((l) => l?.commodityId)), [lines]);
  return (
    <Space>
      <CommodityPicker
        value={null}
        excluded={inPlan}
        onChange={(_id, commodity) => commodity && onPick(commodity)}
        placeholder="搜索SKU编码 / 商品名称 / 条码，选择后添加到明细"
        style={{ width: 420 }}
        aria-label="添加商品"
      />
      {saved ? (
        <ReasonedButton icon={<ImportOutlined />} disabledReason={dirty ? '有未保存的修改，请先保存' : null} onClick={onImport}>
          导入明细
        </ReasonedButton>
      ) : (
        <Tooltip title="先保存为草稿，再打开Excel导入">
          <Button icon={<ImportOutlined />} loading={creating} onClick={onSaveAndImport}>
            保存并导入明细
          </Button>
        </Tooltip>
      )}
    </Space>
  );
}
