import { expect, test } from '@playwright/test';
import { addTask, anotherDevice, signUp, taskRow, uniqueName, waitForOutbox } from './helpers';

// Fresh on every device: a page that becomes visible again, or stays
// visible and online, reads the server's truth, so what another device did
// shows without a reload. The other device is a second browser context.

async function laptopAdds(browser: import('@playwright/test').Browser, name: string, title: string) {
  const laptop = await anotherDevice(browser, name);
  await addTask(laptop.page, title);
  await laptop.context.close();
}

test('a task added on another device shows when the page becomes visible again', async ({ page, browser }) => {
  const name = uniqueName('fresh');
  await signUp(page, name);
  await waitForOutbox(page);
  await addTask(page, 'С телефона');
  // The page reads its view once more when its changes are calm (2 s after
  // the last one saved): that read must come before the laptop's task, or
  // it would bring it (the release build's laptop is that fast).
  await page.waitForTimeout(2_500);
  await laptopAdds(browser, name, 'С ноутбука');

  // Nothing brings it yet: the page's own re-reads are over.
  await page.waitForTimeout(2_500);
  await expect(taskRow(page, 'С ноутбука')).toHaveCount(0);

  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(taskRow(page, 'С ноутбука')).toHaveAttribute('data-sync', 'saved');
  await expect(page.locator('[data-task-id]')).toHaveCount(2);
});

test('a visible page reads again every minute: a task added elsewhere shows with no event at all', async ({ page, browser }) => {
  await page.clock.install();
  const name = uniqueName('minute');
  await signUp(page, name);
  await waitForOutbox(page);
  await laptopAdds(browser, name, 'С ноутбука');
  await page.waitForTimeout(2_500);
  await expect(taskRow(page, 'С ноутбука')).toHaveCount(0);

  await page.clock.fastForward(61_000);
  await expect(taskRow(page, 'С ноутбука')).toHaveAttribute('data-sync', 'saved');
});
