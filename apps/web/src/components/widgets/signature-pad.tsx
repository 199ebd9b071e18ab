import { forwardRef, useCallback, useImperativeHandle, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Button, Icon } from 'semantic-ui-react';
import { useT } from '../../i18n/use-t.js';
import { toast } from '../../util/toast.js';
import { SIGNATURE_HEIGHT, SIGNATURE_LINE_WIDTH, SIGNATURE_QUALITY, SIGNATURE_TYPE, SIGNATURE_WIDTH } from './form-defaults.js';
import './widgets.css';

export interface SignaturePadHandle {
  clear: () => void;
  /** PNG data URL, or null (with the 'Warning: Not Signned!' toast) when nothing was drawn. */
  generate: () => string | null;
  isEmpty: () => boolean;
}

export interface SignaturePadProps {
  width?: number;
  height?: number;
  lineWidth?: number;
  color?: string;
  /** Called with the PNG data URL after a successful generate. */
  onGenerate?: (dataUrl: string) => void;
  /** Shows the clear and generate buttons (default true). */
  showActions?: boolean;
  testId?: string;
}

/** Signature canvas (docs/product/shell-and-sign-in.md#signature-canvas): 800x300, line width 4, mouse, pen and touch through pointer events. */
export const SignaturePad = forwardRef<SignaturePadHandle, SignaturePadProps>(function SignaturePad(
  { width = SIGNATURE_WIDTH, height = SIGNATURE_HEIGHT, lineWidth = SIGNATURE_LINE_WIDTH, color = '#000', onGenerate, showActions = true, testId = 'signature' },
  ref,
) {
  const { t } = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [signed, setSigned] = useState(false);

  const point = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget;
    const r = c.getBoundingClientRect();
    // the canvas may be scaled down by CSS (max-width): map to its own pixels
    return { x: ((e.clientX - r.left) * c.width) / r.width, y: ((e.clientY - r.top) * c.height) / r.height };
  };

  const down = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drawing.current = true;
    last.current = point(e);
    const ctx = e.currentTarget.getContext('2d');
    if (ctx && last.current) {
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.arc(last.current.x, last.current.y, lineWidth / 2, 0, Math.PI * 2);
      ctx.fill();
      setSigned(true);
    }
  };
  const move = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !last.current) return;
    e.preventDefault();
    const ctx = e.currentTarget.getContext('2d');
    const p = point(e);
    if (ctx) {
      ctx.strokeStyle = color;
      ctx.lineWidth = lineWidth;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.beginPath();
      ctx.moveTo(last.current.x, last.current.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    last.current = p;
    setSigned(true);
  };
  const up = () => {
    drawing.current = false;
    last.current = null;
  };

  const clear = useCallback(() => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setSigned(false);
  }, []);

  const generate = useCallback((): string | null => {
    if (!signed || !canvas.current) {
      toast.warning(t('widgets.signature.notSigned'));
      return null;
    }
    const url = canvas.current.toDataURL(SIGNATURE_TYPE, SIGNATURE_QUALITY);
    onGenerate?.(url);
    return url;
  }, [signed, onGenerate, t]);

  useImperativeHandle(ref, () => ({ clear, generate, isEmpty: () => !signed }), [clear, generate, signed]);

  return (
    <div className="sf-signature" data-testid={testId} data-signed={signed ? '1' : '0'}>
      <canvas
        ref={canvas}
        width={width}
        height={height}
        aria-label={t('widgets.signature.hint')}
        title={t('widgets.signature.hint')}
        data-testid={`${testId}-canvas`}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onPointerLeave={up}
      />
      {showActions ? (
        <div className="sf-signature-actions">
          <Button type="button" size="small" basic onClick={clear} data-testid={`${testId}-clear`}>
            <Icon name="eraser" />
            {t('widgets.signature.clear')}
          </Button>
          <Button type="button" size="small" primary onClick={() => generate()} data-testid={`${testId}-generate`}>
            <Icon name="check" />
            {t('widgets.signature.generate')}
          </Button>
        </div>
      ) : null}
    </div>
  );
});
