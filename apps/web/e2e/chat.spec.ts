import { expect, test } from '@playwright/test';
import { apiEnrollApp, useToken } from './support.ts';

const PERSON = 'ops@acme.example';
const SUPPORT = 'support@vnoc.example';

test("a person asks the support team in the console's own chat; support answers from the inbox, live", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const person = await (await browser.newContext()).newPage();
  await useToken(person, (await apiEnrollApp(request, PERSON)).token);
  await person.goto('/sites');

  // The launcher is in the corner of every signed-in screen (booted with the session).
  const launcher = person.getByTestId('chat-launcher');
  await expect(launcher).toBeVisible();
  await launcher.click();
  const panel = person.getByRole('dialog', { name: 'Support chat' });
  await expect(panel.getByTestId('chat-empty')).toHaveText('No conversations yet.');
  await panel.getByTestId('chat-new').click();
  const question = 'The Denver store lost its WAN at 9 am. Can you check?';
  await panel.getByLabel('What can the support team help with?').fill(question);
  await person.keyboard.press('Enter');
  await expect(panel.getByTestId('chat-message')).toHaveText([question]);

  // The provider's support person answers from the inbox.
  const support = await (await browser.newContext()).newPage();
  await useToken(support, (await apiEnrollApp(request, SUPPORT)).token);
  await support.goto('/support?view=chat');
  const inbox = support.getByTestId('chat-inbox');
  const row = inbox.getByTestId('inbox-conversation').filter({ hasText: question });
  await expect(row).toContainText('Acme Retail');
  await expect(row.getByLabel('1 unread message')).toBeVisible();
  await row.click();
  await expect(inbox.getByTestId('chat-message')).toHaveText([question]);
  await expect(row.getByLabel('1 unread message')).toHaveCount(0);
  const answer = 'Looking at it now: the firewall is on backup.';
  await inbox.getByLabel('Answer').fill(answer);
  await inbox.getByRole('button', { name: 'Send' }).click();
  await expect(inbox.getByTestId('chat-message')).toHaveText([question, answer]);

  // The answer reaches the person's open conversation without a reload.
  await expect(panel.getByTestId('chat-message')).toHaveText([question, answer], { timeout: 15_000 });
  await expect(panel.getByTestId('chat-message').last()).toHaveAttribute('data-author', 'support');

  // Support closes it; the person sees it closed, and writing again opens it.
  await inbox.getByRole('button', { name: 'Close conversation' }).click();
  await expect(panel.getByTestId('chat-closed')).toBeVisible({ timeout: 15_000 });
  await panel.getByLabel('Your reply').fill('Thanks, it is back.');
  await person.keyboard.press('Enter');
  await expect(panel.getByTestId('chat-closed')).toHaveCount(0);
  await expect(inbox.getByTestId('chat-message')).toHaveCount(3, { timeout: 15_000 });

  // Escape closes the panel and focus returns to the launcher.
  await person.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();
});
