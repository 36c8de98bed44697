import type { NoticeState } from '../../lib/account/api.ts';

export type { NoticeState };

/** A notice line (spec 8: server errors show as danger notices; successes as success). */
export function Notice({ notice }: { notice: NoticeState | null }) {
  if (notice === null) return null;
  return (
    <p
      className={`notice ${notice.variant}`}
      role={notice.variant === 'danger' ? 'alert' : 'status'}
    >
      {notice.message}
    </p>
  );
}
