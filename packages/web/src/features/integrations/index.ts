// The integrations feature's public face: what other features and app/ import from it.
// eslint.config.js refuses an import of any other file of the feature from outside.

export { IntegrationCallbackPage } from './IntegrationCallbackPage.tsx';
export { IntegrationsSection, NO_INTEGRATIONS } from './IntegrationsSection.tsx';
