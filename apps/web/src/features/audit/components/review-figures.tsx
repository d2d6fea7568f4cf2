import type { AuditReviewFigures, NormalisedInvoiceDto } from '@pilote/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { parseFrenchNumber } from '../../../lib/format.ts';

/** The texts of the figures' inputs, by input id. */
export type FiguresDraft = Record<string, string>;

const TEXT = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 6 });
const MONEY = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 6 });

/**
 * A figure as the text of its input: French, grouped by a plain space (what `parseFrenchNumber` reads back); an amount
 * in euros with its cents, as printed (27 841,60).
 */
function numberText(value: number | null, money = false): string {
  return value === null ? '' : (money ? MONEY : TEXT).format(value).replace(/[\s\u202f\u00a0]/g, ' ');
}

/** A CTA rate is a ratio printed as a percentage (0,208 → 20,8 %), like the « Facture lue » table. */
const isPercent = (unit: string | null) => unit?.trim() === '%';

type Figure = { id: string; read: number | null; scale: number; optional: boolean; money?: boolean };

/** Every figure of the table read by OCR: each line's quantity, unit price and amount, the VAT lines, the totals. */
function figuresOf(invoice: NormalisedInvoiceDto): Figure[] {
  const figures: Figure[] = [];
  invoice.lines.forEach((line, index) => {
    figures.push(
      { id: `figure-line-${index}-quantity`, read: line.quantity, scale: 1, optional: true },
      {
        id: `figure-line-${index}-unitPrice`,
        read: line.unitPrice,
        scale: isPercent(line.unitPriceUnit) ? 100 : 1,
        optional: true,
      },
      { id: `figure-line-${index}-amount`, read: line.amount, scale: 1, optional: false, money: true },
    );
  });
  invoice.vat.forEach((vat, index) => {
    figures.push(
      { id: `figure-vat-${index}-rate`, read: vat.rate, scale: 100, optional: false },
      { id: `figure-vat-${index}-base`, read: vat.base, scale: 1, optional: false, money: true },
      { id: `figure-vat-${index}-amount`, read: vat.amount, scale: 1, optional: false, money: true },
    );
  });
  for (const total of ['totalHt', 'totalTva', 'totalTtc'] as const) {
    figures.push({ id: `figure-${total}`, read: invoice.totals[total], scale: 1, optional: false, money: true });
  }
  return figures;
}

/** The inputs pre-filled with what the OCR read. */
export function initialFiguresDraft(invoice: NormalisedInvoiceDto): FiguresDraft {
  return Object.fromEntries(
    figuresOf(invoice).map((f) => [f.id, numberText(f.read === null ? null : f.read * f.scale, f.money)]),
  );
}

/**
 * The figures as confirmed: an input left as read gives the value read exactly (no round trip through the text); a
 * changed one is parsed, or gives a French error. Quantity and unit price may be left empty (a line without them).
 */
export function confirmedFigures(
  invoice: NormalisedInvoiceDto,
  draft: FiguresDraft,
): { figures: AuditReviewFigures; errors: Record<string, string> } {
  const initial = initialFiguresDraft(invoice);
  const errors: Record<string, string> = {};
  const value = new Map<string, number | null>();
  for (const figure of figuresOf(invoice)) {
    const text = (draft[figure.id] ?? '').trim();
    if (text === (initial[figure.id] ?? '').trim()) {
      value.set(figure.id, figure.read);
    } else if (text === '') {
      if (figure.optional) {
        value.set(figure.id, null);
      } else {
        errors[figure.id] = 'Valeur à compléter.';
      }
    } else {
      const parsed = parseFrenchNumber(text);
      if (parsed === null) {
        errors[figure.id] = 'Un nombre, par exemple 1 234,56.';
      } else {
        value.set(figure.id, parsed / figure.scale);
      }
    }
  }
  const at = (id: string) => value.get(id) ?? null;
  const figures: AuditReviewFigures = {
    lines: invoice.lines.map((_, index) => ({
      quantity: at(`figure-line-${index}-quantity`),
      unitPrice: at(`figure-line-${index}-unitPrice`),
      amount: at(`figure-line-${index}-amount`) ?? 0,
    })),
    vat: invoice.vat.map((_, index) => ({
      rate: at(`figure-vat-${index}-rate`) ?? 0,
      base: at(`figure-vat-${index}-base`) ?? 0,
      amount: at(`figure-vat-${index}-amount`) ?? 0,
    })),
    totals: {
      totalHt: at('figure-totalHt') ?? 0,
      totalTva: at('figure-totalTva') ?? 0,
      totalTtc: at('figure-totalTtc') ?? 0,
    },
  };
  return { figures, errors };
}

/** « à confirmer » while the input holds what was read, « corrigée » once the user changed it. */
function State({ changed }: { changed: boolean }) {
  return changed ? (
    <Badge className="ml-2 border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100">
      corrigée
    </Badge>
  ) : (
    <Badge className="ml-2 border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      à confirmer
    </Badge>
  );
}

