import { SIMULATOR_CODE_SEARCH_LIMIT } from '@pilote/contracts';
import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { FieldControlProps } from '../../../components/ui/form-field.tsx';
import { inputStyles } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useNetworkOptions } from '../api/get-network-options.ts';

export const CODE_SEARCH_DEBOUNCE_MS = 250;

type CodeOption = { code: string; libelle: string };

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * Searchable list of codes (ARIA 1.2 combobox with a list popup). Typing searches the server (`q`, debounced); an
 * empty search shows the cascade's own codes. 'Aucun résultat' when nothing matches; at most 300 codes, with a note
 * when more matched. Where the point type has no reference table (LI, PIC today), a typed code can be used as is.
 */
export function CodeCombobox({
  control,
  label,
  point,
  value,
  codes,
  truncated,
  allowFreeText,
  disabled,
  onSelect,
}: {
  control: FieldControlProps;
  /** The field's label, also the name of the list of codes. */
  label: string;
  /** `pitd`, `li` or `pic`: the point type the search runs on. */
  point: string;
  value: string;
  codes: readonly CodeOption[];
  truncated: boolean;
  allowFreeText: boolean;
  disabled: boolean;
  onSelect: (code: string) => void;
}) {
  const listId = useId();
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text.trim() === value ? '' : text.trim(), CODE_SEARCH_DEBOUNCE_MS);
  const search = useNetworkOptions(query !== '' && point !== '' ? { point, q: query } : null);

  // The value changed elsewhere (reset, auto-selection, point change): show it.
  useEffect(() => {
    setText(value);
  }, [value]);

  const searching = query !== '';
  const list: readonly CodeOption[] = searching ? (search.data?.codes ?? []) : codes;
  const listTruncated = searching ? (search.data?.truncated ?? false) : truncated;
  const typed = text.trim();
  const freeOption =
    allowFreeText && typed !== '' && !list.some((option) => option.code === typed)
      ? { code: typed, libelle: `Utiliser le code « ${typed} »` }
      : null;
  const options = freeOption ? [...list, freeOption] : list;
  const loading = searching && search.isFetching && !search.data;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (option: CodeOption) => {
    setText(option.code);
    setOpen(false);
    setActive(-1);
    onSelect(option.code);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length > 0) {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current + step + options.length) % options.length);
      }
    } else if (event.key === 'Enter' && open) {
      const option = options[active];
      if (option) {
        event.preventDefault();
        choose(option);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const onBlur = () => {
    setOpen(false);
    setActive(-1);
    if (allowFreeText && typed !== value) {
      onSelect(typed);
    } else if (!allowFreeText && typed !== value) {
      setText(value);
    }
  };

  return (
    <div className="relative">
      <input
        {...control}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Rechercher un code ou une commune…"
        disabled={disabled}
        value={text}
        className={cn(inputStyles, 'pr-9')}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (event.target.value.trim() === '' && value !== '') {
            onSelect('');
          }
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <div
        className={cn(
          'absolute z-20 mt-1 w-full overflow-hidden rounded-md border border-border bg-background shadow-lg',
          open && !disabled ? 'block' : 'hidden',
        )}
      >
        <div id={listId} role="listbox" aria-label={label} className="max-h-72 overflow-y-auto py-1 text-sm">
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (aria-activedescendant).
            <div
              key={option === freeOption ? '__code-libre' : option.code}
              tabIndex={-1}
              id={optionId(index)}
              role="option"
              aria-selected={option.code === value}
              className={cn(
                'cursor-pointer px-3 py-2 text-foreground',
                index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
              )}
              // Keep the focus in the input (no blur before the click).
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              <span className="font-medium">{option === freeOption ? option.libelle : option.code}</span>
              {option === freeOption ? null : (
                <span className="block text-xs text-muted-foreground">{option.libelle}</span>
              )}
            </div>
          ))}
        </div>
        {loading ? <p className="px-3 py-2 text-sm text-muted-foreground">Recherche…</p> : null}
        {!loading && options.length === 0 ? (
          <p role="status" className="px-3 py-2 text-sm text-muted-foreground">
            Aucun résultat
          </p>
        ) : null}
        {listTruncated ? (
          <p role="status" className="border-t border-border px-3 py-2 text-xs text-muted-foreground">
            Plus de {SIMULATOR_CODE_SEARCH_LIMIT} codes correspondent : seuls les {SIMULATOR_CODE_SEARCH_LIMIT} premiers
            sont affichés. Précisez la recherche.
          </p>
        ) : null}
      </div>
    </div>
  );
}
