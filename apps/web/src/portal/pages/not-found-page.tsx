import { EmptyNotice } from '@/shared/ui/plain-controls';

/** A signed-in portal address that names no page. */
export default function PortalNotFoundPage() {
  return <EmptyNotice title="页面不存在" action={<div>请从我的询价进入</div>} />;
}
