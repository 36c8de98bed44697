import type { PublisherOptions } from './options.ts';
import { carryHashedAssets, switchLive, writeReleaseInfo, type ReleaseInfo } from './releases.ts';

/** A release just built, and the live one it replaces. */
export interface BuiltRelease {
  id: string;
  dir: string;
  /** The change feed position the release has read to. */
  cursor: number;
  /** Whether the warm renderer wrote it (a full build's bundle becomes the renderer's). */
  warmed: boolean;
  live: { id: string; dir: string; info: ReleaseInfo | undefined } | undefined;
}

/**
 * Makes a built release the live one (DESIGN "Publishing"): the live release's hashed assets
 * carried over, its release info written, the web servers pointed at its configuration, then
 * the atomic switch. Everything here may throw and leaves the live site alone; the warm
 * renderer follows the release after it (WarmPublisher.follow).
 */
export async function goLive(
  options: Pick<PublisherOptions, 'layout' | 'assetGraceMs' | 'reloadServers' | 'warm'>,
  release: BuiltRelease,
): Promise<void> {
  const { warm } = options;
  const { id, dir, live } = release;
  if (live) {
    await carryHashedAssets(live.dir, dir, {
      graceMs: options.assetGraceMs ?? 48 * 3_600_000,
      // A warm release began as a hard-link copy of the live one.
      linked: release.warmed,
    });
  }
  await writeReleaseInfo(dir, {
    id,
    cursor: release.cursor,
    publishedAt: new Date().toISOString(),
    previous: live?.id ?? null,
    ...(warm ? { renderer: release.warmed ? (live?.info?.renderer ?? id) : id } : {}),
  });
  await options.reloadServers?.(dir);
  await switchLive(options.layout, id);
}
