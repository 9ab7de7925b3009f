import { flattenMenu } from '@scm/contract';
import { Card, Col, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useSession } from '../../../shared/session/session';

function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

export default function WorkbenchPage() {
  const { userInfo, menus } = useSession();
  const shortcuts = flattenMenu(menus).filter((entry) => !entry.children && entry.isMenu && entry.key !== 'basic');
  return (
    <div className="page-stack">
      <Card>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {greeting(dayjs().hour())}，{userInfo?.username ?? ''}
        </Typography.Title>
        <Typography.Text type="secondary">
          {userInfo?.role.name ?? ''} · 今天是 {dayjs().format('YYYY年M月D日 dddd')}
        </Typography.Text>
      </Card>
      <Card title="快捷入口">
        <Row gutter={[16, 16]}>
          {shortcuts.map((entry) => (
            <Col key={entry.key} xs={12} md={8} xl={4}>
              <Link to={entry.path} className="shortcut">
                {entry.label}
              </Link>
            </Col>
          ))}
        </Row>
      </Card>
    </div>
  );
}
