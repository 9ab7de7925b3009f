import { pagePath } from '@scm/contract';
import { Button } from 'antd';
import { useJump } from '@/shared/navigation/use-jump';
import { PageNotice } from './page-notice';

export const NO_ACCESS_TITLE = '无权限访问';

/**
 * In place of a page or record the user may not open (docs/rules/shell-and-session.md, "Routes"):
 * inside the shell, with why and a way home. The seed's plain 404 stays for paths that are no page.
 */
export function NoAccess({ detail = '您的角色没有打开此页面的权限。如需使用，请联系管理员分配权限。' }: { detail?: string }) {
  const jump = useJump();
  return (
    <PageNotice
      title={NO_ACCESS_TITLE}
      detail={detail}
      action={
        <Button type="primary" onClick={() => jump(pagePath('basic'))}>
          返回工作台
        </Button>
      }
    />
  );
}
