import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../shared/index.ts';
import { FleetSwitch } from './FleetSwitch.tsx';

/** The switchers mounted: a second press on the header's link finds its switcher. */
const mounted = new WeakSet<HTMLElement>();

/**
 * Mounts the header's fleet switcher (components/shell/FleetSwitch.astro) open, in place of its
 * link. No island, like the fit check (mount-fit-check.tsx): its code loads when the shopper
 * first opens it, so no page's islands or load carry it (tests/e2e/budget.spec.ts).
 */
export function mountFleetSwitch(root: HTMLElement): void {
  if (mounted.has(root)) return;
  mounted.add(root);
  const manage = root.querySelector('a')?.getAttribute('href') ?? '/';
  createRoot(root).render(
    <ErrorBoundary>
      <FleetSwitch managePath={manage} />
    </ErrorBoundary>,
  );
}
