import { useSearchParams } from 'react-router';
import { Button } from '@/shared/ui/plain-controls';

/** The page a portal list shows, from `?page=` (page 1 keeps the address bare). */
export function usePortalPage(): [page: number, go: (next: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  return [page, (next) => setParams(next > 1 ? { page: String(next) } : {})];
}

/** 上一页 / 下一页 under a portal list: buttons a thumb can hit, rather than a row of page numbers. */
export function Pager({ page, total, pageSize, onChange }: { page: number; total: number; pageSize: number; onChange: (next: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <div className="portal-pager">
      <Button disabled={page <= 1} onClick={() => onChange(page - 1)}>
        上一页
      </Button>
      <span className="portal-muted">
        {page} / {pages}
      </span>
      <Button disabled={page >= pages} onClick={() => onChange(page + 1)}>
        下一页
      </Button>
    </div>
  );
}
