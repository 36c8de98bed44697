/**
 * The local storage key of a guest's fleet (shared/fitment/fleet.ts), alone in its module so
 * a page's small loader can look for a chosen machine without the fleet's schemas.
 */
export const FLEET_KEY = 'fleet';

/**
 * The window event the fleet store (src/stores/fleet.ts) sends when the fleet changes on this
 * page, for the header's label (src/components/shell/FleetSwitch.astro), which reads storage
 * rather than load the store. Another tab's change arrives as the storage event.
 */
export const FLEET_EVENT = 'fleetchange';
