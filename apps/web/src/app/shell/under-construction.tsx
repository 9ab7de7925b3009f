import { Result } from 'antd';

export function UnderConstruction({ title }: { title: string }) {
  return (
    <div className="page-card">
      <Result status="info" title={title} subTitle="功能建设中，敬请期待" />
    </div>
  );
}
