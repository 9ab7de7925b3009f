import { PageNotice } from '@/shared/ui/page-notice';

/** A signed-in portal address that names no page. */
export default function PortalNotFoundPage() {
  return <PageNotice title="页面不存在" detail="请从我的询价进入" />;
}
