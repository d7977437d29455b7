import { version } from '../../package.json';

/**
 * The version of this web app build. The server reports the front-end
 * version it expects (SESSION_INFO.serverVersion, GetSocketToken's
 * frontEndVersion); when they differ the page is stale and must be reloaded.
 */
export const APP_VERSION: string = version;
