// The header's fleet switcher (FleetSwitch.astro), run on every page by the shell's one module
// (index.ts): the chosen machine's name read from storage, and read again on the storage event
// (other tabs) and on the fleet store's 'fleetchange' (this page's islands, src/stores/fleet.ts);
// the list's module on the popover's first opening. `fleet` is FLEET_KEY and 'fleetchange' is
// FLEET_EVENT (shared/fitment/fleet-key.ts; fleet-key.test.ts holds them together): an import
// would add a file to every page's load.
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
    const shown = name.trim();
    label.textContent = shown || 'My machines';
    said.hidden = !shown;
    button.toggleAttribute('data-chosen', !said.hidden);
  };
  show();
  addEventListener('storage', show);
  addEventListener('fleetchange', show);
  panel.addEventListener('beforetoggle', (event) => {
    if (event.newState === 'open') {
      // Without its module the panel keeps its link to My machines; the failure is logged.
      import('../../../islands/fitment/machine-boot.ts')
        .then((boot) => boot.bootSwitch(panel))
        .catch((error: unknown) => {
          console.error('[shell] the fleet switcher is unavailable:', error);
        });
    }
  });
}
