import { CircleOff } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';

/** Spec §2.8: the chosen point is not supported; back to the form (entries kept). */
export function UnsupportedPointCard({ message, onBack }: { message: string; onBack: () => void }) {
  return (
    <Card data-testid="unsupported-point" className="p-4 sm:p-6">
      <div className="flex items-start gap-3">
        <CircleOff aria-hidden="true" className="mt-1 size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0">
          <CardTitle>
            <span id="point-non-supporte" tabIndex={-1} className="outline-none">
              Point non supporté
            </span>
          </CardTitle>
          <CardDescription>{message}</CardDescription>
          <Button className="mt-4" variant="outline" onClick={onBack}>
            Revenir au formulaire
          </Button>
        </div>
      </div>
    </Card>
  );
}
