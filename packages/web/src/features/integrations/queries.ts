/** The integrations' query keys (invalidated together when a link changes). */
export const INTEGRATIONS_KEY = ['integrations'] as const;
export const CRITERIA_KEY = ['integrations', 'criteria'] as const;
