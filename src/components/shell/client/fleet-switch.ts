// The header's fleet switcher (FleetSwitch.astro): the chosen machine's name, and the list on the first opening.
// Run by the shell's one module (index.ts), as are the other parts of the shell.
// Every page loads this (tests/e2e/budget.spec.ts): the chosen machine's name from storage,
// kept in step with other tabs (the storage event) and with this page's islands (the fleet
// store's 'fleetchange', src/stores/fleet.ts). `fleet` is FLEET_KEY and 'fleetchange' is
// FLEET_EVENT (shared/fitment/fleet-key.ts; fleet-key.test.ts holds them together): an
// import would add a file to every page's load.
const button = document.querySelector<HTMLElement>('[data-fleet-switch]');
const panel = document.querySelector<HTMLElement>('[data-fleet-panel]');
const label = button?.querySelector('[data-fleet-label]');
const said = button?.querySelector<HTMLElement>('[data-fleet-said]');
/** The fleet as storage holds it, read without the fleet's module (shared/fitment/fleet.ts). */
interface StoredFleet {
  machines?: Record<string, unknown>[];
  active?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

if (button && panel && label && said) {
  const show = () => {
    let name = '';
    try {
      const fleet = JSON.parse(localStorage.getItem('fleet') ?? '{}') as StoredFleet;
      const chosen = typeof fleet.active === 'number' ? fleet.machines?.[fleet.active] : undefined;
      if (chosen)
        name = text(chosen['nickname']) || `${text(chosen['brand'])} ${text(chosen['model'])}`;
    } catch {
      // No fleet, or storage the browser refuses: no machine.
    }
    label.textContent = name.trim() || 'My machines';
    said.hidden = !name.trim();
    button.toggleAttribute('data-chosen', !said.hidden);
  };
  show();
  addEventListener('storage', show);
  addEventListener('fleetchange', show);
  panel.addEventListener('beforetoggle', (event) => {
    if (event.newState === 'open') {
      void import('../../../islands/fitment/machine-boot.ts').then((boot) =>
        boot.bootSwitch(panel),
      );
    }
  });
}
