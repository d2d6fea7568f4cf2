import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { inputStyles } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

export type CodeOption = { code: string; libelle: string };

export const NO_RESULT_MESSAGE = 'Aucun résultat';

/**
 * Searchable list of network codes (ARIA 1.2 combobox with a listbox popup): typing filters (the parent asks the
 * server with `q`, at most 300 codes, spec §9), arrows move, Enter chooses, Escape closes. An empty list says
 * 'Aucun résultat' (spec §8).
 */
export function CodeSearch({
  label,
  value,
  options,
  loading,
  truncated,
  onSearch,
  onSelect,
  disabled,
}: {
  label: string;
  value: string;
  options: CodeOption[];
  loading: boolean;
  truncated: boolean;
  onSearch: (query: string) => void;
  onSelect: (code: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);
  const selected = options.find((option) => option.code === value);

  // A reset or a new point clears the code: show it.
  useEffect(() => {
    if (!open) {
      setText(value);
    }
  }, [value, open]);

  useEffect(() => {
    if (active >= 0) {
      listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
    }
  }, [active]);

  function choose(option: CodeOption) {
    onSelect(option.code);
    setText(option.code);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(options.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter') {
      if (open && active >= 0 && options[active]) {
        event.preventDefault();
        choose(options[active]);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setText(value);
      }
    }
  }

  return (
    <div className="relative flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          disabled={disabled}
          className={cn(inputStyles, 'pl-9')}
          value={text}
          placeholder="Rechercher un code ou une ville"
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
            onSearch(event.target.value);
          }}
          onFocus={() => {
            setOpen(true);
            onSearch(text === value ? '' : text);
          }}
          onBlur={(event) => {
            if (!event.currentTarget.parentElement?.parentElement?.contains(event.relatedTarget)) {
              setOpen(false);
            }
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {selected ? <p className="text-xs text-muted-foreground">{selected.libelle}</p> : null}
      <div
        id={listId}
        ref={listRef}
        role="listbox"
        aria-label={label}
        hidden={!open}
        className="absolute top-full z-30 mt-1 max-h-72 w-full overflow-auto rounded-md border border-border-strong/40 bg-background py-1 text-sm shadow-lg"
      >
        {options.length === 0 ? (
          <div
            role="option"
            aria-disabled="true"
            aria-selected={false}
            tabIndex={-1}
            className="px-3 py-2 text-muted-foreground"
          >
            {loading ? 'Recherche…' : NO_RESULT_MESSAGE}
          </div>
        ) : (
          options.map((option, index) => (
            <div
              key={option.code}
              id={`${id}-opt-${index}`}
              data-index={index}
              role="option"
              aria-selected={option.code === value}
              tabIndex={-1}
              className={cn(
                'cursor-pointer px-3 py-2',
                index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
              )}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(option);
                }
              }}
            >
              <span className="font-medium">{option.code}</span>
              <span className="block text-xs text-muted-foreground">{option.libelle}</span>
            </div>
          ))
        )}
        {truncated && options.length > 0 ? (
          <div role="presentation" className="px-3 py-2 text-xs text-muted-foreground">
            Seuls les 300 premiers codes sont affichés : précisez la recherche.
          </div>
        ) : null}
      </div>
    </div>
  );
}
