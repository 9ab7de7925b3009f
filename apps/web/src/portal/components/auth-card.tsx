import type { ReactNode } from 'react';
import { usePageTitle } from '@/shared/ui/page-title';
import logoUrl from '@/shared/ui/logo.svg';

/** The card the portal's sign-in and activation pages sit in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(`${title} - 供应商门户`);
  return (
    <div className="portal-auth">
      <main className="portal-auth-card">
        <div className="portal-brand">
          <img src={logoUrl} alt="" width={36} height={36} />
          <span>悦居供应链 · 供应商门户</span>
        </div>
        <h1 className="portal-auth-title">{title}</h1>
        {children}
      </main>
    </div>
  );
}
