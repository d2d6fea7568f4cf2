import { type BugSeverity, bugReportMessages, bugSeverities, bugSeverityLabels } from '@pilote/contracts';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { QueryClientProvider } from '@tanstack/react-query';
import { Camera, Crosshair, Trash2 } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { getAppQueryClient } from '../../../app/providers/app-query-client.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputStyles, Select } from '../../../components/ui/input.tsx';
import { isApiClientError, serverMessageOf } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { useSession } from '../../../lib/session.ts';
import { useSendBugReport } from '../api/send-bug-report.ts';
import { capturePage } from '../utils/capture.ts';
import { browserInfo, elementHtml, selectorPath } from '../utils/element-info.ts';
import { BUG_REPORT_UI_ATTRIBUTE } from '../utils/ui-attribute.ts';
import { ElementPicker } from './element-picker.tsx';

/** Spec §4: validation errors reset after 3 s, server errors after 4 s; success closes the form after 2 s. */
export const VALIDATION_ERROR_RESET_MS = 3000;
export const SERVER_ERROR_RESET_MS = 4000;
export const SUCCESS_CLOSE_MS = 2000;

type FormState = 'idle' | 'capturing' | 'submitting' | 'error' | 'success';
type Mode = 'form' | 'picking' | 'capturing';
type Fields = { title: string; description: string; severity: BugSeverity; email: string };
type FieldErrors = Partial<Record<'title' | 'description' | 'email', string>>;
type Picked = { selector: string; html: string };

const EMPTY_FIELDS: Fields = { title: '', description: '', severity: 'minor', email: '' };

function serverMessage(error: unknown): string {
  if (isApiClientError(error)) {
    if (error.status === 0) {
      return bugReportMessages.network;
    }
    // The server's French error, else the spec's text: never a bare 'HTTP 502' from a proxy.
    return serverMessageOf(error) ?? bugReportMessages.genericError;
  }
  return bugReportMessages.genericError;
}

/**
 * The « Signaler un bug » modal (spec §2.11, §4, §5), loaded when the floating button is first pressed: title,
 * description, severity, the e-mail when signed out, an optional picked element and an optional screenshot with
 * a preview. It brings the app's query client, which public pages do not load.
 */
export function BugReportWidget({ onClose }: { onClose: () => void }) {
  return (
    <QueryClientProvider client={getAppQueryClient()}>
      <BugReportForm onClose={onClose} />
    </QueryClientProvider>
  );
}

