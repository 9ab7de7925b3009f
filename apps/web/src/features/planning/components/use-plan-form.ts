import { dayRange, optionalDayText, optionalDayValue } from '@/shared/form/day-value';
import { type CommodityOption, fenToYuan, type PlanDetail, yuanToFen, pagePath } from '@scm/contract';
import { Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { applyFieldErrors, validForm } from '@/shared/form/field-errors';
import { useUnsavedChanges } from '@/shared/form/unsaved-changes';
import { useJump } from '@/shared/navigation/use-jump';
import { useSession } from '@/shared/session/use-session';
import { useCreatePlan, useUpdatePlan } from '@/features/planning/api/plan';

export interface LineValues {
  id?: number;
  commodityId: number;
  skuCode: string;
  commodityName: string;
  spec: string | null;
  unit: string;
  quantity?: number;
  /** Yuan in the form; fen on the wire. */
  budgetUnitPrice?: number;
  requiredBy?: Dayjs | null;
  remark?: string | null;
  awardedQuantity: number;
  orderedQuantity: number;
  receivedQuantity: number;
}

export interface PlanFormValues {
  name: string;
  planType?: string;
  warehouse?: string;
  period?: [Dayjs, Dayjs] | null;
  requiredBy?: Dayjs | null;
  ownerId?: number;
  remark?: string | null;
  lines: LineValues[];
}

const dateText = (value: Dayjs | null | undefined) => optionalDayText(value) ?? null;

function formValuesOf(plan: PlanDetail): PlanFormValues {
  return {
    name: plan.name,
    planType: plan.planType,
    warehouse: plan.warehouse,
    period: dayRange(plan.periodStart, plan.periodEnd) ?? null,
    requiredBy: optionalDayValue(plan.requiredBy),
    ownerId: plan.owner?.id,
    remark: plan.remark,
    lines: plan.lines.map((line) => ({
      id: line.id,
      commodityId: line.commodityId,
      skuCode: line.skuCode,
      commodityName: line.commodityName,
      spec: line.spec,
      unit: line.unit,
      quantity: line.quantity,
      budgetUnitPrice: Number(fenToYuan(line.budgetUnitPriceFen)),
      requiredBy: optionalDayValue(line.requiredBy),
      remark: line.remark,
      awardedQuantity: line.awardedQuantity,
      orderedQuantity: line.orderedQuantity,
      receivedQuantity: line.receivedQuantity,
    })),
  };
}

function bodyOf(values: PlanFormValues) {
  return {
    name: values.name,
    planType: values.planType ?? '',
    warehouse: values.warehouse ?? '',
    periodStart: dateText(values.period?.[0]),
    periodEnd: dateText(values.period?.[1]),
    requiredBy: dateText(values.requiredBy),
    ownerId: values.ownerId,
    remark: values.remark || null,
    lines: (values.lines ?? []).map((line) => ({
      id: line.id,
      commodityId: line.commodityId,
      quantity: line.quantity ?? 0,
      budgetUnitPriceFen: line.budgetUnitPrice == null ? undefined : (yuanToFen(line.budgetUnitPrice) ?? undefined),
      requiredBy: dateText(line.requiredBy),
      remark: line.remark || null,
    })),
  };
}

/**
 * The plan form's state: its values loaded from the plan (or a new plan's defaults), whether it
 * holds unsaved edits, the lines as they stand, and saving or creating the plan.
 */
export function usePlanForm(plan: PlanDetail | undefined) {
  const jump = useJump();
  const me = useSession().userInfo;
  const [form] = Form.useForm<PlanFormValues>();
  const [dirty, setDirty] = useState(false);

  const initial = useMemo<PlanFormValues>(
    () => (plan ? formValuesOf(plan) : { name: '', planType: 'regular', ownerId: me?.id, lines: [] }),
    [plan, me?.id],
  );
  // Each new version read from the server (after a save, an import or a state change) replaces
  // the form's values; setFields replaces the line list instead of merging it.
  const loadedVersion = plan?.version;
  useEffect(() => {
    if (loadedVersion === undefined) return;
    form.setFields(Object.entries(initial).map(([name, value]) => ({ name: name as keyof PlanFormValues, value, errors: [] })));
    setDirty(false);
  }, [form, initial, loadedVersion]);
  const unsaved = useUnsavedChanges(dirty, {
    discard: () => {
      form.setFields(Object.entries(initial).map(([name, value]) => ({ name: name as keyof PlanFormValues, value, errors: [] })));
      setDirty(false);
    },
  });
  const onError = (error: unknown) => applyFieldErrors(form, error, { aliases: { periodStart: 'period', periodEnd: 'period' } });
  const importAfterCreate = useRef(false);
  const create = useCreatePlan({
    onSuccess: (data) => {
      unsaved.release();
      jump(pagePath('planningTaskDetail', { id: data.id, import: importAfterCreate.current ? 1 : undefined }));
    },
    onError,
  });
  const update = useUpdatePlan({ onSuccess: () => setDirty(false), onError });

  // preserve: the display fields of a line (SKU, name, unit) are values without a form item.
  const lines = (Form.useWatch('lines', { form, preserve: true }) ?? initial.lines) as LineValues[];

  const save = async (thenImport = false) => {
    importAfterCreate.current = thenImport;
    if (!(await validForm(form))) return;
    const body = bodyOf(form.getFieldsValue(true) as PlanFormValues);
    if (plan) update.mutate({ ...body, id: plan.id, version: plan.version });
    else create.mutate(body);
  };

  const addLine = (picked: CommodityOption) => {
    form.setFieldValue('lines', [
      ...(form.getFieldValue('lines') ?? []),
      {
        commodityId: picked.value,
        skuCode: picked.skuCode,
        commodityName: picked.label.startsWith(`${picked.skuCode} `) ? picked.label.slice(picked.skuCode.length + 1) : picked.label,
        spec: null,
        unit: picked.unit,
        quantity: undefined,
        budgetUnitPrice: Number(fenToYuan(picked.referencePriceFen)),
        requiredBy: form.getFieldValue('requiredBy') ?? null,
        awardedQuantity: 0,
        orderedQuantity: 0,
        receivedQuantity: 0,
      },
    ]);
    setDirty(true);
  };

  return {
    form,
    initial,
    lines,
    dirty,
    markDirty: () => setDirty(true),
    save,
    addLine,
    saving: create.isPending || update.isPending,
    creating: create.isPending,
  };
}
