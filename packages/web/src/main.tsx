import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createServices } from './app/create-services.ts';
import { registerServiceWorker } from './app/service-worker.ts';
import { watchViewport } from './app/viewport.ts';
import './styles.css';

watchViewport(window);
const services = createServices();
void services.session.refresh();
createRoot(document.getElementById('root')!).render(<App services={services} />);
registerServiceWorker();
