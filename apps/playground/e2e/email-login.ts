import type { EmbeddedWalletInfo, Latch } from '@latch/core'
import { startMailbox, type Mailbox } from '@latch/mailbox'
import { freePort } from '@latch/local-kit/testing'
import type { Page } from 'playwright-core'
import type { StackOptions } from './harness.js'
import { t } from './messages.js'
import { connectButton, dialog, title } from './modal.js'
import { statusIs } from './social-login.js'

/** The secure frame's iframe, once core mounted it. */
export const secureFrame = (page: Page) => page.frameLocator('iframe[data-latch-frame]')

/** A mailbox, and the stack options of a Latch server that mails its codes there (issue 17). */
export interface EmailWorld {
  mailbox: Mailbox
  stack: StackOptions
}

/**
 * Starts maildev and names the server's port ahead (its auth `publicUrl`, which the mailed device
 * links point at, must be known before it starts). The page is served on `localhost`, the frame
 * on 127.0.0.1: two sites, so the frame's storage is partitioned as in visitors' browsers.
 */
export async function emailWorld(): Promise<EmailWorld> {
  // The login's secrets, for this run only (the server reads them from its environment).
  process.env.LATCH_AUTH_SECRET ??= 'e2e-auth-secret-0123456789abcdefghijklmnop'
  process.env.LATCH_CUSTODY_KEY ??= 'e2e-custody-key-0123456789abcdefghijklmnop'
  const [mailbox, port] = await Promise.all([startMailbox(), freePort()])
  return {
    mailbox,
    stack: {
      approval: 'none',
      host: 'localhost',
      server: { port, auth: { publicUrl: `http://127.0.0.1:${port}`, smtp: mailbox.smtp } },
    },
  }
}

/** An address no other test uses, so each test starts as a new visitor. */
export const freshEmail = (who: string) =>
  `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

/** Types the email on Connect and sends it: the code or the device link is mailed next. */
export async function submitEmail(page: Page, email: string): Promise<void> {
  await connectButton(page).click()
  await dialog(page).waitFor({ state: 'visible' })
  await dialog(page).getByLabel(t('view.ConnectingEmail.label'), { exact: true }).fill(email)
  // Exact: the social buttons read "Continue with …".
  await dialog(page)
    .getByRole('button', { name: t('view.ConnectingEmail.submit'), exact: true })
    .click()
}

/** Enters the `count`th code mailed to `email` and waits until the account is connected. */
export async function enterCode(page: Page, mailbox: Mailbox, email: string, count = 1) {
  const code = await mailbox.latestCode(email, { timeout: 20_000, count })
  await dialog(page).getByLabel(t('view.EmailCode.label'), { exact: true }).fill(code)
  await statusIs(page, 'connected')
}

/** Logs in by email (the first code mailed to it) and times the two waits a visitor sees. */
export async function logIn(page: Page, mailbox: Mailbox, email: string) {
  const asked = performance.now()
  await submitEmail(page, email)
  await mailbox.waitForMessage(email, { timeout: 20_000 })
  const mailed = performance.now()
  await enterCode(page, mailbox, email)
  return { mailMs: mailed - asked, connectMs: performance.now() - mailed }
}

/** Approves in the secure frame's own UI, shown above the modal. */
export async function approveInFrame(page: Page): Promise<void> {
  await secureFrame(page).getByRole('button', { name: 'Approve' }).click({ timeout: 20_000 })
}

/** SPEC §3 `embeddedWalletInfo`, as the host reads it: the page's instance (`__latch`). */
export function embeddedWalletInfo(page: Page): Promise<EmbeddedWalletInfo | undefined> {
  return page.evaluate(
    () => (globalThis as { __latch?: Latch }).__latch?.getAccount().embeddedWalletInfo,
  )
}

/** Opens the modal from the ConnectButton while connected: the Account view. */
export async function openAccount(page: Page): Promise<void> {
  await connectButton(page).click()
  await title(page).getByText(t('view.Account.title'), { exact: true }).waitFor()
}

/** Types `code` into the code field of the email view on show (a whole code submits itself). */
export async function typeCode(page: Page, code: string): Promise<void> {
  await dialog(page).getByLabel(t('view.EmailCode.label'), { exact: true }).fill(code)
}

/** A six-digit code that is not `code` (its last digit moved on by one). */
export const otherCode = (code: string) =>
  code.slice(0, -1) + String((Number(code.slice(-1)) + 1) % 10)
