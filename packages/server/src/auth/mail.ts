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

/**
 * The limits of a request that may send mail to `email` (finding 7): what this client may send
 * to this address (`sendPerEmailIp`) and to all addresses (`sendPerIp`), so one client's calls
 * spend only its own budget and never lock the address out for its owner. Against a mail bomb
 * from many clients, the address also has a ceiling (`sendPerEmail`), which the account's own
 * approved devices (`trusted`: proven by their key, or a signed-in session) do not count
 * against nor meet: no number of strangers keeps its owner from a code.
 */
export function mailLimits(
  deps: AuthDeps,
  email: string,
  ip: string,
  caller: { trusted: boolean },
): (readonly [string, { requests: number; windowSeconds: number }])[] {
  const limits = deps.config.rateLimits
  return [
    [`send:email-ip:${email}:${ip}`, limits.sendPerEmailIp],
    [`send:ip:${ip}`, limits.sendPerIp],
    ...(caller.trusted ? [] : [[`send:email:${email}`, limits.sendPerEmail] as const]),
  ]
}
