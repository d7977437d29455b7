/** docs/product/tournaments.md §4 and §9. */
export const STREAM_RETRIES = 30;
export const STREAM_TIMEOUT_MS = 10_000;
export const MONITORING_POLL_MS = 5_000;
export const WIDGET_WIDTH_PX = 250;
