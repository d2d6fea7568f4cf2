import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';

/** An honest placeholder: the feature is planned, nothing on the page pretends to work. */
export function ComingSoonCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card data-testid="coming-soon">
      <div className="flex items-start gap-3">
        <Clock aria-hidden="true" className="mt-1 size-5 shrink-0 text-muted-foreground" />
        <div>
          <CardTitle>
            {title} <span className="ml-1 text-sm font-medium text-muted-foreground">— bientôt disponible</span>
          </CardTitle>
          <CardDescription>{children}</CardDescription>
        </div>
      </div>
    </Card>
  );
}
