import { type ReactElement, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn.ts';

export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
};

/**
 * Label, control, hint and error of one form field. The control gets `id`, `aria-invalid` and
 * `aria-describedby` (hint + error); the error sits in a polite live region, so it is read when it appears.
 */
export function FormField({
  id: idProp,
  label,
  error,
  invalid,
  hint,
  className,
  children,
}: {
  /** A stable id for the control (e.g. to focus it); generated when absent. */
  id?: string;
  label: ReactNode;
  error?: string | undefined;
  /** Marks the control invalid though its message is told elsewhere for now (e.g. by an error toast). */
  invalid?: boolean | undefined;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactElement;
}) {
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      {children({ id, 'aria-invalid': error || invalid ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <div id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </div>
      ) : null}
      <div aria-live="polite">
        {error ? (
          <p id={errorId} className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
