import type { AuditDetail, AuditReviewField, AuditReviewValues, NormalisedInvoiceDto } from '@pilote/contracts';
import { useQuery } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { ApiClientError } from '../../../lib/api-error.ts';
import { formatCurrency, formatDate, formatNumber, parseFrenchNumber } from '../../../lib/format.ts';
import { getAuditDocument, useConfirmReview } from '../api/confirm-review.ts';
import { confirmedFigures, type FiguresDraft, initialFiguresDraft, ReviewFigures } from './review-figures.tsx';

type Review = NonNullable<AuditDetail['review']>;
type Draft = Record<string, string>;

const TARIFS = ['T1', 'T2', 'T3', 'T4', 'TP'] as const;
const NTRS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** A value of the review (read or suggested) as the text of its input. */
function asText(value: AuditReviewField['read'], field: AuditReviewField['field'], part?: 'firstDay' | 'lastDay') {
  if (value === null || value === undefined) {
    return '';
  }
  if (typeof value === 'object') {
    return part ? value[part] : '';
  }
  if (typeof value === 'number' && (field === 'car' || field === 'cja' || field === 'consumption')) {
    return formatNumber(value, value % 1 === 0 ? 0 : 3).replace(/\s/g, ' ');
  }
  return String(value);
}

function initialDraft(review: Review): Draft {
  const draft: Draft = {};
  for (const field of review.fields) {
    const value = field.suggested ?? field.read;
    if (field.field === 'period') {
      draft.firstDay = asText(value, 'period', 'firstDay');
      draft.lastDay = asText(value, 'period', 'lastDay');
    } else {
      draft[field.field] = asText(value, field.field);
    }
  }
  return draft;
}

const REQUIRED = 'Valeur à compléter.';

/** The draft as the endpoint's body, or the French error of each field. */
function valuesOf(review: Review, draft: Draft): { values: AuditReviewValues; errors: Record<string, string> } {
  const values: AuditReviewValues = {};
  const errors: Record<string, string> = {};
  for (const { field } of review.fields) {
    const text = (draft[field] ?? '').trim();
    if (field === 'period') {
      const firstDay = draft.firstDay ?? '';
      const lastDay = draft.lastDay ?? '';
      if (!firstDay || !lastDay) {
        errors.period = REQUIRED;
      } else if (firstDay > lastDay) {
        errors.period = 'La fin de la période précède son début.';
      } else {
        values.period = { firstDay, lastDay };
      }
    } else if (text === '') {
      errors[field] = REQUIRED;
    } else if (field === 'pce') {
      const pce = text.replace(/\s/g, '');
      if (/^\d{14}$/.test(pce)) {
        values.pce = pce;
      } else {
        errors.pce = 'Le PCE compte 14 chiffres.';
      }
    } else if (field === 'tarif') {
      const tarif = TARIFS.find((t) => t === text);
      if (tarif) {
        values.tarif = tarif;
      } else {
        errors.tarif = 'Option tarifaire : T1, T2, T3, T4 ou TP.';
      }
    } else if (field === 'ntr' || field === 'ntrPrinted') {
      values[field] = Number(text);
    } else if (field === 'pointCode') {
      const code = text.toUpperCase();
      if (/^[A-Z0-9][A-Z0-9 _.-]{0,39}$/.test(code)) {
        values.pointCode = code;
      } else {
        errors.pointCode = 'Code du point : lettres et chiffres (ex. GI060012).';
      }
    } else if (field === 'consumption') {
      const number = parseFrenchNumber(text);
      if (number === null || number < 0) {
        errors.consumption = 'Consommation : un nombre de MWh.';
      } else {
        values.consumption = number;
      }
    } else {
      const number = parseFrenchNumber(text);
      if (number === null || number <= 0) {
        errors[field] = field === 'cja' ? 'CJA : un nombre positif de MWh/j.' : 'CAR : un nombre positif de MWh/an.';
      } else {
        values[field] = number;
      }
    }
  }
  return { values, errors };
}

