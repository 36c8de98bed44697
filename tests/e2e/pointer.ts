import type { Locator, Page } from '@playwright/test';

/**
 * Drags across `area` with the mouse by `fraction` of its width (positive drags left, the
 * way a finger moves a slider forward), in small steps like a real hand.
 */
export async function dragAcross(page: Page, area: Locator, fraction: number) {
  const box = await area.boundingBox();
  if (!box) throw new Error('nothing to drag: the area has no box');
  const y = box.y + box.height / 2;
  const x = box.x + box.width * 0.6;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - (box.width * fraction) / 2, y, { steps: 4 });
  await page.mouse.move(x - box.width * fraction, y, { steps: 4 });
  await page.mouse.up();
}
