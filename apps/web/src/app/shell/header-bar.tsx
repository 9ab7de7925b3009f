import { BellOutlined, DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { whenLeaving } from '@/shared/form/unsaved-changes';
import { findParentOf, type MenuEntry, pagePath } from '@scm/contract';
import { Breadcrumb, Dropdown, type MenuProps, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { requestLogout } from '@/features/auth/api/login';
// In the shell, not loaded on demand: it brings antd's Form, which nearly every page uses too.
import ChangePasswordModal from '@/features/back-user/components/change-password-modal';
import { MessageBell } from '@/features/message/components/message-bell';
import { queryClient } from '@/shared/http/query-client';
import { session } from '@/shared/session/session';
import { useSession } from '@/shared/session/use-session';
import { tabsStore } from '@/shared/tabs/tabs-store';
import { lastPaths } from './last-paths';

export function HeaderBar({ menus, current }: { menus: MenuEntry[]; current?: MenuEntry }) {
  const { userInfo } = useSession();
  const navigate = useNavigate();
  const [changingPassword, setChangingPassword] = useState(false);
  const group = current ? findParentOf(menus, current.key) : undefined;
  // The current page's name is the page's one h1 (docs/web-guide.md "Accessibility").
  const crumbs = [...(group ? [{ title: group.label }] : []), ...(current ? [{ title: <h1 className="shell-page-title">{current.label}</h1> }] : [])];

  const logout = async () => {
    try {
      await requestLogout();
    } catch (error) {
      console.error(error);
    }
    lastPaths.clear();
    session.clear();
    tabsStore.reset();
    queryClient.clear();
    navigate('/login');
  };

  const items: MenuProps['items'] = [
    { key: 'messageCenter', icon: <BellOutlined />, label: '消息中心', onClick: () => navigate(pagePath('messageCenter')) },
    { key: 'changePassword', icon: <KeyOutlined />, label: '修改密码', onClick: () => setChangingPassword(true) },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: () => whenLeaving(logout) },
  ];

  return (
    <div className="shell-header">
      <Breadcrumb items={crumbs} />
      <Space size={8}>
        <MessageBell />
        <Dropdown menu={{ items }} trigger={['click']}>
          <button type="button" className="user-button" data-testid="user-menu">
            <UserOutlined />
            <span>{userInfo?.username}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </button>
        </Dropdown>
      </Space>
      {(changingPassword || userInfo?.mustChangePassword) && (
        <ChangePasswordModal open forced={userInfo?.mustChangePassword} onClose={() => setChangingPassword(false)} />
      )}
    </div>
  );
}
