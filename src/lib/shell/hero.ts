/** spec storefront 9: "Hero interval 7500 ms, drag threshold 15 percent". */
export const HERO_INTERVAL_MS = 7500;
export const HERO_DRAG_THRESHOLD = 0.15;
