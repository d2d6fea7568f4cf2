import { useEffect, useState } from 'react';
import { BUG_REPORT_UI_ATTRIBUTE } from '../utils/ui-attribute.ts';

type Box = { top: number; left: number; width: number; height: number };

/**
 * « Sélectionner un élément »: outlines the element under the pointer, picks it on click (the click does nothing
 * else on the page), Escape cancels. The widget's own nodes cannot be picked.
 */
export function ElementPicker({ onPick, onCancel }: { onPick: (element: Element) => void; onCancel: () => void }) {
  const [box, setBox] = useState<Box | null>(null);

  useEffect(() => {
    const target = (event: Event): Element | null => {
      const element = event.target instanceof Element ? event.target : null;
      return element && !element.closest(`[${BUG_REPORT_UI_ATTRIBUTE}]`) ? element : null;
    };
    const onMove = (event: MouseEvent) => {
      const element = target(event);
      if (!element) {
        return setBox(null);
      }
      const rect = element.getBoundingClientRect();
      setBox({ top: rect.top, left: rect.left, width: rect.width, height: rect.height });
    };
    const onClick = (event: MouseEvent) => {
      const element = target(event);
      if (!element) {
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      onPick(element);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCancel();
      }
    };
    document.addEventListener('mousemove', onMove, true);
    document.addEventListener('click', onClick, true);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('mousemove', onMove, true);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [onPick, onCancel]);

  return (
    <div {...{ [BUG_REPORT_UI_ATTRIBUTE]: '' }}>
      <div
        role="status"
        className="fixed top-3 left-1/2 z-[60] w-max max-w-[calc(100%-2rem)] -translate-x-1/2 rounded-md bg-foreground px-4 py-2 text-sm text-background shadow-lg"
      >
        Cliquez sur l’élément concerné (Échap pour annuler).
      </div>
      {box ? (
        <div
          aria-hidden="true"
          data-testid="bug-picker-outline"
          className="pointer-events-none fixed z-[59] rounded-sm outline-2 outline-offset-1 outline-danger outline-dashed"
          style={{ top: box.top, left: box.left, width: box.width, height: box.height }}
        />
      ) : null}
    </div>
  );
}
