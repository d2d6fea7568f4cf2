import { MANDATE_LIMITS } from '@pilote/contracts';
import * as Slider from '@radix-ui/react-slider';
import { useEffect, useId, useState } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { durationFromInput } from '../utils/mandate-form.ts';

const bounds = {
  min: MANDATE_LIMITS.durationMinMonths,
  max: MANDATE_LIMITS.durationMaxMonths,
  step: MANDATE_LIMITS.durationStepMonths,
};

/**
 * Spec §5: the mandate lasts 6 to 36 months; a slider in steps of 6 and a number input clamped to 6–36 (when it
 * loses focus or on Enter, then brought to the nearest 6-month step, ADR 0032), both showing the same value.
 */
export function DurationField({ value, onChange }: { value: number; onChange: (months: number) => void }) {
  const [draft, setDraft] = useState(String(value));
  const inputId = useId();
  const labelId = useId();
  const hintId = useId();

  useEffect(() => {
    setDraft(String(value));
  }, [value]);

  function commit() {
    const next = durationFromInput(draft, value);
    setDraft(String(next));
    if (next !== value) {
      onChange(next);
    }
  }

  return (
    <fieldset className="flex flex-col gap-3">
      <legend id={labelId} className="text-sm font-medium text-foreground">
        Durée du mandat
      </legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Slider.Root
          className="relative flex h-6 w-full touch-none items-center select-none sm:flex-1"
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={[value]}
          onValueChange={([next]) => {
            if (next !== undefined) {
              onChange(next);
            }
          }}
        >
          <Slider.Track className="relative h-2 grow overflow-hidden rounded-full bg-muted">
            <Slider.Range className="absolute h-full bg-primary" />
          </Slider.Track>
          <Slider.Thumb
            aria-labelledby={labelId}
            aria-describedby={hintId}
            aria-valuetext={`${value} mois`}
            className="block size-5 rounded-full border-2 border-primary bg-background shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
        </Slider.Root>
        <div className="flex items-center gap-2">
          <label htmlFor={inputId} className="sr-only">
            Durée en mois
          </label>
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={bounds.min}
            max={bounds.max}
            step={1}
            className="w-24"
            aria-describedby={hintId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commit();
              }
            }}
          />
          <span className="text-sm text-muted-foreground">mois</span>
        </div>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        De {bounds.min} à {bounds.max} mois, par pas de {bounds.step} mois.
      </p>
    </fieldset>
  );
}
