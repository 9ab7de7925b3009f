import { PLAN_OWNER_PERMISSION_CODES, type PlanDetail, planFields } from '@scm/contract';
import { Col, DatePicker, Form, Input, Row } from 'antd';
import { DictSelect } from '@/shared/dict/dict-select';
import { zodRule } from '@/shared/form/field-errors';
import { UserSelect } from '@/shared/user/user-select';

interface PlanHeaderFieldsProps {
  /** The saved owner, so the select shows its name before the options load. */
  owner: PlanDetail['owner'] | undefined;
}

/** The plan's own fields above its lines: name, type, warehouse, owner, dates and remark. */
export function PlanHeaderFields({ owner }: PlanHeaderFieldsProps) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12} xl={8}>
        <Form.Item name="name" label="计划名称" rules={[zodRule(planFields.name)]} required>
          <Input placeholder="如：2026年12月常规补货计划-上海仓" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6} xl={4}>
        <Form.Item name="planType" label="计划类型" rules={[{ required: true, message: '请选择计划类型' }]}>
          <DictSelect code="plan_type" allowClear={false} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6} xl={4}>
        <Form.Item name="warehouse" label="仓库" rules={[{ required: true, message: '请选择仓库' }]}>
          <DictSelect code="warehouse" allowClear={false} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6} xl={4}>
        <Form.Item name="ownerId" label="负责人">
          <UserSelect filter={{ permissionCodes: PLAN_OWNER_PERMISSION_CODES }} current={owner && { id: owner.id, name: owner.username }} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6} xl={4}>
        <Form.Item name="requiredBy" label="需求日期">
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Form.Item name="period" label="计划周期" extra="提交审核前必须填写">
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={16}>
        <Form.Item name="remark" label="备注" rules={[zodRule(planFields.remark)]}>
          <Input placeholder="选填" maxLength={500} />
        </Form.Item>
      </Col>
    </Row>
  );
}
