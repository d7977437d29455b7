import { lazyPage } from '../../app/lazy-page.tsx';

// The monitoring feature's public face (remote invigilation, decision 0139).

export {
  MonitoringHost,
  MonitoringSetupButton,
  OpenDirectorDashboardButton,
} from './MonitoringHost.tsx';
export { GameMonitoring } from './GameMonitoring.tsx';

/** /monitoring/camera: a phone's camera page, loaded on demand. */
export const MonitoringCameraPage = lazyPage(() => import('./CameraPage.tsx'), 'CameraPage');
