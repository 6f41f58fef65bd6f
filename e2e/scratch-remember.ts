import { launchBrowser, openAppPage } from './support/browser';
import { ADMIN, startServer } from './support/server';

const server = await startServer();
const browser = await launchBrowser();
try {
  const { page, pageErrors } = await openAppPage(browser, server.baseUrl);
  const requests: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/')) requests.push(`${r.method()} ${new URL(r.url()).pathname} ${r.postData() ?? ''}`); });
  const decode = (key: string) => page.evaluate((k) => { const v = localStorage.getItem(k); return v === null ? null : new TextDecoder().decode(Uint8Array.from(atob(v), (c) => c.charCodeAt(0))); }, key);
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('heading', { name: 'Enable OTP' }).waitFor();
  console.log('pending, jwt stored?', await decode('jwt'));
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.waitForURL('**/dashboard');
  const first = await decode('rememberMeCredentials');
  console.log('remember after login:', first);
  console.log('user:', await decode('user'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Sì', exact: true }).click();
  await page.waitForURL('**/login');
  await page.waitForTimeout(1200);
  console.log('after logout url', page.url(), 'jwt', await decode('jwt'), 'remember kept', (await decode('rememberMeCredentials')) === first);
  await page.reload();
  console.log('username prefilled?', await page.getByLabel('Email').inputValue());
  await page.waitForURL('**/dashboard', { timeout: 5000 });
  const second = await decode('rememberMeCredentials');
  console.log('auto-login ok; token rotated?', second !== first, second);
  // corrupt a stored value -> crash screen
  await page.evaluate(() => localStorage.setItem('user', '%%%'));
  await page.reload();
  await page.getByText('Si è verificato un errore').waitFor();
  console.log('crash text:', await page.locator('.crash-screen__card p').textContent(), 'storage len', await page.evaluate(() => localStorage.length));
  // corrupt the jwt -> token crash
  await page.goto('/login');
  await page.waitForTimeout(300);
  console.log('after crash, login url', page.url());
  console.log('page errors', pageErrors);
  console.log(requests.join('\n'));
} finally {
  await browser.close();
  await server.stop();
}
