import type { BrowserContext, Page } from 'playwright-core';

export const E2E_PASSWORD = 'a good long password';

/** A username no earlier run has taken (at most 20 characters). */
export function freshName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`.slice(
    0,
    20,
  );
}

/** Registers through /register as a person would; the app is then logged in. */
export async function registerInBrowser(page: Page, username: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Email').fill(`${username}@example.org`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByLabel('Year').selectOption('1985');
  await page.getByLabel('Month').selectOption('3');
  await page.getByLabel('Day').selectOption('9');
  await page.getByLabel('I agree to the Terms of Service').check();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.getByRole('button', { name: username, exact: true }).waitFor();
}

/** "tessera_session=..." of the context's login, for calls made from Node. */
export async function sessionCookie(context: BrowserContext): Promise<string> {
  const c = (await context.cookies()).find((k) => k.name === 'tessera_session');
  if (!c) throw new Error('not logged in');
  return `${c.name}=${c.value}`;
}

/** Registers a player through the API (for the players a test does not drive in a browser). */
export async function registerByApi(server: { url: string }, username: string): Promise<void> {
  const r = await fetch(`${server.url}/api/tessera.v1.RegistrationService/Register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password: E2E_PASSWORD,
      email: `${username}@example.org`,
      birthDate: '1990-05-17',
    }),
  });
  if (!r.ok) throw new Error(`register ${username}: ${r.status} ${await r.text()}`);
}
