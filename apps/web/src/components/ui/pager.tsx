import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button.tsx';

/** "Page 2 sur 5" with previous/next buttons, for a page of a paginated list (contracts' `pageOf`). */
export function Pager({
  of: { page, pageSize, total },
  onChange,
  label,
}: {
  of: { page: number; pageSize: number; total: number };
  onChange: (page: number) => void;
  label: string;
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
      <p>
        Page {page} sur {pageCount} · {total} résultat{total > 1 ? 's' : ''}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Précédent
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
          Suivant
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
