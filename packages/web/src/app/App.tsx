import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './routes.tsx';
import { ServicesProvider, type Services } from './services.tsx';

export function App({ services }: { services: Services }) {
  return (
    <StrictMode>
      <ServicesProvider services={services}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ServicesProvider>
    </StrictMode>
  );
}
