import type { Transport } from '@connectrpc/connect';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createServices } from '../src/app/create-services.ts';
import { AppRoutes } from '../src/app/routes.tsx';
import { ServicesProvider } from '../src/app/services.tsx';
import { FakeSocket, fakeAccountServer } from './fakes.ts';

/**
 * Renders the real app (routes, header, footer, session store, socket
 * client) at a path, against the fake account server and hand-driven
 * sockets.
 */
export function renderApp(path: string, options: { transport?: Transport } = {}) {
  const transport = options.transport ?? fakeAccountServer().transport;
  const services = createServices({
    transport,
    socket: {
      url: (token) => `ws://test/ws${token ? `?token=${token}` : ''}`,
      createSocket: (url) => new FakeSocket(url),
    },
  });
  void services.session.refresh(); // as main.tsx does
  const result = render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </ServicesProvider>,
  );
  return { ...result, services };
}
