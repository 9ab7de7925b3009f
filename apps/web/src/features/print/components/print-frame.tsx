import { PrinterOutlined } from '@ant-design/icons';
import { companyInfoApi } from '@scm/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, Button, ConfigProvider, Result, Spin } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { useApiQuery } from '@/shared/http/hooks';
import { queryClient } from '@/shared/http/query-client';
import './print.css';

/** What a paper page needs of the app without the shell: the query cache and antd's messages. */
export function PrintRoot({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN}>
        <App>{children}</App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/** The company whose documents these are (公司信息), printed as the buyer (采购方) on every paper. */
export const useBuyerCompany = () => useApiQuery(companyInfoApi.info, {}, { staleTime: 60_000 });

interface Props {
  title: string;
  loading: boolean;
  /** Why nothing can be printed (missing record, no permission). */
  error?: string | null;
  /** Printed across every page: 待确认, 已关闭. */
  watermark?: string | null;
  children?: ReactNode;
}

/**
 * A paper document outside the admin shell: a screen toolbar with 打印 (gone on paper) above an A4
 * sheet. The tab's title is the document's, which Chromium proposes as the PDF's name.
 */
export function PrintFrame({ title, loading, error, watermark, children }: Props) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  if (loading) return <Spin style={{ display: 'block', margin: 120 }} />;
  if (error) return <Result status="warning" title={error} />;
  return (
    <div className="print-screen">
      <div className="print-toolbar">
        <span>{title}</span>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印
        </Button>
      </div>
      {/* The mark is drawn from data-watermark, faint across every page: decoration, so its status is
          also said in text for a screen reader (its faint red would fail a contrast check as text). */}
      <article className="print-sheet" data-watermark={watermark || undefined}>
        {watermark && <p className="print-status">状态：{watermark}</p>}
        {children}
      </article>
    </div>
  );
}

/** 签字栏: boxes for the roles who sign the paper, each with a date line. */
export function SignatureBoxes({ roles, className }: { roles: string[]; className?: string }) {
  return (
    <div className={`print-signatures ${className ?? ''}`}>
      {roles.map((role) => (
        <div key={role}>
          {role}：<span className="date">日期：　　年　　月　　日</span>
        </div>
      ))}
    </div>
  );
}
