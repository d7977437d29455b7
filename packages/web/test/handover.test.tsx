import { Code, ConnectError } from '@connectrpc/connect';
import { render, screen, waitFor } from '@testing-library/react';
import { errorMessage, SignedCookieService } from '@tessera/protocol';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createServices } from '../src/app/create-services.ts';
import { ServicesProvider } from '../src/app/services.tsx';
import { HandoverSignedCookiePage } from '../src/features/auth/HandoverSignedCookiePage.tsx';
import { handoverUrl, parseHandover, safePath } from '../src/features/auth/handover.ts';
import { createApiClients } from '../src/rpc/clients.ts';
import { FakeSocket, fakeAccountServer } from './fakes.ts';

function serverWithHandover(loggedIn: boolean) {
  const installed: string[] = [];
  const server = fakeAccountServer({
    extra: (router) =>
      router.service(SignedCookieService, {
        getSignedCookie() {
          if (!loggedIn) {
            throw new ConnectError(errorMessage('AUTHENTICATION_NEEDED'), Code.Unauthenticated);
          }
          return { jwt: 'signed.token.here' };
        },
        installSignedCookie(req) {
          if (req.jwt !== 'good.jwt') {
            throw new ConnectError(errorMessage('SIGNED_COOKIE_INVALID'), Code.InvalidArgument);
          }
          installed.push(req.jwt);
          return { username: 'ada' };
        },
      }),
  });
  return { ...server, installed };
}

function renderHandover(query: string, transport = serverWithHandover(false).transport) {
  const go = vi.fn();
  const services = createServices({
    transport,
    socket: { url: () => 'ws://test/ws', createSocket: (url) => new FakeSocket(url) },
  });
  render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={[`/handover-signed-cookie?${query}`]}>
        <Routes>
          <Route path="handover-signed-cookie" element={<HandoverSignedCookiePage go={go} />} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
  return go;
}

describe('the signed-cookie handover page (community.md §4.6)', () => {
  beforeEach(() => localStorage.clear());

  it('installs the jwt, copies ls into local storage and goes to path', async () => {
    const server = serverWithHandover(false);
    const ls = encodeURIComponent(JSON.stringify({ 'tessera.preferences': '{"darkMode":true}' }));
    const go = renderHandover(`jwt=good.jwt&ls=${ls}&path=%2Fgame%2Fabc`, server.transport);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/game/abc'));
    expect(server.installed).toEqual(['good.jwt']);
    expect(localStorage.getItem('tessera.preferences')).toBe('{"darkMode":true}');
  });

  it('without a jwt copies the storage and goes on', async () => {
    const ls = encodeURIComponent(JSON.stringify({ puzzleLexicon: 'NWL20' }));
    const go = renderHandover(`ls=${ls}&path=%2Fpuzzle`);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/puzzle'));
    expect(localStorage.getItem('puzzleLexicon')).toBe('NWL20');
  });

  it('says why a refused token did not sign in, and never leaves the site', async () => {
    const go = renderHandover('jwt=stale&path=https%3A%2F%2Fevil.example%2F');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That sign-in link is invalid or has expired',
    );
    expect(go).not.toHaveBeenCalled();
    expect(
      screen.getByRole('link', { name: 'Continue without signing in' }).getAttribute('href'),
    ).toBe('/');
  });

  it('only follows paths on this site', () => {
    expect(safePath('/settings/personal?x=1')).toBe('/settings/personal?x=1');
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/\\evil',
      null,
    ]) {
      expect(safePath(bad)).toBe('/');
    }
    expect(parseHandover(new URLSearchParams('ls=not-json')).ls).toEqual({});
  });
});

describe('the sending side', () => {
  beforeEach(() => localStorage.clear());

  it('carries the signed cookie and the local storage', async () => {
    localStorage.setItem('tessera.preferences', '{"darkMode":true}');
    const api = createApiClients(serverWithHandover(true).transport);
    const url = new URL(await handoverUrl(api, 'https://new.example', '/puzzle'));
    expect(url.origin + url.pathname).toBe('https://new.example/handover-signed-cookie');
    expect(url.searchParams.get('jwt')).toBe('signed.token.here');
    expect(JSON.parse(url.searchParams.get('ls')!)).toEqual({
      'tessera.preferences': '{"darkMode":true}',
    });
    expect(url.searchParams.get('path')).toBe('/puzzle');
  });

  it('sends a visitor without a jwt when authentication is needed', async () => {
    const api = createApiClients(serverWithHandover(false).transport);
    const url = new URL(await handoverUrl(api, 'https://new.example', '/'));
    expect(url.searchParams.has('jwt')).toBe(false);
    expect(url.searchParams.get('path')).toBe('/');
  });
});