function BugReportForm({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const send = useSendBugReport();
  const [mode, setMode] = useState<Mode>('form');
  const [state, setState] = useState<FormState>('idle');
  const [fields, setFields] = useState<Fields>(EMPTY_FIELDS);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const later = (ms: number, action: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, ms);
  };
  const showError = (text: string | null, errors: FieldErrors, ms: number) => {
    setState('error');
    setFieldErrors(errors);
    setMessage(text);
    later(ms, () => {
      setState('idle');
      setFieldErrors({});
      setMessage(null);
    });
  };

  const onPick = useCallback((element: Element) => {
    setPicked({ selector: selectorPath(element), html: elementHtml(element) });
    setMode('form');
  }, []);
  const onCancelPick = useCallback(() => setMode('form'), []);

  const capture = async () => {
    setState('capturing');
    setMode('capturing');
    // Let the dialog leave the page before the capture.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    try {
      setScreenshot(await capturePage());
      setState('idle');
      setMode('form');
    } catch (error) {
      setMode('form');
      showError(
        error instanceof Error && error.message ? error.message : bugReportMessages.genericError,
        {},
        SERVER_ERROR_RESET_MS,
      );
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'submitting' || state === 'success') {
      return;
    }
    const errors: FieldErrors = {};
    if (!fields.title.trim()) {
      errors.title = bugReportMessages.titleRequired;
    }
    if (!fields.description.trim()) {
      errors.description = bugReportMessages.descriptionRequired;
    }
    if (!signedIn && !fields.email.trim()) {
      errors.email = bugReportMessages.emailRequired;
    }
    if (Object.keys(errors).length > 0) {
      showError(null, errors, VALIDATION_ERROR_RESET_MS);
      return;
    }
    setState('submitting');
    setMessage(null);
    try {
      await send.mutateAsync({
        title: fields.title,
        description: fields.description,
        severity: fields.severity,
        url: window.location.href.slice(0, 2000),
        elementSelector: picked?.selector ?? null,
        elementHtml: picked?.html ?? null,
        screenshot,
        userEmail: signedIn ? null : fields.email,
        browserInfo: browserInfo(),
        consoleErrors: [],
      });
      setState('success');
      setMessage(bugReportMessages.success);
      later(SUCCESS_CLOSE_MS, () => {
        onClose();
      });
    } catch (error) {
      showError(serverMessage(error), {}, SERVER_ERROR_RESET_MS);
    }
  };

  const set = (name: keyof Fields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [name]: event.target.value }));
    // An edited field's validation message goes at once; the others still go after 3 s.
    setFieldErrors((current) => (name in current ? { ...current, [name]: undefined } : current));
  };
  const busy = state === 'submitting' || state === 'capturing' || state === 'success';

  return (
    <div {...{ [BUG_REPORT_UI_ATTRIBUTE]: '' }}>
      {mode === 'picking' ? <ElementPicker onPick={onPick} onCancel={onCancelPick} /> : null}
      <Dialog
        open={mode === 'form'}
        onOpenChange={(open) => {
          if (!open && state !== 'submitting') {
            clearTimeout(timer.current);
            onClose();
          }
        }}
      >
        <DialogContent
          title="Signaler un bug"
          description="Décrivez le problème rencontré : l’équipe le reçoit avec l’adresse de la page et votre navigateur."
          className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto"
        >
          <form
            onSubmit={submit}
            noValidate
            className="mt-4 flex flex-col gap-4"
            {...{ [BUG_REPORT_UI_ATTRIBUTE]: '' }}
          >
            <FormField label="Titre" error={fieldErrors.title}>
              {(control) => (
                <Input {...control} value={fields.title} onChange={set('title')} maxLength={200} autoComplete="off" />
              )}
            </FormField>
            <FormField label="Description" error={fieldErrors.description}>
              {(control) => (
                <textarea
                  {...control}
                  value={fields.description}
                  onChange={set('description')}
                  maxLength={5000}
                  rows={4}
                  className={cn(inputStyles, 'h-auto min-h-24 py-2')}
                />
              )}
            </FormField>
            <FormField label="Gravité">
              {(control) => (
                <Select {...control} value={fields.severity} onChange={set('severity')}>
                  {bugSeverities.map((severity) => (
                    <option key={severity} value={severity}>
                      {bugSeverityLabels[severity]}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            {signedIn ? null : (
              <FormField label="E-mail" error={fieldErrors.email} hint="Pour vous répondre si besoin.">
                {(control) => (
                  <Input {...control} type="email" value={fields.email} onChange={set('email')} autoComplete="email" />
                )}
              </FormField>
            )}
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setMode('picking')} disabled={busy}>
                <Crosshair aria-hidden="true" className="size-4" />
                {picked ? 'Changer d’élément' : 'Sélectionner un élément'}
              </Button>
              <Button variant="outline" size="sm" onClick={() => void capture()} disabled={busy}>
                <Camera aria-hidden="true" className="size-4" />
                {state === 'capturing' ? 'Capture en cours…' : screenshot ? 'Refaire la capture' : 'Capturer la page'}
              </Button>
            </div>
            {picked ? (
              <div className="flex items-start justify-between gap-2 rounded-md border border-border bg-muted p-2 text-xs">
                <div className="min-w-0">
                  <p className="font-medium text-foreground">Élément sélectionné</p>
                  <code className="block break-all text-muted-foreground" data-testid="bug-picked-selector">
                    {picked.selector}
                  </code>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setPicked(null)}
                  aria-label="Retirer l’élément sélectionné"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            ) : null}
            {screenshot ? (
              <div className="flex items-start gap-2">
                <img
                  src={screenshot}
                  alt="Aperçu de la capture d’écran"
                  className="max-h-40 min-w-0 flex-1 rounded-md border border-border object-contain object-left"
                />
                <Button variant="ghost" size="sm" onClick={() => setScreenshot(null)} aria-label="Retirer la capture">
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            ) : null}
            {message ? <Alert tone={state === 'success' ? 'success' : 'error'}>{message}</Alert> : null}
            <div className="flex justify-end gap-2">
              <DialogPrimitive.Close asChild>
                <Button variant="ghost" disabled={state === 'submitting'}>
                  Annuler
                </Button>
              </DialogPrimitive.Close>
              <Button type="submit" disabled={busy}>
                {state === 'submitting' ? 'Envoi en cours…' : 'Envoyer le rapport'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
