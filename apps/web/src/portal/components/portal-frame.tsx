import { PORTAL_PAGES } from '@scm/contract';
import type { ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { MessageBell } from '@/portal/components/message-bell';
import { Button, Icon } from '@/shared/ui/plain-controls';
import { usePortalAccount } from '@/shared/session/use-portal-account';
import { portalSignOut } from '@/portal/api/account';
import logoUrl from '@/shared/ui/logo.svg';

/**
 * The portal's own small frame: brand, the bell, who is signed in for which supplier, 退出登录, and
 * tabs (我的询价, 我的订单, 退货单, 对账单) instead of a menu: every page is two levels deep at most.
 */
export function PortalFrame({ children }: { children: ReactNode }) {
  const account = usePortalAccount();
  const navigate = useNavigate();
  const signOut = async () => {
    await portalSignOut();
    navigate(PORTAL_PAGES.login, { replace: true });
  };
  return (
    <div className="portal-frame">
      <header className="portal-header">
        <Link to={PORTAL_PAGES.rfqList} className="portal-brand">
          <img src={logoUrl} alt="" width={28} height={28} />
          <span>供应商门户</span>
        </Link>
        <div className="portal-who">
          <MessageBell />
          {account && (
            <span className="portal-who-text">
              <span className="portal-supplier">{account.supplierName}</span>
              <span className="portal-account">{account.name}</span>
            </span>
          )}
          <Button variant="text" icon={<Icon name="logout" />} aria-label="退出登录" onClick={signOut}>
            <span className="portal-hide-phone">退出登录</span>
          </Button>
        </div>
      </header>
      <nav className="portal-nav" aria-label="门户导航">
        <NavLink to={PORTAL_PAGES.rfqList} className="portal-nav-link">
          我的询价
        </NavLink>
        <NavLink to={PORTAL_PAGES.orderList} className="portal-nav-link">
          我的订单
        </NavLink>
        <NavLink to={PORTAL_PAGES.returnList} className="portal-nav-link">
          退货单
        </NavLink>
        <NavLink to={PORTAL_PAGES.statementList} className="portal-nav-link">
          对账单
        </NavLink>
      </nav>
      <main className="portal-main">{children}</main>
    </div>
  );
}