function FigureInput({
  id,
  label,
  draft,
  set,
  error,
}: {
  id: string;
  label: string;
  draft: FiguresDraft;
  set: (id: string, value: string) => void;
  error: string | undefined;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          inputMode="decimal"
          autoComplete="off"
          className="tabular-nums"
          value={draft[id] ?? ''}
          onChange={(event) => set(id, event.target.value)}
        />
      )}
    </FormField>
  );
}

/**
 * The table of a scan read by OCR (ADR 0087): each line's quantity, unit price and amount, the VAT lines and the
 * totals, pre-filled with what was read and marked « à confirmer »; the user compares them with the image and corrects
 * what differs. None of them reaches a check before this confirmation.
 */
export function ReviewFigures({
  invoice,
  draft,
  set,
  errors,
}: {
  invoice: NormalisedInvoiceDto;
  draft: FiguresDraft;
  set: (id: string, value: string) => void;
  errors: Record<string, string>;
}) {
  const initial = initialFiguresDraft(invoice);
  const changed = (...ids: string[]) => ids.some((id) => (draft[id] ?? '').trim() !== (initial[id] ?? '').trim());
  const unit = (text: string | null, fallback = '') => (text?.trim() ? ` (${text.trim()})` : fallback);
  return (
    <section aria-labelledby="review-figures-title" className="flex flex-col gap-3">
      <div>
        <h4 id="review-figures-title" className="font-semibold text-foreground">
          Lignes et montants lus par OCR
        </h4>
        <p className="mt-1 text-xs text-muted-foreground">
          Comparez chaque ligne à l’image et corrigez ce qui diffère : les quantités, prix unitaires et montants lus par
          reconnaissance de caractères sont à confirmer. Aucune anomalie n’est recherchée sur un montant que vous n’avez
          pas confirmé.
        </p>
      </div>
      {invoice.lines.map((line, index) => {
        const ids = ['quantity', 'unitPrice', 'amount'].map((part) => `figure-line-${index}-${part}`);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines' order is the reading's; the index is their identity.
          <fieldset key={index} className="rounded-lg border border-border p-3">
            <legend className="px-1 text-sm font-medium text-foreground">
              {line.label}
              <State changed={changed(...ids)} />
            </legend>
            <div className="grid gap-3 sm:grid-cols-3 sm:items-end">
              <FigureInput
                id={ids[0] ?? ''}
                label={`Quantité${unit(line.quantityUnit)}`}
                draft={draft}
                set={set}
                error={errors[ids[0] ?? '']}
              />
              <FigureInput
                id={ids[1] ?? ''}
                label={`Prix unitaire${unit(line.unitPriceUnit)}`}
                draft={draft}
                set={set}
                error={errors[ids[1] ?? '']}
              />
              <FigureInput id={ids[2] ?? ''} label="Montant (€)" draft={draft} set={set} error={errors[ids[2] ?? '']} />
            </div>
          </fieldset>
        );
      })}
      {invoice.vat.map((_, index) => {
        const ids = ['rate', 'base', 'amount'].map((part) => `figure-vat-${index}-${part}`);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the VAT lines' order is the reading's.
          <fieldset key={`vat${index}`} className="rounded-lg border border-border p-3">
            <legend className="px-1 text-sm font-medium text-foreground">
              TVA
              <State changed={changed(...ids)} />
            </legend>
            <div className="grid gap-3 sm:grid-cols-3 sm:items-end">
              <FigureInput id={ids[0] ?? ''} label="Taux (%)" draft={draft} set={set} error={errors[ids[0] ?? '']} />
              <FigureInput id={ids[1] ?? ''} label="Base (€)" draft={draft} set={set} error={errors[ids[1] ?? '']} />
              <FigureInput
                id={ids[2] ?? ''}
                label="Montant de TVA (€)"
                draft={draft}
                set={set}
                error={errors[ids[2] ?? '']}
              />
            </div>
          </fieldset>
        );
      })}
      <fieldset className="rounded-lg border border-border p-3">
        <legend className="px-1 text-sm font-medium text-foreground">
          Totaux
          <State changed={changed('figure-totalHt', 'figure-totalTva', 'figure-totalTtc')} />
        </legend>
        <div className="grid gap-3 sm:grid-cols-3 sm:items-end">
          <FigureInput
            id="figure-totalHt"
            label="Total HT (€)"
            draft={draft}
            set={set}
            error={errors['figure-totalHt']}
          />
          <FigureInput
            id="figure-totalTva"
            label="Total TVA (€)"
            draft={draft}
            set={set}
            error={errors['figure-totalTva']}
          />
          <FigureInput
            id="figure-totalTtc"
            label="Total TTC (€)"
            draft={draft}
            set={set}
            error={errors['figure-totalTtc']}
          />
        </div>
      </fieldset>
    </section>
  );
}
