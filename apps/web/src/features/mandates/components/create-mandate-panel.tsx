import { MANDATE_LABELS, MANDATE_SIGNATURE_HELP, type Mandate } from '@pilote/contracts';
import { FileText, PenLine } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { SignedMandateWizard } from './signed-mandate-wizard.tsx';
import { SimpleMandateForm } from './simple-mandate-form.tsx';

type Mode = 'simple' | 'signed';

const modes: { mode: Mode; label: string; hint: string; icon: typeof FileText }[] = [
  { mode: 'simple', label: MANDATE_LABELS.simpleForm, hint: 'Consentement en un clic, 12 mois.', icon: FileText },
  {
    mode: 'signed',
    label: MANDATE_LABELS.signedForm,
    hint: MANDATE_SIGNATURE_HELP.hint,
    icon: PenLine,
  },
];

/** The creation form with its toggle between « Formulaire classique » and the 5-step wizard (spec §2.7). */
export function CreateMandatePanel({
  onCreated,
  onCancel,
}: {
  onCreated: (mandate: Mandate) => void;
  onCancel: () => void;
}) {
  const [mode, setMode] = useState<Mode>('simple');
  return (
    <Card className="flex flex-col gap-6 p-4 sm:p-6" data-testid="create-mandate-panel">
      <h2 className="text-xl font-semibold text-foreground">Nouveau mandat</h2>
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">Mode de création</legend>
        {modes.map(({ mode: value, label, hint, icon: Icon }) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => setMode(value)}
            className={cn(
              'flex items-start gap-3 rounded-lg border-2 px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              mode === value ? 'border-primary bg-accent' : 'border-border hover:bg-muted',
            )}
          >
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>
              <span className="block font-medium text-foreground">{label}</span>
              {/* On the chosen card's accent background the muted grey fell under 4.5:1 in dark mode (4.35). */}
              <span
                className={cn('block text-xs', mode === value ? 'text-accent-foreground' : 'text-muted-foreground')}
              >
                {hint}
              </span>
            </span>
          </button>
        ))}
      </fieldset>
      {mode === 'signed' ? (
        <div className="flex flex-col gap-1 rounded-lg border border-border bg-muted px-4 py-3 text-sm leading-6 text-foreground">
          <p className="font-medium" data-testid="signature-level">
            {MANDATE_SIGNATURE_HELP.level}
          </p>
          <p>{MANDATE_SIGNATURE_HELP.evidence}</p>
        </div>
      ) : null}
      {mode === 'simple' ? (
        <SimpleMandateForm onCreated={onCreated} onCancel={onCancel} />
      ) : (
        <SignedMandateWizard onCreated={onCreated} onCancel={onCancel} />
      )}
    </Card>
  );
}
