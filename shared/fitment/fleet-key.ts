/**
 * The local storage key of a guest's fleet (shared/fitment/fleet.ts), alone in its module so
 * a page's small loader can look for a chosen machine without the fleet's schemas.
 */
export const FLEET_KEY = 'fleet';

/**
 * The window event the fleet store (src/stores/fleet.ts) sends when this page changes the
 * fleet, as the storage event tells other tabs: the header's switcher reads storage again.
 */
export const FLEET_EVENT = 'fleetchange';
