import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MailDev } from 'maildev'
import { extractCode, extractLinks } from './extract.js'
import { maildevInboxSchema, toMailMessage, type MailMessage } from './messages.js'

/** The only interface the mailbox listens on: it is a local tool, never reachable from outside. */
export const MAILBOX_HOST = '127.0.0.1'

/** How often a wait asks maildev's REST API again. */
const POLL_MS = 25

/** How long a wait lasts by default. */
export const DEFAULT_MAIL_TIMEOUT_MS = 10_000

export interface StartMailboxOptions {
  /** maildev's SMTP port; 0 (the default) picks a free one. */
  smtpPort?: number
  /** The web inbox and REST API's port; 0 (the default) picks a free one. */
  webPort?: number
}

/** What a wait for mail looks for. */
export interface WaitOptions {
  /** Give up after this many ms ({@link DEFAULT_MAIL_TIMEOUT_MS} by default). */
  timeout?: number
  /**
   * Wait until the recipient has at least this many messages (1 by default), and read the
   * newest: after a second code was asked for, `count: 2` waits for that second mail instead of
   * reading the first one again.
   */
  count?: number
}

/** A wait for a link: also which link. */
export interface LinkOptions extends WaitOptions {
  /** Only links containing this text, or matching this expression. */
  match?: string | RegExp
}

/** A running maildev. Every reader goes through maildev's own REST API, as a browser would. */
export interface Mailbox {
  /** Where to send mail: plain SMTP, no authentication. */
  readonly smtp: { host: string; port: number }
  /** The web inbox (and the REST API under `/api`). */
  readonly webUrl: string
  /** Every message, in arrival order; only those to `to` (any case) when given. */
  messages(to?: string): Promise<MailMessage[]>
  /**
   * Resolves with the newest message to `to` once there are `count` of them.
   * @throws Error naming the recipient when none came in time.
   */
  waitForMessage(to: string, options?: WaitOptions): Promise<MailMessage>
  /**
   * The six-digit code of the newest message to `to` (waiting for it as {@link waitForMessage}).
   * @throws Error when that message holds no code.
   */
  latestCode(to: string, options?: WaitOptions): Promise<string>
  /**
   * The first link (matching `match`) of the newest message to `to`.
   * @throws Error when that message holds no such link.
   */
  latestLink(to: string, options?: LinkOptions): Promise<string>
  /** Deletes every message. */
  clear(): Promise<void>
  /** Stops maildev and removes its mail folder; idempotent. */
  stop(): Promise<void>
}

/**
 * Starts maildev on 127.0.0.1 (free ports unless told otherwise), keeping its mail in a fresh
 * temporary folder that {@link Mailbox.stop} removes, so two mailboxes never share messages.
 */
export async function startMailbox(options: StartMailboxOptions = {}): Promise<Mailbox> {
  const mailDirectory = await mkdtemp(join(tmpdir(), 'latch-mailbox-'))
  const maildev = new MailDev({
    smtp: options.smtpPort ?? 0,
    web: options.webPort ?? 0,
    ip: MAILBOX_HOST,
    webIp: MAILBOX_HOST,
    mailDirectory,
    silent: true,
  })
  let servers
  try {
    servers = await maildev.start()
  } catch (error) {
    await rm(mailDirectory, { recursive: true, force: true })
    throw new Error(
      `latch-mailbox: maildev could not start (SMTP port ${options.smtpPort ?? 0}, web port ${options.webPort ?? 0}): ${(error as Error).message}`,
      { cause: error },
    )
  }
  const smtp = servers.smtp.getAddress()
  const web = servers.api?.getAddress()
  if (!web) throw new Error('latch-mailbox: maildev started without its web API')
  const webUrl = `http://${MAILBOX_HOST}:${web.port}`

  const messages = async (to?: string): Promise<MailMessage[]> => {
    const response = await fetch(`${webUrl}/api/email`)
    if (!response.ok) throw new Error(`latch-mailbox: GET /api/email answered ${response.status}`)
    const all = maildevInboxSchema.parse(await response.json()).map(toMailMessage)
    const recipient = to?.toLowerCase()
    return recipient === undefined ? all : all.filter((mail) => mail.to.includes(recipient))
  }

  const waitForMessage = async (to: string, wait: WaitOptions = {}): Promise<MailMessage> => {
    const timeout = wait.timeout ?? DEFAULT_MAIL_TIMEOUT_MS
    const count = wait.count ?? 1
    const deadline = Date.now() + timeout
    for (;;) {
      const found = await messages(to)
      const newest = found.at(-1)
      if (found.length >= count && newest) return newest
      if (Date.now() >= deadline) {
        throw new Error(
          `latch-mailbox: ${found.length} of ${count} message(s) to ${to} after ${timeout} ms`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  }

  let stopped: Promise<void> | undefined
  return {
    smtp: { host: smtp.host, port: smtp.port },
    webUrl,
    messages,
    waitForMessage,
    async latestCode(to, wait) {
      const mail = await waitForMessage(to, wait)
      const code = extractCode(mail)
      if (code === undefined) {
        throw new Error(`latch-mailbox: no six-digit code in "${mail.subject}" to ${to}`)
      }
      return code
    },
    async latestLink(to, wait = {}) {
      const mail = await waitForMessage(to, wait)
      const { match } = wait
      const link = extractLinks(mail).find(
        (candidate) =>
          match === undefined ||
          (typeof match === 'string' ? candidate.includes(match) : match.test(candidate)),
      )
      if (link === undefined) {
        throw new Error(`latch-mailbox: no matching link in "${mail.subject}" to ${to}`)
      }
      return link
    },
    async clear() {
      const response = await fetch(`${webUrl}/api/email/all`, { method: 'DELETE' })
      if (!response.ok) {
        throw new Error(`latch-mailbox: DELETE /api/email/all answered ${response.status}`)
      }
    },
    stop: () =>
      (stopped ??= maildev
        .stop()
        .finally(() => rm(mailDirectory, { recursive: true, force: true }))),
  }
}
