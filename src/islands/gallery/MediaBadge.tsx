import type { GalleryItem } from '../../lib/product/gallery.ts';

/**
 * The mark on the thumbnail of a 3D model or a video, in the gallery strip and in the
 * viewer's strip alike, so a shopper tells them from photos at a glance.
 */
export function MediaBadge({ kind }: { kind: Exclude<GalleryItem['kind'], 'image'> }) {
  return (
    <span className="badge" aria-hidden="true">
      {kind === 'model' ? '3D' : '▶'}
    </span>
  );
}
