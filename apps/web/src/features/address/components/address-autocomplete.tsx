import { ADDRESS_SEARCH, type AddressSuggestion } from '@pilote/contracts';
import { type KeyboardEvent, useId, useState } from 'react';
import type { FieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAddressSearch } from '../api/search-addresses.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';

/**
 * Wizard step 2 (spec §5, §9): the address field suggests addresses from `GET /api/address/search?q=` once 3
 * characters are typed, 300 ms after the last key, 5 at most. A combobox (ARIA 1.2): arrows move, Enter picks,
 * Escape closes; picking fills the address, the postal code and the city.
 */
export function AddressAutocomplete({
  control,
  value,
  onChange,
  onPick,
}: {
  control: FieldControlProps;
  value: string;
  onChange: (value: string) => void;
  onPick: (suggestion: AddressSuggestion) => void;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(value, ADDRESS_SEARCH.debounceMs);
  const search = useAddressSearch(open ? debounced : '');
  const listId = useId();
  const results = open && debounced.trim().length >= ADDRESS_SEARCH.minChars ? (search.data?.results ?? []) : [];
  const expanded = results.length > 0;

  function pick(suggestion: AddressSuggestion) {
    onPick(suggestion);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? results.length - 1 : index - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      const suggestion = results[active];
      if (suggestion) {
        pick(suggestion);
      }
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className="relative">
      <Input
        {...control}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Adresses suggérées"
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border border-border bg-background py-1 shadow-lg"
      >
        {results.map((suggestion, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (aria-activedescendant).
          <div
            key={`${suggestion.label}-${suggestion.postal_code}`}
            id={`${listId}-${index}`}
            tabIndex={-1}
            role="option"
            aria-selected={index === active}
            // Keep the focus in the input (no blur before the click).
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(suggestion)}
            className={cn(
              'cursor-pointer px-3 py-2 text-sm text-foreground',
              index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
            )}
          >
            {suggestion.label}
          </div>
        ))}
      </div>
      {search.data?.source === 'communes' && expanded ? (
        <p className="mt-1 text-xs text-muted-foreground">
          Recherche d’adresses indisponible : seules les communes sont proposées.
        </p>
      ) : null}
    </div>
  );
}
