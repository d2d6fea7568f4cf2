import { Eraser } from 'lucide-react';
import { type PointerEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

/** Spec §9: the signature canvas is 200 px high and at most 800 px wide. */
export const SIGNATURE_HEIGHT = 200;
export const SIGNATURE_MAX_WIDTH = 800;

/** The canvas width for a container: as wide as it is, never more than 800 px, never 0. */
export function signatureWidthFor(containerWidth: number): number {
  return Math.max(1, Math.min(SIGNATURE_MAX_WIDTH, Math.floor(containerWidth)));
}

type Point = { x: number; y: number };

function inkColour(canvas: HTMLCanvasElement): string {
  // The stroke is always dark ink on a white sheet, in light and dark mode alike: the PNG goes into a PDF.
  return getComputedStyle(canvas).getPropertyValue('--signature-ink').trim() || '#111827';
}

/**
 * The signature of the signed-mandate wizard (spec §5: a signature is required): drawn with the mouse, a finger or a
 * pen (Pointer Events, `touch-action: none` so the page does not scroll while signing), or typed with the keyboard
 * (the typed name is written on the canvas in a handwriting font), cleared by 'Effacer la signature'. Every change
 * calls `onChange` with the PNG data URL (≤ 800 × 200), or null when the sheet is blank.
 */
export function SignaturePad({
  onChange,
  invalid,
  describedBy,
}: {
  onChange: (dataUrl: string | null) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ pointerId: number; last: Point } | null>(null);
  const hasInk = useRef(false);
  const [width, setWidth] = useState(SIGNATURE_MAX_WIDTH);
  const [typed, setTyped] = useState('');
  const [signed, setSigned] = useState(false);
  const typedId = useId();
  const labelId = useId();

  // Follow the container's width (up to 800 px); a resize clears the sheet, as a canvas resize does.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) {
      return;
    }
    const measure = () => setWidth(signatureWidthFor(container.clientWidth || SIGNATURE_MAX_WIDTH));
    measure();
    if (typeof ResizeObserver === 'undefined') {
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  const context = useCallback(() => canvasRef.current?.getContext('2d') ?? null, []);

  const paintBackground = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = context();
    if (!canvas || !ctx) {
      return;
    }
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }, [context]);

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const emit = useCallback(() => {
    const canvas = canvasRef.current;
    setSigned(hasInk.current);
    onChangeRef.current(canvas && hasInk.current ? canvas.toDataURL('image/png') : null);
  }, []);

  // A new width means a new (blank) sheet: the canvas clears itself when resized.
  useEffect(() => {
    if (width > 0) {
      paintBackground();
    }
    if (hasInk.current) {
      hasInk.current = false;
      setTyped('');
      emit();
    }
  }, [width, paintBackground, emit]);

  function pointOf(event: PointerEvent<HTMLCanvasElement>): Point {
    const canvas = event.currentTarget;
    const rect = canvas.getBoundingClientRect();
    const scaleX = rect.width ? canvas.width / rect.width : 1;
    const scaleY = rect.height ? canvas.height / rect.height : 1;
    return { x: (event.clientX - rect.left) * scaleX, y: (event.clientY - rect.top) * scaleY };
  }

  function stroke(from: Point, to: Point, pressure: number) {
    const canvas = canvasRef.current;
    const ctx = context();
    if (!canvas || !ctx) {
      return;
    }
    ctx.strokeStyle = inkColour(canvas);
    // A pen reports its pressure; a mouse reports 0.5 while pressed (or 0): keep a steady 2.5 px line then.
    ctx.lineWidth = pressure > 0 && pressure !== 0.5 ? 1.5 + pressure * 2.5 : 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x + (from.x === to.x && from.y === to.y ? 0.01 : 0), to.y);
    ctx.stroke();
  }

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) {
      return;
    }
    event.preventDefault();
    try {
      // Keeps the stroke when the pointer leaves the sheet; refused for a pointer the browser no longer tracks.
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'NotFoundError')) {
        throw error;
      }
    }
    const point = pointOf(event);
    if (typed) {
      // Drawing over a typed signature starts a drawn one.
      setTyped('');
      paintBackground();
    }
    drawing.current = { pointerId: event.pointerId, last: point };
    stroke(point, point, event.pressure);
    hasInk.current = true;
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const current = drawing.current;
    if (!current || current.pointerId !== event.pointerId) {
      return;
    }
    // Coalesced events give the full resolution of a pen or a fast finger.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const points = events.length > 0 ? events : [event.nativeEvent];
    for (const sample of points) {
      const rect = event.currentTarget.getBoundingClientRect();
      const canvas = event.currentTarget;
      const next = {
        x: (sample.clientX - rect.left) * (rect.width ? canvas.width / rect.width : 1),
        y: (sample.clientY - rect.top) * (rect.height ? canvas.height / rect.height : 1),
      };
      stroke(current.last, next, sample.pressure);
      current.last = next;
    }
  }

  function onPointerEnd(event: PointerEvent<HTMLCanvasElement>) {
    if (drawing.current?.pointerId !== event.pointerId) {
      return;
    }
    drawing.current = null;
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    emit();
  }

  function writeTyped(text: string) {
    setTyped(text);
    paintBackground();
    const canvas = canvasRef.current;
    const ctx = context();
    const value = text.trim();
    if (canvas && ctx && value) {
      ctx.fillStyle = inkColour(canvas);
      let size = 56;
      ctx.font = `italic ${size}px "Brush Script MT", "Segoe Script", "URW Chancery L", cursive`;
      while (size > 16 && ctx.measureText(value).width > canvas.width - 40) {
        size -= 4;
        ctx.font = `italic ${size}px "Brush Script MT", "Segoe Script", "URW Chancery L", cursive`;
      }
      ctx.textBaseline = 'middle';
      ctx.fillText(value, 20, canvas.height / 2);
    }
    hasInk.current = value.length > 0;
    emit();
  }

  function clear() {
    drawing.current = null;
    hasInk.current = false;
    setTyped('');
    paintBackground();
    emit();
  }

  return (
    <div className="flex flex-col gap-3">
      <p id={labelId} className="text-sm font-medium text-foreground">
        Signez dans le cadre (souris, doigt ou stylet)
      </p>
      <div ref={containerRef} className="w-full max-w-[800px]">
        <canvas
          ref={canvasRef}
          width={width}
          height={SIGNATURE_HEIGHT}
          role="img"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          data-testid="signature-canvas"
          data-signed={signed ? 'true' : 'false'}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          className={cn(
            'block h-[200px] w-full cursor-crosshair touch-none rounded-lg border-2 border-dashed bg-white [--signature-ink:#111827]',
            invalid ? 'border-danger' : 'border-border-strong',
          )}
        />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor={typedId} className="text-sm font-medium text-foreground">
            Ou saisissez votre nom pour signer au clavier
          </label>
          <Input
            id={typedId}
            value={typed}
            autoComplete="name"
            maxLength={60}
            aria-describedby={describedBy}
            onChange={(event) => writeTyped(event.target.value)}
          />
        </div>
        <Button variant="outline" onClick={clear} disabled={!signed && !typed}>
          <Eraser aria-hidden="true" className="size-4" />
          Effacer la signature
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {signed ? 'Signature enregistrée.' : ''}
      </p>
    </div>
  );
}
