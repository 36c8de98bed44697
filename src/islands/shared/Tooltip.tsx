// Kept out of index.ts: only the results list has tooltips, and the barrel's chunk is
// loaded by every island.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { attachTooltip, TOOLTIP_DELAYS, type TooltipKind } from '../../lib/shell/tooltip.ts';

interface Props {
  /** Which of the spec's delays apply (storefront 9). */
  kind: TooltipKind;
  text: string;
  /** The anchor's class, for a trigger that is positioned (it wraps the trigger). */
  className?: string | undefined;
  /** The trigger, given the tip's id for its aria-describedby. */
  children: (tipId: string) => ReactNode;
}

/**
 * A tooltip for an island's button, with the same timing and keyboard rules as the
 * prerendered ones (lib/shell/tooltip.ts). The trigger must be the anchor's first element.
 */
export function Tooltip({ kind, text, className, children }: Props) {
  const tipId = useId();
  const anchorRef = useRef<HTMLSpanElement>(null);
  const tipRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const anchor = anchorRef.current;
    const tip = tipRef.current;
    const trigger = anchor?.firstElementChild;
    if (!anchor || !tip || !(trigger instanceof HTMLElement)) return;
    return attachTooltip({ anchor, trigger, tip }, TOOLTIP_DELAYS[kind]);
  }, [kind]);
  return (
    <span className={className ? `tip-anchor ${className}` : 'tip-anchor'} ref={anchorRef}>
      {children(tipId)}
      <span className="tip" role="tooltip" id={tipId} ref={tipRef} hidden>
        {text}
      </span>
    </span>
  );
}
