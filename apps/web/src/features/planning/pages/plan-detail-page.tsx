import { type PlanDetail, planningApi } from '@scm/contract';
import { Alert, Card, Col, Form, Row, Skeleton, Space, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DictTag } from '@/shared/dict/dict-tag';
import { usePermission } from '@/shared/permission/can';
import { NoAccess } from '@/shared/ui/no-access';
import { usePlanInfo } from '@/features/planning/api/plan';
import { PlanHeaderActions } from '@/features/planning/components/plan-header-actions';
import { PlanHeaderFields } from '@/features/planning/components/plan-header-fields';
import { PlanLinesTable } from '@/features/planning/components/plan-lines-table';
import { PlanLinesToolbar } from '@/features/planning/components/plan-lines-toolbar';
import { PlanProcurementTasks } from '@/features/planning/components/plan-procurement-tasks';
import { PlanSummary } from '@/features/planning/components/plan-summary';
import { type PlanFormValues, usePlanForm } from '@/features/planning/components/use-plan-form';

// The import dialog brings the upload area: loaded when the user imports lines.
const LineImportModal = lazy(() => import('@/features/planning/components/line-import-modal'));
// The status record sits below the fold and brings antd's Timeline (built on Steps): fetched as the
// page starts, beside the plan's data, so the page's first view does not wait for it.
const timeline = import('@/features/planning/components/plan-timeline');
const PlanTimeline = lazy(() => timeline.then((module) => ({ default: module.PlanTimeline })));

/** The tab shows the menu label of the page; the header starts with the same words. */
const PAGE_LABEL = '计划任务详情';

export default function PlanDetailPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const info = usePlanInfo(id);
  // `import=1`: a new plan was just saved by 保存并导入明细, so the import opens at once.
  const [importing, setImporting] = useState(params.get('import') === '1');
  const closeImport = () => {
    setImporting(false);
    if (params.has('import')) setParams({ id: String(id) }, { replace: true });
  };
  if (id && info.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  // The server answers 404 alike for a plan that does not exist and one outside the user's data scope.
  if (id && info.isError) return <NoAccess detail="该计划不存在，或不在您的数据范围内（仅本人：只能查看自己负责或创建的计划）。" />;
  return (
    <>
      <PlanEditor key={id ?? 'new'} plan={id ? info.data : undefined} onImport={() => setImporting(true)} />
      {info.data && importing && (
        <Suspense fallback={null}>
          <LineImportModal plan={info.data} onClose={closeImport} />
        </Suspense>
      )}
    </>
  );
}

function PlanEditor({ plan, onImport }: { plan: PlanDetail | undefined; onImport: () => void }) {
  const { form, initial, lines, dirty, markDirty, save, addLine, saving, creating } = usePlanForm(plan);
  const canCreate = usePermission(planningApi.create);
  const canEdit = usePermission(planningApi.update);
  const editable = plan ? canEdit && plan.allowedActions.includes('edit') : canCreate;

  const title = plan ? (
    <Space>
      <span>
        {PAGE_LABEL} · {plan.code} {plan.name}
      </span>
      <DictTag code="plan_status" value={plan.status} />
    </Space>
  ) : (
    `${PAGE_LABEL} · 新建计划`
  );

  return (
    <div className="page-stack">
      <Card title={title} extra={<PlanHeaderActions plan={plan} editable={editable} saving={saving} dirty={dirty} onSave={() => save()} />}>
        {plan?.status === 'rejected' && plan.rejectReason && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} message={`已驳回：${plan.rejectReason}`} description="修改后可重新提交审核。" />
        )}
        {plan?.closeReason && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`手动关闭：${plan.closeReason}`} />}
        <Form<PlanFormValues> form={form} layout="vertical" initialValues={initial} disabled={!editable} onValuesChange={markDirty}>
          <PlanHeaderFields owner={plan?.owner} />
          {plan && <PlanSummary plan={plan} />}

          <Card
            size="small"
            type="inner"
            title={`计划明细（${lines.length}）`}
            style={{ marginTop: 8 }}
            extra={
              editable && (
                <PlanLinesToolbar
                  lines={lines}
                  onPick={addLine}
                  saved={!!plan}
                  dirty={dirty}
                  creating={creating}
                  onImport={onImport}
                  onSaveAndImport={() => save(true)}
                />
              )
            }
          >
            <PlanLinesTable lines={lines} editable={editable} onRemoved={markDirty} />
          </Card>
        </Form>
      </Card>

      {plan && (
        <Row gutter={16}>
          <Col xs={24} xl={14}>
            <PlanProcurementTasks tasks={plan.procurementTasks} />
          </Col>
          <Col xs={24} xl={10}>
            <Card size="small" title="状态记录">
              <Suspense fallback={<Skeleton active title={false} />}>
                <PlanTimeline entries={plan.timeline} />
              </Suspense>
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