/** The server's 400 details (`/cja` …) as field errors; other errors as one message. */
function serverErrors(error: unknown): { fields: Record<string, string>; message: string | null } {
  if (error instanceof ApiClientError) {
    const body = error.body as { error?: unknown; details?: { path?: unknown; message?: unknown }[] } | undefined;
    const fields: Record<string, string> = {};
    for (const detail of body?.details ?? []) {
      if (typeof detail.path === 'string' && typeof detail.message === 'string') {
        fields[detail.path.replace(/^\//, '').split('/')[0] ?? ''] = detail.message;
      }
    }
    return { fields, message: typeof body?.error === 'string' ? body.error : error.message };
  }
  return { fields: {}, message: 'La confirmation a échoué : réessayez.' };
}

/**
 * The review step (« À compléter », issue #25 §6, ADR 0071): what was read beside the invoice's first page, the
 * fields to confirm pre-filled from the user's data; confirming runs the checks (one unit of the quota).
 */
export function AuditReview({ audit }: { audit: AuditDetail }) {
  const review = audit.review;
  const confirm = useConfirmReview(audit.id);
  const [draft, setDraft] = useState<Draft>(() => (review ? initialDraft(review) : {}));
  // A scan's table (ADR 0087): every figure read by OCR, pre-filled, to confirm or correct.
  const figuresInvoice = review?.figuresAsked ? audit.invoice : null;
  const [figuresDraft, setFiguresDraft] = useState<FiguresDraft>(() =>
    figuresInvoice ? initialFiguresDraft(figuresInvoice) : {},
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  if (!review) {
    return null;
  }
  const set = (key: string) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const setFigure = (id: string, value: string) => setFiguresDraft((current) => ({ ...current, [id]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { values, errors: fieldErrors } = valuesOf(review, draft);
    const table = figuresInvoice ? confirmedFigures(figuresInvoice, figuresDraft) : null;
    if (table) {
      values.figures = table.figures;
    }
    const found = { ...fieldErrors, ...table?.errors };
    setErrors(found);
    setFailure(null);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(first.startsWith('figure-') ? first : `review-${first}`)?.focus();
      return;
    }
    confirm.mutate(values, {
      onError: (error) => {
        const server = serverErrors(error);
        setErrors(server.fields);
        setFailure(server.message);
      },
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <div
        role="status"
        className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50"
      >
        <p className="font-semibold">
          À compléter : la facture a été lue, mais des valeurs manquent ou sont douteuses.
        </p>
        <p className="mt-1 text-sm">
          Vérifiez-les sur la facture, complétez-les puis lancez les contrôles. Aucune anomalie n’est recherchée sur une
          valeur que vous n’avez pas confirmée.
        </p>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section aria-labelledby="review-document-title" className="flex min-w-0 flex-col gap-2">
          <h3 id="review-document-title" className="font-semibold text-foreground">
            La facture déposée
          </h3>
          {audit.format === 'pdf' ? (
            <PdfFirstPage id={audit.id} filename={audit.filename} page={audit.part?.firstPage ?? 1} />
          ) : audit.format === 'png' || audit.format === 'jpeg' ? (
            <ScannedImage id={audit.id} filename={audit.filename} format={audit.format} />
          ) : (
            <p className="text-sm text-muted-foreground">
              Aperçu disponible pour les factures PDF et les images seulement : ouvrez « {audit.filename} » à côté de
              cette page.
            </p>
          )}
        </section>
        <div className="flex min-w-0 flex-col gap-5">
          <form
            aria-labelledby="review-form-title"
            onSubmit={submit}
            noValidate
            className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 shadow-sm"
          >
            <h3 id="review-form-title" className="font-semibold text-foreground">
              Valeurs à compléter
            </h3>
            {review.fields.map((field) => (
              <ReviewInput key={field.field} field={field} draft={draft} set={set} error={errors[field.field]} />
            ))}
            {figuresInvoice ? (
              <ReviewFigures invoice={figuresInvoice} draft={figuresDraft} set={setFigure} errors={errors} />
            ) : null}
            {failure ? <Alert tone="error">{failure}</Alert> : null}
            <div className="flex flex-col gap-2">
              <Button type="submit" disabled={confirm.isPending} className="self-start">
                <Play aria-hidden="true" className="size-4" />
                {confirm.isPending ? 'Lancement…' : 'Confirmer et lancer les contrôles'}
              </Button>
              <p className="text-xs text-muted-foreground">
                Une unité de votre quota d’audits est utilisée quand les contrôles sont lancés. Vos valeurs sont
                retenues pour la prochaine facture de ce fournisseur.
              </p>
            </div>
          </form>
          {audit.invoice ? <ReadValues invoice={audit.invoice} /> : null}
        </div>
      </div>
    </div>
  );
}

function ReviewInput({
  field,
  draft,
  set,
  error,
}: {
  field: AuditReviewField;
  draft: Draft;
  set: (key: string) => (value: string) => void;
  error: string | undefined;
}) {
  const id = `review-${field.field}`;
  const label = field.unit ? `${field.label} (${field.unit})` : field.label;
  const read =
    field.read === null
      ? 'non lue sur la facture'
      : `lue sur la facture : ${field.field === 'period' ? periodText(field.read) : asText(field.read, field.field)}`;
  const hint = (
    <>
      <span className="block">{field.message}</span>
      <span className="block">Valeur {read}.</span>
      {field.suggestedFrom ? <span className="block">Proposée d’après {field.suggestedFrom}.</span> : null}
    </>
  );
  if (field.field === 'period') {
    return (
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-foreground">{label}</legend>
        <div className="grid grid-cols-2 gap-3">
          <FormField id={id} label="Du" error={error}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={draft.firstDay ?? ''}
                onChange={(e) => set('firstDay')(e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Au">
            {(control) => (
              <Input
                {...control}
                type="date"
                value={draft.lastDay ?? ''}
                onChange={(e) => set('lastDay')(e.target.value)}
              />
            )}
          </FormField>
        </div>
        <div className="text-xs text-muted-foreground">{hint}</div>
      </fieldset>
    );
  }
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) =>
        field.field === 'tarif' || field.field === 'ntr' || field.field === 'ntrPrinted' ? (
          <Select {...control} value={draft[field.field] ?? ''} onChange={(e) => set(field.field)(e.target.value)}>
            <option value="">Choisir…</option>
            {field.field === 'tarif'
              ? TARIFS.map((tarif) => (
                  <option key={tarif} value={tarif}>
                    {tarif}
                  </option>
                ))
              : [
                  ...field.candidates.map((candidate) => (
                    <option key={`c${candidate.value}`} value={String(candidate.value)}>
                      {candidate.label}
                    </option>
                  )),
                  ...NTRS.filter((n) => !field.candidates.some((c) => c.value === n)).map((n) => (
                    <option key={n} value={String(n)}>
                      NTR {n}
                    </option>
                  )),
                ]}
          </Select>
        ) : (
          <Input
            {...control}
            inputMode={field.field === 'pce' ? 'numeric' : field.field === 'pointCode' ? 'text' : 'decimal'}
            autoComplete="off"
            value={draft[field.field] ?? ''}
            onChange={(e) => set(field.field)(e.target.value)}
          />
        )
      }
    </FormField>
  );
}

function periodText(value: AuditReviewField['read']): string {
  return value && typeof value === 'object' ? `du ${formatDate(value.firstDay)} au ${formatDate(value.lastDay)}` : '';
}

/** What the reader read, in short: the user compares it with the page. */
function ReadValues({ invoice }: { invoice: NormalisedInvoiceDto }) {
  const rows: [string, string][] = [
    ['Fournisseur', invoice.supplier],
    ['Facture n°', invoice.invoiceNumber ?? '—'],
    ['PCE', invoice.point.pce ?? '—'],
    [`Code ${invoice.point.pointDeReseau}`, invoice.point.code ?? '—'],
    ['Période', `du ${formatDate(invoice.period.firstDay)} au ${formatDate(invoice.period.lastDay)}`],
    ['Option tarifaire', invoice.tarif ?? '—'],
    ['CAR', invoice.car === null ? '—' : `${formatNumber(invoice.car, 3)} MWh/an`],
    ['CJA', invoice.cja === null ? '—' : `${formatNumber(invoice.cja, 3)} MWh/j`],
    ['NTR', invoice.ntr === null ? '—' : String(invoice.ntr)],
    ['Total HT', formatCurrency(invoice.totals.totalHt)],
    ['Total TVA', formatCurrency(invoice.totals.totalTva)],
    ['Total TTC', formatCurrency(invoice.totals.totalTtc)],
  ];
  return (
    <section aria-labelledby="review-read-title" className="rounded-xl border border-border bg-surface p-4 shadow-sm">
      <h3 id="review-read-title" className="font-semibold text-foreground">
        Ce qui a été lu
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="break-words text-foreground tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * A scan or a photo (PNG, JPEG) as uploaded, beside the values read from it by OCR (ADR 0080): the browser shows
 * it as it is; the link opens it at full size.
 */
function ScannedImage({ id, filename, format }: { id: string; filename: string; format: 'png' | 'jpeg' }) {
  const bytes = useQuery({
    queryKey: ['audit', 'document', id],
    queryFn: () => getAuditDocument(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes.data) {
      return;
    }
    const objectUrl = URL.createObjectURL(new Blob([bytes.data.slice()], { type: `image/${format}` }));
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [bytes.data, format]);
  if (bytes.isError) {
    return <Alert tone="error">Aperçu de la facture indisponible : ouvrez « {filename} » à côté de cette page.</Alert>;
  }
  return (
    <div className="relative overflow-hidden rounded-lg border border-border bg-white">
      {url ? (
        <>
          <img src={url} alt={`Document numérisé « ${filename} »`} className="block h-auto w-full" />
          <p className="border-t border-border bg-surface px-3 py-2 text-sm text-muted-foreground">
            Valeurs lues par reconnaissance de caractères (OCR) : comparez-les à l’image avant de confirmer.{' '}
            <a
              href={url}
              target="_blank"
              rel="noopener"
              className="font-medium text-primary underline-offset-2 hover:underline"
            >
              Ouvrir l’image en grand
            </a>
          </p>
        </>
      ) : (
        <LoadingState label="Affichage de la facture…" />
      )}
    </div>
  );
}

/**
 * The first page of the invoice in the uploaded PDF, drawn in the page by pdf.js (unpdf's build, loaded only here): no
 * server CPU and no native canvas on the server (ADR 0071). No eval (the CSP forbids it), glyphs drawn as paths.
 * `page`: the invoice's first page when the PDF holds several invoices (ADR 0090), else 1.
 */
function PdfFirstPage({ id, filename, page: first }: { id: string; filename: string; page: number }) {
  const bytes = useQuery({
    queryKey: ['audit', 'document', id],
    queryFn: () => getAuditDocument(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'drawing' | 'drawn' | 'failed'>('drawing');
  useEffect(() => {
    const data = bytes.data;
    const target = canvas.current;
    if (!data || !target) {
      return;
    }
    let cancelled = false;
    (async () => {
      const { getDocumentProxy } = await import('unpdf');
      const pdf = await getDocumentProxy(data.slice(), { isEvalSupported: false, disableFontFace: true, verbosity: 0 });
      const page = await pdf.getPage(Math.min(Math.max(first, 1), pdf.numPages));
      const base = page.getViewport({ scale: 1 });
      const scale =
        (Math.min(target.parentElement?.clientWidth ?? 600, 900) / base.width) * (window.devicePixelRatio || 1);
      const viewport = page.getViewport({ scale });
      const context = target.getContext('2d');
      if (cancelled || !context) {
        return;
      }
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      await page.render({ canvas: target, canvasContext: context, viewport }).promise;
      await pdf.destroy();
      if (!cancelled) {
        setState('drawn');
      }
    })().catch(() => {
      if (!cancelled) {
        setState('failed');
      }
    });
    return () => {
      cancelled = true;
    };
  }, [bytes.data, first]);
  // The page at full size in the browser's own viewer (a phone's screen shows page 1 small).
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes.data) {
      return;
    }
    const objectUrl = URL.createObjectURL(new Blob([bytes.data.slice()], { type: 'application/pdf' }));
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [bytes.data]);
  if (bytes.isError || state === 'failed') {
    return <Alert tone="error">Aperçu de la facture indisponible : ouvrez « {filename} » à côté de cette page.</Alert>;
  }
  return (
    <div className="relative overflow-hidden rounded-lg border border-border bg-white">
      {state === 'drawing' ? <LoadingState label="Affichage de la facture…" /> : null}
      <canvas
        ref={canvas}
        role="img"
        aria-label={
          first === 1
            ? `Page 1 de la facture « ${filename} »`
            : `Page ${first} du fichier « ${filename} », première page de cette facture`
        }
        data-state={state}
        className="block h-auto w-full"
      />
      {url ? (
        <a
          href={first === 1 ? url : `${url}#page=${first}`}
          target="_blank"
          rel="noopener"
          className="block border-t border-border bg-surface px-3 py-2 text-sm font-medium text-primary underline-offset-2 hover:underline"
        >
          Ouvrir la facture en grand (PDF)
        </a>
      ) : null}
    </div>
  );
}
