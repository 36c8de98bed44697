import type { ReleaseBuildOptions } from './build-release.ts';
import type { PublishLayout } from './releases.ts';

/** The publisher's options; how it builds a release is ReleaseBuildOptions (build-release.ts). */
export interface PublisherOptions extends ReleaseBuildOptions {
  layout: PublishLayout;
  /** Releases kept for rollback, the live one included. */
  keep?: number;
  /** How long carried hashed assets stay (PUBLISH_ASSET_GRACE_HOURS). */
  assetGraceMs?: number;
  log?: (message: string) => void;
  /**
   * Points the web servers at a release's own configuration (the nginx launcher reloads nginx
   * with it). A publish calls it before the switch: the new release's CSP also allows the live
   * one's scripts, so the old pages still served until the rename are never blocked; a throw
   * fails the publish and leaves the live site alone. A rollback calls it after the switch: the
   * live release's CSP allows the one before it, which it goes back to.
   */
  reloadServers?: (releaseDirectory: string) => Promise<void>;
}
