/**
 * The local storage key of a guest's fleet (shared/fitment/fleet.ts), alone in its module so
 * a page's small loader can look for a chosen machine without the fleet's schemas.
 */
export const FLEET_KEY = 'fleet';
