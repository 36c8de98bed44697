/** A notice line (spec 8: server errors show as danger notices; successes as success). */
export interface NoticeState {
  variant: 'danger' | 'success' | 'info';
  message: string;
}

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
