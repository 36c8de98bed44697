import { createRoot, type Root } from 'react-dom/client';
import type { CompactFitment } from '../../lib/fitment/badge.ts';
import { ErrorBoundary } from '../shared/index.ts';
import { FitCheck } from './FitCheck.tsx';

/** The fit checks mounted, and whether each has been opened (once opened, it stays so). */
const mounted = new WeakMap<HTMLElement, { react: Root; opened: boolean }>();

/**
 * Mounts the product page's fit check (components/product/ProductFitCheck.astro) in place of
 * its button, or opens it. It is no island: its code loads only for a shopper who has chosen a
 * machine or presses the button, so a product page's islands stay within their budget
 * (tests/e2e/budget.spec.ts; issue 31: 'product pages stay within today's budgets').
 */
export function mountFitCheck(root: HTMLElement, open: boolean): void {
  const slot = root.querySelector('[data-fit-check-slot]');
  const data = root.dataset.fitment;
  if (!slot || !data) return;
  const known = mounted.get(root);
  if (known && (known.opened || !open)) return;
  const react = known?.react ?? createRoot(slot);
  mounted.set(root, { react, opened: open });
  const fitment = JSON.parse(data) as CompactFitment;
  react.render(
    <ErrorBoundary>
      <FitCheck
        key={open ? 'opened' : 'closed'}
        handle={root.dataset.handle ?? ''}
        fitment={fitment}
        askPath={root.dataset.ask ?? ''}
        machineBase={root.dataset.machines ?? ''}
        open={open}
      />
    </ErrorBoundary>,
  );
}
