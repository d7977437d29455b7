import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServices } from '../../src/app/create-services.ts';
import { ServicesProvider } from '../../src/app/services.tsx';
import { AddGameMenu } from '../../src/features/editor/AddGameMenu.tsx';
import { scannerLink } from '../../src/features/editor/editor-data.ts';
import { FakeSocket, fakeAccountServer } from '../fakes.ts';

function menu() {
  const server = fakeAccountServer({ loggedInAs: 'ann' });
  const services = createServices({
    transport: server.transport,
    socket: { url: () => 'ws://test/ws', createSocket: (url) => new FakeSocket(url) },
  });
  render(
    <ServicesProvider services={services}>
      <MemoryRouter>
        <AddGameMenu />
      </MemoryRouter>
    </ServicesProvider>,
  );
}

describe('"Annotate from a camera" (community.md §2.8)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is offered when the operator names a scanning service, sending it our return address', () => {
    vi.stubEnv('VITE_TESSERA_SCANNER_URL', 'https://scan.example/start');
    menu();
    const link = screen.getByRole('link', { name: 'Annotate from a camera' });
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://scan.example/start');
    expect(url.searchParams.get('return')).toBe(`${window.location.origin}/scrabblecam/callback`);
  });

  it('keeps the service’s own query, and is hidden while no service is named', () => {
    expect(scannerLink('https://scan.example/go?key=k1', 'https://t.example')).toBe(
      'https://scan.example/go?key=k1&return=https%3A%2F%2Ft.example%2Fscrabblecam%2Fcallback',
    );
    vi.stubEnv('VITE_TESSERA_SCANNER_URL', '');
    menu();
    expect(screen.queryByRole('link', { name: 'Annotate from a camera' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload a GCG file' })).toBeDefined();
  });
});
