import type { AuthDeps } from './context.js'
import { mailFailed } from './errors.js'
import type { OutgoingMail } from './mailer.js'

// Sending the login's mails, and the limits of a request that may send one.

/** Sends a mail, as a 502 MAIL_FAILED the frame can show when the SMTP server fails. */
export async function sendMail(deps: AuthDeps, mail: OutgoingMail): Promise<void> {
  try {
    await deps.mailer.send(mail)
  } catch (error) {
    // The operator needs the SMTP server's answer; the client only that the mail did not go.
    deps.log(error)
    throw mailFailed()
  }
}

/** The limits of a request that may send mail to `email`. */
export const mailLimits = (deps: AuthDeps, email: string, ip: string) =>
  [
    [`send:email:${email}`, deps.config.rateLimits.sendPerEmail],
    [`send:ip:${ip}`, deps.config.rateLimits.sendPerIp],
  ] as const
