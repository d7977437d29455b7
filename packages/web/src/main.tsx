import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createServices } from './app/create-services.ts';
import './styles.css';

const services = createServices();
void services.session.refresh();
createRoot(document.getElementById('root')!).render(<App services={services} />);
