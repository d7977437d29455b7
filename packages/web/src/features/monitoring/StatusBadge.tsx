import { StreamStatus } from '@tessera/protocol';

const LABEL: Record<StreamStatus, string> = {
  [StreamStatus.NOT_STARTED]: 'Not started',
  [StreamStatus.PENDING]: 'Pending',
  [StreamStatus.ACTIVE]: 'Active',
  [StreamStatus.STOPPED]: 'Stopped',
};

/** A stream's state as words and a colour; `data-status` carries the spec's name. */
export function StatusBadge({ status }: { status: StreamStatus }) {
  return (
    <span
      className={`monitoring-status monitoring-status-${status}`}
      data-status={StreamStatus[status]}
    >
      {LABEL[status]}
    </span>
  );
}
