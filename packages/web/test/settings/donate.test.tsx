import { Code, ConnectError } from '@connectrpc/connect';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DonationService, errorMessage } from '@tessera/protocol';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServices } from '../../src/app/create-services.ts';
import { ServicesProvider } from '../../src/app/services.tsx';
import { CHECKOUT_ERROR_MS, DonateSection } from '../../src/features/settings/DonateSection.tsx';
import { FakeSocket, fakeAccountServer } from '../fakes.ts';
import { renderApp } from '../render-app.tsx';

function donationServer(configured: boolean, declined = false) {
  const asked: number[] = [];
  const server = fakeAccountServer({
    extra: (router) =>
      router.service(DonationService, {
        getDonationOptions() {
          return configured
            ? {
                configured,
                amounts: [5, 20, 50, 100, 500],
                monthlyUrl: 'https://members.example/t',
              }
            : { configured, amounts: [5, 20, 50, 100, 500], monthlyUrl: '' };
        },
        createCheckout(req) {
          asked.push(req.amount);
          if (declined) {
            throw new ConnectError(
              errorMessage('CHECKOUT_FAILED', 'Your card was declined.'),
              Code.Unavailable,
            );
          }
          return { url: `https://checkout.example/pay/${req.amount}` };
        },
      }),
  });
  return { ...server, asked };
}

function renderDonate(transport: ReturnType<typeof donationServer>['transport'], path = '/') {
  const go = vi.fn();
  const services = createServices({
    transport,
    socket: { url: () => 'ws://test/ws', createSocket: (url) => new FakeSocket(url) },
  });
  render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={[path]}>
        <DonateSection go={go} />
      </MemoryRouter>
    </ServicesProvider>,
  );
  return go;
}

describe('the donate section (community.md §4.8)', () => {
  afterEach(() => vi.useRealTimers());

  it('is open to visitors at /settings/donate and says when donations are not set up', async () => {
    renderApp('/settings/donate', { transport: donationServer(false).transport });
    expect(
      await screen.findByText('Donations are not set up on this site.', {}, { timeout: 10_000 }),
    ).toBeDefined();
    expect(screen.queryByRole('button', { name: '$20' })).toBeNull();
  });

  it("offers $5, $20, $50, $100, $500 and the monthly option, and goes to the provider's checkout", async () => {
    const server = donationServer(true);
    const go = renderDonate(server.transport);
    const amounts = await screen.findAllByRole('button', { name: /^\$\d+$/ });
    expect(amounts.map((b) => b.textContent)).toEqual(['$5', '$20', '$50', '$100', '$500']);
    expect(screen.getByRole('link', { name: 'Support Tessera monthly' }).getAttribute('href')).toBe(
      'https://members.example/t',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: '$100' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.example/pay/100'));
    expect(server.asked).toEqual([100]);
  });

  it('shows a checkout error for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const go = renderDonate(donationServer(true, true).transport);
    const button = await screen.findByRole('button', { name: '$5' });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(button);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The payment provider could not start the checkout: Your card was declined.',
    );
    expect(go).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(CHECKOUT_ERROR_MS - 100));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the donor came back from a cancelled checkout', async () => {
    renderDonate(donationServer(true).transport, '/settings/donate?cancelled=1');
    expect(
      await screen.findByText('Your donation was cancelled; nothing was charged.'),
    ).toBeDefined();
  });
});
