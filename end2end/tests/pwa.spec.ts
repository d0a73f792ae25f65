import { expect, test } from '@playwright/test';

test('the page links a web app manifest that makes Tetrad installable', async ({ page, request }) => {
  await page.goto('/signin');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  const manifest = await response.json();
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/');
  expect(manifest.lang).toBe('ru');
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);

  const icons: { src: string; sizes: string; purpose: string }[] = manifest.icons;
  expect(icons.some((icon) => icon.sizes === '192x192' && icon.purpose === 'any')).toBe(true);
  expect(icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'any')).toBe(true);
  expect(icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'maskable')).toBe(true);
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
});

test('an Apple touch icon is there for the iPhone home screen', async ({ page, request }) => {
  await page.goto('/signin');
  const href = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const image = await request.get(href!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
});
