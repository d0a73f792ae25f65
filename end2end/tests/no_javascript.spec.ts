import { expect, test } from '@playwright/test';
import { PASSWORD, uniqueName } from './helpers';

test.use({ javaScriptEnabled: false });

test('before the app has loaded, the forms still work and a double submit adds one task', async ({ page }) => {
  const name = uniqueName('nojs');
  await page.goto('/signup');
  await page.fill('input[name="username"]', name);
  await page.fill('input[name="password"]', PASSWORD);
  await page.click('button[type="submit"]');
  await expect(page).toHaveURL(/\/$/);

  // The quick-add form carries its task id and idempotency key, rendered
  // with it. Two taps send the same form twice.
  const form = page.locator('form.quick-add');
  const fields = {
    id: await form.locator('input[name="id"]').inputValue(),
    idempotency_key: await form.locator('input[name="idempotency_key"]').inputValue(),
    view: await form.locator('input[name="view"]').inputValue(),
    quick_add: 'Контурные карты',
  };
  expect(fields.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
  const origin = new URL(page.url()).origin;
  const post = () =>
    page.request.post('/api/tasks/add', {
      form: fields,
      headers: { origin, accept: 'text/html' },
      maxRedirects: 0,
    });
  const [first, second] = await Promise.all([post(), post()]);
  // Both are answered with a redirect back to the page: the work once, and
  // the other, which waited for it on the key, with its stored answer.
  expect([first.status(), second.status()]).toEqual([302, 302]);
  const replayed = [first, second].filter((answer) => answer.headers()['idempotency-replayed'] === '1');
  expect(replayed).toHaveLength(1);

  await page.goto('/');
  await expect(page.locator('[data-task-id]', { hasText: 'Контурные карты' })).toHaveCount(1);

  // The form itself, submitted the plain way, adds a task too.
  await page.fill('input[name="quick_add"]', 'Атлас');
  await page.click('form.quick-add button[type="submit"]');
  await expect(page.locator('[data-task-id]', { hasText: 'Атлас' })).toHaveCount(1);
  await expect(page.locator('[data-task-id]')).toHaveCount(2);

  // The completion circle is a form too.
  const circle = page.locator('[data-task-id]', { hasText: 'Атлас' }).locator('button[aria-pressed]');
  await circle.click();
  await expect(circle).toHaveAttribute('aria-pressed', 'true');

  // So are the details: opened, edited and saved without a line of script.
  const row = page.locator('[data-task-id]', { hasText: 'Контурные карты' });
  await row.locator('summary').click();
  await row.locator('input[name="title"]').fill('Контурные карты, стр. 12');
  await row.locator('textarea[name="notes"]').fill('взять цветные карандаши');
  await row.locator('.details-form button[type="submit"]').click();
  await expect(page.locator('[data-task-id]', { hasText: 'Контурные карты, стр. 12' })).toHaveCount(1);
  const [edited] = (await (await page.request.get('/api/tasks/list')).json())
    .filter((t: { title: string }) => t.title.startsWith('Контурные'));
  expect(edited.notes).toBe('взять цветные карандаши');
});
