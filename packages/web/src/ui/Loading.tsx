import { Alert } from './Alert.tsx';

/**
 * What a part of a page shows until its data is there: "Loading…" (a
 * status for screen readers), or the error when loading failed.
 */
export function Loading({
  error,
  className = 'muted',
}: {
  error?: string | null;
  className?: string;
}) {
  if (error) return <Alert kind="error">{error}</Alert>;
  return (
    <p className={className || undefined} role="status">
      Loading…
    </p>
  );
}
