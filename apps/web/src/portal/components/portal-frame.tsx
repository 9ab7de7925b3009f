import { LogoutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePortalAccount } from '@/shared/session/portal-session';
import { portalSignOut } from '@/portal/api/account';
import logoUrl from '@/app/logo.svg';

/** The portal's own small frame: brand, who is signed in for which supplier, 退出登录. No menu: two pages deep at most. */
export function PortalFrame({ children }: { children: ReactNode }) {
  const account = usePortalAccount();
  const navigate = useNavigate();
  const signOut = async () => {
    await portalSignOut();
    navigate('/portal/login', { replace: true });
  };
  return (
    <div className="portal-frame">
      <header className="portal-header">
        <Link to="/portal/rfq" className="portal-brand">
          <img src={logoUrl} alt="" width={28} height={28} />
          <span>供应商门户</span>
        </Link>
        <div className="portal-who">
          {account && (
            <span className="portal-who-text">
              <span className="portal-supplier">{account.supplierName}</span>
              <span className="portal-account">{account.name}</span>
            </span>
          )}
          <Button type="text" icon={<LogoutOutlined />} aria-label="退出登录" onClick={signOut}>
            <span className="portal-hide-phone">退出登录</span>
          </Button>
        </div>
      </header>
      <main className="portal-main">{children}</main>
    </div>
  );
}
