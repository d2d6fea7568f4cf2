import type { Mandate } from '@pilote/contracts';
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { MandateCard } from './mandate-card.tsx';

/** A collapsible list of mandates with its count (spec §2.7: open by default when it holds any). */
export function MandateGroup({
  title,
  icon,
  mandates,
  testId,
}: {
  title: string;
  icon?: ReactNode;
  mandates: Mandate[];
  testId: string;
}) {
  const [open, setOpen] = useState(mandates.length > 0);
  const previousCount = useRef(mandates.length);
  // A group that receives its first mandate (one just created) opens to show it.
  useEffect(() => {
    if (previousCount.current === 0 && mandates.length > 0) {
      setOpen(true);
    }
    previousCount.current = mandates.length;
  }, [mandates.length]);
  return (
    <Collapsible.Root
      open={open}
      onOpenChange={setOpen}
      className="rounded-xl border border-border"
      data-testid={testId}
    >
      <Collapsible.Trigger className="flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left hover:bg-muted">
        {icon}
        <span className="flex-1 font-medium text-foreground">
          {title} <span className="text-muted-foreground">({mandates.length})</span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={`size-4 text-muted-foreground transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
        />
      </Collapsible.Trigger>
      <Collapsible.Content className="px-2 pb-2 sm:px-4 sm:pb-4">
        {mandates.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucun mandat.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {mandates.map((mandate) => (
              <MandateCard key={mandate.id} mandate={mandate} />
            ))}
          </ul>
        )}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
